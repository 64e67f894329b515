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

use crate::bench::{REPEATABLE_READ, SERIALIZATION_SCRIPT, retry_db_on};
use crate::harness::bench::{Bench, TAIL, TAIL_RECONNECT, pgbench_db_on, report_head_of};
use crate::harness::cluster::{self, Cluster};
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

/// `transaction type:` text of a builtin.
fn builtin_desc(b: &str) -> &'static str {
    match b {
        "tpcb-like" => "<builtin: TPC-B (sort of)>",
        "simple-update" => "<builtin: simple update>",
        "select-only" => "<builtin: select only>",
        _ => panic!("unknown builtin {b}"),
    }
}

/// A builtin with `-t 10 -c 2 -n`.
fn builtin(major: u32, builtin: &str, mode: &str) {
    let name = format!("v{major}_{builtin}_{mode}");
    let Some((server, db)) = server_db(major, &name) else { return };
    let run = Pgbench::new(["-b", builtin, "-M", mode, "-t", "10", "-c", "2", "-n", &db.name])
        .on(server)
        .compat(major)
        .label(&name);
    let mut r = Bench::new(&name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 10\n\
         number of transactions actually processed: 20/20\n{TAIL}",
        report_head_of(major, server, builtin_desc(builtin), mode, 2, 1, "1")
    ));
    r.finish();
}

/// `-C` with simple-update in prepared mode, vacuum first.
fn connect_per_transaction(major: u32) {
    let name = format!("v{major}_connect");
    let Some((server, db)) = server_db(major, &name) else { return };
    let run = Pgbench::new(["-C", "-c", "2", "-t", "5", "-N", "-M", "prepared", &db.name])
        .on(server)
        .compat(major)
        .label(&name);
    let mut r = Bench::new(&name, run).run();
    r.same().status(0).stderr_is("starting vacuum...end.\n").stdout_is(&format!(
        "{}number of transactions per client: 5\n\
         number of transactions actually processed: 10/10\n{TAIL_RECONNECT}",
        report_head_of(major, server, builtin_desc("simple-update"), "prepared", 2, 1, "1")
    ));
    r.finish();
}

/// Eight clients on two threads for a second, with per-command latencies.
fn threads_per_command(major: u32) {
    let name = format!("v{major}_threads_r");
    let Some((server, db)) = server_db(major, &name) else { return };
    let run = Pgbench::new([
        "-S", "-M", "prepared", "-c", "8", "-j", "2", "-T", "1", "-r", "-n", &db.name,
    ])
    .on(server)
    .compat(major)
    .label(&name);
    let mut r = Bench::new(&name, run).mask_stdout(normalize::mask_counts).run();
    let mut want = format!(
        "{}duration: 1 s\nnumber of transactions actually processed: <t>\n{TAIL}\
         statement latencies in milliseconds and failures:\n",
        report_head_of(major, server, builtin_desc("select-only"), "prepared", 8, 2, "1")
    );
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
    let Some((server, db)) = server_db(major, &name) else { return };
    let script = "\\startpipeline\nSELECT 1;\n\\syncpipeline\nSELECT abalance FROM pgbench_accounts WHERE aid = 1;\n\\endpipeline\n";
    let run =
        Pgbench::new(["-M", "extended", "-t", "4", "-c", "2", "-n", "-l", "-f", "p.sql", &db.name])
            .file("p.sql", script)
            .on(server)
            .compat(major)
            .label(&name);
    let mut r = Bench::new(&name, run).run();
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 4\n\
         number of transactions actually processed: 8/8\n{TAIL}",
        report_head_of(major, server, "p.sql", "extended", 2, 1, "1")
    ));
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
    let run = Pgbench::new([
        "-n",
        "-c",
        "2",
        "-t",
        "1",
        "--max-tries",
        "5",
        "--failures-detailed",
        "-f",
        "serialization.sql",
        &db.name,
    ])
    .file("serialization.sql", SERIALIZATION_SCRIPT)
    .env("PGOPTIONS", REPEATABLE_READ)
    .on(server)
    .compat(major)
    .label(&name);
    let reset = db.clone();
    let mut r = Bench::new(&name, run)
        .before_each(move || reset.exec("DELETE FROM first_client_table; UPDATE xy SET y = 2"))
        .run();
    // (19 counts other failures too, with --failures-detailed.)
    let other = if major >= 19 { "number of other failures: 0 (0.000%)\n" } else { "" };
    r.same().status(0).stderr_is("").stdout_is(&format!(
        "{}number of transactions per client: 1\n\
         number of transactions actually processed: 2/2\n\
         number of failed transactions: 0 (0.000%)\n\
         number of serialization failures: 0 (0.000%)\n\
         number of deadlock failures: 0 (0.000%)\n{other}\
         number of transactions retried: 1 (50.000%)\n\
         total number of retries: 1\n\
         latency average = <t> ms\n\
         initial connection time = <t> ms\n\
         tps = <t> (without initial connection time)\n",
        report_head_of(major, server, "serialization.sql", "simple", 2, 1, "5")
    ));
    r.finish();
}

macro_rules! server_cases {
    ($($server:ident: $major:literal;)*) => {
        $(
            mod $server {
                #[test]
                fn tpcb_like_simple() { super::builtin($major, "tpcb-like", "simple"); }
                #[test]
                fn tpcb_like_extended() { super::builtin($major, "tpcb-like", "extended"); }
                #[test]
                fn tpcb_like_prepared() { super::builtin($major, "tpcb-like", "prepared"); }
                #[test]
                fn simple_update_simple() { super::builtin($major, "simple-update", "simple"); }
                #[test]
                fn simple_update_extended() { super::builtin($major, "simple-update", "extended"); }
                #[test]
                fn simple_update_prepared() { super::builtin($major, "simple-update", "prepared"); }
                #[test]
                fn select_only_simple() { super::builtin($major, "select-only", "simple"); }
                #[test]
                fn select_only_extended() { super::builtin($major, "select-only", "extended"); }
                #[test]
                fn select_only_prepared() { super::builtin($major, "select-only", "prepared"); }
                #[test]
                fn connect_per_transaction() { super::connect_per_transaction($major); }
                #[test]
                fn threads_per_command() { super::threads_per_command($major); }
                #[test]
                fn pipeline_and_log() { super::pipeline_and_log($major); }
                #[test]
                fn serialization_retried() { super::serialization_retried($major); }
            }
        )*
    };
}

server_cases! {
    server_17: 17;
    server_18: 18;
    server_19: 19;
}
