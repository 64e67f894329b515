//! The values of pgbench-rs's own options, checked with messages in C
//! pgbench's style (exit status 1).

use super::Exit;
use crate::config::{DEFAULT_PERCENTILES, Percentile};
use crate::log;

/// `--latency-percentiles[=LIST]`: a comma-separated list of numbers
/// greater than 0 and less than 100 (the default list without a value),
/// in increasing order, each once.
pub(super) fn percentiles(value: Option<&str>) -> Result<Vec<Percentile>, Exit> {
    let Some(list) = value else {
        return Ok(DEFAULT_PERCENTILES.iter().map(|&v| Percentile::new(v)).collect());
    };
    let mut out: Vec<Percentile> = Vec::new();
    for item in list.split(',') {
        let text = item.trim();
        let value = match text.parse::<f64>() {
            Ok(v) if v.is_finite() && !text.is_empty() => v,
            _ => {
                log::fatal!(Exit::Failure; "invalid value \"{list}\" for option --latency-percentiles")
            }
        };
        if !(value > 0.0 && value < 100.0) {
            log::fatal!(Exit::Failure;
                "--latency-percentiles values must be greater than 0 and less than 100 (not \"{text}\")"
            );
        }
        if !out.iter().any(|p| p.value == value) {
            out.push(Percentile::new(value));
        }
    }
    out.sort_by(|a, b| a.value.total_cmp(&b.value));
    Ok(out)
}

/// `--report-json=FILE`: any file name but an empty one.
pub(super) fn report_file(value: &str, option: &str) -> Result<String, Exit> {
    if value.is_empty() {
        log::fatal!(Exit::Failure; "invalid value \"\" for option {option}");
    }
    Ok(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(v: Option<&str>) -> Vec<String> {
        percentiles(v).unwrap().into_iter().map(|p| p.text).collect()
    }

    #[test]
    fn percentile_lists() {
        assert_eq!(texts(None), ["50", "90", "95", "99", "99.9", "99.99"]);
        assert_eq!(texts(Some("99.9, 50,99.90,75")), ["50", "75", "99.9"]);
        assert_eq!(texts(Some("0.001")), ["0.001"]);
        for bad in ["", "x", "50,", "inf", "nan", "0", "100", "-1", "1e3"] {
            assert!(percentiles(Some(bad)).is_err(), "{bad}");
        }
    }
}
