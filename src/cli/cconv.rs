//! C-compatible number parsing for option values: `option_parse_int`
//! (strict, with trailing whitespace allowed), `atoi`, `atof` and `strtol`
//! (lenient prefixes), so that every option value is accepted or rejected
//! exactly as C pgbench accepts or rejects it. Pure.

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

/// C `isspace` in the "C" locale.
pub(crate) fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// `strtol(text, &end, 10)` on a 64-bit `long`.
pub(crate) fn strtol(text: &str) -> StrtolResult {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && is_c_space(b[i]) {
        i += 1;
    }
    let mut negative = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        negative = b[i] == b'-';
        i += 1;
    }
    let digits_start = i;
    let mut magnitude: u64 = 0;
    let mut overflow = false;
    while i < b.len() && b[i].is_ascii_digit() {
        let d = u64::from(b[i] - b'0');
        match magnitude.checked_mul(10).and_then(|m| m.checked_add(d)) {
            Some(m) => magnitude = m,
            None => overflow = true,
        }
        i += 1;
    }
    if i == digits_start {
        return StrtolResult { value: 0, overflow: false, consumed: 0 };
    }
    let limit = if negative { 1u64 << 63 } else { i64::MAX.unsigned_abs() };
    if overflow || magnitude > limit {
        let value = if negative { i64::MIN } else { i64::MAX };
        return StrtolResult { value, overflow: true, consumed: i };
    }
    let value = if negative {
        0i64.wrapping_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).unwrap_or(i64::MAX)
    };
    StrtolResult { value, overflow: false, consumed: i }
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
    if !rest.iter().all(|&b| is_c_space(b)) {
        return Err(IntOptionError::Invalid);
    }
    let v = i32::try_from(r.value).map_err(|_| IntOptionError::Range)?;
    if r.overflow || v < min || v > max {
        return Err(IntOptionError::Range);
    }
    Ok(v)
}

/// C `atoi`: `(int) strtol(text, NULL, 10)`, the conversion wrapping as it
/// does with gcc on x86-64.
pub(crate) fn atoi(text: &str) -> i32 {
    let v = strtol(text).value;
    // COMPAT: C converts the long to int by truncation; so does `as`.
    #[allow(clippy::cast_possible_truncation)]
    let truncated = v as i32;
    truncated
}

/// C `atof`: `strtod(text, NULL)`, the longest prefix that is a number
/// (decimal, hexadecimal, "inf", "infinity", "nan" in any case), else 0.
pub(crate) fn atof(text: &str) -> f64 {
    strtod_prefix(text).map_or(0.0, |(v, _)| v)
}

/// `strtod`: the value and the number of bytes consumed, or None when no
/// conversion could be performed.
pub(crate) fn strtod_prefix(text: &str) -> Option<(f64, usize)> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && is_c_space(b[i]) {
        i += 1;
    }
    let negative = b.get(i) == Some(&b'-');
    if matches!(b.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let apply_sign = |v: f64| if negative { -v } else { v };
    let rest = &b[i..];
    let lower: Vec<u8> = rest.iter().take(8).map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"infinity") {
        return Some((apply_sign(f64::INFINITY), i + 8));
    }
    if lower.starts_with(b"inf") {
        return Some((apply_sign(f64::INFINITY), i + 3));
    }
    if lower.starts_with(b"nan") {
        let mut end = i + 3;
        // "nan(chars)" consumes the parenthesized sequence if it is closed.
        if b.get(end) == Some(&b'(') {
            let mut j = end + 1;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                j += 1;
            }
            if b.get(j) == Some(&b')') {
                end = j + 1;
            }
        }
        return Some((apply_sign(f64::NAN), end));
    }
    if lower.starts_with(b"0x") {
        if let Some((v, used)) = hex_float(&b[i + 2..]) {
            return Some((apply_sign(v), i + 2 + used));
        }
        // "0x" without hex digits: the "0" alone is the number.
        return Some((apply_sign(0.0), i + 1));
    }
    // Decimal: digits [. digits] [e [sign] digits]
    let start = i;
    let mut j = i;
    let mut mantissa_digits = 0;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
        mantissa_digits += 1;
    }
    if j < b.len() && b[j] == b'.' {
        j += 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
            mantissa_digits += 1;
        }
    }
    if mantissa_digits == 0 {
        return None;
    }
    let mut end = j;
    if j < b.len() && (b[j] == b'e' || b[j] == b'E') {
        let mut k = j + 1;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            k += 1;
        }
        let exp_start = k;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        if k > exp_start {
            end = k;
        }
    }
    let s = std::str::from_utf8(&b[start..end]).ok()?;
    let s = if s.starts_with('.') { format!("0{s}") } else { s.to_string() };
    let v: f64 = s.parse().ok()?;
    Some((apply_sign(v), end))
}

/// Parses hexadecimal floating point digits after "0x": hex digits, an
/// optional fraction, an optional binary exponent `p[+-]digits`. Returns
/// the value and bytes used, or None when there is no hex digit.
fn hex_float(b: &[u8]) -> Option<(f64, usize)> {
    let mut i = 0;
    let mut mant: u64 = 0;
    let mut exp: i64 = 0;
    let mut digits = 0;
    let mut sticky = false;
    let mut push = |d: u64, mant: &mut u64, exp: &mut i64, frac: bool| {
        if *mant >> 60 == 0 {
            *mant = (*mant << 4) | d;
            if frac {
                *exp -= 4;
            }
        } else {
            sticky |= d != 0;
            if !frac {
                *exp += 4;
            }
        }
    };
    while i < b.len() && b[i].is_ascii_hexdigit() {
        push(hex_val(b[i]), &mut mant, &mut exp, false);
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        let mut j = i + 1;
        let mut frac_digits = 0;
        while j < b.len() && b[j].is_ascii_hexdigit() {
            push(hex_val(b[j]), &mut mant, &mut exp, true);
            j += 1;
            frac_digits += 1;
        }
        if digits + frac_digits > 0 {
            i = j;
            digits += frac_digits;
        }
    }
    if digits == 0 {
        return None;
    }
    if i < b.len() && (b[i] == b'p' || b[i] == b'P') {
        let mut k = i + 1;
        let mut neg = false;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            neg = b[k] == b'-';
            k += 1;
        }
        let start = k;
        let mut e: i64 = 0;
        while k < b.len() && b[k].is_ascii_digit() {
            e = (e * 10 + i64::from(b[k] - b'0')).min(100_000);
            k += 1;
        }
        if k > start {
            exp += if neg { -e } else { e };
            i = k;
        }
    }
    if sticky {
        mant |= 1;
    }
    // mant < 2^64 and the scaling by a power of two is exact unless it
    // overflows or underflows; the one rounding happens in the conversion.
    #[allow(clippy::cast_precision_loss)]
    let m = mant as f64;
    let e = i32::try_from(exp.clamp(-10_000, 10_000)).unwrap_or(0);
    // Split the scaling in two so that neither power of two over- or
    // underflows on its own when the product is representable.
    let first = e.clamp(-1000, 1000);
    Some((m * 2f64.powi(first) * 2f64.powi(e - first), i))
}

fn hex_val(c: u8) -> u64 {
    match c {
        b'0'..=b'9' => u64::from(c - b'0'),
        b'a'..=b'f' => u64::from(c - b'a' + 10),
        _ => u64::from(c - b'A' + 10),
    }
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
        assert_eq!(strtod_prefix("nan(12)x").map(|(_, n)| n), Some(7));
        assert_eq!(strtod_prefix("nan(12").map(|(_, n)| n), Some(3));
        assert_eq!(strtod_prefix("  12.5e+2xyz").map(|(v, n)| (v, n)), Some((1250.0, 9)));
    }
}
