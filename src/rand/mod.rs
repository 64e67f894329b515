//! Random numbers exactly as PostgreSQL draws them: pg_prng (xoroshiro128**)
//! and pgbench's distributions, hashes and permute. Pure: no I/O, no threads.

pub(crate) mod dist;
pub(crate) mod prng;
pub(crate) mod sysbench;

/// C's `(uint64) x` for an `int64`: the same 64 bits read as unsigned.
pub(crate) const fn u64_bits(x: i64) -> u64 {
    u64::from_ne_bytes(x.to_ne_bytes())
}

/// C's `(int64) x` for a `uint64`: the same 64 bits read as two's complement.
pub(crate) const fn i64_bits(x: u64) -> i64 {
    i64::from_ne_bytes(x.to_ne_bytes())
}

/// C's `(int64) d` for a double as x86-64 executes it (`cvttsd2si`):
/// truncation toward zero, and the "integer indefinite" value `INT64_MIN`
/// for NaN and for anything outside `[-2^63, 2^63)`.
pub(crate) fn c_double_to_i64(d: f64) -> i64 {
    // 2^63 is exactly representable; -2^63 is the smallest valid value.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    if !(-LIMIT..LIMIT).contains(&d) {
        return i64::MIN;
    }
    // In range, so the saturating `as` is a plain truncation here.
    #[allow(clippy::cast_possible_truncation)]
    let v = d as i64;
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_reinterpretation() {
        assert_eq!(u64_bits(-1), u64::MAX);
        assert_eq!(u64_bits(i64::MIN), 1 << 63);
        assert_eq!(i64_bits(u64::MAX), -1);
        assert_eq!(i64_bits(1 << 63), i64::MIN);
        assert_eq!(i64_bits(u64_bits(-5432)), -5432);
    }

    #[test]
    fn double_to_int_like_x86() {
        assert_eq!(c_double_to_i64(1.9), 1);
        assert_eq!(c_double_to_i64(-1.9), -1);
        assert_eq!(c_double_to_i64(-0.0), 0);
        assert_eq!(c_double_to_i64(f64::NAN), i64::MIN);
        assert_eq!(c_double_to_i64(f64::INFINITY), i64::MIN);
        assert_eq!(c_double_to_i64(f64::NEG_INFINITY), i64::MIN);
        assert_eq!(c_double_to_i64(9_223_372_036_854_775_808.0), i64::MIN);
        assert_eq!(c_double_to_i64(-9_223_372_036_854_775_808.0), i64::MIN);
        assert_eq!(c_double_to_i64(9_223_372_036_854_774_784.0), 9_223_372_036_854_774_784);
    }
}
