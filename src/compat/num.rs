//! C library number parsing as pgbench relies on it: `strtod` (with its
//! ERANGE rule, hex floats, `inf`/`nan`), `strtol`, `atoi`, and pgbench's own
//! `is_an_int` and `strtoint64`. Pure byte-level functions.

/// C `isspace` in the C locale.
pub(crate) fn c_isspace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Result of C `strtod` on a prefix of the input.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Strtod {
    /// The converted value (HUGE_VAL or a tiny value when `erange`).
    pub(crate) value: f64,
    /// Bytes consumed; 0 when no conversion was possible.
    pub(crate) end: usize,
    /// errno was set to ERANGE (overflow, or underflow to a subnormal/zero).
    pub(crate) erange: bool,
}

fn eq_ignore_case_prefix(s: &[u8], word: &[u8]) -> bool {
    s.len() >= word.len() && s[..word.len()].eq_ignore_ascii_case(word)
}

/// The index of the first byte at or after `i` that is not C white space.
fn skip_space(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && c_isspace(s[i]) {
        i += 1;
    }
    i
}

/// What C's number parsers skip first: white space, then one optional
/// sign. Returns the index after them and whether the sign was `-`.
fn space_and_sign(s: &[u8]) -> (usize, bool) {
    let i = skip_space(s, 0);
    match s.get(i) {
        Some(&c @ (b'+' | b'-')) => (i + 1, c == b'-'),
        _ => (i, false),
    }
}

/// C `strtod` (glibc, C locale): leading white space, optional sign, then a
/// decimal or hexadecimal number, `inf`/`infinity` or `nan`/`nan(...)`.
pub(crate) fn strtod(s: &[u8]) -> Strtod {
    let none = Strtod { value: 0.0, end: 0, erange: false };
    let (i, neg) = space_and_sign(s);
    let sign = |v: f64| if neg { -v } else { v };
    let rest = &s[i..];
    if eq_ignore_case_prefix(rest, b"inf") {
        let len = if eq_ignore_case_prefix(rest, b"infinity") { 8 } else { 3 };
        return Strtod { value: sign(f64::INFINITY), end: i + len, erange: false };
    }
    if eq_ignore_case_prefix(rest, b"nan") {
        let mut end = i + 3;
        if s.get(end) == Some(&b'(') {
            let mut j = end + 1;
            while j < s.len() && (s[j].is_ascii_alphanumeric() || s[j] == b'_') {
                j += 1;
            }
            if s.get(j) == Some(&b')') {
                end = j + 1;
            }
        }
        return Strtod { value: sign(f64::NAN), end, erange: false };
    }
    if rest.len() >= 2 && rest[0] == b'0' && (rest[1] == b'x' || rest[1] == b'X') {
        if let Some((v, len, erange)) = hex_float(&rest[2..]) {
            return Strtod { value: sign(v), end: i + 2 + len, erange };
        }
    }
    // Decimal: digits [. digits] [e [sign] digits]
    let mut j = i;
    let mut mant_digits = 0usize;
    let mut nonzero = false;
    while j < s.len() && s[j].is_ascii_digit() {
        nonzero |= s[j] != b'0';
        j += 1;
        mant_digits += 1;
    }
    if j < s.len() && s[j] == b'.' {
        let mut k = j + 1;
        let mut frac = 0usize;
        while k < s.len() && s[k].is_ascii_digit() {
            nonzero |= s[k] != b'0';
            k += 1;
            frac += 1;
        }
        if mant_digits + frac > 0 {
            j = k;
            mant_digits += frac;
        }
    }
    if mant_digits == 0 {
        // "0x" without hex digits still converts the "0".
        return none;
    }
    if j < s.len() && (s[j] == b'e' || s[j] == b'E') {
        let mut k = j + 1;
        if k < s.len() && (s[k] == b'+' || s[k] == b'-') {
            k += 1;
        }
        if k < s.len() && s[k].is_ascii_digit() {
            while k < s.len() && s[k].is_ascii_digit() {
                k += 1;
            }
            j = k;
        }
    }
    let text = std::str::from_utf8(&s[i..j]).unwrap_or("0");
    let v: f64 = text.parse().unwrap_or(0.0);
    let erange = v.is_infinite() || (nonzero && (v == 0.0 || v.is_subnormal()));
    Strtod { value: sign(v), end: j, erange }
}

/// Hexadecimal float body after "0x": hex digits, optional fraction, optional
/// binary exponent `p[sign]digits`. Returns (value, bytes used, erange), or
/// None when there is no hex digit (then C parses just the "0").
fn hex_float(s: &[u8]) -> Option<(f64, usize, bool)> {
    let mut mant: u64 = 0;
    let mut exp: i64 = 0; // binary exponent adjustment
    let mut sticky = false;
    let mut any = false;
    let mut i = 0;
    let mut seen_point = false;
    while let Some(&c) = s.get(i) {
        if c == b'.' && !seen_point {
            seen_point = true;
            i += 1;
            continue;
        }
        let Some(d) = (c as char).to_digit(16) else { break };
        any = true;
        if mant >> 60 == 0 {
            mant = (mant << 4) | u64::from(d);
            if seen_point {
                exp -= 4;
            }
        } else {
            sticky |= d != 0;
            if !seen_point {
                exp += 4;
            }
        }
        i += 1;
    }
    if !any {
        return None;
    }
    if s.get(i).is_some_and(|&c| c == b'p' || c == b'P') {
        let mut k = i + 1;
        let mut eneg = false;
        if let Some(&c) = s.get(k).filter(|&&c| c == b'+' || c == b'-') {
            eneg = c == b'-';
            k += 1;
        }
        if s.get(k).is_some_and(u8::is_ascii_digit) {
            let mut e: i64 = 0;
            while let Some(&c) = s.get(k) {
                if !c.is_ascii_digit() {
                    break;
                }
                e = (e * 10 + i64::from(c - b'0')).min(1 << 40);
                k += 1;
            }
            exp += if eneg { -e } else { e };
            i = k;
        }
    }
    if mant == 0 {
        return Some((0.0, i, false));
    }
    Some(build_f64(mant, exp, sticky).map_or((f64::INFINITY, i, true), |(v, e)| (v, i, e)))
}

/// mant * 2^exp (plus sticky bits below mant) correctly rounded to nearest
/// even. Returns None on overflow, else (value, inexact underflow flag).
fn build_f64(mant: u64, exp: i64, sticky: bool) -> Option<(f64, bool)> {
    // Normalise so that the top bit is bit 63: value = m / 2^63 * 2^e.
    let lz = i64::from(mant.leading_zeros());
    let m = mant << lz;
    let e = exp - lz + 63;
    if e > 1023 {
        return None;
    }
    // Bits representable from 2^e down to 2^-1074 (53 for normal numbers).
    let keep: i64 = if e >= -1022 { 53 } else { e + 1075 };
    if keep <= 0 {
        // At most half the smallest subnormal: ties go to the even zero.
        let above_half = keep == 0 && (m > (1 << 63) || sticky);
        let v = if above_half { f64::from_bits(1) } else { 0.0 };
        return Some((v, true));
    }
    let shift: u32 = crate::invariant::fits(64 - keep, "invariant: 0 < keep <= 53");
    let mut kept = m >> shift;
    let rem = m & ((1u64 << shift) - 1);
    let halfway = 1u64 << (shift - 1);
    let round_up = rem > halfway || (rem == halfway && (sticky || kept & 1 == 1));
    let inexact = rem != 0 || sticky;
    if round_up {
        kept += 1;
    }
    if e < -1022 {
        // Subnormal: the raw encoding is kept * 2^-1074 (a carry into bit 52
        // correctly becomes the smallest normal number).
        let v = f64::from_bits(kept);
        return Some((v, inexact));
    }
    let mut e2 = e;
    if kept >> 53 != 0 {
        kept >>= 1;
        e2 += 1;
        if e2 > 1023 {
            return None;
        }
    }
    let biased: u64 = crate::invariant::fits(e2 + 1023, "invariant: a normal exponent");
    Some((f64::from_bits((biased << 52) | (kept & ((1u64 << 52) - 1))), false))
}

/// C `strtol(s, &end, 10)` on a 64-bit `long`: returns (value, end); end is
/// 0 when no digits were found. Saturates at the `long` range like glibc.
pub(crate) fn strtol(s: &[u8]) -> (i64, usize) {
    let (v, end, _) = strtol_erange(s);
    (v, end)
}

/// [`strtol`], also telling whether the value was out of the `long` range
/// (C's `errno == ERANGE`).
pub(crate) fn strtol_erange(s: &[u8]) -> (i64, usize, bool) {
    let (mut i, neg) = space_and_sign(s);
    let start = i;
    let mut acc: i128 = 0;
    while let Some(&c) = s.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        if acc < i128::from(u64::MAX) {
            acc = acc * 10 + i128::from(c - b'0');
        }
        i += 1;
    }
    if i == start {
        return (0, 0, false);
    }
    let v = if neg { -acc } else { acc };
    let clamped = v.clamp(i128::from(i64::MIN), i128::from(i64::MAX));
    (crate::invariant::fits(clamped, "invariant: clamped to i64"), i, clamped != v)
}

/// C `(int)` of a `long`: keep the low 32 bits.
pub(crate) fn c_int_of_long(v: i64) -> i32 {
    let low: u32 = crate::invariant::fits(v & 0xFFFF_FFFF, "invariant: 32 bits");
    i32::from_ne_bytes(low.to_ne_bytes())
}

/// glibc `atoi`: `(int) strtol(s, NULL, 10)`.
pub(crate) fn atoi(s: &[u8]) -> i32 {
    c_int_of_long(strtol(s).0)
}

/// pgbench's `is_an_int`: matches `^\s*[-+]?[0-9]+$`, except that an empty
/// remainder after the optional sign also counts (C's quirk: `"+"`, `"  "`).
pub(crate) fn is_an_int(s: &[u8]) -> bool {
    let (mut i, _) = space_and_sign(s);
    if i < s.len() && !s[i].is_ascii_digit() {
        return false;
    }
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    i == s.len()
}

/// Why pgbench's `strtoint64` refused a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IntError {
    /// `value "%s" is out of range for type bigint`
    OutOfRange,
    /// `invalid input syntax for type bigint: "%s"`
    Syntax,
}

/// pgbench's `strtoint64`: optional leading/trailing white space, sign,
/// at least one digit, no overflow.
pub(crate) fn strtoint64(s: &[u8]) -> Result<i64, IntError> {
    let (mut i, neg) = space_and_sign(s);
    if !s.get(i).is_some_and(u8::is_ascii_digit) {
        return Err(IntError::Syntax);
    }
    let mut tmp: i64 = 0;
    while let Some(&c) = s.get(i) {
        if !c.is_ascii_digit() {
            break;
        }
        tmp = tmp
            .checked_mul(10)
            .and_then(|t| t.checked_sub(i64::from(c - b'0')))
            .ok_or(IntError::OutOfRange)?;
        i += 1;
    }
    if skip_space(s, i) != s.len() {
        return Err(IntError::Syntax);
    }
    if neg { Ok(tmp) } else { tmp.checked_neg().ok_or(IntError::OutOfRange) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(s: &str) -> Option<f64> {
        let r = strtod(s.as_bytes());
        (r.end == s.len() && r.end > 0 && !r.erange).then_some(r.value)
    }

    #[test]
    fn strtod_decimal_and_specials() {
        assert_eq!(full("1.5"), Some(1.5));
        assert_eq!(full("  -10.1"), Some(-10.1));
        assert_eq!(full("5."), Some(5.0));
        assert_eq!(full(".5e1"), Some(5.0));
        assert_eq!(full("1e3"), Some(1000.0));
        assert_eq!(full("5 "), None);
        assert_eq!(full("inf"), Some(f64::INFINITY));
        assert_eq!(full("-Infinity"), Some(f64::NEG_INFINITY));
        assert!(full("nan").is_some_and(f64::is_nan));
        assert!(full("NAN(123)").is_some_and(f64::is_nan));
        assert_eq!(full("infin"), None);
        assert_eq!(strtod(b"infin").end, 3);
        assert_eq!(full("."), None);
        assert_eq!(full("e5"), None);
        assert_eq!(strtod(b"1e").end, 1);
        assert_eq!(strtod(b"1e+").end, 1);
    }

    #[test]
    fn strtod_range_errors() {
        assert!(strtod(b"1e309").erange);
        assert!(strtod(b"1e-400").erange);
        assert!(strtod(b"1e-310").erange);
        assert!(!strtod(b"0e-400").erange);
        assert!(!strtod(b"2.2250738585072014e-308").erange);
    }

    #[test]
    fn strtod_hex() {
        assert_eq!(full("0x10"), Some(16.0));
        assert_eq!(full("0X1.8p1"), Some(3.0));
        assert_eq!(full("0x.8"), Some(0.5));
        assert_eq!(full("-0x1p-2"), Some(-0.25));
        assert_eq!(strtod(b"0x").end, 1);
        assert_eq!(strtod(b"0xg").end, 1);
        assert_eq!(full("0x1fffffffffffff"), Some(9_007_199_254_740_991.0));
        // 2^53 + 1 rounds to even.
        assert_eq!(full("0x20000000000001"), Some(9_007_199_254_740_992.0));
        assert_eq!(full("0x20000000000003"), Some(9_007_199_254_740_996.0));
        assert_eq!(full("0x1p-1074"), Some(f64::from_bits(1)));
        assert!(strtod(b"0x1p1024").erange);
        assert_eq!(full("0x1p1023"), Some(2f64.powi(1023)));
    }

    #[test]
    fn strtol_and_atoi() {
        assert_eq!(strtol(b"  12abc"), (12, 4));
        assert_eq!(strtol(b"abc"), (0, 0));
        assert_eq!(strtol(b"-"), (0, 0));
        assert_eq!(strtol(b"99999999999999999999"), (i64::MAX, 20));
        assert_eq!(atoi(b"10ms"), 10);
        assert_eq!(atoi(b"4294967297"), 1);
        assert_eq!(atoi(b"-3"), -3);
    }

    #[test]
    fn int_detection_and_conversion() {
        assert!(is_an_int(b" +3"));
        assert!(is_an_int(b"+"));
        assert!(is_an_int(b""));
        assert!(!is_an_int(b"3 "));
        assert!(!is_an_int(b"1.0"));
        assert_eq!(strtoint64(b"-9223372036854775808"), Ok(i64::MIN));
        assert_eq!(strtoint64(b"9223372036854775808"), Err(IntError::OutOfRange));
        assert_eq!(strtoint64(b"+"), Err(IntError::Syntax));
        assert_eq!(strtoint64(b" 42 "), Ok(42));
    }
}
