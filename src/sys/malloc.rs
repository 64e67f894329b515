//! glibc malloc's mmap threshold around the initial connections.
//!
//! libpq gives every connection a 16 kB input and a 16 kB output buffer,
//! of which a benchmark touches only the first few hundred bytes. Taken
//! from the heap, each buffer shares pages with the allocations around it,
//! and malloc's bookkeeping at both of its ends makes more pages resident;
//! mapped on its own, a buffer costs the one page that holds its header and
//! the data. Measured at `-c 1000 -j 2`: 0.9 kB less resident memory per
//! connection. So while the initial connections are made, an allocation of
//! 16 kB or more that the heap's free memory cannot serve is mapped on its
//! own instead of growing the heap. Afterwards the heap grows again for
//! allocations up to 32 MB, and the heap is trimmed only when 64 MB are free
//! at its top: the largest values glibc's own adaptive thresholds reach
//! (setting a threshold turns the adaptation off), so that a run with large
//! results or `-C` reconnections makes no `mmap`, `munmap` or `madvise`
//! call per transaction. Elsewhere than glibc these are no-ops.

/// Lowers the threshold before the initial connections (call it while the
/// process has one thread: glibc documents `mallopt` as unsafe to call
/// while other threads allocate).
pub(crate) fn map_connection_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    set(libc::M_MMAP_THRESHOLD, 16 * 1024);
}

/// Raises the thresholds once the initial connections are made. Called by
/// one worker while the others run: glibc itself updates these thresholds
/// in `free` without a lock, and a thread that reads an old value only maps
/// one more allocation on its own.
pub(crate) fn heap_after_connections() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        set(libc::M_MMAP_THRESHOLD, 32 * 1024 * 1024);
        set(libc::M_TRIM_THRESHOLD, 64 * 1024 * 1024);
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn set(param: libc::c_int, bytes: libc::c_int) {
    // SAFETY: mallopt takes plain integers and has no memory preconditions;
    // on failure it returns 0 and changes nothing.
    unsafe { libc::mallopt(param, bytes) };
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::{heap_after_connections, map_connection_buffers};

    /// Allocates `n` blocks of 16 kB (libpq's buffer size), frees them,
    /// and returns how many were mapped on their own: malloc gives a mapped
    /// block whole pages less its 16-byte header, a heap block the request
    /// plus 8 bytes.
    fn mapped_of(n: usize) -> usize {
        let blocks: Vec<usize> = (0..n)
            .map(|_| {
                // SAFETY: malloc has no preconditions; the block is checked
                // and freed below.
                let p = unsafe { libc::malloc(16 * 1024) };
                assert!(!p.is_null());
                p as usize
            })
            .collect();
        let mut mapped = 0;
        for p in blocks {
            let p = p as *mut libc::c_void;
            // SAFETY: p came from malloc above and is freed once, after
            // its size is read.
            let size = unsafe { libc::malloc_usable_size(p) };
            // SAFETY: as above.
            unsafe { libc::free(p) };
            match size {
                s if s == 5 * 4096 - 16 => mapped += 1,
                s => assert_eq!(s, 16 * 1024 + 8, "neither a heap nor a mapped block"),
            }
        }
        mapped
    }

    /// Set in the process that runs the check (see the test).
    const CHILD: &str = "PGBENCH_RS_MALLOC_TEST_CHILD";

    #[test]
    fn connection_buffers_are_mapped_until_the_connections_are_made() {
        let name = "connection_buffers_are_mapped_until_the_connections_are_made";
        if std::env::var_os(CHILD).is_none() {
            // In a process of its own: the thresholds are process-wide, and
            // memory other tests freed would serve the blocks from the heap.
            let path = module_path!().split_once("::").map_or("", |p| p.1);
            let out = std::process::Command::new(std::env::current_exe().unwrap())
                .args(["--exact", &format!("{path}::{name}"), "--test-threads=1"])
                .env(CHILD, "1")
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
            assert!(stdout.contains("1 passed"), "the check did not run:\n{stdout}");
            return;
        }
        // While the blocks are held together (1 MB), at most the few
        // hundred kB free at the top of a new process's heap can serve
        // blocks from the heap; the rest are mapped. glibc's default
        // threshold (128 kB at least) would map none.
        map_connection_buffers();
        let mapped = mapped_of(64);
        assert!(mapped >= 32, "only {mapped} of 64 blocks of 16 kB were mapped");
        heap_after_connections();
        assert_eq!(mapped_of(64), 0);
    }
}
