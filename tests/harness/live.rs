//! A program run the test acts on while it runs: it waits for what the
//! program did (a line on its stderr, an event of pgbench-rs's
//! `PGBENCH_RS_EVENTS` file), then signals it, stops a server or cuts a
//! link, and finally collects its [`Output`].
//!
//! Waits are on the program's own doing, never on the clock since it was
//! spawned: "the measurement started" is the `measuring` event (whose
//! time is the origin of the run's report clock), "the run is past its
//! first second" is its first `progress:` line. A wait gives up only at
//! the run's timeout (the generous [`Pgbench::timeout`]), and then fails
//! the test with everything the program printed so far.
//!
//! Signals are sent with kill(2) once `/proc` shows that the program
//! catches them (a loaded machine may still be setting up the handler);
//! the moment of sending is the moment of delivery, from which the
//! `after_signal` of the output is measured.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use super::runner::{Impl, Output, Status};

/// The bytes a program wrote to one of its pipes so far.
#[derive(Debug, Default)]
struct Stream {
    /// (bytes so far, whether the pipe is closed).
    state: Mutex<(Vec<u8>, bool)>,
    /// Notified at each read.
    grew: Condvar,
}

impl Stream {
    /// Reads `pipe` to its end into a new stream, on a thread of its own.
    fn read(mut pipe: impl Read + Send + 'static) -> (Arc<Stream>, JoinHandle<()>) {
        let s = Arc::new(Stream::default());
        let w = Arc::clone(&s);
        let h = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                let n = pipe.read(&mut buf).unwrap_or(0);
                let mut st = w.state.lock().unwrap_or_else(PoisonError::into_inner);
                if n == 0 {
                    st.1 = true;
                } else {
                    st.0.extend_from_slice(&buf[..n]);
                }
                w.grew.notify_all();
                if n == 0 {
                    return;
                }
            }
        });
        (s, h)
    }

    fn text(&self) -> String {
        let st = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&st.0).into_owned()
    }
}

/// `stderr` without pgbench-rs's warning that the client set the result
/// (its line and its hint's), and that warning. Whether a run's client
/// was saturated depends on the machine's load as much as on the
/// program (on a loaded machine a worker waits for a CPU): like a
/// measured number, it is kept out of what tests compare, and the tests
/// of the client's statistics read it where it is put.
pub(crate) fn split_client_warning(stderr: &str) -> (String, String) {
    let (mut rest, mut warning) = (String::new(), String::new());
    let mut hint_next = false;
    for l in stderr.split_inclusive('\n') {
        if l.contains(": warning: the client, not the server, set this result: ") {
            warning.push_str(l);
            hint_next = true;
        } else if hint_next && l.contains(": hint: Give the client more CPU: ") {
            warning.push_str(l);
            hint_next = false;
        } else {
            rest.push_str(l);
            hint_next = false;
        }
    }
    (rest, warning)
}

/// Unix epoch seconds now.
pub(crate) fn epoch_now() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())
}

/// A program running under a test.
#[derive(Debug)]
pub(crate) struct Running {
    which: Impl,
    program: PathBuf,
    child: Child,
    dir: PathBuf,
    events: PathBuf,
    stdout: Arc<Stream>,
    stderr: Arc<Stream>,
    readers: Vec<JoinHandle<()>>,
    writer: Option<JoinHandle<()>>,
    deadline: Instant,
    signalled: Option<Instant>,
    status: Option<Status>,
    /// Unix epoch seconds just before it was started (by whoever started
    /// it; when it was watched, else).
    pub(super) began: f64,
}

impl Running {
    /// Watches `child`, started in `dir` (with `events` as its
    /// `PGBENCH_RS_EVENTS` file), writing `input` to its stdin; killed
    /// once `timeout` has passed.
    pub(super) fn watch(
        which: Impl,
        program: &Path,
        mut child: Child,
        dir: PathBuf,
        events: PathBuf,
        input: Vec<u8>,
        timeout: Duration,
    ) -> Running {
        let stdin: Option<ChildStdin> = child.stdin.take();
        let writer = stdin.map(|mut stdin| {
            std::thread::spawn(move || {
                use std::io::Write;
                // The program may exit without reading; ignore EPIPE.
                let _ = stdin.write_all(&input);
            })
        });
        let mut readers = Vec::new();
        let (stdout, h) = Stream::read(child.stdout.take().expect("stdout is piped"));
        readers.push(h);
        let (stderr, h) = Stream::read(child.stderr.take().expect("stderr is piped"));
        readers.push(h);
        Running {
            which,
            program: program.to_path_buf(),
            child,
            dir,
            events,
            stdout,
            stderr,
            readers,
            writer,
            deadline: Instant::now() + timeout,
            signalled: None,
            status: None,
            began: epoch_now(),
        }
    }

    /// The process id.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The run's working directory.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// What it printed on stderr so far.
    pub(crate) fn stderr_so_far(&self) -> String {
        self.stderr.text()
    }

    /// Fails the test: `what` never happened.
    fn never(&mut self, what: &str) -> ! {
        let ended = self.poll_exit();
        panic!(
            "{} {}: {what} ({})\nstdout so far:\n{}\nstderr so far:\n{}",
            self.which.name(),
            self.program.display(),
            ended.map_or_else(
                || "still running at the run's timeout".to_string(),
                |s| s.to_string()
            ),
            self.stdout.text(),
            self.stderr.text()
        )
    }

    /// The exit status, if it has ended.
    fn poll_exit(&mut self) -> Option<Status> {
        if self.status.is_none() {
            if let Ok(Some(st)) = self.child.try_wait() {
                self.status = Some(status_of(st));
            }
        }
        self.status
    }

    /// Waits for the `n`-th (from 1) line of stderr for which `pred`
    /// holds; returns it (without its newline).
    pub(crate) fn stderr_line(&mut self, n: usize, pred: impl Fn(&str) -> bool) -> String {
        let stream = Arc::clone(&self.stderr);
        let mut st = stream.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            let text = String::from_utf8_lossy(&st.0);
            let complete = text.rsplit_once('\n').map_or("", |(head, _)| head);
            if let Some(l) = complete.lines().filter(|l| pred(l)).nth(n - 1) {
                return l.to_string();
            }
            if st.1 || Instant::now() >= self.deadline {
                drop(st);
                self.never(&format!("no line {n} of the kind waited for on stderr"));
            }
            st = stream
                .grew
                .wait_timeout(st, Duration::from_millis(50))
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Waits for the `n`-th (from 1) event `name` of the program's events
    /// file; returns its time (Unix epoch seconds).
    pub(crate) fn event(&mut self, name: &str, n: usize) -> f64 {
        loop {
            let text = std::fs::read_to_string(&self.events).unwrap_or_default();
            let found = text
                .lines()
                .filter_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(' ')))
                .nth(n - 1)
                .and_then(|us| us.parse::<i64>().ok());
            if let Some(us) = found {
                #[allow(clippy::cast_precision_loss)]
                return us as f64 / 1e6;
            }
            if self.poll_exit().is_some() || Instant::now() >= self.deadline {
                self.never(&format!("no event {name:?} number {n} (events: {text:?})"));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Waits until the measurement started (the first `measuring`
    /// event); returns its origin (Unix epoch seconds).
    pub(crate) fn measuring(&mut self) -> f64 {
        self.event("measuring", 1)
    }

    /// Waits for the first `progress:` line that counts some transactions
    /// (`-P`): the run has measured work done. Returns the line.
    pub(crate) fn progress_with_work(&mut self) -> String {
        self.stderr_line(1, |l| {
            l.strip_prefix("progress: ")
                .and_then(|r| r.split(", ").nth(1))
                .and_then(|tps| tps.strip_suffix(" tps"))
                .and_then(|tps| tps.parse::<f64>().ok())
                .is_some_and(|tps| tps > 0.0)
        })
    }

    /// Sleeps until `at` (Unix epoch seconds).
    pub(crate) fn sleep_until(at: f64) {
        let left = at - epoch_now();
        if left > 0.0 {
            std::thread::sleep(Duration::from_secs_f64(left));
        }
    }

    /// Sends signal `sig` (kill(2)) once the program catches it; the time
    /// of sending (Unix epoch seconds).
    pub(crate) fn signal(&mut self, sig: i32) -> f64 {
        self.until_caught(sig);
        self.send(sig)
    }

    /// Sends signal `sig` (kill(2)) once the program catches it; the time
    /// of sending on the monotonic clock (seconds), the clock the program
    /// measures with: compared with its `measuring_monotonic` event, no
    /// step of the wall clock and no error in the program's sampled
    /// epoch shift comes between the two.
    pub(crate) fn signal_monotonic(&mut self, sig: i32) -> f64 {
        self.until_caught(sig);
        #[allow(clippy::cast_precision_loss)]
        let at = pgbench_rs::monotonic_us() as f64 / 1e6;
        self.send(sig);
        at
    }

    /// Waits until the program catches signal `sig`.
    fn until_caught(&mut self, sig: i32) {
        while !catches(self.child.id(), sig) {
            if self.poll_exit().is_some() || Instant::now() >= self.deadline {
                self.never(&format!("it never caught signal {sig}"));
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Sends signal `sig` (kill(2)) now, caught or not; the time of
    /// sending (Unix epoch seconds).
    pub(crate) fn send(&mut self, sig: i32) -> f64 {
        let at = epoch_now();
        let now = Instant::now();
        pgbench_rs::send_signal(self.child.id(), sig)
            .unwrap_or_else(|e| panic!("kill({}, {sig}): {e}", self.child.id()));
        self.signalled = Some(now);
        at
    }

    /// Whether it is still running.
    pub(crate) fn running(&mut self) -> bool {
        self.poll_exit().is_none()
    }

    /// Waits for its end (killing it at the run's timeout) and returns
    /// what it did.
    pub(crate) fn finish(mut self) -> Output {
        let status = loop {
            if let Some(st) = self.poll_exit() {
                break st;
            }
            if Instant::now() >= self.deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                break Status::TimedOut;
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let ended = epoch_now();
        let after_signal = self.signalled.map(|t| t.elapsed());
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
        for r in self.readers.drain(..) {
            let _ = r.join();
        }
        let (stderr, client_warning) = split_client_warning(&self.stderr.text());
        Output {
            which: self.which,
            status,
            stdout: self.stdout.text(),
            stderr,
            client_warning,
            dir: self.dir.clone(),
            after_signal,
            lifetime: (self.began, ended),
        }
    }
}

impl Drop for Running {
    /// A run the test gave up on (a failed assertion) is killed, not left
    /// running.
    fn drop(&mut self) {
        if self.status.is_none() && matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn status_of(st: std::process::ExitStatus) -> Status {
    use std::os::unix::process::ExitStatusExt;
    match (st.code(), st.signal()) {
        (Some(c), _) => Status::Exit(c),
        (None, Some(s)) => Status::Signal(s),
        (None, None) => Status::Signal(0),
    }
}

/// Whether process `pid` catches signal `sig` (its `SigCgt` mask in
/// /proc): a handler is installed.
pub(crate) fn catches(pid: u32, sig: i32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return false };
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        .unwrap_or(0);
    (1..=64).contains(&sig) && mask & (1 << (sig - 1)) != 0
}
