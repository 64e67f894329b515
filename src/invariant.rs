//! Conversions that the program's own invariants make infallible (a count
//! of clients that fits the `i32` it came from, a digit pair below 100): a
//! failure is a bug in pgbench-rs, not an input error, and ends the
//! program as one, naming the invariant, rather than going on with a made-up
//! value.

use std::fmt::Debug;

/// The value of `r`, which cannot be an error while `why` holds.
#[track_caller]
pub(crate) fn holds<T, E: Debug>(r: Result<T, E>, why: &str) -> T {
    #[expect(clippy::expect_used, reason = "a broken invariant is a bug, not an input error")]
    r.map_err(|e| format!("{e:?}")).expect(why)
}

/// The value of `v`, which is there while `why` holds.
#[track_caller]
pub(crate) fn some<T>(v: Option<T>, why: &str) -> T {
    holds(v.ok_or(()), why)
}

/// `v` converted to `U`, which holds every value `v` can have while `why`
/// holds.
#[track_caller]
pub(crate) fn fits<U: TryFrom<T>, T>(v: T, why: &str) -> U
where
    <U as TryFrom<T>>::Error: Debug,
{
    holds(U::try_from(v), why)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_that_fits_converts() {
        let n: usize = fits(5_i32, "invariant: a positive count");
        assert_eq!(n, 5);
    }

    #[test]
    #[should_panic(expected = "invariant: a positive count")]
    fn a_broken_invariant_names_itself() {
        let _: usize = fits(-1_i32, "invariant: a positive count");
    }
}
