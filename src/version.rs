//! The pgbench version pgbench-rs reproduces, as `-V`, the connection
//! banner and the JSON report name it.

/// The version we reproduce, printed by `-V` and the connection banner.
pub(crate) const PG_VERSION: &str = "17.12";
/// `PG_VERSION_NUM` of that version (the banner compares it with the server's).
pub(crate) const PG_VERSION_NUM: i32 = 170_012;
