//! Clocks: the monotonic microsecond clock pgbench measures with
//! (`pg_time_now`), and the shift that turns it into Unix time for logs.

/// Microseconds on the monotonic clock (arbitrary origin), as
/// `pg_time_now()` returns them.
#[inline]
pub(crate) fn monotonic_us() -> i64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: ts is a valid, writable timespec; CLOCK_MONOTONIC always
    // exists on Linux, so the call cannot fail.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    us_of(&ts)
}

/// Microseconds since the Unix epoch (`gettimeofday`).
pub(crate) fn epoch_us() -> i64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: ts is a valid, writable timespec; CLOCK_REALTIME always exists.
    unsafe { libc::clock_gettime(libc::CLOCK_REALTIME, &mut ts) };
    us_of(&ts)
}

/// A timespec in microseconds, whatever the width of its fields (`time_t`
/// and `long` have 32 bits on i386, armel and armhf, 64 elsewhere).
#[inline]
fn us_of(ts: &libc::timespec) -> i64 {
    wide(ts.tv_sec) * 1_000_000 + wide(ts.tv_nsec) / 1000
}

/// A C integer of 32 or 64 bits as an i64.
#[inline]
fn wide<T: Into<i64>>(v: T) -> i64 {
    v.into()
}

/// What to add to a [`monotonic_us`] value to get Unix-epoch microseconds
/// (C's `epoch_shift`). The two clocks are read one after the other, and a
/// thread preempted between the reads would date everything the run
/// prints by as long as it waited: the wall clock is read between two
/// reads of the monotonic one, and of a few tries the narrowest pair is
/// kept (the first, almost always: both reads in the same microsecond).
pub(crate) fn epoch_shift() -> i64 {
    let mut best = (i64::MAX, 0);
    for _ in 0..4 {
        let before = monotonic_us();
        let epoch = epoch_us();
        let after = monotonic_us();
        if after - before < best.0 {
            best = (after - before, epoch - before - (after - before) / 2);
        }
        if best.0 == 0 {
            break;
        }
    }
    best.1
}

/// Eight bytes from the kernel's random source (`pg_strong_random`), or
/// None if it cannot be read.
pub(crate) fn strong_random_u64() -> Option<u64> {
    use std::io::Read;
    let mut buf = [0u8; 8];
    std::fs::File::open("/dev/urandom").ok()?.read_exact(&mut buf).ok()?;
    Some(u64::from_ne_bytes(buf))
}

#[cfg(test)]
mod tests {
    /// A monotonic reading plus the shift is the wall clock's reading
    /// (within a second: a sign or a term gone wrong is off by decades).
    #[test]
    fn the_shift_turns_the_monotonic_clock_into_unix_time() {
        let shift = super::epoch_shift();
        let (before, epoch, after) =
            (super::monotonic_us(), super::epoch_us(), super::monotonic_us());
        assert!(
            (before + shift - 1_000_000..=after + shift + 1_000_000).contains(&epoch),
            "{before} {epoch} {after} {shift}"
        );
    }
}
