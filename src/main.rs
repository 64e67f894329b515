//! pgbench-rs: a reimplementation of PostgreSQL's pgbench.
//!
//! `main` only parses the command line, dispatches to the mode that was
//! asked for, and turns the outcome into an exit status: 0 success, 1 a
//! setup or usage error, 2 a run in which some client aborted.

mod cli;
mod compat;
mod config;
mod engine;
mod init;
mod log;
mod pq;
mod rand;
mod report;
mod script;
mod stats;
mod sys;

use std::process::ExitCode;

use config::Action;

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let argv0 = argv.first().map(|a| a.to_string_lossy().into_owned()).unwrap_or_default();
    log::init(&argv0);
    let code = match cli::parse(argv) {
        Err(cli::Exit::Success) => 0,
        Err(cli::Exit::Failure) => 1,
        Ok(Action::Init(cfg)) => match init::run(&cfg) {
            Ok(()) => 0,
            Err(init::Failed) => 1,
        },
        Ok(Action::Bench(cfg)) => engine::run(&cfg),
    };
    ExitCode::from(code)
}
