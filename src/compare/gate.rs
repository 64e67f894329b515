//! `--fail-if=CONDITION[,CONDITION...]`: conditions on the changes
//! `--compare` finds, each `METRIC<-N%` (fails when the metric dropped by
//! more than N%) or `METRIC>+N%` (rose by more than N%), the sign of N
//! optional. METRIC is a short name (`tps`, `mean`, `p50`, `p95`, `p99`,
//! `failed`, `lag`) or a key of the comparison (`latency_ms.p99`). Only
//! significant changes count.

pub(crate) use crate::config::Condition;
use crate::report::doc::{Metric, compared};

impl Condition {
    /// Whether a significant change of `change_pct` breaks the condition.
    pub(crate) fn broken_by(&self, change_pct: f64) -> bool {
        if self.below { change_pct < self.limit_pct } else { change_pct > self.limit_pct }
    }
}

/// The metric `name` names.
fn metric(name: &str) -> Option<&'static Metric> {
    compared().find(|m| m.key == name || m.short == name)
}

/// Parses the value of `--fail-if`; the message says what is wrong.
pub(crate) fn parse(value: &str) -> Result<Vec<Condition>, String> {
    let mut out = Vec::new();
    for item in value.split(',') {
        let text = item.trim();
        let Some(at) = text.find(['<', '>']) else {
            return Err(format!(
                "invalid condition \"{text}\" for option --fail-if: expected METRIC<-N% or METRIC>+N%"
            ));
        };
        let (name, rest) = (text[..at].trim(), &text[at..]);
        let Some(m) = metric(name) else {
            let names: Vec<&str> = compared().map(|m| m.short).collect();
            return Err(format!(
                "unknown metric \"{name}\" in --fail-if (one of {})",
                names.join(", ")
            ));
        };
        let below = rest.starts_with('<');
        let number = rest[1..].trim().strip_suffix('%').map(str::trim);
        let limit = number.filter(|n| !n.is_empty()).and_then(|n| n.parse::<f64>().ok());
        match limit {
            Some(l) if l.is_finite() => {
                out.push(Condition { text: text.to_string(), key: m.key, below, limit_pct: l });
            }
            _ => {
                return Err(format!(
                    "invalid limit in \"{text}\" for option --fail-if: expected a percentage such as -5%"
                ));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions() {
        let c = parse("tps<-5%, p99>+10%,latency_ms.mean>2.5%").unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!((c[0].key, c[0].below, c[0].limit_pct), ("tps", true, -5.0));
        assert_eq!((c[1].key, c[1].below, c[1].limit_pct), ("latency_ms.p99", false, 10.0));
        assert_eq!((c[2].key, c[2].text.as_str()), ("latency_ms.mean", "latency_ms.mean>2.5%"));
        assert!(c[0].broken_by(-5.1));
        assert!(!c[0].broken_by(-4.9));
        assert!(c[1].broken_by(10.5));
        assert!(!c[1].broken_by(9.0));
        assert_eq!(
            parse("tps=5%").unwrap_err(),
            "invalid condition \"tps=5%\" for option --fail-if: expected METRIC<-N% or METRIC>+N%"
        );
        assert_eq!(
            parse("qps<-5%").unwrap_err(),
            "unknown metric \"qps\" in --fail-if (one of tps, mean, p50, p95, p99, failed, lag)"
        );
        for bad in ["tps<-5", "tps<%", "tps<x%", "tps<inf%", "tps>"] {
            assert!(parse(bad).unwrap_err().starts_with("invalid limit"), "{bad}");
        }
    }
}
