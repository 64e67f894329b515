//! pgbench-rs: a reimplementation of PostgreSQL's pgbench.
//!
//! `main` hands the command line to the library and turns how it went
//! into the exit status: 0 success, 1 a setup or usage error (also a
//! report file that could not be written), 2 a run in which some client
//! aborted; a run a signal interrupted ends by that signal after its
//! report, and `--merge` of an interrupted shard exits with the status
//! that shard's shell saw.

use std::process::ExitCode;

use pgbench_rs::Outcome;

/// Exit status of a successful run (and of `--help`, `-V`, `-b list`).
const EXIT_SUCCESS: u8 = 0;
/// Exit status of a usage or set-up error: bad options or scripts, no
/// connection, a failed initialization.
const EXIT_SETUP: u8 = 1;
/// Exit status of a run in which a client aborted.
const EXIT_ABORTED: u8 = 2;

fn main() -> ExitCode {
    let code = match pgbench_rs::run(std::env::args_os().collect()) {
        Outcome::Success => EXIT_SUCCESS,
        Outcome::Failure(e) => {
            e.print();
            EXIT_SETUP
        }
        Outcome::ReportFailed => EXIT_SETUP,
        Outcome::Aborted => EXIT_ABORTED,
        // The report is out: end as the signal would have ended us (a
        // shell sees 128 + its number).
        Outcome::Interrupted { signal } => pgbench_rs::die_by(signal),
        Outcome::ShardInterrupted { signal } => u8::try_from(128 + signal).unwrap_or(EXIT_ABORTED),
    };
    ExitCode::from(code)
}
