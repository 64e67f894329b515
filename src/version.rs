//! The pgbench version pgbench-rs reproduces, as `-V`, the connection
//! banner and the JSON report name it, and version numbers as text.

/// The version we reproduce, printed by `-V` and the connection banner.
pub(crate) const PG_VERSION: &str = "17.12";
/// `PG_VERSION_NUM` of that version (the banner compares it with the server's).
pub(crate) const PG_VERSION_NUM: i32 = 170_012;

/// A libpq-style version number (170005) as text (`17.5`).
pub(crate) fn text(v: i32) -> String {
    format!("{}.{}", v / 10000, v % 10000)
}

#[cfg(test)]
mod tests {
    #[test]
    fn version_numbers_as_text() {
        assert_eq!(super::text(170_012), "17.12");
        assert_eq!(super::text(180_000), "18.0");
        assert_eq!(super::text(super::PG_VERSION_NUM), super::PG_VERSION);
    }
}
