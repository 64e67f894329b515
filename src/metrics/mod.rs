//! `--metrics-listen=[HOST:]PORT`: the run's live metrics for Prometheus,
//! served over HTTP while it runs (a run, each run of `--repeat` and
//! `--sweep-clients`) and for `--metrics-linger` seconds after its report.
//! The listener is bound before anything connects (an address in use or
//! not allowed is a set-up error); one thread that is not a worker answers
//! ([`http`]), from a text the main thread renders once a second
//! ([`render`]) from the per-second data the workers send anyway for the
//! reports. Without the option, none of this exists: no thread, no
//! socket, nothing rendered.

pub(crate) mod http;
pub(crate) mod render;

use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::config::{BenchConfig, MetricsConfig};
use crate::error::Error;
use crate::events::Events;
pub(crate) use render::{Buckets, ScriptSnapshot, Snapshot};

/// The endpoint: its listener's thread and the texts it serves.
#[derive(Debug)]
pub(crate) struct Endpoint {
    published: http::Published,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// Where it listens.
    pub(crate) addr: SocketAddr,
    /// `--metrics-linger`, s.
    linger_s: u32,
    /// Where the `lingering` event goes.
    events: Events,
}

impl Endpoint {
    /// Binds the listener (the loopback when no host is given) and starts
    /// the thread; the error says what could not be done.
    pub(crate) fn listen(cfg: &MetricsConfig, events: &Events) -> Result<Self, Error> {
        let shown = if cfg.host.contains(':') {
            format!("[{}]:{}", cfg.host, cfg.port)
        } else {
            format!("{}:{}", cfg.host, cfg.port)
        };
        let fail = |e: std::io::Error| {
            Error::new(format!(
                "could not listen on \"{shown}\" for --metrics-listen: {}",
                crate::sys::os_error_text(&e)
            ))
        };
        let addrs: Vec<SocketAddr> =
            (cfg.host.as_str(), cfg.port).to_socket_addrs().map_err(fail)?.collect();
        let listener = TcpListener::bind(&addrs[..]).map_err(fail)?;
        listener.set_nonblocking(true).map_err(fail)?;
        let addr = listener.local_addr().map_err(fail)?;
        let published = http::Published::default();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (published, stop) = (Arc::clone(&published), Arc::clone(&stop));
            std::thread::Builder::new()
                .name("metrics".into())
                .spawn(move || http::serve(&listener, &published, &stop))
                .map_err(fail)?
        };
        let endpoint = Endpoint {
            published,
            stop,
            thread: Some(thread),
            addr,
            linger_s: cfg.linger_s,
            events: events.clone(),
        };
        endpoint.publish(Snapshot::default());
        Ok(endpoint)
    }

    /// Renders `snapshot` and serves it from now on.
    pub(crate) fn publish(&self, snapshot: Snapshot) {
        let openmetrics = render::openmetrics(snapshot);
        let prometheus = render::prometheus_text(&openmetrics);
        let mut t = self.published.lock().unwrap_or_else(PoisonError::into_inner);
        *t = http::Texts { openmetrics: Arc::new(openmetrics), prometheus: Arc::new(prometheus) };
    }

    /// Serves the last metrics `--metrics-linger` seconds more, then
    /// stops; SIGINT or SIGTERM stops it at once (after a run a signal
    /// interrupted, the next one ends the process, as during its report).
    pub(crate) fn linger(mut self) {
        self.events.emit("lingering", crate::sys::clock::epoch_us());
        let until = Instant::now() + Duration::from_secs(u64::from(self.linger_s));
        let already = crate::sys::signal::is_interrupted();
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if left.is_zero() || (!already && crate::sys::signal::is_interrupted()) {
                break;
            }
            std::thread::sleep(left.min(Duration::from_millis(100)));
        }
        self.stop_now();
    }

    fn stop_now(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Endpoint {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// What a run publishes to: the endpoint, and the labels its samples
/// carry (the shard, and in a sweep the client count and the run).
#[derive(Debug)]
pub(crate) struct Publisher<'a> {
    /// The endpoint.
    pub(crate) endpoint: &'a Endpoint,
    /// The labels of every sample.
    pub(crate) common: Vec<(&'static str, String)>,
}

impl<'a> Publisher<'a> {
    /// What the run of `cfg` publishes to `endpoint`: its labels are its
    /// shard, and in a sweep (`point`) its client count and its run's
    /// number.
    pub(crate) fn of(endpoint: &'a Endpoint, cfg: &BenchConfig, point: Option<(i32, u32)>) -> Self {
        let mut common = Vec::new();
        if let Some(s) = cfg.ext.shard {
            common.push(("shard", format!("{}/{}", s.index, s.count)));
        }
        if let Some((clients, run)) = point {
            common.push(("clients", clients.to_string()));
            common.push(("run", run.to_string()));
        }
        Publisher { endpoint, common }
    }

    /// Publishes `snapshot` with this run's labels.
    pub(crate) fn publish(&self, mut snapshot: Snapshot) {
        snapshot.common.clone_from(&self.common);
        self.endpoint.publish(snapshot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    fn get(addr: SocketAddr, request: &str) -> String {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    }

    #[test]
    fn an_endpoint_on_the_loopback_serves_what_was_published() {
        let cfg = MetricsConfig { host: "127.0.0.1".into(), port: 0, linger_s: 0 };
        let e = Endpoint::listen(&cfg, &Events::default()).unwrap();
        assert!(e.addr.ip().is_loopback());
        // A silent client does not keep the next one waiting.
        let _silent = std::net::TcpStream::connect(e.addr).unwrap();
        let before = get(e.addr, "GET /metrics HTTP/1.1\r\n\r\n");
        assert!(before.starts_with("HTTP/1.1 200 OK\r\n"), "{before}");
        assert!(!before.contains("connected"), "nothing measured yet: {before}");
        e.publish(Snapshot { clients_connected: Some(3), ..Snapshot::default() });
        let after =
            get(e.addr, "GET /metrics HTTP/1.1\r\nAccept: application/openmetrics-text\r\n\r\n");
        assert!(after.contains("\npgbench_rs_clients_connected{} 3.0\n# EOF\n"), "{after}");
        // The port taken: refused.
        let again = MetricsConfig { port: e.addr.port(), ..cfg };
        let err = Endpoint::listen(&again, &Events::default()).unwrap_err().to_string();
        assert!(
            err.contains(&format!(
                "could not listen on \"127.0.0.1:{}\" for --metrics-listen: Address already in use",
                e.addr.port()
            )),
            "{err}"
        );
        e.linger();
    }
}
