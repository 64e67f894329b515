//! `\shell` and `\setshell`: running a command line through `/bin/sh`
//! (C's `system()` and `popen()`), with C's messages; a signal that
//! interrupts the run ends the command.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::process::{Command as Process, Stdio};

use crate::engine::shared::Shared;
use crate::log;
use crate::script::meta::parse_setshell_output;
use crate::script::{Command, SetTarget, ShellWords, Value, Vars};

/// Flushes our buffered output before a child writes to the same streams
/// (C's `fflush(NULL)`).
fn flush_all() {
    let _ = std::io::stdout().lock().flush();
    let _ = std::io::stderr().lock().flush();
}

/// Builds the command line into `buf` and flushes our output before the
/// command runs; false (after C's message) if the line cannot be built.
fn build(words: &ShellWords, vars: &Vars, buf: &mut Vec<u8>) -> bool {
    if let Err(msg) = words.build(vars, buf) {
        log::error!("{msg}");
        return false;
    }
    flush_all();
    true
}

/// `/bin/sh -c cmdline`, named `sh` as `system()` and `popen()` name it
/// (the shell prefixes its own error messages with that name).
fn shell(cmdline: &[u8]) -> Process {
    let mut p = Process::new("/bin/sh");
    p.arg0("sh").arg("-c").arg(std::ffi::OsStr::from_bytes(cmdline));
    p
}

/// `\shell`: runs the command; its output goes to our stdout. False on
/// failure (after C's message; none once the `-T` time is up).
pub(crate) fn run_shell(
    sh: &Shared<'_>,
    words: &ShellWords,
    vars: &Vars,
    buf: &mut Vec<u8>,
) -> bool {
    if let Err(msg) = words.build(vars, buf) {
        log::error!("{msg}");
        return false;
    }
    flush_all();
    // A signal that interrupts the run ends the command too (a run
    // interrupted by one does not wait for it).
    let wake = crate::sys::signal::run_wake_fd();
    let ok = shell(buf).spawn().is_ok_and(
        |mut child| matches!(crate::sys::child::wait(&mut child, wake), Ok(Some(s)) if s.success()),
    );
    if !ok && !sh.timer_exceeded() {
        log::error!("{}: could not launch shell command", words.first);
    }
    ok
}

/// `\setshell`: runs the command, reads the first line of its output (at
/// most 63 bytes, as C's `fgets`), and stores it as an integer.
pub(crate) fn run_setshell(
    sh: &Shared<'_>,
    cmd: &Command,
    target: &SetTarget,
    words: &ShellWords,
    vars: &mut Vars,
    buf: &mut Vec<u8>,
) -> bool {
    if !build(words, vars, buf) {
        return false;
    }
    let mut child = match shell(buf).stdout(Stdio::piped()).spawn() {
        Ok(c) => c,
        Err(_) => {
            log::error!("{}: could not launch shell command", words.first);
            return false;
        }
    };
    let wake = crate::sys::signal::run_wake_fd();
    let mut line = Vec::with_capacity(64);
    if let Some(out) = child.stdout.take() {
        if !crate::sys::child::output_ready(&out, wake).unwrap_or(true) {
            let _ = child.kill();
            let _ = child.wait();
            return false;
        }
        let mut reader = BufReader::new(out.take(63));
        let _ = reader.read_until(b'\n', &mut line);
        // Closing our end of the pipe, as pclose does, before waiting.
        drop(reader);
    }
    let waited = match crate::sys::child::wait(&mut child, wake) {
        Ok(Some(status)) => Ok(status),
        Ok(None) => return false,
        Err(e) => Err(e),
    };
    if line.is_empty() {
        if !sh.timer_exceeded() {
            log::error!("{}: could not read result of shell command", words.first);
        }
        return false;
    }
    if let Err(e) = waited {
        log::error!(
            "{}: could not run shell command: {}",
            words.first,
            crate::sys::os_error_text(&e)
        );
        return false;
    }
    let value = match parse_setshell_output(&words.first, &line) {
        Ok(v) => v,
        Err(msg) => {
            log::error!("{msg}");
            return false;
        }
    };
    if let Err(msg) = target.assign(vars, Value::Int(value), "setshell") {
        log::error!("{msg}");
        return false;
    }
    log::debug!(
        "{}: shell parameter name: \"{}\", value: \"{}\"",
        words.first,
        cmd.argv.get(3).map_or("", String::as_str),
        String::from_utf8_lossy(&line)
    );
    true
}
