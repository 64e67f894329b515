//! Comparing outputs: collecting every mismatch of a case, printing both
//! sides between rulers, and getting a C pgbench output with the declared
//! Δ15 differences applied (or a visible skip when that is impossible).

use std::fmt::Debug;
use std::io::Write;

use super::delta15::{Delta, Kind};
use super::runner::{Output, Pgbench, Status, c_pgbench};

const RULER: &str = "----------------------------------------------------------------------";

/// Print a line to the real stderr, bypassing libtest's capture, so that
/// skipped comparisons are visible in the output of a passing run.
pub(crate) fn note(msg: &str) {
    let _ = writeln!(std::io::stderr(), "{msg}");
}

/// Record that a comparison of `case` was not made, visibly.
pub(crate) fn skipped(case: &str, why: &str) {
    note(&format!("skipped: {why} [{case}]"));
}

/// Both texts between rulers, plus the first differing line; None if equal.
pub(crate) fn text_diff(
    what: &str,
    left_label: &str,
    left: &str,
    right_label: &str,
    right: &str,
) -> Option<String> {
    if left == right {
        return None;
    }
    let mut msg = format!("{what} differs\n\n{left_label}:\n{RULER}\n{left}");
    if !left.is_empty() && !left.ends_with('\n') {
        msg.push_str("⏎(no newline at end)\n");
    }
    msg.push_str(&format!("{RULER}\n\n{right_label}:\n{RULER}\n{right}"));
    if !right.is_empty() && !right.ends_with('\n') {
        msg.push_str("⏎(no newline at end)\n");
    }
    msg.push_str(&format!("{RULER}\n"));
    let l: Vec<&str> = left.split_inclusive('\n').collect();
    let r: Vec<&str> = right.split_inclusive('\n').collect();
    let i = l.iter().zip(r.iter()).take_while(|(a, b)| a == b).count();
    msg.push_str(&format!(
        "first difference at line {}:\n  {left_label:>12}: {:?}\n  {right_label:>12}: {:?}\n",
        i + 1,
        l.get(i).copied().unwrap_or("<end of output>"),
        r.get(i).copied().unwrap_or("<end of output>"),
    ));
    Some(msg)
}

/// Collects the mismatches of one case and panics with all of them at the end.
#[derive(Debug)]
pub(crate) struct Check {
    name: String,
    deltas: Vec<&'static str>,
    failures: Vec<String>,
}

impl Check {
    /// A new check for case `name`.
    pub(crate) fn new(name: &str) -> Self {
        Check { name: name.to_string(), deltas: Vec::new(), failures: Vec::new() }
    }

    /// Remember the Δ15 differences the case declares (shown on failure).
    pub(crate) fn with_deltas(mut self, deltas: &[Delta]) -> Self {
        self.deltas = deltas.iter().map(|d| d.id).collect();
        self
    }

    /// Compare two texts.
    pub(crate) fn text(
        &mut self,
        what: &str,
        left_label: &str,
        left: &str,
        right_label: &str,
        right: &str,
    ) {
        if let Some(d) = text_diff(what, left_label, left, right_label, right) {
            self.failures.push(d);
        }
    }

    /// Compare two values.
    pub(crate) fn eq<T: Debug + PartialEq>(
        &mut self,
        what: &str,
        left_label: &str,
        left: &T,
        right_label: &str,
        right: &T,
    ) {
        if left != right {
            self.failures
                .push(format!("{what} differs: {left_label} {left:?}, {right_label} {right:?}\n"));
        }
    }

    /// Record a free-form failure.
    pub(crate) fn fail(&mut self, msg: impl Into<String>) {
        self.failures.push(msg.into());
    }

    /// Compare status, stdout and stderr of two outputs.
    pub(crate) fn outputs(
        &mut self,
        left_label: &str,
        left: &Output,
        right_label: &str,
        right: &Output,
    ) {
        self.eq("exit status", left_label, &left.status, right_label, &right.status);
        self.text("stdout", left_label, &left.stdout, right_label, &right.stdout);
        self.text("stderr", left_label, &left.stderr, right_label, &right.stderr);
    }

    /// Compare an output with an expectation.
    pub(crate) fn expected(&mut self, label: &str, got: &Output, expected: &Expected) {
        let want = Status::Exit(expected.status);
        self.eq("exit status", "expected", &want, label, &got.status);
        self.text("stdout", "expected", &expected.stdout, label, &got.stdout);
        self.text("stderr", "expected", &expected.stderr, label, &got.stderr);
    }

    /// Whether nothing failed so far.
    pub(crate) fn ok(&self) -> bool {
        self.failures.is_empty()
    }

    /// Panic with every recorded mismatch, if any.
    pub(crate) fn finish(self) {
        if self.failures.is_empty() {
            return;
        }
        let mut msg = format!("\n=== {}: {} mismatch(es)\n", self.name, self.failures.len());
        if !self.deltas.is_empty() {
            msg.push_str(&format!(
                "(this case depends on the Δ15 differences [{}]; with PGBENCH_RS_UNDER_TEST \
                 pointing at C pgbench 15.18 this failure is expected)\n",
                self.deltas.join(", ")
            ));
        }
        for f in &self.failures {
            msg.push('\n');
            msg.push_str(f);
        }
        panic!("{msg}");
    }
}

/// An expected exit status and outputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Expected {
    /// Exit status.
    pub(crate) status: i32,
    /// Whole stdout.
    pub(crate) stdout: String,
    /// Whole stderr.
    pub(crate) stderr: String,
}

/// Run C pgbench for `run` and turn its output into the 17 output by
/// applying the declared Δ15 transforms (only when C is older than 17).
/// Returns None, after printing a visible `skipped:` line, when there is no
/// C pgbench or when a declared difference makes the case impossible to run
/// or compare on this C version.
pub(crate) fn c_output(case: &str, run: &Pgbench, deltas: &[Delta]) -> Option<Output> {
    let Some(c) = c_pgbench() else {
        skipped(case, "C pgbench not found");
        return None;
    };
    if Delta::applies() {
        for d in deltas {
            match d.kind {
                Kind::Only17 => {
                    skipped(
                        case,
                        &format!(
                            "C pgbench {} cannot run this case [Δ15 {}: {}]",
                            c.version, d.id, d.reason
                        ),
                    );
                    return None;
                }
                Kind::NotComparable => {
                    skipped(
                        case,
                        &format!(
                            "C pgbench {} output not comparable [Δ15 {}: {}]",
                            c.version, d.id, d.reason
                        ),
                    );
                    return None;
                }
                Kind::Transform(_) => {}
            }
        }
    }
    let mut out = run.run_c()?;
    if Delta::applies() {
        for d in deltas {
            if let Kind::Transform(f) = d.kind {
                f(&mut out);
            }
        }
    }
    Some(out)
}

/// Whether `PGBENCH_TEST_UNDER_TEST_IS_C15=1` declares that the binary under
/// test is C pgbench 15.18 itself. Then the declared Δ15 transforms are
/// applied to its output too, and cases that only 17 can run are skipped
/// (visibly), so the whole suite passes: a proof of the expectations.
/// Without it, pointing `PGBENCH_RS_UNDER_TEST` at C 15.18 makes exactly the
/// cases that declare Δ15 differences fail.
pub(crate) fn under_test_is_c15() -> bool {
    std::env::var_os("PGBENCH_TEST_UNDER_TEST_IS_C15").is_some_and(|v| v == "1")
}

/// Run the binary under test for `run`. With [`under_test_is_c15`], apply
/// the declared Δ15 transforms, or return None (after a visible `skipped:`
/// line) when a declared difference means 15.18 cannot run the case.
pub(crate) fn under_test_output(case: &str, run: &Pgbench, deltas: &[Delta]) -> Option<Output> {
    if !under_test_is_c15() {
        return Some(run.run_under_test());
    }
    for d in deltas {
        if !matches!(d.kind, Kind::Transform(_)) {
            skipped(
                case,
                &format!("the binary under test is C 15.18 [Δ15 {}: {}]", d.id, d.reason),
            );
            return None;
        }
    }
    let mut out = run.run_under_test();
    for d in deltas {
        if let Kind::Transform(f) = d.kind {
            f(&mut out);
        }
    }
    Some(out)
}
