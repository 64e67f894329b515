//! Debian's Prometheus server, started by a test to scrape pgbench-rs's
//! `--metrics-listen` endpoints every second ([`Prometheus::start`]), and
//! read back through its HTTP API ([`Prometheus::query`]); a plain HTTP
//! GET for the endpoints themselves ([`get`]).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::PATIENCE;

/// The server's program (Debian's package `prometheus`).
pub(crate) const PROGRAM: &str = "prometheus";

/// An answer to an HTTP request: status code, headers, body.
#[derive(Debug)]
pub(crate) struct Answer {
    /// The status code (200).
    pub(crate) status: u16,
    /// The header lines, as sent.
    pub(crate) headers: String,
    /// The body.
    pub(crate) body: String,
}

/// `GET path` from `addr` over HTTP/1.1, with `Accept: accept` when
/// given; the connection closed by the server ends the answer.
pub(crate) fn get(addr: SocketAddr, path: &str, accept: Option<&str>) -> std::io::Result<Answer> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(10))?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let accept = accept.map(|a| format!("Accept: {a}\r\n")).unwrap_or_default();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{accept}Connection: close\r\n\r\n")?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let (status_line, headers) = head.split_once("\r\n").unwrap_or((head, ""));
    let status = status_line.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = if headers.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        dechunk(body)
    } else {
        body.to_string()
    };
    Ok(Answer { status, headers: headers.to_string(), body })
}

/// A chunked body's data.
fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// `text` percent-encoded for a URL's query.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A Prometheus server of the test's own, scraping its targets every
/// second; stopped (and its data removed with the scratch directory) when
/// dropped.
#[derive(Debug)]
pub(crate) struct Prometheus {
    child: Child,
    /// Its web address (the API).
    pub(crate) addr: SocketAddr,
    log: PathBuf,
}

impl Prometheus {
    /// Starts a server in `dir` that scrapes `targets` every second, and
    /// waits until it is ready.
    pub(crate) fn start(dir: &Path, targets: &[SocketAddr]) -> Prometheus {
        std::fs::create_dir_all(dir).expect("the Prometheus directory");
        let list: Vec<String> = targets.iter().map(|t| format!("'{t}'")).collect();
        let config = dir.join("prometheus.yml");
        std::fs::write(
            &config,
            format!(
                "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n\
                 scrape_configs:\n  - job_name: pgbench-rs\n    static_configs:\n      \
                 - targets: [{}]\n",
                list.join(", ")
            ),
        )
        .expect("prometheus.yml");
        // A free port (asked of the kernel, then given to Prometheus; if
        // another program takes it between, Prometheus says so and the
        // start is tried again).
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .expect("a free port")
                .port();
            let addr: SocketAddr = ([127, 0, 0, 1], port).into();
            let log = dir.join(format!("prometheus-{port}.log"));
            let child = Command::new(PROGRAM)
                .arg(format!("--config.file={}", config.display()))
                .arg(format!("--storage.tsdb.path={}", dir.join("data").display()))
                .arg(format!("--web.listen-address={addr}"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(std::fs::File::create(&log).expect("the Prometheus log"))
                .spawn()
                .unwrap_or_else(|e| panic!("{PROGRAM}: {e}"));
            let mut p = Prometheus { child, addr, log };
            if p.ready() {
                return p;
            }
        }
        panic!("Prometheus did not start (its logs are in {})", dir.display());
    }

    /// Waits until the server answers `/-/ready`; false when it ended.
    fn ready(&mut self) -> bool {
        let until = Instant::now() + PATIENCE;
        while Instant::now() < until {
            if self.child.try_wait().ok().flatten().is_some() {
                return false;
            }
            if get(self.addr, "/-/ready", None).is_ok_and(|a| a.status == 200) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("Prometheus not ready in {PATIENCE:?}:\n{}", self.log_text());
    }

    /// What the server logged.
    pub(crate) fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The instant vector of `expr` now: each series' labels and value.
    pub(crate) fn query(&self, expr: &str) -> Vec<(Value, f64)> {
        let path = format!("/api/v1/query?query={}", encode(expr));
        let answer = get(self.addr, &path, None).unwrap_or_else(|e| panic!("{path}: {e}"));
        let doc: Value = serde_json::from_str(&answer.body)
            .unwrap_or_else(|e| panic!("{path}: {e}: {}", answer.body));
        assert_eq!(doc["status"], "success", "{path}: {}", answer.body);
        let result = doc["data"]["result"].as_array().cloned().unwrap_or_default();
        result
            .into_iter()
            .map(|r| {
                let v = r["value"][1].as_str().and_then(|v| v.parse().ok());
                let v = v.unwrap_or_else(|| panic!("{path}: {r}"));
                (r["metric"].clone(), v)
            })
            .collect()
    }

    /// The one value of `expr` now (None: no series).
    pub(crate) fn value(&self, expr: &str) -> Option<f64> {
        let all = self.query(expr);
        assert!(all.len() <= 1, "{expr}: {all:?}");
        all.first().map(|(_, v)| *v)
    }
}

impl Drop for Prometheus {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
