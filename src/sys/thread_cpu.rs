//! A thread's own CPU time and scheduling, read by the thread itself:
//! `getrusage(RUSAGE_THREAD)` (its user and system time, exact in sum,
//! and its voluntary and involuntary context switches) and
//! `/proc/thread-self/schedstat` (the time it waited on a run queue while
//! runnable; kernels built without `CONFIG_SCHED_INFO` have none). The
//! file is opened once and read again at offset 0: one system call a
//! reading, as `getrusage` is one.

use std::fs::File;
use std::os::unix::fs::FileExt;

/// What `getrusage(RUSAGE_THREAD)` says of the calling thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Usage {
    /// Time in user mode, µs.
    pub(crate) user_us: i64,
    /// Time in the kernel, µs.
    pub(crate) system_us: i64,
    /// Context switches the thread asked for (it waited).
    pub(crate) voluntary: i64,
    /// Context switches forced on it (its time slice was up, or another
    /// thread had to run).
    pub(crate) involuntary: i64,
}

/// The calling thread's usage (none if the kernel refuses, which it does
/// only for a bad argument).
pub(crate) fn thread_usage() -> Option<Usage> {
    // SAFETY: rusage is plain data, valid when zeroed.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: ru is a valid, writable rusage; RUSAGE_THREAD names the
    // calling thread (Linux 2.6.26 and later).
    if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &raw mut ru) } != 0 {
        return None;
    }
    Some(Usage {
        user_us: micros(&ru.ru_utime),
        system_us: micros(&ru.ru_stime),
        voluntary: wide(ru.ru_nvcsw),
        involuntary: wide(ru.ru_nivcsw),
    })
}

/// A timeval in µs, whatever the width of its fields (32 bits on some
/// 32-bit architectures, 64 elsewhere).
fn micros(tv: &libc::timeval) -> i64 {
    wide(tv.tv_sec).saturating_mul(1_000_000).saturating_add(wide(tv.tv_usec))
}

/// A C integer of 32 or 64 bits as an i64.
fn wide<T: Into<i64>>(v: T) -> i64 {
    v.into()
}

/// The calling thread's `/proc/thread-self/schedstat`, open: the file
/// stays the thread's whichever thread reads it later.
#[derive(Debug)]
pub(crate) struct SchedStat(File);

/// What a thread's schedstat says: time on a CPU and time waiting on a
/// run queue (ns), and how many times it got a CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sched {
    /// Time on a CPU, ns (updated at the scheduler's ticks only).
    pub(crate) on_cpu_ns: u64,
    /// Time runnable but waiting for a CPU, ns.
    pub(crate) run_queue_ns: u64,
    /// Times it was given a CPU.
    pub(crate) slices: u64,
}

impl SchedStat {
    /// The calling thread's, when the kernel keeps it (none without
    /// `CONFIG_SCHED_INFO`, or where it counts nothing: a thread that runs
    /// was given a CPU at least once).
    pub(crate) fn open() -> Option<Self> {
        let s = SchedStat(File::open("/proc/thread-self/schedstat").ok()?);
        s.read().filter(|r| r.slices > 0).map(|_| s)
    }

    /// A reading (none if it cannot be read or parsed).
    pub(crate) fn read(&self) -> Option<Sched> {
        let mut buf = [0u8; 96];
        let n = self.0.read_at(&mut buf, 0).ok()?;
        parse(buf.get(..n)?)
    }
}

/// The three numbers of a schedstat line.
fn parse(text: &[u8]) -> Option<Sched> {
    let text = std::str::from_utf8(text).ok()?;
    let mut numbers = text.split_ascii_whitespace().map(str::parse::<u64>);
    let on_cpu_ns = numbers.next()?.ok()?;
    let run_queue_ns = numbers.next()?.ok()?;
    let slices = numbers.next()?.ok()?;
    Some(Sched { on_cpu_ns, run_queue_ns, slices })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedstat_lines() {
        let r = parse(b"251061701 117235826 75\n");
        assert_eq!(
            r,
            Some(Sched { on_cpu_ns: 251_061_701, run_queue_ns: 117_235_826, slices: 75 })
        );
        assert_eq!(parse(b"1 2\n"), None);
        assert_eq!(parse(b"a b c\n"), None);
        assert_eq!(parse(b""), None);
    }

    /// A thread that works for a while has the time in its usage, and
    /// its schedstat (where the kernel has one) counts on from the first
    /// reading.
    #[test]
    fn a_thread_reads_its_own_time() {
        let before = thread_usage().unwrap();
        let sched = SchedStat::open();
        let first = sched.as_ref().and_then(SchedStat::read);
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while start.elapsed() < std::time::Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let after = thread_usage().unwrap();
        let cpu = (after.user_us + after.system_us) - (before.user_us + before.system_us);
        // 30 ms of wall time, at least some of it on a CPU; never more.
        let wall = i64::try_from(start.elapsed().as_micros()).unwrap();
        assert!(cpu > 0 && cpu <= wall + 1000, "{cpu} µs");
        if let (Some(s), Some(first)) = (sched, first) {
            let later = s.read().unwrap();
            assert!(later.slices >= first.slices && later.on_cpu_ns >= first.on_cpu_ns);
        }
    }
}
