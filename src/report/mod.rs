//! Output of results: the final report, per-script and per-command
//! sections, and C-compatible number formatting.

pub(crate) mod cfmt;

/// Writes text to stdout (the report's stream). Errors writing stdout
/// (a closed pipe) are ignored, as C ignores printf failures.
#[allow(clippy::print_stdout)]
pub(crate) fn write_stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}
