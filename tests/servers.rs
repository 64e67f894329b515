//! Benchmark runs against PostgreSQL 17, 18 and 19 servers (the reference
//! builds), each compared with the real C pgbench of that version on it
//! (pgbench-rs with the matching `--compat`; 18 is its default): every
//! builtin under each query mode, `-C`, several threads, `-r`, a pipeline,
//! a transaction log, and a serialization failure that is retried. (The
//! shared server, the host's PostgreSQL, runs the whole of `bench`,
//! `scripts` and `logs` as pgbench 17; `versions` runs each version there;
//! `init` covers `-i` on every server.)
//!
//! Each server gets one pgbench database at scale 1, shared by the cases
//! of that server: none of them depends on the balances the others change.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};

use crate::harness::bench::{Bench, TAIL, TAIL_RECONNECT, builtin_desc, counts, pgbench_db_on};
use crate::harness::bench::{Ran, report_head_of};
use crate::harness::cluster::{self, Cluster};
use crate::harness::retries::{resetting, retry_db_on, serialization_run};
use crate::harness::{Db, Pgbench, normalize};

/// The server of reference version `major` and its pgbench database, or
/// None (after a visible skip) when that version is not installed.
fn server_db(major: u32, _case: &str) -> Option<(&'static Cluster, Db)> {
    static DBS: OnceLock<Mutex<BTreeMap<u32, Db>>> = OnceLock::new();
    let server = cluster::server(major)?;
    let mut dbs = DBS.get_or_init(|| Mutex::new(BTreeMap::new())).lock().unwrap();
    let db = dbs.entry(major).or_insert_with(|| pgbench_db_on(server, &format!("servers_{major}")));
    Some((server, db.clone()))
}

/// Case `name`: `args` then the database's name, as pgbench `major` on
/// its server, run by both implementations.
fn run(major: u32, name: &str, args: &[&str], with: impl Fn(Pgbench) -> Pgbench) -> Option<Ran> {
    let (server, db) = server_db(major, name)?;
    let run = with(Pgbench::new(args).arg(&db.name)).on(server).compat(major).label(name);
    Some(Bench::new(name, run).run())
}

/// The report of pgbench `major` on its server: the head (`desc`,
/// `mode`, clients, threads, tries), then `rest`.
fn report(major: u32, head: (&str, &str, u32, u32, &str), rest: &str) -> String {
    let (desc, mode, clients, threads, tries) = head;
    let server = cluster::server(major).expect("the server ran");
    format!("{}{rest}", report_head_of(major, server, desc, mode, clients, threads, tries))
}

/// A builtin with `-t 10 -c 2 -n`.
fn builtin(major: u32, builtin: &str, mode: &str) {
    let name = format!("v{major}_{builtin}_{mode}");
    let args = ["-b", builtin, "-M", mode, "-t", "10", "-c", "2", "-n"];
    let Some(mut r) = run(major, &name, &args, |p| p) else { return };
    let rest = format!("{}{TAIL}", counts(10, "20/20"));
    r.quiet(&report(major, (builtin_desc(builtin), mode, 2, 1, "1"), &rest));
    r.finish();
}

/// `-C` with simple-update in prepared mode, vacuum first.
fn connect_per_transaction(major: u32) {
    let name = format!("v{major}_connect");
    let args = ["-C", "-c", "2", "-t", "5", "-N", "-M", "prepared"];
    let Some(mut r) = run(major, &name, &args, |p| p) else { return };
    let rest = format!("{}{TAIL_RECONNECT}", counts(5, "10/10"));
    let want = report(major, (builtin_desc("simple-update"), "prepared", 2, 1, "1"), &rest);
    r.same().status(0).stderr_is("starting vacuum...end.\n").stdout_is(&want);
    r.finish();
}

/// Eight clients on two threads for a second, with per-command latencies.
fn threads_per_command(major: u32) {
    let name = format!("v{major}_threads_r");
    let Some((server, db)) = server_db(major, &name) else { return };
    let args = ["-S", "-M", "prepared", "-c", "8", "-j", "2", "-T", "1", "-r", "-n", &db.name];
    let run = Pgbench::new(args).on(server).compat(major).label(&name);
    let mut r = Bench::new(&name, run).mask_stdout(normalize::mask_counts).run();
    let rest = format!(
        "duration: 1 s\nnumber of transactions actually processed: <t>\n{TAIL}\
         statement latencies in milliseconds and failures:\n"
    );
    let mut want = report(major, (builtin_desc("select-only"), "prepared", 8, 2, "1"), &rest);
    for command in [
        "\\set aid random(1, 100000 * :scale)",
        "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;",
    ] {
        // `   %11.3f  %10lld  %s` (one space before the text from 18 on)
        // with the latency masked
        let gap = if major >= 18 { " " } else { "  " };
        want.push_str(&format!("   {:>11}  {:>10}{gap}{command}\n", "<t>", 0));
    }
    r.same().status(0).stderr_is("").stdout_is(&want);
    r.finish();
}

/// A pipeline with `\syncpipeline` in extended mode, and a transaction log.
fn pipeline_and_log(major: u32) {
    let name = format!("v{major}_pipeline_log");
    let script = "\\startpipeline\nSELECT 1;\n\\syncpipeline\nSELECT abalance FROM pgbench_accounts WHERE aid = 1;\n\\endpipeline\n";
    let args = ["-M", "extended", "-t", "4", "-c", "2", "-n", "-l", "-f", "p.sql"];
    let Some(mut r) = run(major, &name, &args, |p| p.file("p.sql", script)) else { return };
    let rest = format!("{}{TAIL}", counts(4, "8/8"));
    r.quiet(&report(major, ("p.sql", "extended", 2, 1, "1"), &rest));
    r.each_raw(|o| {
        let logs: Vec<String> =
            o.files().into_iter().filter(|f| f.starts_with("pgbench_log.")).collect();
        let [log] = &logs[..] else { return Err(format!("log files: {logs:?}")) };
        let lines = o.read_file(log).lines().count();
        if lines == 8 { Ok(()) } else { Err(format!("{log} has {lines} lines, not 8")) }
    });
    r.finish();
}

/// The upstream 'concurrent update with retrying' workload (see `bench`):
/// the second client's transaction fails with a serialization error under
/// REPEATABLE READ and is retried once.
fn serialization_retried(major: u32) {
    let name = format!("v{major}_serialization");
    let Some(server) = cluster::server(major) else { return };
    let db = retry_db_on(server, &name);
    let extra = ["--max-tries", "5", "--failures-detailed"];
    let run = serialization_run(&db, "serialization.sql", &extra).compat(major);
    let mut r = resetting(&name, &db, run).run();
    // (19 counts other failures too, with --failures-detailed.)
    let other = if major >= 19 { "number of other failures: 0 (0.000%)\n" } else { "" };
    r.quiet(&format!(
        "{}{}number of failed transactions: 0 (0.000%)\n\
         number of serialization failures: 0 (0.000%)\n\
         number of deadlock failures: 0 (0.000%)\n{other}\
         number of transactions retried: 1 (50.000%)\n\
         total number of retries: 1\n\
         latency average = <t> ms\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n",
        report_head_of(major, server, "serialization.sql", "simple", 2, 1, "5"),
        counts(1, "2/2")
    ));
    r.finish();
}

/// A test of `builtin` in each protocol against the server of `major`.
macro_rules! builtin_modes {
    ($major:literal, $builtin:literal: $($fn_name:ident $mode:literal),*) => {
        $(
            #[test]
            fn $fn_name() {
                super::builtin($major, $builtin, $mode);
            }
        )*
    };
}

/// A test of each case against the server of `major`, named after it.
macro_rules! cases_on {
    ($major:literal: $($case:ident),*) => {
        $(
            #[test]
            fn $case() {
                super::$case($major);
            }
        )*
    };
}

/// A module of each server's tests, named after it.
macro_rules! server_cases {
    ($($server:ident: $major:literal;)*) => {
        $(
            mod $server {
                builtin_modes!($major, "tpcb-like":
                    tpcb_like_simple "simple", tpcb_like_extended "extended",
                    tpcb_like_prepared "prepared");
                builtin_modes!($major, "simple-update":
                    simple_update_simple "simple", simple_update_extended "extended",
                    simple_update_prepared "prepared");
                builtin_modes!($major, "select-only":
                    select_only_simple "simple", select_only_extended "extended",
                    select_only_prepared "prepared");
                cases_on!($major: connect_per_transaction, threads_per_command, pipeline_and_log,
                    serialization_retried);
            }
        )*
    };
}

server_cases! {
    server_17: 17;
    server_18: 18;
    server_19: 19;
}
