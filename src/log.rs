//! Diagnostics on stderr, formatted as PostgreSQL's `common/logging.c`
//! formats them (`pgbench: error: ...`, `pgbench: detail: ...`).
//!
//! Besides `report::progress` (which writes progress lines) and the
//! `debug()` script function (raw text through [`raw`]), this is the only
//! writer to stderr. Every message is assembled first and written with one
//! `write_all`, so lines from different worker threads never interleave
//! mid-line. As in C, stdout is flushed before anything goes to stderr so
//! that `2>&1` keeps the two streams in order.
#![allow(clippy::print_stderr)]

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static PROGNAME: OnceLock<String> = OnceLock::new();
static DEBUG: AtomicBool = AtomicBool::new(false);
static COLOR: OnceLock<Colors> = OnceLock::new();

/// The severity words of `common/logging.c`; `Info` and `Debug` print no word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    /// `pg_log_error`: "error: ".
    Error,
    /// `pg_log_warning`: "warning: ".
    Warning,
    /// `pg_log_info`: no level word.
    Info,
    /// `pg_log_debug`: no level word, shown only with `--debug`.
    Debug,
    /// `pg_log_*_detail`: "detail: ".
    Detail,
    /// `pg_log_*_hint`: "hint: ".
    Hint,
}

/// SGR sequences used when `PG_COLOR` asks for colour (logging.c defaults).
#[derive(Debug, Default)]
struct Colors {
    enabled: bool,
    error: String,
    warning: String,
    note: String,
    locus: String,
}

/// Records the program name (basename of `argv[0]`) and reads `PG_COLOR` /
/// `PG_COLORS` as `pg_logging_init` does.
pub(crate) fn init(argv0: &str) {
    let base = argv0.rsplit('/').next().unwrap_or(argv0);
    let _ = PROGNAME.set(base.to_string());
    let _ = COLOR.set(colors_from_env());
}

fn colors_from_env() -> Colors {
    let want = match std::env::var("PG_COLOR").ok().as_deref() {
        Some("always") => true,
        Some("auto") => crate::sys::tty::stderr_is_tty(),
        _ => false,
    };
    let mut c = Colors {
        enabled: want,
        error: "01;31".into(),
        warning: "01;35".into(),
        note: "01;36".into(),
        locus: "01".into(),
    };
    if let Ok(spec) = std::env::var("PG_COLORS") {
        for item in spec.split(':') {
            if let Some((name, value)) = item.split_once('=') {
                match name {
                    "error" => c.error = value.into(),
                    "warning" => c.warning = value.into(),
                    "note" => c.note = value.into(),
                    "locus" => c.locus = value.into(),
                    _ => {}
                }
            }
        }
    }
    c
}

/// The program name used as message prefix ("pgbench-rs" when installed
/// under that name; the basename of `argv[0]` as in C).
pub(crate) fn progname() -> &'static str {
    PROGNAME.get().map_or("pgbench", String::as_str)
}

/// Turns on `--debug` output.
pub(crate) fn set_debug(on: bool) {
    DEBUG.store(on, Ordering::Relaxed);
}

/// Whether `--debug` output is on; callers test this before building a
/// debug message so the common path formats nothing.
#[inline]
pub(crate) fn debug_enabled() -> bool {
    DEBUG.load(Ordering::Relaxed)
}

/// Formats one message the way `pg_log_generic` does: progname, level word,
/// the text with exactly one trailing newline removed, then a newline.
pub(crate) fn format_message(level: Level, args: fmt::Arguments<'_>) -> String {
    let colors = COLOR.get();
    let on = colors.is_some_and(|c| c.enabled);
    let mut out = String::with_capacity(80);
    if let Some(c) = colors.filter(|_| on) {
        out.push_str(&format!("\x1b[{}m{}:\x1b[0m ", c.locus, progname()));
    } else {
        out.push_str(progname());
        out.push_str(": ");
    }
    let (word, sgr) = match level {
        Level::Error => ("error: ", colors.map(|c| c.error.as_str())),
        Level::Warning => ("warning: ", colors.map(|c| c.warning.as_str())),
        Level::Detail => ("detail: ", colors.map(|c| c.note.as_str())),
        Level::Hint => ("hint: ", colors.map(|c| c.note.as_str())),
        Level::Info | Level::Debug => ("", None),
    };
    if !word.is_empty() {
        match sgr {
            Some(s) if on => out.push_str(&format!("\x1b[{s}m{word}\x1b[0m")),
            _ => out.push_str(word),
        }
    }
    let text = fmt::format(args);
    out.push_str(text.strip_suffix('\n').unwrap_or(&text));
    out.push('\n');
    out
}

/// Writes one message to stderr (after flushing stdout).
pub(crate) fn emit(level: Level, args: fmt::Arguments<'_>) {
    if level == Level::Debug && !debug_enabled() {
        return;
    }
    raw(format_message(level, args).as_bytes());
}

/// Writes bytes to stderr as one write, after flushing stdout. Used for
/// text C prints without a prefix (`debug()` output, `starting vacuum...`).
pub(crate) fn raw(bytes: &[u8]) {
    let _ = io::stdout().lock().flush();
    let mut err = io::stderr().lock();
    let _ = err.write_all(bytes);
    let _ = err.flush();
}

/// `pg_log_error(...)`.
macro_rules! error {
    ($($arg:tt)*) => { $crate::log::emit($crate::log::Level::Error, format_args!($($arg)*)) };
}
/// `pg_log_warning(...)`.
macro_rules! warning {
    ($($arg:tt)*) => { $crate::log::emit($crate::log::Level::Warning, format_args!($($arg)*)) };
}
/// `pg_log_info(...)`.
macro_rules! info {
    ($($arg:tt)*) => { $crate::log::emit($crate::log::Level::Info, format_args!($($arg)*)) };
}
/// `pg_log_debug(...)`: formats only when `--debug` is on.
macro_rules! debug {
    ($($arg:tt)*) => {
        if $crate::log::debug_enabled() {
            $crate::log::emit($crate::log::Level::Debug, format_args!($($arg)*))
        }
    };
}
/// `pg_log_error_detail(...)`.
macro_rules! detail {
    ($($arg:tt)*) => { $crate::log::emit($crate::log::Level::Detail, format_args!($($arg)*)) };
}
pub(crate) use {debug, detail, error, info, warning};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_trailing_newline_is_stripped() {
        let m = format_message(Level::Error, format_args!("ERROR:  boom\n"));
        assert!(m.ends_with("error: ERROR:  boom\n"), "{m:?}");
        let m = format_message(Level::Hint, format_args!("a\n\n"));
        assert!(m.ends_with("hint: a\n\n"), "{m:?}");
    }

    #[test]
    fn info_has_no_level_word() {
        let m = format_message(Level::Info, format_args!("setting random seed to 5"));
        assert_eq!(m, format!("{}: setting random seed to 5\n", progname()));
    }
}
