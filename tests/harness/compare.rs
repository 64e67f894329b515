//! Comparing outputs: collecting every mismatch of a case, printing both
//! sides between rulers, and getting C pgbench's output (or a visible skip
//! when it is not installed).

use std::fmt::Debug;
use std::io::Write;

use super::require::{Need, require};
use super::runner::{Output, Pgbench, Status, c_pgbench_of};

const RULER: &str = "----------------------------------------------------------------------";

/// Print a line to the real stderr, bypassing libtest's capture, so that
/// skipped comparisons are visible in the output of a passing run.
pub(crate) fn note(msg: &str) {
    let _ = writeln!(std::io::stderr(), "{msg}");
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
    failures: Vec<String>,
}

impl Check {
    /// A new check for case `name`.
    pub(crate) fn new(name: &str) -> Self {
        Check { name: name.to_string(), failures: Vec::new() }
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

/// Run the C pgbench `run` is compared with (17 unless it says). Returns
/// None, after a skip line (or a failure when the reference is required:
/// see `require`), when it is not installed.
pub(crate) fn c_output(run: &Pgbench) -> Option<Output> {
    if c_pgbench_of(run.version()).is_none() && !require(Need::Reference(run.version())) {
        return None;
    }
    run.run_c()
}
