//! C-compatible number parsing for option values: `option_parse_int`
//! (strict, with trailing whitespace allowed), `atoi`, `atof` and `strtol`
//! (lenient prefixes), so that every option value is accepted or rejected
//! exactly as C pgbench accepts or rejects it. Pure.

use super::num;

/// The result of `strtol(text, &end, 10)`: the value (clamped to the i64
/// range on overflow), whether it overflowed, and how many bytes were used
/// (0 when no digits were found, as C sets `end = text`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct StrtolResult {
    /// The parsed value, clamped on overflow.
    pub(crate) value: i64,
    /// Whether the value did not fit (C's `errno == ERANGE`).
    pub(crate) overflow: bool,
    /// Bytes consumed (leading whitespace, sign and digits).
    pub(crate) consumed: usize,
}

/// `strtol(text, &end, 10)` on a 64-bit `long`.
pub(crate) fn strtol(text: &str) -> StrtolResult {
    let (value, consumed, overflow) = num::strtol_erange(text.as_bytes());
    StrtolResult { value, overflow, consumed }
}

/// Why `option_parse_int` rejected a value.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum IntOptionError {
    /// Something other than an integer and whitespace:
    /// `invalid value "%s" for option %s`.
    Invalid,
    /// Outside `min..max` or not an `int`: `%s must be in range %d..%d`.
    Range,
}

/// `option_parse_int` from fe_utils/option_utils.c: an integer with
/// optional surrounding whitespace, within `min..=max`.
pub(crate) fn option_parse_int(text: &str, min: i32, max: i32) -> Result<i32, IntOptionError> {
    let r = strtol(text);
    // strtoint() also reports ERANGE for values outside the int range.
    let rest = text.as_bytes().get(r.consumed..).unwrap_or(b"");
    if !rest.iter().all(|&b| num::c_isspace(b)) {
        return Err(IntOptionError::Invalid);
    }
    let v = i32::try_from(r.value).map_err(|_| IntOptionError::Range)?;
    if r.overflow || v < min || v > max {
        return Err(IntOptionError::Range);
    }
    Ok(v)
}

/// C `atoi`: `(int) strtol(text, NULL, 10)`.
pub(crate) fn atoi(text: &str) -> i32 {
    num::atoi(text.as_bytes())
}

/// C `atof`: `strtod(text, NULL)`, the longest numeric prefix, else 0.
pub(crate) fn atof(text: &str) -> f64 {
    num::strtod(text.as_bytes()).value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_parse_int_matches_option_utils() {
        assert_eq!(option_parse_int("5", 1, 10), Ok(5));
        assert_eq!(option_parse_int(" 5 ", 1, 10), Ok(5));
        assert_eq!(option_parse_int("+5\t", 1, 10), Ok(5));
        assert_eq!(option_parse_int("5x", 1, 10), Err(IntOptionError::Invalid));
        assert_eq!(option_parse_int("=5", 1, 10), Err(IntOptionError::Invalid));
        assert_eq!(option_parse_int("0x10", 1, 100), Err(IntOptionError::Invalid));
        // No digits: strtol stops at the start, only whitespace remains.
        assert_eq!(option_parse_int("", 1, 10), Err(IntOptionError::Range));
        assert_eq!(option_parse_int("   ", 1, 10), Err(IntOptionError::Range));
        assert_eq!(option_parse_int("three", 1, 10), Err(IntOptionError::Invalid));
        assert_eq!(option_parse_int("2147483648", 1, i32::MAX), Err(IntOptionError::Range));
        assert_eq!(option_parse_int("99999999999999999999", 1, 9), Err(IntOptionError::Range));
        assert_eq!(option_parse_int("-3", 1, 9), Err(IntOptionError::Range));
        assert_eq!(option_parse_int("0", 0, 9), Ok(0));
    }

    #[test]
    fn atoi_wraps_like_c() {
        assert_eq!(atoi("abc"), 0);
        assert_eq!(atoi("12abc"), 12);
        assert_eq!(atoi(" -10"), -10);
        assert_eq!(atoi("3000000000"), -1_294_967_296);
        assert_eq!(atoi("99999999999999999999"), -1);
    }

    #[test]
    fn atof_takes_the_longest_numeric_prefix() {
        assert_eq!(atof("10abc"), 10.0);
        assert_eq!(atof("1e3x"), 1000.0);
        assert_eq!(atof("1e"), 1.0);
        assert_eq!(atof(".5"), 0.5);
        assert_eq!(atof("5."), 5.0);
        assert_eq!(atof("-.5e-1"), -0.05);
        assert_eq!(atof("xyz"), 0.0);
        assert_eq!(atof(""), 0.0);
        assert_eq!(atof("."), 0.0);
        assert_eq!(atof("0x10"), 16.0);
        assert_eq!(atof("0x1.8p1"), 3.0);
        assert_eq!(atof("0xg"), 0.0);
        assert_eq!(atof("  inf"), f64::INFINITY);
        assert_eq!(atof("-Infinity"), f64::NEG_INFINITY);
        assert!(atof("nan").is_nan());
        assert_eq!(atof("1e400"), f64::INFINITY);
    }
}
