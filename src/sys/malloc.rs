//! glibc malloc's mmap threshold around the initial connections.
//!
//! libpq gives every connection a 16 kB input and a 16 kB output buffer,
//! of which a benchmark touches only the first few hundred bytes. Taken
//! from the heap, each buffer shares pages with the allocations around it,
//! and malloc's bookkeeping at both of its ends makes more pages resident;
//! mapped on its own, a buffer costs the one page that holds its header and
//! the data. Measured at `-c 1000 -j 2` with 4 kB pages: 0.9 kB less
//! resident memory per connection. So while the initial connections are
//! made, an allocation of 16 kB or more that the heap's free memory cannot
//! serve is mapped on its own instead of growing the heap. Afterwards the
//! heap grows again for allocations up to 32 MB, and the heap is trimmed
//! only when 64 MB are free at its top: the largest values glibc's own
//! adaptive thresholds reach on 64-bit systems (512 kB and 1 MB on 32-bit
//! ones; setting a threshold turns the adaptation off), so that a run with
//! large results or `-C` reconnections makes no `mmap`, `munmap` or
//! `madvise` call per transaction.
//!
//! The page size (`sysconf(_SC_PAGESIZE)`) decides the first step only: a
//! mapped buffer makes at least one whole page resident, which saves memory
//! only where a page is small next to the buffer, so the threshold is
//! lowered only where a page is at most a quarter of a buffer (4 kB pages,
//! as measured). With 16 or 64 kB pages (some aarch64 and ppc64le kernels)
//! a mapped buffer would make as much resident as the whole buffer, or more.
//! The raised thresholds are glibc's limits, which depend on the word size
//! and not on the page size.
//!
//! The tuning is compiled in where build.rs sets `cfg(malloc_tuning)`
//! (Linux with glibc, when asked for with `PGBENCH_RS_BUILD_TRICKS=on` or
//! `PGBENCH_RS_MALLOC_TUNING=on` at build time; otherwise these functions
//! are no-ops), and does nothing in a process started with
//! `PGBENCH_RS_MALLOC_TUNING=off`, nor where the environment tunes glibc's
//! malloc itself: a `glibc.malloc.*` tunable in `GLIBC_TUNABLES`, or one
//! of the `MALLOC_*` variables glibc reads as their aliases.

/// Lowers the threshold before the initial connections (call it while the
/// process has one thread: glibc documents `mallopt` as unsafe to call
/// while other threads allocate).
pub(crate) fn map_connection_buffers() {
    #[cfg(malloc_tuning)]
    if current() == (Plan::Tune { map_buffers: true }) {
        lower_threshold();
    }
}

/// The first step of a plan that maps the buffers.
#[cfg(malloc_tuning)]
fn lower_threshold() {
    set(libc::M_MMAP_THRESHOLD, LIBPQ_BUFFER);
}

/// Raises the thresholds once the initial connections are made. Called by
/// the last thread to reach the barrier at the end of the connections,
/// while every other thread of the process waits in that barrier (glibc
/// documents `mallopt` as unsafe to call while other threads allocate).
pub(crate) fn heap_after_connections() {
    #[cfg(malloc_tuning)]
    if let Plan::Tune { .. } = current() {
        raise_thresholds();
    }
}

/// The second step of every plan that tunes.
#[cfg(malloc_tuning)]
fn raise_thresholds() {
    let (mmap, trim) = raised_thresholds(size_of::<libc::c_long>());
    set(libc::M_MMAP_THRESHOLD, mmap);
    set(libc::M_TRIM_THRESHOLD, trim);
}

/// The run-time switch: `off` turns the tuning off.
#[cfg(any(malloc_tuning, test))]
const SWITCH: &str = "PGBENCH_RS_MALLOC_TUNING";

/// The environment variables that glibc reads as aliases of its malloc
/// tunables.
#[cfg(any(malloc_tuning, test))]
const GLIBC_MALLOC_VARIABLES: &[&str] = &[
    "MALLOC_ARENA_MAX",
    "MALLOC_ARENA_TEST",
    "MALLOC_CHECK_",
    "MALLOC_MMAP_MAX_",
    "MALLOC_MMAP_THRESHOLD_",
    "MALLOC_PERTURB_",
    "MALLOC_TOP_PAD_",
    "MALLOC_TRIM_THRESHOLD_",
];

/// The size of libpq's connection buffers, and the mmap threshold while
/// the connections are made.
#[cfg(any(malloc_tuning, test))]
const LIBPQ_BUFFER: libc::c_int = 16 * 1024;

/// What the tuning does in a process.
#[cfg(any(malloc_tuning, test))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    /// Nothing: switched off, or the environment tunes malloc itself.
    Off,
    /// Raise the thresholds after the connections; before them, lower the
    /// mmap threshold if `map_buffers` (the pages are small enough).
    Tune { map_buffers: bool },
}

/// The plan for an environment (`var` looks a variable up) and a page
/// size (None if unknown).
#[cfg(any(malloc_tuning, test))]
fn plan(var: impl Fn(&str) -> Option<String>, page_size: Option<usize>) -> Plan {
    let set = |name: &str| var(name).is_some_and(|v| !v.is_empty());
    if var(SWITCH).is_some_and(|v| v == "off")
        || var("GLIBC_TUNABLES").is_some_and(|t| tunes_malloc(&t))
        || GLIBC_MALLOC_VARIABLES.iter().any(|v| set(v))
    {
        return Plan::Off;
    }
    let buffer: usize = crate::invariant::fits(LIBPQ_BUFFER, "invariant: a positive constant");
    Plan::Tune { map_buffers: page_size.is_some_and(|p| p > 0 && p.saturating_mul(4) <= buffer) }
}

/// Whether a `GLIBC_TUNABLES` value (`name=value:name=value...`) sets a
/// malloc tunable.
#[cfg(any(malloc_tuning, test))]
fn tunes_malloc(tunables: &str) -> bool {
    tunables.split(':').any(|t| t.trim().starts_with("glibc.malloc."))
}

/// The mmap and trim thresholds after the connections, for a C `long` of
/// `long_bytes`: the largest values glibc's adaptive thresholds reach
/// (`DEFAULT_MMAP_THRESHOLD_MAX`, and twice that), and the largest that
/// `mallopt` accepts.
#[cfg(any(malloc_tuning, test))]
fn raised_thresholds(long_bytes: usize) -> (libc::c_int, libc::c_int) {
    let mmap = if long_bytes == 4 { 512 * 1024 } else { 32 * 1024 * 1024 };
    (mmap, 2 * mmap)
}

/// This process's plan, decided on first use.
#[cfg(malloc_tuning)]
fn current() -> Plan {
    static PLAN: std::sync::OnceLock<Plan> = std::sync::OnceLock::new();
    *PLAN.get_or_init(|| {
        let var = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
        plan(var, page_size())
    })
}

/// The size of a memory page.
#[cfg(malloc_tuning)]
fn page_size() -> Option<usize> {
    // SAFETY: sysconf reads a system setting and has no memory
    // preconditions; it returns -1 if the setting is unknown.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(page).ok().filter(|&p| p > 0)
}

#[cfg(malloc_tuning)]
fn set(param: libc::c_int, bytes: libc::c_int) {
    // SAFETY: mallopt takes plain integers and has no memory preconditions;
    // on failure it returns 0 and changes nothing.
    unsafe { libc::mallopt(param, bytes) };
}

#[cfg(test)]
mod tests {
    use super::{GLIBC_MALLOC_VARIABLES, Plan, SWITCH, plan, raised_thresholds, tunes_malloc};

    /// The plan for the variables `env` (name, value) and a page size.
    fn plan_of(env: &[(&str, &str)], page: Option<usize>) -> Plan {
        plan(|name| env.iter().find(|e| e.0 == name).map(|e| e.1.to_string()), page)
    }

    const MAP: Plan = Plan::Tune { map_buffers: true };
    const HEAP: Plan = Plan::Tune { map_buffers: false };

    #[test]
    fn the_switch_turns_the_tuning_off() {
        assert_eq!(plan_of(&[], Some(4096)), MAP);
        assert_eq!(plan_of(&[(SWITCH, "off")], Some(4096)), Plan::Off);
        assert_eq!(plan_of(&[(SWITCH, "on")], Some(4096)), MAP);
        assert_eq!(plan_of(&[(SWITCH, "")], Some(4096)), MAP);
        assert_eq!(plan_of(&[("PGBENCH_RS_BUILD_TRICKS", "off")], Some(4096)), MAP);
    }

    #[test]
    fn glibc_malloc_tunables_leave_malloc_alone() {
        for t in [
            "glibc.malloc.mmap_threshold=65536",
            "glibc.malloc.tcache_count=0",
            "glibc.pthread.rseq=0:glibc.malloc.arena_max=2",
            "glibc.malloc.trim_threshold=1:glibc.cpu.hwcaps=-AVX2",
        ] {
            assert_eq!(plan_of(&[("GLIBC_TUNABLES", t)], Some(4096)), Plan::Off, "{t}");
        }
        for t in ["", "glibc.pthread.rseq=0", "glibc.cpu.hwcaps=-AVX2:glibc.rtld.nns=2"] {
            assert_eq!(plan_of(&[("GLIBC_TUNABLES", t)], Some(4096)), MAP, "{t}");
        }
        assert!(tunes_malloc(" glibc.malloc.check=3"));
        assert!(!tunes_malloc("glibc.mallocx=1"));
        for v in GLIBC_MALLOC_VARIABLES {
            assert_eq!(plan_of(&[(*v, "1")], Some(4096)), Plan::Off, "{v}");
            assert_eq!(plan_of(&[(*v, "")], Some(4096)), MAP, "{v} empty");
        }
    }

    #[test]
    fn buffers_are_mapped_only_with_small_pages() {
        assert_eq!(plan_of(&[], Some(4096)), MAP);
        assert_eq!(plan_of(&[], Some(2048)), MAP);
        for page in [8192, 16384, 65536] {
            assert_eq!(plan_of(&[], Some(page)), HEAP, "{page}");
        }
        assert_eq!(plan_of(&[], None), HEAP);
        assert_eq!(plan_of(&[], Some(0)), HEAP);
    }

    #[test]
    fn raised_thresholds_are_glibcs_limits() {
        assert_eq!(raised_thresholds(8), (32 << 20, 64 << 20));
        assert_eq!(raised_thresholds(4), (512 << 10, 1 << 20));
    }

    /// Without `cfg(malloc_tuning)` the tuning is compiled out: says so.
    #[cfg(not(malloc_tuning))]
    #[test]
    fn connection_buffers_are_mapped_until_the_connections_are_made() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: the malloc tuning is not compiled in (not asked for with \
             PGBENCH_RS_BUILD_TRICKS=on at build time, or not Linux with glibc) \
             [sys::malloc::tests::connection_buffers_are_mapped_until_the_connections_are_made]"
        );
    }

    /// Allocates `n` blocks of 16 kB (libpq's buffer size), frees them,
    /// and returns how many were mapped on their own: the growth of
    /// malloc's count of mapped chunks while the blocks are held. (Not
    /// from each block's usable size: what `malloc_usable_size` says of a
    /// mapped chunk differs between glibc releases.)
    #[cfg(malloc_tuning)]
    fn mapped_of(n: usize) -> i64 {
        let before = mapped_chunks();
        let blocks = Blocks::take(n, || false);
        let held = mapped_chunks();
        drop(blocks);
        i64::from(held) - i64::from(before)
    }

    /// Blocks of 16 kB from malloc, freed on drop.
    #[cfg(malloc_tuning)]
    struct Blocks(Vec<usize>);

    #[cfg(malloc_tuning)]
    impl Blocks {
        /// Up to `n` blocks, fewer if `enough` says so after one.
        fn take(n: usize, enough: impl Fn() -> bool) -> Self {
            // Allocated first, so that malloc's counts see the blocks alone.
            let mut blocks = Blocks(Vec::with_capacity(n));
            for _ in 0..n {
                // SAFETY: malloc has no preconditions; the block is freed
                // on drop (free(NULL) does nothing).
                let p = unsafe { libc::malloc(16 * 1024) };
                blocks.0.push(p as usize);
                if enough() {
                    break;
                }
            }
            blocks
        }
    }

    #[cfg(malloc_tuning)]
    impl Drop for Blocks {
        fn drop(&mut self) {
            for &p in &self.0 {
                // SAFETY: p came from malloc and is freed once.
                unsafe { libc::free(p as *mut libc::c_void) };
            }
        }
    }

    /// How many chunks malloc has mapped on their own, and the bytes of
    /// its heaps (`mallinfo`'s `hblks` and `arena`; `mallinfo2` would need
    /// glibc 2.33).
    #[cfg(malloc_tuning)]
    fn mapped_chunks() -> libc::c_int {
        // SAFETY: mallinfo takes no arguments and only reads malloc's
        // statistics (under its lock).
        unsafe { libc::mallinfo() }.hblks
    }

    #[cfg(malloc_tuning)]
    fn heap_bytes() -> libc::c_int {
        // SAFETY: as in `mapped_chunks`.
        unsafe { libc::mallinfo() }.arena
    }

    /// The check, in the child: the page size, and how many of 64 blocks
    /// were mapped while the connections are made and after.
    #[cfg(malloc_tuning)]
    fn check_in_child() -> [i64; 3] {
        use super::{lower_threshold, page_size, raise_thresholds};

        // The plan of an environment that leaves the tuning on and malloc
        // untuned (the test's own may not).
        let page = page_size();
        let plan = plan(|_| None, page);
        // Memory other tests freed would serve blocks from the heap: taken
        // first, until the heap grows, after which at most its top pad
        // (128 kB) is free. (Blocks of 16 kB come from the heap under
        // glibc's own threshold, 128 kB at least.)
        let heap = heap_bytes();
        let drained = Blocks::take(1 << 16, || heap_bytes() > heap);
        // While the blocks are held together (1 MB), only what is free at
        // the top of the heap can serve blocks from the heap; the rest are
        // mapped. glibc's threshold would map none, and so does the tuning
        // where pages are larger than 4 kB.
        if plan == MAP {
            lower_threshold();
        }
        let while_connecting = mapped_of(64);
        if plan != Plan::Off {
            raise_thresholds();
        }
        let after = mapped_of(64);
        drop(drained);
        [page.and_then(|p| i64::try_from(p).ok()).unwrap_or(0), while_connecting, after]
    }

    /// Runs [`check_in_child`] in a child process: the thresholds are
    /// process-wide. A forked copy of this process, not a new run of the
    /// test program, which under an emulator such as qemu-user without
    /// binfmt_misc cannot be executed. The child writes its answer into a
    /// pipe and ends with `_exit`, writing nothing else (another test's
    /// thread may hold stderr's lock, forked with it).
    #[cfg(malloc_tuning)]
    fn in_child() -> [i64; 3] {
        use std::io::Read;
        use std::os::fd::FromRawFd;

        let mut fds = [-1; 2];
        // SAFETY: fds has room for the two descriptors pipe2 writes.
        assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
        // SAFETY: fork has no memory preconditions. The child only
        // allocates (glibc's fork leaves malloc usable in the child), writes
        // to the pipe and exits.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            let answer = check_in_child();
            let mut bytes = [0u8; 24];
            for (chunk, v) in bytes.chunks_exact_mut(8).zip(answer) {
                chunk.copy_from_slice(&v.to_ne_bytes());
            }
            // SAFETY: bytes is readable for its length; fds[1] is the
            // pipe's write end (a short write fails the parent's check).
            unsafe { libc::write(fds[1], bytes.as_ptr().cast(), bytes.len()) };
            // SAFETY: ends the child at once, without running anything of
            // the parent's (destructors, the test harness).
            unsafe { libc::_exit(0) };
        }
        assert!(pid > 0, "fork failed: {}", std::io::Error::last_os_error());
        // SAFETY: fds[1] is this process's copy of the write end, closed
        // once, so that the read below ends when the child's copy closes.
        unsafe { libc::close(fds[1]) };
        // SAFETY: fds[0] is the read end, owned by the file from now on.
        let mut pipe = unsafe { std::fs::File::from_raw_fd(fds[0]) };
        let mut bytes = Vec::new();
        pipe.read_to_end(&mut bytes).unwrap();
        let mut status = 0;
        // SAFETY: pid is our child; status is writable.
        assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
            "the child ended with status {status:#x}"
        );
        assert_eq!(bytes.len(), 24, "the child wrote {} bytes", bytes.len());
        let mut answer = [0i64; 3];
        for (v, chunk) in answer.iter_mut().zip(bytes.chunks_exact(8)) {
            *v = i64::from_ne_bytes(chunk.try_into().unwrap());
        }
        answer
    }

    #[cfg(malloc_tuning)]
    #[test]
    fn connection_buffers_are_mapped_until_the_connections_are_made() {
        let [page, while_connecting, after] = in_child();
        assert!(page > 0, "no page size");
        if page <= 4096 {
            assert!(
                while_connecting >= 32,
                "only {while_connecting} of 64 blocks of 16 kB were mapped"
            );
        } else {
            assert_eq!(while_connecting, 0, "{page}-byte pages");
        }
        assert_eq!(after, 0, "blocks mapped after the connections");
    }
}
