//! pgbench-rs as a library: the modules of the program, behind a small
//! public surface. [`run`] does what the command line asks and says how it
//! went ([`Outcome`]); the binary (`main.rs`) turns that into the exit
//! status. [`fuzzing`] is the entry point of the fuzz targets.

mod cli;
mod clientstats;
mod compare;
mod compat;
mod config;
mod engine;
mod error;
mod events;
mod init;
mod invariant;
mod log;
mod merge;
mod metrics;
mod pq;
mod rand;
mod rate_profile;
mod redact;
mod report;
mod result;
mod script;
mod serverstats;
mod stats;
mod sweep;
mod sys;
mod time;
mod version;

pub mod fuzzing;

use std::ffi::OsString;

use config::Action;
use engine::RunOutcome;
pub use error::Error;
use report::files::Written;
use report::run::Keep;

/// How a command line went, for the exit status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It did what was asked (also `--help`, `-V`, `-b list`).
    Success,
    /// A usage or set-up error (bad options or scripts, no connection, a
    /// failed initialization), with C pgbench's messages for it, which
    /// nothing has printed yet.
    Failure(Error),
    /// A report file (`--report-json`, `--report-html`) could not be
    /// written; its message was printed when that failed, after the
    /// report on stdout.
    ReportFailed,
    /// A run (or a merged shard) in which some client aborted.
    Aborted,
    /// A signal interrupted the run after its report: the process should
    /// end by that signal.
    Interrupted {
        /// The signal's number.
        signal: i32,
    },
    /// `--merge` of a shard that a signal interrupted: the status its
    /// shell saw (128 plus the signal's number).
    ShardInterrupted {
        /// The signal's number.
        signal: i32,
    },
    /// `--compare` found a significant change that a `--fail-if`
    /// condition forbids.
    GateFailed,
}

/// `outcome`, once `--metrics-listen`'s endpoint (if any) has served the
/// last metrics `--metrics-linger` seconds after the report (but after a
/// set-up error, which measured nothing).
fn lingered(endpoint: Option<metrics::Endpoint>, outcome: Outcome) -> Outcome {
    if let (Some(e), false) = (endpoint, matches!(outcome, Outcome::Failure(_))) {
        e.linger();
    }
    outcome
}

/// Does what `argv` (with `argv[0]`) asks: `-i`, a benchmark or
/// `--merge`, with C pgbench's messages on the way.
pub fn run(argv: Vec<OsString>) -> Outcome {
    let argv0 = argv.first().map(|a| a.to_string_lossy().into_owned()).unwrap_or_default();
    log::init(&argv0);
    match cli::parse(argv) {
        Err(cli::Exit::Success) => Outcome::Success,
        Err(cli::Exit::Failure(e)) => Outcome::Failure(e),
        Ok(Action::Init(cfg)) => match init::run(&cfg) {
            Ok(()) => Outcome::Success,
            Err(e) => Outcome::Failure(e),
        },
        Ok(Action::Bench(cfg)) => {
            let reports = cfg.ext.reports.named();
            if let Err(e) = report::files::check(&reports, &[]) {
                return Outcome::Failure(e);
            }
            // --metrics-listen: the endpoint is up before anything connects.
            let endpoint = match cfg
                .ext
                .metrics
                .as_ref()
                .map(|m| metrics::Endpoint::listen(m, &cfg.switches.events))
            {
                Some(Ok(e)) => {
                    log::info!("serving the metrics at http://{}/metrics", e.addr);
                    Some(e)
                }
                Some(Err(e)) => return Outcome::Failure(e),
                None => None,
            };
            if sweep::asked(&cfg.ext) {
                let swept = sweep::run(cfg, endpoint.as_ref());
                return lingered(
                    endpoint,
                    match swept {
                        Ok((sweep::Swept::Interrupted(signal), _)) => {
                            Outcome::Interrupted { signal }
                        }
                        Ok((_, Written::NotAll)) => Outcome::ReportFailed,
                        Ok((sweep::Swept::Completed, _)) => Outcome::Success,
                        Ok((sweep::Swept::Aborted, _)) => Outcome::Aborted,
                        Err(e) => Outcome::Failure(e),
                    },
                );
            }
            let publisher = endpoint.as_ref().map(|e| metrics::Publisher::of(e, &cfg, None));
            let result = engine::run(&cfg, publisher.as_ref());
            drop(publisher);
            let result = match result {
                Ok(r) => r,
                Err(e) => return lingered(endpoint, Outcome::Failure(e)),
            };
            let written = report::run::report(&cfg, &result, Keep::Files).written;
            lingered(
                endpoint,
                match (result.outcome, written) {
                    (RunOutcome::Interrupted { by, .. }, _) => {
                        Outcome::Interrupted { signal: by.signal }
                    }
                    (_, Written::NotAll) => Outcome::ReportFailed,
                    (RunOutcome::Completed, _) => Outcome::Success,
                    (RunOutcome::Aborted | RunOutcome::ExitedOnAbort, _) => Outcome::Aborted,
                },
            )
        }
        Ok(Action::Compare(c)) => {
            let reports = c.reports.named();
            if let Err(e) = report::files::check(&reports, &c.inputs()) {
                return Outcome::Failure(e);
            }
            match compare::run(&c) {
                Ok((_, Written::NotAll)) => Outcome::ReportFailed,
                Ok((compare::Verdict::Passed, _)) => Outcome::Success,
                Ok((compare::Verdict::GateFailed, _)) => Outcome::GateFailed,
                Err(e) => Outcome::Failure(e),
            }
        }
        Ok(Action::Merge(m)) => {
            let reports = m.reports.named();
            if let Err(e) = report::files::check(&reports, &m.files) {
                return Outcome::Failure(e);
            }
            match merge::run(&m) {
                Ok((_, Written::NotAll)) => Outcome::ReportFailed,
                Ok((merge::Merged::Interrupted { signal }, _)) => {
                    Outcome::ShardInterrupted { signal }
                }
                Ok((merge::Merged::Complete, _)) => Outcome::Success,
                Ok((merge::Merged::Aborted, _)) => Outcome::Aborted,
                Err(e) => Outcome::Failure(e),
            }
        }
    }
}

/// Sends `signal` to process `pid` with kill(2): for a program that
/// drives pgbench-rs and interrupts it, as its tests do.
pub fn send_signal(pid: u32, signal: i32) -> std::io::Result<()> {
    sys::signal::send(pid, signal)
}

/// Microseconds on the monotonic clock the run measures with (arbitrary
/// origin): for a program that drives pgbench-rs and compares a moment of
/// its own with the run's times (the `measuring_monotonic` event).
pub fn monotonic_us() -> i64 {
    sys::clock::monotonic_us()
}

/// Ends the process by `signal` (after the report of a run it
/// interrupted), flushing stdout and stderr first.
pub fn die_by(signal: i32) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().lock().flush();
    let _ = std::io::stderr().lock().flush();
    sys::signal::die_by(signal)
}
