//! `--fail-if=CONDITION[,CONDITION...]` (read by `cli::compare`): conditions on the changes
//! `--compare` finds, each `METRIC<-N%` (fails when the metric dropped by
//! more than N%) or `METRIC>+N%` (rose by more than N%), the sign of N
//! optional. METRIC is a short name (`tps`, `mean`, `p50`, `p95`, `p99`,
//! `failed`, `lag`) or a key of the comparison (`latency_ms.p99`). Only
//! significant changes count.

pub(crate) use crate::config::Condition;

impl Condition {
    /// Whether a significant change of `change_pct` breaks the condition.
    pub(crate) fn broken_by(&self, change_pct: f64) -> bool {
        if self.below { change_pct < self.limit_pct } else { change_pct > self.limit_pct }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_condition_is_broken_past_its_limit() {
        let c = |below, limit_pct| Condition { text: String::new(), key: "tps", below, limit_pct };
        assert!(c(true, -5.0).broken_by(-5.1));
        assert!(!c(true, -5.0).broken_by(-4.9));
        assert!(c(false, 10.0).broken_by(10.5));
        assert!(!c(false, 10.0).broken_by(9.0));
    }
}
