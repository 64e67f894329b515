//! The metrics endpoint's one thread: an HTTP/1.x responder on its
//! listener for `GET /metrics` (and `HEAD`), which answers from the text
//! last rendered (OpenMetrics, or the Prometheus text format when the
//! `Accept` header does not ask for OpenMetrics) and closes the
//! connection. It holds at most [`MAX_CONNECTIONS`] at once (others are
//! closed as they are accepted), gives a request [`REQUEST_TIMEOUT_MS`]
//! to arrive and [`MAX_REQUEST`] bytes, and waits with `poll` so that a
//! silent or slow client delays no other. Nothing else is served: another
//! path is 404, another method 405, garbage 400.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::sys::clock::monotonic_us;
use crate::sys::poll::{PollFd, poll};

/// The connections held at once (besides the listener; counted in the
/// descriptor budget, `sys::rlimit::Budget::METRICS`).
pub(crate) const MAX_CONNECTIONS: usize = 8;
const _: () = assert!(MAX_CONNECTIONS as u64 + 1 == crate::sys::rlimit::Budget::METRICS);
/// How long a connection has to send its request and take the answer.
pub(crate) const REQUEST_TIMEOUT_MS: i64 = 5_000;
/// The longest request read.
pub(crate) const MAX_REQUEST: usize = 8 * 1024;
/// How often the thread looks whether it is to stop, ms.
const TICK_MS: i32 = 100;

/// The texts served, rendered together once a second.
#[derive(Debug, Default)]
pub(crate) struct Texts {
    /// OpenMetrics.
    pub(crate) openmetrics: Arc<String>,
    /// The Prometheus text format.
    pub(crate) prometheus: Arc<String>,
}

/// What the thread answers from, shared with the run.
pub(crate) type Published = Arc<Mutex<Texts>>;

/// A connection: the request read so far, then the answer left to write.
struct Conn {
    stream: TcpStream,
    since_us: i64,
    request: Vec<u8>,
    answer: Option<(Vec<u8>, usize)>,
    done: bool,
}

impl Conn {
    /// Reads what came (and answers once the request is whole), or writes
    /// what the answer has left.
    fn advance(&mut self, published: &Published) {
        if let Some((answer, sent)) = &mut self.answer {
            match self.stream.write(&answer[*sent..]) {
                Ok(n) => *sent += n,
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(_) => self.done = true,
            }
            if *sent >= answer.len() {
                self.done = true;
            }
            return;
        }
        let mut buf = [0u8; 2048];
        match self.stream.read(&mut buf) {
            Ok(0) => self.done = true,
            Ok(n) => {
                self.request.extend_from_slice(&buf[..n]);
                let whole =
                    find(&self.request, b"\r\n\r\n").or_else(|| find(&self.request, b"\n\n"));
                if whole.is_some() || self.request.len() >= MAX_REQUEST {
                    let answer = if whole.is_some() {
                        answer(&self.request, published)
                    } else {
                        status(431, "Request Header Fields Too Large", "the request is too long\n")
                    };
                    self.answer = Some((answer, 0));
                    self.advance(published);
                }
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
            Err(_) => self.done = true,
        }
    }
}

/// Where `needle` starts in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A short answer with `code` and a plain text body.
fn status(code: u16, reason: &str, body: &str) -> Vec<u8> {
    format!(
        "HTTP/1.1 {code} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The answer to a whole request.
fn answer(request: &[u8], published: &Published) -> Vec<u8> {
    let text = String::from_utf8_lossy(request);
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let mut parts = first.split(' ');
    let (method, target, version) = (parts.next(), parts.next(), parts.next());
    let (Some(method), Some(target), Some(version)) = (method, target, version) else {
        return status(400, "Bad Request", "not an HTTP request\n");
    };
    if !version.starts_with("HTTP/1.") || parts.next().is_some() {
        return status(400, "Bad Request", "not an HTTP/1 request\n");
    }
    let path = target.split('?').next().unwrap_or_default();
    if path != "/metrics" {
        return status(404, "Not Found", "the metrics are at /metrics\n");
    }
    if method != "GET" && method != "HEAD" {
        return status(405, "Method Not Allowed", "only GET and HEAD\n");
    }
    let accept = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("accept"))
        .map(|(_, v)| v.to_ascii_lowercase())
        .unwrap_or_default();
    let openmetrics = accept.contains("application/openmetrics-text");
    let (body, kind) = {
        let t = published.lock().unwrap_or_else(PoisonError::into_inner);
        if openmetrics {
            (
                Arc::clone(&t.openmetrics),
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
            )
        } else {
            (Arc::clone(&t.prometheus), "text/plain; version=0.0.4; charset=utf-8")
        }
    };
    let mut out = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    if method == "GET" {
        out.extend_from_slice(body.as_bytes());
    }
    out
}

/// The thread: answers on `listener` until `stop` is set.
pub(crate) fn serve(listener: &TcpListener, published: &Published, stop: &AtomicBool) {
    let mut conns: Vec<Conn> = Vec::new();
    while !stop.load(Ordering::Acquire) {
        let mut fds = vec![PollFd::new(listener.as_raw_fd(), false)];
        fds.extend(conns.iter().map(|c| PollFd::new(c.stream.as_raw_fd(), c.answer.is_some())));
        if poll(&mut fds, TICK_MS).is_err() {
            break;
        }
        for (c, f) in conns.iter_mut().zip(&fds[1..]) {
            if f.ready {
                c.advance(published);
            }
        }
        if fds[0].ready {
            while let Ok((stream, _)) = listener.accept() {
                if conns.len() >= MAX_CONNECTIONS || stream.set_nonblocking(true).is_err() {
                    continue;
                }
                conns.push(Conn {
                    stream,
                    since_us: monotonic_us(),
                    request: Vec::new(),
                    answer: None,
                    done: false,
                });
            }
        }
        let now = monotonic_us();
        conns.retain(|c| !c.done && now - c.since_us < REQUEST_TIMEOUT_MS * 1000);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn published() -> Published {
        Arc::new(Mutex::new(Texts {
            openmetrics: Arc::new("om\n# EOF\n".into()),
            prometheus: Arc::new("text\n".into()),
        }))
    }

    fn reply(request: &str) -> String {
        String::from_utf8(answer(request.as_bytes(), &published())).unwrap()
    }

    #[test]
    fn the_metrics_in_the_format_asked_for_and_nothing_else() {
        let om = reply(
            "GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5\r\n\r\n",
        );
        assert_eq!(
            om,
            "HTTP/1.1 200 OK\r\nContent-Type: application/openmetrics-text; version=1.0.0; charset=utf-8\r\nContent-Length: 9\r\nConnection: close\r\n\r\nom\n# EOF\n"
        );
        let text = reply("GET /metrics?x=1 HTTP/1.0\n\n");
        assert!(
            text.starts_with("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4"),
            "{text}"
        );
        assert!(text.ends_with("\r\n\r\ntext\n"), "{text}");
        assert!(
            reply("HEAD /metrics HTTP/1.1\r\n\r\n")
                .ends_with("Content-Length: 5\r\nConnection: close\r\n\r\n")
        );
        assert!(reply("GET / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404 Not Found\r\n"));
        assert!(reply("GET /etc/passwd HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404 "));
        assert!(reply("POST /metrics HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405 "));
        assert!(reply("\u{1}\u{2} garbage\r\n\r\n").starts_with("HTTP/1.1 400 "));
        assert!(reply("GET /metrics SPDY/3\r\n\r\n").starts_with("HTTP/1.1 400 "));
    }
}
