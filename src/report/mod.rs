//! Output of results: the final report, per-script and per-command
//! sections, and C-compatible number formatting.

pub(crate) mod cfmt;
