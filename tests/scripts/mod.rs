//! The script catalogue of C pgbench's own tests (001_pgbench_with_server),
//! run by both implementations and compared: the expression script with a
//! fixed seed (its debug() lines byte for byte), the 53 script error
//! cases, seeded determinism, `\gset`/`\aset`, nested `\if`, `\sleep`,
//! `\setshell`/`\shell`, pipelines, an incomplete transaction block, COPY
//! in a script, `--exit-on-abort`, and the server's logging of bind
//! parameters. What only 17 can run (`\syncpipeline`, `--exit-on-abort`)
//! is checked against stored 17 expectations. The script errors are
//! compared as pgbench 17, 18 and 19 (18 reports a run in which no
//! transaction ran otherwise).
//!
//! By subject: the expression script, seeded random values and `\if`
//! (`expressions`); the 53 error cases (`script_error`); `\gset`, `\aset`,
//! `\sleep`, `\setshell` and `\shell` (`commands`); pipelines
//! (`pipelines`); aborted clients (`aborts`); bind parameters in the
//! server's log (`server_log`). This file holds the reports they share.

mod aborts;
mod commands;
mod expressions;
mod pipelines;
mod script_error;
mod server_log;

use crate::harness::bench::{Bench, Ran, TAIL, report_head, report_head_of};
use crate::harness::{Pgbench, cluster, create_db};

/// Stdout of a one-client custom-script run that ended with the client
/// aborted before finishing any transaction (17 prints the failed line with
/// NaN, then stops).
fn aborted_report(script: &str, mode: &str, per_client: u32) -> String {
    aborted_report_of(17, script, mode, per_client)
}

/// [`aborted_report`] of pgbench `v` (18 stops after the processed line).
fn aborted_report_of(v: u32, script: &str, mode: &str, per_client: u32) -> String {
    let nan = if v == 17 { "number of failed transactions: 0 (NaN%)\n" } else { "" };
    format!(
        "{}number of transactions per client: {per_client}\n\
         number of transactions actually processed: 0/{per_client}\n{nan}",
        report_head_of(v, cluster(), script, mode, 1, 1, "1")
    )
}

/// Stdout of a successful one-client `-t n` run of a custom script.
fn ok_report(script: &str, mode: &str, n: u32) -> String {
    format!(
        "{}number of transactions per client: {n}\n\
         number of transactions actually processed: {n}/{n}\n{TAIL}",
        report_head(script, mode, 1, 1, "1")
    )
}

const ABORTED: &str = "pgbench: error: Run was aborted; the above results are incomplete.\n";

/// A run of `script`, saved as `file`, by both implementations: `args`,
/// then `-f file` and a database of the case's own.
fn script_run(name: &str, file: &str, script: &str, args: &[&str]) -> Ran {
    let db = create_db(name);
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-f", file, &db.name]);
    let run = Pgbench::new(&all).file(file, script).label(name);
    Bench::new(name, run).run()
}
