//! The values of pgbench-rs's own options and the checks of what goes
//! with them, with messages in C pgbench's style (exit status 1): each
//! value's messages name the option as its entry in the table does (the
//! `name` they are given).

use std::ffi::OsStr;

use super::Exit;
use crate::config::{
    DEFAULT_PERCENTILES, Extensions, MetricsConfig, PartitionMethod, Percentile, Shard,
    SysbenchInit,
};
use crate::error::Error;
use crate::script::builtin;

/// `findBuiltin`: the builtin `name` names (see [`builtin::find`]); else
/// C's error followed by the list of builtins.
pub(super) fn find_builtin(name: &str) -> Result<&'static builtin::Builtin, Exit> {
    match builtin::find(name) {
        Ok(b) => Ok(b),
        Err(e) => Err(Error::new(e.to_string()).and_raw(builtin::list_text()).into()),
    }
}

/// The options given that shape pgbench's tables in `-i`.
pub(super) fn pgbench_table_options(a: &super::LowArgs) -> Vec<&'static str> {
    let given = [
        (a.init_steps.is_some(), "-I/--init-steps"),
        (a.scale_given, "-s/--scale"),
        (a.fillfactor != 100, "-F/--fillfactor"),
        (a.foreign_keys, "--foreign-keys"),
        (a.unlogged_tables, "--unlogged-tables"),
        (a.tablespace.is_some(), "--tablespace"),
        (a.index_tablespace.is_some(), "--index-tablespace"),
        (a.partitions != 0, "--partitions"),
        (a.partition_method != PartitionMethod::None, "--partition-method"),
    ];
    given.iter().filter(|g| g.0).map(|g| g.1).collect()
}

/// `-i` with `--sysbench-tables` and/or `--sysbench-table-size`
/// (sysbench's defaults: 1 table, 10000 rows), which make sysbench's
/// tables instead of pgbench's and so take none of the options that
/// shape pgbench's (`used` names those given).
pub(super) fn sysbench_init(
    given: (Option<i32>, Option<i32>),
    used: &[&str],
) -> Result<Option<SysbenchInit>, Exit> {
    if given == (None, None) {
        return Ok(None);
    }
    if let Some(first) = used.first() {
        return Err(Error::new(format!(
            "{first} cannot be used with --sysbench-tables or --sysbench-table-size"
        ))
        .into());
    }
    Ok(Some(SysbenchInit { tables: given.0.unwrap_or(1), table_size: given.1.unwrap_or(10_000) }))
}

/// `--latency-percentiles[=LIST]`: a comma-separated list of numbers
/// greater than 0 and less than 100 (the default list without a value),
/// in increasing order, each once.
pub(super) fn percentiles(value: Option<&str>, name: &str) -> Result<Vec<Percentile>, Exit> {
    let Some(list) = value else {
        return Ok(DEFAULT_PERCENTILES.iter().map(|&v| Percentile::new(v)).collect());
    };
    let mut out: Vec<Percentile> = Vec::new();
    for item in list.split(',') {
        let text = item.trim();
        let value = match text.parse::<f64>() {
            Ok(v) if v.is_finite() && !text.is_empty() => v,
            _ => {
                return Err(invalid(list, name));
            }
        };
        if !(value > 0.0 && value < 100.0) {
            return Err(Error::new(format!(
                "{name} values must be greater than 0 and less than 100 (not \"{text}\")"
            ))
            .into());
        }
        if !out.iter().any(|p| p.value == value) {
            out.push(Percentile::new(value));
        }
    }
    out.sort_by(|a, b| a.value.total_cmp(&b.value));
    Ok(out)
}

/// `--report-json=FILE`, `--report-html=FILE`, `--report-csv=FILE` (the
/// option `name`): any file name but an empty one, kept in `file`.
pub(super) fn report_file(
    file: &mut Option<String>,
    value: Option<&OsStr>,
    name: &str,
) -> Result<(), Exit> {
    let text = value.map(|v| v.to_string_lossy().into_owned()).unwrap_or_default();
    if text.is_empty() {
        return Err(invalid("", name));
    }
    *file = Some(text);
    Ok(())
}

/// `invalid value "VALUE" for option NAME`.
fn invalid(value: &str, name: &str) -> Exit {
    Error::new(format!("invalid value \"{value}\" for option {name}")).into()
}

/// `--metrics-listen=[HOST:]PORT`: the host (the loopback without one;
/// an IPv6 address in brackets) and the port.
pub(super) fn metrics_listen(value: &str, name: &str) -> Result<MetricsConfig, Exit> {
    let (host, port) = if let Some(rest) = value.strip_prefix('[') {
        rest.split_once("]:").ok_or_else(|| invalid(value, name))?
    } else {
        match value.rsplit_once(':') {
            Some((h, _)) if h.contains(':') => return Err(invalid(value, name)),
            Some((h, p)) => (h, p),
            None => ("127.0.0.1", value),
        }
    };
    let digits = !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit());
    match port.parse::<u16>() {
        Ok(port) if digits && !host.is_empty() => Ok(MetricsConfig {
            host: host.to_string(),
            port,
            linger_s: crate::config::DEFAULT_METRICS_LINGER_S,
        }),
        _ => Err(invalid(value, name)),
    }
}

/// `--metrics-linger` goes with `--metrics-listen`, whose linger it sets.
pub(super) fn metrics_options(ext: &mut Extensions) -> Result<(), Exit> {
    match (&mut ext.metrics, ext.metrics_linger_s) {
        (Some(m), Some(s)) => m.linger_s = s,
        (None, Some(_)) => {
            return Err(Error::new("--metrics-linger is allowed only with --metrics-listen").into());
        }
        _ => {}
    }
    Ok(())
}

/// `--shard=K/N`: 0 <= K < N.
pub(super) fn shard(value: &str, name: &str) -> Result<Shard, Exit> {
    let parsed = value.split_once('/').and_then(|(k, n)| {
        let all_digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(k) || !all_digits(n) {
            return None;
        }
        Some((k.parse::<u32>().ok()?, n.parse::<u32>().ok()?))
    });
    match parsed {
        Some((index, count)) if index < count => Ok(Shard { index, count }),
        Some(_) => {
            Err(Error::new(format!("{name} must be K/N with 0 <= K < N (not \"{value}\")")).into())
        }
        None => Err(invalid(value, name)),
    }
}

/// `--pin[=CPUS]`: the CPUs to pin the threads on: those of the list
/// (`0-3,8`), each one the process may use, or all it may use.
pub(super) fn pin(value: Option<&str>, name: &str) -> Result<Vec<usize>, Exit> {
    let allowed = crate::sys::affinity::allowed_cpus().map_err(|e| {
        Error::new(format!("{name}: could not get the CPUs this process may use: {e}"))
    })?;
    let Some(list) = value else { return Ok(allowed) };
    let number = |t: &str| {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse::<usize>().ok())
    };
    let mut cpus = Vec::new();
    for part in list.split(',') {
        let (lo, hi) = part.split_once('-').unwrap_or((part, part));
        let (Some(Some(lo)), Some(Some(hi))) = (number(lo), number(hi)) else {
            return Err(invalid(list, name));
        };
        if lo > hi || hi - lo >= 1 << 16 {
            return Err(invalid(list, name));
        }
        for cpu in lo..=hi {
            if !allowed.contains(&cpu) {
                let may = crate::sys::affinity::list_text(&allowed);
                let msg = format!("{name}: CPU {cpu} is not one this process may use ({may})");
                return Err(Error::new(msg).into());
            }
            if !cpus.contains(&cpu) {
                cpus.push(cpu);
            }
        }
    }
    Ok(cpus)
}

/// `--sweep-clients=LIST`: client counts of at least 1, comma-separated,
/// each once (run in the order given).
pub(super) fn sweep_clients(value: &str, name: &str) -> Result<Vec<i32>, Exit> {
    let mut out: Vec<i32> = Vec::new();
    for item in value.split(',') {
        let t = item.trim();
        match t.parse::<i32>() {
            Ok(n) if n >= 1 && !t.starts_with('+') => {
                if out.contains(&n) {
                    return Err(Error::new(format!("{name} lists {n} twice")).into());
                }
                out.push(n);
            }
            _ => return Err(invalid(value, name)),
        }
    }
    Ok(out)
}

/// The options a sweep cannot be made with: `--shard` and `--start-at`
/// (one run's), `-l` (each run would overwrite the last one's logs).
pub(super) fn sweep_options(ext: &Extensions, use_log: bool) -> Result<(), Exit> {
    if ext.repeat.is_none() && ext.sweep_clients.is_none() {
        return Ok(());
    }
    let bad = [
        (ext.shard.is_some(), "--shard"),
        (ext.start_at_us.is_some(), "--start-at"),
        (use_log, "-l/--log"),
    ];
    if let Some((_, name)) = bad.iter().find(|b| b.0) {
        return Err(
            Error::new(format!("{name} cannot be used with --repeat or --sweep-clients")).into()
        );
    }
    Ok(())
}

/// `--start-at=TIME`: Unix epoch seconds (with a fraction) or an RFC 3339
/// date and time; as epoch microseconds.
pub(super) fn start_at(value: &str, name: &str) -> Result<i64, Exit> {
    epoch_seconds(value).or_else(|| rfc3339(value)).ok_or_else(|| invalid(value, name))
}

/// `SECONDS[.FRACTION]` as µs (the fraction to the microsecond).
fn epoch_seconds(text: &str) -> Option<i64> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let secs: i64 = int.parse().ok()?;
    secs.checked_mul(1_000_000)?.checked_add(fraction_us(frac)?)
}

/// The digits after a decimal point as µs (more than six are dropped).
fn fraction_us(frac: &str) -> Option<i64> {
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let six: String = frac.chars().chain(std::iter::repeat('0')).take(6).collect();
    six.parse().ok()
}

/// `YYYY-MM-DDTHH:MM:SS[.F]` then `Z` or `+HH:MM`/`-HH:MM` (`t`, `z` and a
/// space for the `T` too, as RFC 3339 allows) as epoch µs.
fn rfc3339(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let t = text.get(r)?;
        if t.bytes().all(|c| c.is_ascii_digit()) { t.parse().ok() } else { None }
    };
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let mut rest = &text[19..];
    let mut frac_us = 0;
    if let Some(r) = rest.strip_prefix('.') {
        let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        if end == 0 {
            return None;
        }
        frac_us = fraction_us(&r[..end])?;
        rest = &r[end..];
    }
    let offset_s = match rest {
        "Z" | "z" => 0,
        _ => {
            let sign = match rest.as_bytes().first() {
                Some(b'+') => 1,
                Some(b'-') => -1,
                _ => return None,
            };
            let r = &rest[1..];
            if r.len() != 5 || r.as_bytes()[2] != b':' {
                return None;
            }
            let (h, m) = (r[..2].parse::<i64>().ok()?, r[3..].parse::<i64>().ok()?);
            if h > 23 || m > 59 {
                return None;
            }
            sign * (h * 3600 + m * 60)
        }
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days_in = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let month_days = *days_in.get(usize::try_from(month - 1).ok()?)?;
    if day < 1 || day > month_days || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + hour * 3600 + minute * 60 + second - offset_s;
    Some(secs * 1_000_000 + frac_us)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard
/// Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards() {
        assert_eq!(shard("0/1", "--shard").ok(), Some(Shard { index: 0, count: 1 }));
        assert_eq!(shard("2/3", "--shard").ok(), Some(Shard { index: 2, count: 3 }));
        for bad in ["3/3", "1/0", "x/2", "1/", "/2", "-1/2", "1/2/3", "+1/2", "1 /2"] {
            assert!(shard(bad, "--shard").is_err(), "{bad}");
        }
    }

    #[test]
    fn start_times() {
        let at = |v| start_at(v, "--start-at");
        assert_eq!(at("1796131239").ok(), Some(1_796_131_239_000_000));
        assert_eq!(at("1796131239.25").ok(), Some(1_796_131_239_250_000));
        assert_eq!(at("1796131239.1234567").ok(), Some(1_796_131_239_123_456));
        assert_eq!(at("1970-01-01T00:00:00Z").ok(), Some(0));
        assert_eq!(at("2026-12-01T13:45:00.5Z").ok(), Some(1_796_132_700_500_000));
        assert_eq!(at("2026-12-01T14:45:00.5+01:00").ok(), Some(1_796_132_700_500_000));
        assert_eq!(at("2026-12-01 13:45:00-00:30").ok(), Some(1_796_134_500_000_000));
        assert_eq!(at("2024-02-29T00:00:00Z").ok(), Some(1_709_164_800_000_000));
        for bad in [
            "",
            "x",
            "1.2.3",
            "-5",
            "2026-12-01T13:45:00",
            "2023-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-12-01T25:00:00Z",
            "2026-12-01T13:45:00.Z",
            "2026-12-01T13:45:00+1:00",
        ] {
            assert!(at(bad).is_err(), "{bad}");
        }
    }

    fn texts(v: Option<&str>) -> Vec<String> {
        percentiles(v, "--latency-percentiles").unwrap().into_iter().map(|p| p.text).collect()
    }

    #[test]
    fn percentile_lists() {
        assert_eq!(texts(None), ["50", "90", "95", "99", "99.9", "99.99"]);
        assert_eq!(texts(Some("99.9, 50,99.90,75")), ["50", "75", "99.9"]);
        assert_eq!(texts(Some("0.001")), ["0.001"]);
        for bad in ["", "x", "50,", "inf", "nan", "0", "100", "-1", "1e3"] {
            assert!(percentiles(Some(bad), "--latency-percentiles").is_err(), "{bad}");
        }
    }

    #[test]
    fn sweep_lists() {
        let list = |v| sweep_clients(v, "--sweep-clients");
        assert_eq!(list("1,2, 4,8").ok(), Some(vec![1, 2, 4, 8]));
        assert_eq!(list("8,1").ok(), Some(vec![8, 1]));
        for bad in ["", "0", "1,,2", "-1", "x", "1,1", "+2", "99999999999"] {
            assert!(list(bad).is_err(), "{bad}");
        }
    }
}
