//! pgbench-rs: a reimplementation of PostgreSQL's pgbench.
//!
//! `main` only parses the command line, dispatches to the mode that was
//! asked for, and turns the outcome into an exit status: 0 success, 1 a
//! setup or usage error (also a report file that could not be written),
//! 2 a run in which some client aborted; a run a signal interrupted ends
//! by that signal after its report.

mod cli;
mod compat;
mod config;
mod engine;
mod init;
mod log;
mod merge;
mod pq;
mod rand;
mod report;
mod script;
mod stats;
mod sys;
mod time;
mod version;

use std::process::ExitCode;

use config::Action;
use engine::RunOutcome;

/// Exit status of a successful run (and of `--help`, `-V`, `-b list`).
const EXIT_SUCCESS: u8 = 0;
/// Exit status of a usage or set-up error: bad options or scripts, no
/// connection, a failed initialization.
const EXIT_SETUP: u8 = 1;
/// Exit status of a run in which a client aborted.
const EXIT_ABORTED: u8 = 2;

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let argv0 = argv.first().map(|a| a.to_string_lossy().into_owned()).unwrap_or_default();
    log::init(&argv0);
    let code = match cli::parse(argv) {
        Err(cli::Exit::Success) => EXIT_SUCCESS,
        Err(cli::Exit::Failure) => EXIT_SETUP,
        Ok(Action::Init(cfg)) => match init::run(&cfg) {
            Ok(()) => EXIT_SUCCESS,
            Err(init::Failed) => EXIT_SETUP,
        },
        Ok(Action::Bench(cfg)) => {
            let reports = reports(&cfg.ext.report_json, &cfg.ext.report_html);
            if report::files::check(&reports, &[]).is_err() {
                return ExitCode::from(EXIT_SETUP);
            }
            match engine::run(&cfg) {
                // The report is out: end as the signal would have ended us
                // (a shell sees 128 + its number).
                Ok(RunOutcome::Interrupted { by, .. }) => {
                    flush_output();
                    sys::signal::die_by(by.signal)
                }
                // A report file that could not be written.
                Ok(_) if report::files::failed() => EXIT_SETUP,
                Ok(RunOutcome::Completed) => EXIT_SUCCESS,
                Ok(RunOutcome::Aborted | RunOutcome::ExitedOnAbort) => EXIT_ABORTED,
                Err(engine::SetupFailed) => EXIT_SETUP,
            }
        }
        Ok(Action::Merge(m)) => {
            let reports = reports(&m.report_json, &m.report_html);
            if report::files::check(&reports, &m.files).is_err() {
                return ExitCode::from(EXIT_SETUP);
            }
            match merge::run(&m) {
                Ok(_) if report::files::failed() => EXIT_SETUP,
                Ok(merge::Merged::Complete) => EXIT_SUCCESS,
                Ok(merge::Merged::Aborted) => EXIT_ABORTED,
                // The status the interrupted shard's shell saw (the merge
                // itself was not interrupted: it does not die by the signal).
                Ok(merge::Merged::Interrupted { signal }) => {
                    u8::try_from(128 + signal).unwrap_or(EXIT_ABORTED)
                }
                Err(merge::Failed) => EXIT_SETUP,
            }
        }
    };
    ExitCode::from(code)
}

/// The report files asked for, with their options.
fn reports<'a>(json: &'a Option<String>, html: &'a Option<String>) -> Vec<(&'static str, &'a str)> {
    let named = [("--report-json", json), ("--report-html", html)];
    named.into_iter().filter_map(|(option, file)| Some((option, file.as_deref()?))).collect()
}

/// Flushes stdout and stderr before the process ends without unwinding.
fn flush_output() {
    use std::io::Write;
    let _ = std::io::stdout().lock().flush();
    let _ = std::io::stderr().lock().flush();
}
