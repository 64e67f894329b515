//! Why a command line could not do what it asked: the messages C pgbench
//! prints before it exits with status 1 (an error line, then its detail
//! and hint lines, or text without a prefix such as getopt's complaint),
//! carried back to `main`, which prints them and picks the exit status.

use std::fmt;

use crate::log::{self, Level};

/// A usage or set-up failure and C pgbench's messages for it, in order.
/// Its `Display` is the text C prints on stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    lines: Vec<Line>,
}

/// One message of an [`Error`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum Line {
    /// A `pg_log_*` message at a level (formatted as `common/logging.c`).
    Log(Level, String),
    /// Text written as it is (getopt's `prog: message`, a builtin list).
    Raw(String),
}

impl Error {
    /// `pg_log_error(text)` and exit 1.
    pub(crate) fn new(text: impl Into<String>) -> Self {
        Error { lines: vec![Line::Log(Level::Error, text.into())] }
    }

    /// Text C writes without a prefix, and exit 1.
    pub(crate) fn raw(text: impl Into<String>) -> Self {
        Error { lines: vec![Line::Raw(text.into())] }
    }

    /// Adds another `pg_log_error` line.
    #[must_use]
    pub(crate) fn and_error(self, text: impl Into<String>) -> Self {
        self.with(Line::Log(Level::Error, text.into()))
    }

    /// Adds a `pg_log_error_detail` line.
    #[must_use]
    pub(crate) fn detail(self, text: impl Into<String>) -> Self {
        self.with(Line::Log(Level::Detail, text.into()))
    }

    /// Adds a `pg_log_error_hint` line.
    #[must_use]
    pub(crate) fn hint(self, text: impl Into<String>) -> Self {
        self.with(Line::Log(Level::Hint, text.into()))
    }

    /// Adds text written as it is.
    #[must_use]
    pub(crate) fn and_raw(self, text: impl Into<String>) -> Self {
        self.with(Line::Raw(text.into()))
    }

    fn with(mut self, line: Line) -> Self {
        self.lines.push(line);
        self
    }

    /// Writes the messages to stderr as one write (after flushing stdout),
    /// as every message of the program is written.
    pub fn print(&self) {
        log::raw(self.to_string().as_bytes());
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            match line {
                Line::Log(level, text) => {
                    f.write_str(&log::format_message(*level, format_args!("{text}")))?;
                }
                Line::Raw(text) => f.write_str(text)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_print_in_order_with_their_level_words() {
        let e =
            Error::raw("prog: bad option\n").and_error("first").detail("why").hint("what to do");
        let p = log::progname();
        assert_eq!(
            e.to_string(),
            format!(
                "prog: bad option\n{p}: error: first\n{p}: detail: why\n{p}: hint: what to do\n"
            )
        );
    }
}
