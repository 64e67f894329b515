//! The password prompt (PostgreSQL's `simple_prompt`): reads one line from
//! the terminal with echo turned off.

use std::fs::OpenOptions;
use std::io::{self, BufRead, BufReader, Write};
use std::os::fd::AsRawFd;

/// Prints `prompt` and reads a line without echo, from /dev/tty when there
/// is one (as `simple_prompt` does), else from stdin with the prompt on
/// stderr. The trailing newline is removed; a read failure gives "".
pub(crate) fn password(prompt: &str) -> String {
    match OpenOptions::new().read(true).write(true).open("/dev/tty") {
        Ok(tty) => {
            let fd = tty.as_raw_fd();
            let saved = echo_off(fd);
            let mut out = &tty;
            let _ = out.write_all(prompt.as_bytes());
            let _ = out.flush();
            let line = read_line(BufReader::new(&tty));
            if let Some(saved) = saved {
                restore(fd, &saved);
                let _ = out.write_all(b"\n");
                let _ = out.flush();
            }
            line
        }
        Err(_) => {
            let mut err = io::stderr().lock();
            let _ = err.write_all(prompt.as_bytes());
            let _ = err.flush();
            let stdin = io::stdin();
            let fd = stdin.as_raw_fd();
            let saved = echo_off(fd);
            let line = read_line(stdin.lock());
            if let Some(saved) = saved {
                restore(fd, &saved);
                let _ = err.write_all(b"\n");
            }
            line
        }
    }
}

fn read_line(mut r: impl BufRead) -> String {
    let mut line = String::new();
    if r.read_line(&mut line).is_err() {
        return String::new();
    }
    while line.ends_with('\n') || line.ends_with('\r') {
        line.pop();
    }
    line
}

/// Turns off echo on a terminal; returns the previous settings, or None if
/// `fd` is not a terminal.
fn echo_off(fd: i32) -> Option<libc::termios> {
    // SAFETY: termios is a plain C struct for which all-zero bytes are a
    // valid value; tcgetattr overwrites it.
    let mut t: libc::termios = unsafe { std::mem::zeroed() };
    // SAFETY: t is a valid, writable termios; fd is any descriptor number.
    if unsafe { libc::tcgetattr(fd, &mut t) } != 0 {
        return None;
    }
    let saved = t;
    t.c_lflag &= !libc::ECHO;
    // SAFETY: t is a valid termios obtained from tcgetattr.
    unsafe { libc::tcsetattr(fd, libc::TCSAFLUSH, &t) };
    Some(saved)
}

fn restore(fd: i32, saved: &libc::termios) {
    // SAFETY: saved is a termios previously returned by tcgetattr.
    unsafe { libc::tcsetattr(fd, libc::TCSAFLUSH, saved) };
}
