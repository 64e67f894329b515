//! Times of the run's control: [`Mono`], a point on the monotonic clock in
//! microseconds, and [`Deadline`], a time that may not be set yet, shared
//! between threads. "No time" is `None`, never a sentinel value.

use std::sync::atomic::{AtomicI64, Ordering};

use crate::sys::clock::monotonic_us;

/// A point on the monotonic clock, in microseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Mono(i64);

impl Mono {
    /// Now.
    #[inline]
    pub(crate) fn now() -> Self {
        Mono(monotonic_us())
    }

    /// The time `us` microseconds after the clock's origin.
    #[inline]
    pub(crate) const fn from_us(us: i64) -> Self {
        Mono(us)
    }

    /// Microseconds since the clock's origin.
    #[inline]
    pub(crate) const fn us(self) -> i64 {
        self.0
    }

    /// The time `us` microseconds later (earlier when negative).
    #[inline]
    #[must_use]
    pub(crate) const fn plus_us(self, us: i64) -> Self {
        Mono(self.0.saturating_add(us))
    }
}

/// A time that one thread sets and others read, `None` until set.
#[derive(Debug)]
pub(crate) struct Deadline(AtomicI64);

/// The atomic's value while no time is set. The monotonic clock starts at
/// the machine's boot, so no time it gives is this far before it.
const UNSET: i64 = i64::MIN;

impl Deadline {
    /// No time yet.
    pub(crate) const fn unset() -> Self {
        Deadline(AtomicI64::new(UNSET))
    }

    /// The time, once set.
    #[inline]
    pub(crate) fn get(&self) -> Option<Mono> {
        let v = self.0.load(Ordering::Relaxed);
        (v != UNSET).then_some(Mono(v))
    }

    /// Sets the time.
    pub(crate) fn set(&self, t: Mono) {
        self.0.store(t.0, Ordering::Relaxed);
    }

    /// Sets the time unless one is set already.
    pub(crate) fn set_once(&self, t: Mono) {
        let _ = self.0.compare_exchange(UNSET, t.0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::{Deadline, Mono};

    #[test]
    fn a_deadline_is_none_until_set_and_set_once_keeps_the_first() {
        let d = Deadline::unset();
        assert_eq!(d.get(), None);
        d.set_once(Mono::from_us(-5));
        d.set_once(Mono::from_us(7));
        assert_eq!(d.get(), Some(Mono::from_us(-5)));
        d.set(Mono::from_us(0));
        assert_eq!(d.get(), Some(Mono::from_us(0)), "zero is a time like any other");
        assert_eq!(Mono::from_us(10).plus_us(-3), Mono::from_us(7));
        assert!(Mono::now() > Mono::from_us(0));
    }
}
