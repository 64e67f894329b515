//! Clients that abort: a transaction block left open, COPY in a script,
//! and a division by zero in one of two threads, with and without
//! `--exit-on-abort`.

use super::{ABORTED, aborted_report, script_run};
use crate::harness::bench::{Bench, TAIL, banner, pgbench_db, report_head};
use crate::harness::{Pgbench, create_db, needs};

/// 'incomplete transaction block'.
#[test]
fn incomplete_transaction_block() {
    let name = needs!(Server);
    let file = "001_pgbench_incomplete_transaction_block";
    let mut r = script_run(name, file, "BEGIN;SELECT 1;", &["--no-vacuum"]);
    r.same()
        .status(2)
        .stdout_is(&format!(
            "{}number of transactions per client: 10\n\
             number of transactions actually processed: 1/10\n{TAIL}",
            report_head(file, "simple", 1, 1, "1")
        ))
        .stderr_is(&format!(
            "pgbench: error: client 0 aborted: end of script reached without completing the last transaction\n{ABORTED}"
        ));
    r.finish();
}

/// 'Test copy in script': COPY is refused and the client aborts.
#[test]
fn copy_in_script() {
    let name = needs!(Server);
    let db = pgbench_db(name);
    let run = Pgbench::new(["-t", "10", "-f", "001_copy", &db.name])
        .file("001_copy", " COPY pgbench_accounts FROM stdin ")
        .label(name);
    let mut r = Bench::new(name, run).run();
    r.same()
        .status(2)
        .stdout_is(&aborted_report("001_copy", "simple", 10))
        .stderr_is(&format!(
            "starting vacuum...end.\npgbench: error: COPY is not supported in pgbench, aborting\n{ABORTED}"
        ));
    r.finish();
}

const EXIT_ON_ABORT_SCRIPT: &str =
    "\nupdate counter set i = i+1 returning i \\gset\n\\if :i = 5\n\\set y 1/0\n\\endif\n";

/// Which client reaches the failing transaction depends on timing: mask
/// the client and thread numbers of a two-client, two-thread run.
fn mask_client_and_thread(s: &str) -> String {
    let mut out = s.to_string();
    for n in ["0", "1"] {
        out = out
            .replace(&format!("client {n} "), "client <n> ")
            .replace(&format!("thread {n}\n"), "thread <n>\n");
    }
    out
}

/// The upstream '--exit-on-abort' workload (two clients, two threads, ten
/// transactions each; the fifth increment of a counter divides by zero)
/// with `extra` options, the counter back to 0 before each run, client
/// and thread numbers masked on stderr.
fn counter_bench(name: &str, extra: &[&str]) -> Bench {
    let db = create_db(name);
    let reset = db.clone();
    db.exec("CREATE TABLE counter(i int); INSERT INTO counter VALUES (0);");
    let mut args = vec!["-t", "10", "-c", "2", "-j", "2", "-n"];
    args.extend_from_slice(extra);
    args.extend(["-f", "001_exit_on_abort", &db.name]);
    let run = Pgbench::new(&args).file("001_exit_on_abort", EXIT_ON_ABORT_SCRIPT).label(name);
    Bench::new(name, run)
        .mask_stderr(mask_client_and_thread)
        .before_each(move || reset.exec("UPDATE counter SET i = 0"))
}

/// The upstream '--exit-on-abort' workload without the option: the other
/// client finishes, the report is printed, exit status 2.
#[test]
fn abort_in_one_thread() {
    let name = needs!(Server);
    let mut r = counter_bench(name, &[]).mask_stdout(crate::harness::normalize::mask_counts).run();
    r.same()
        .status(2)
        .stdout_is(&format!(
            "{}number of transactions per client: 10\n\
             number of transactions actually processed: <t>/20\n{TAIL}",
            report_head("001_exit_on_abort", "simple", 2, 2, "1")
        ))
        .stderr_is(&format!(
            "pgbench: error: division by zero\n\
             pgbench: error: client <n> aborted in command 2 (set) of script 0; evaluation of meta-command failed\n{ABORTED}"
        ));
    r.finish();
}

/// 'test --exit-on-abort': the run stops at the first abort,
/// without a report.
#[test]
fn exit_on_abort() {
    let name = needs!(Server);
    let mut r = counter_bench(name, &["--exit-on-abort"]).run();
    r.status(2).stdout_is(&banner()).stderr_is(
        "pgbench: error: division by zero\n\
         pgbench: error: client <n> aborted in command 2 (set) of script 0; evaluation of meta-command failed\n\
         pgbench: error: Run was aborted due to an error in thread <n>\n",
    );
    r.each_raw(|o| {
        // With -c 2 -j 2, client k runs in thread k.
        let client = o
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix("pgbench: error: client ")?.split(' ').next());
        let thread = o.stderr.lines().find_map(|l| {
            l.strip_prefix("pgbench: error: Run was aborted due to an error in thread ")
        });
        if client.is_some() && client == thread {
            Ok(())
        } else {
            Err(format!("client {client:?} vs thread {thread:?}"))
        }
    });
    r.finish();
}
