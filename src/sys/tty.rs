//! Terminal queries: whether stderr is a terminal (progress line endings,
//! `PG_COLOR=auto`).

/// Whether file descriptor 2 refers to a terminal.
pub(crate) fn stderr_is_tty() -> bool {
    // SAFETY: isatty only inspects the descriptor number; any value is valid
    // input and an invalid descriptor simply yields 0.
    unsafe { libc::isatty(2) == 1 }
}
