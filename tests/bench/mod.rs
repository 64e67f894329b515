//! Benchmark runs compared with C pgbench: every builtin script under each
//! query mode with `-t` and with `-T 2`, several threads, `-C`, `-R` with
//! `-L`, `-v`, `--debug`, and C's own TAP cases of a run; retries
//! (`retries`) and a server lost or not there (`lost`) in modules of their
//! own.
//!
//! Both implementations run the same invocation against the same database
//! (the binary under test first). Their reports are compared line by line
//! with only measured numbers masked (latencies, tps, connection times,
//! lag; transaction counts in timed and throttled runs), their stderr byte
//! for byte (or, where clients interleave in timing order, message by
//! message per client), and their exit statuses. The stored 17 report of
//! each case is checked too, so the tests mean something without C.

mod lost;
mod retries;

use crate::harness::bench::{
    Bench, RATE_END, TAIL, TAIL_RECONNECT, builtin_desc, counts, report_head, skipped_and_late,
};
use crate::harness::needs;
use crate::harness::{Pgbench, normalize, shapes};

/// A builtin with `-t 10 -c 2` (vacuum on).
fn builtin_transactions(builtin: &str, mode: &str) {
    let name = format!("builtin_{builtin}_{mode}_t");
    let mut r = Bench::on_copy(&name, &["-b", builtin, "-M", mode, "-t", "10", "-c", "2"]).run();
    r.same().status(0).stderr_is("starting vacuum...end.\n").stdout_is(&format!(
        "{}{}{TAIL}",
        report_head(builtin_desc(builtin), mode, 2, 1, "1"),
        counts(10, "20/20")
    ));
    r.finish();
}

/// A builtin with `-T 2 -c 2 -n`.
fn builtin_duration(builtin: &str, mode: &str) {
    let name = format!("builtin_{builtin}_{mode}_big_t");
    let args = ["-b", builtin, "-M", mode, "-T", "2", "-c", "2", "-n"];
    let mut r = Bench::on_copy(&name, &args).mask_stdout(normalize::mask_counts).run();
    r.quiet(&format!(
        "{}duration: 2 s\nnumber of transactions actually processed: <t>\n{TAIL}",
        report_head(builtin_desc(builtin), mode, 2, 1, "1")
    ));
    r.finish();
}

macro_rules! builtin_cases {
    ($($name:ident: $builtin:literal, $mode:literal;)*) => {
        $(
            mod $name {
                #[test]
                fn transactions() {
                    crate::harness::needs!(Server);
                    super::builtin_transactions($builtin, $mode);
                }

                #[test]
                fn duration() {
                    crate::harness::needs!(Server);
                    super::builtin_duration($builtin, $mode);
                }
            }
        )*
    };
}

builtin_cases! {
    tpcb_like_simple: "tpcb-like", "simple";
    tpcb_like_extended: "tpcb-like", "extended";
    tpcb_like_prepared: "tpcb-like", "prepared";
    simple_update_simple: "simple-update", "simple";
    simple_update_extended: "simple-update", "extended";
    simple_update_prepared: "simple-update", "prepared";
    select_only_simple: "select-only", "simple";
    select_only_extended: "select-only", "extended";
    select_only_prepared: "select-only", "prepared";
}

/// A `-t` run of `args` that reports the head of `builtin` in `mode` with
/// `clients` and `threads`, and `per_client` transactions of each client
/// processed, then `tail`; nothing on stderr.
fn counted(name: &str, args: &[&str], head: (&str, &str, u32, u32), per_client: u32, tail: &str) {
    let (builtin, mode, clients, threads) = head;
    let mut r = Bench::on_copy(name, args).run();
    let processed = format!("{0}/{0}", per_client * clients);
    r.quiet(&format!(
        "{}{}{tail}",
        report_head(builtin_desc(builtin), mode, clients, threads, "1"),
        counts(per_client, &processed)
    ));
    r.finish();
}

/// Eight clients on two threads.
#[test]
fn clients_8_jobs_2() {
    let name = needs!(Server);
    let args = ["-c", "8", "-j", "2", "-t", "20", "-n"];
    counted(name, &args, ("tpcb-like", "simple", 8, 2), 20, TAIL);
}

/// More threads than clients: the thread count is clamped to the clients.
#[test]
fn jobs_clamped_to_clients() {
    let name = needs!(Server);
    let args = ["-S", "-c", "2", "-j", "4", "-t", "5", "-n"];
    counted(name, &args, ("select-only", "simple", 2, 2), 5, TAIL);
}

/// A new connection for every transaction.
#[test]
fn connect_per_transaction() {
    let name = needs!(Server);
    let args = ["-C", "-c", "2", "-t", "10", "-N", "-M", "prepared", "-n"];
    counted(name, &args, ("simple-update", "prepared", 2, 1), 10, TAIL_RECONNECT);
}

/// The upstream 'pgbench tpcb-like' case: -D, -C, and -v overridden by a
/// later -n (no vacuum at all).
#[test]
fn tap_tpcb_like() {
    let name = needs!(Server);
    let args = "--transactions=5 -Dfoo=bla --client=2 --protocol=simple --builtin=t --connect \
                -n -v -n";
    let args: Vec<&str> = args.split_whitespace().collect();
    counted(name, &args, ("tpcb-like", "simple", 2, 1), 5, TAIL_RECONNECT);
}

/// Throttled run with a latency limit: skipped and late transactions.
#[test]
fn rate_and_latency_limit() {
    let name = needs!(Server);
    let args = ["-S", "-R", "200", "-L", "5", "-T", "2", "-c", "2", "-n"];
    let mut r = Bench::on_copy(name, &args).mask_stdout(normalize::mask_counts).run();
    r.quiet(&format!(
        "{}duration: 2 s\n\
         number of transactions actually processed: <t>\n\
         number of failed transactions: 0 (0.000%)\n{}{RATE_END}",
        report_head(builtin_desc("select-only"), "simple", 2, 1, "1"),
        skipped_and_late("5.0")
    ));
    r.finish();
}

/// The upstream 'pgbench simple update' case: `-s` is ignored with a
/// warning when running.
#[test]
fn tap_simple_update() {
    let name = needs!(Server);
    let args = "--transactions=20 --client=5 -M extended --builtin=si -C --no-vacuum -s 1";
    let args: Vec<&str> = args.split_whitespace().collect();
    let mut r = Bench::on_copy(name, &args).run();
    r.same()
        .status(0)
        .stderr_is(
            "pgbench: warning: scale option ignored, using count from pgbench_branches table (1)\n",
        )
        .stdout_is(&format!(
            "{}{}{TAIL_RECONNECT}",
            report_head(builtin_desc("simple-update"), "extended", 5, 1, "1"),
            counts(20, "100/100")
        ));
    r.finish();
}

/// The upstream 'pgbench select only' case with `--debug` (seven clients
/// in one thread): the debug messages of each client, in order.
#[test]
fn tap_select_only_debug() {
    let name = needs!(Server);
    let db = crate::harness::bench::pgbench_db(name);
    let args = ["-t", "100", "-c", "7", "-M", "prepared", "-b", "se", "--debug", &db.name];
    let mut r = Bench::new(name, Pgbench::new(args).label(name)).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr messages per client (`receiving` repeats collapsed)", per_client)
        .status(0)
        .stdout_is(&format!(
            "{}{}{TAIL}",
            report_head(builtin_desc("select-only"), "prepared", 7, 1, "1"),
            counts(100, "700/700")
        ))
        .each(|o| {
            let m = shapes::messages_per_client(&o.stderr);
            let none = m.get(&None).cloned().unwrap_or_default();
            let want_head = format!(
                "pgbench: pghost: {} pgport: {} nclients: 7 nxacts: 100 dbName: {}\n\
                 starting vacuum...end.\n",
                crate::harness::cluster().host().display(),
                crate::harness::cluster().port,
                db.name
            );
            if none.concat() != want_head {
                return Err(format!("messages about no client: {none:?}, expected {want_head:?}"));
            }
            let c3 = m.get(&Some(3)).cloned().unwrap_or_default();
            let want: Vec<String> = [
                "pgbench: client 3 executing script \"<builtin: select only>\"\n",
                "pgbench: client 3 executing \\set aid\n",
                "pgbench: client 3 preparing P_0\n",
                "pgbench: client 3 sending P_0\n",
                "pgbench: client 3 receiving\n",
                "pgbench: client 3 executing script \"<builtin: select only>\"\n",
                "pgbench: client 3 executing \\set aid\n",
                "pgbench: client 3 sending P_0\n",
                "pgbench: client 3 receiving\n",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            if c3.len() != 100 * 4 + 1 || c3[..want.len()] != want[..] {
                return Err(format!(
                    "client 3: {} messages, starting {:?}",
                    c3.len(),
                    &c3[..c3.len().min(12)]
                ));
            }
            Ok(())
        });
    r.finish();
}

/// The upstream 'pgbench custom scripts' case: two weighted files, -j 2
/// with one client (one thread), prepared mode.
#[test]
fn tap_custom_scripts() {
    let name = needs!(Server);
    let s1 = "-- select only\n\\set aid random(1, :scale * 100000)\n\
              SELECT abalance::INTEGER AS balance\n  FROM pgbench_accounts\n  WHERE aid=:aid;\n";
    let s2 = "-- special variables\nBEGIN;\n\\set foo 1\n\
              -- cast are needed for typing under -M prepared\n\
              SELECT :foo::INT + :scale::INT * :client_id::INT AS bla;\nCOMMIT;\n";
    let db = crate::harness::bench::pgbench_db(name);
    let args = "-t 100 -c 1 -j 2 -M prepared -n \
                -f 001_pgbench_custom_script_1@1 -f 001_pgbench_custom_script_2@2";
    let run = Pgbench::new(args.split_whitespace())
        .arg(&db.name)
        .file("001_pgbench_custom_script_1", s1)
        .file("001_pgbench_custom_script_2", s2)
        .label(name);
    let mut r = Bench::new(name, run).mask_stdout(normalize::mask_counts).run();
    let section = |i: u32, w: u32, t: &str| {
        format!(
            "SQL script {i}: 001_pgbench_custom_script_{i}\n\
             \x20- weight: {w} (targets {t}% of total)\n\
             \x20- <t> transactions (<t>% of total, tps = <t>)\n\
             \x20- number of failed transactions: 0 (0.000%)\n\
             \x20- latency average = <t> ms\n\
             \x20- latency stddev = <t> ms\n"
        )
    };
    r.quiet(&format!(
        "{}{}{TAIL}{}{}",
        report_head("multiple scripts", "prepared", 1, 1, "1"),
        counts(100, "<t>/100"),
        section(1, 1, "33.3"),
        section(2, 2, "66.7")
    ));
    r.finish();
}

/// `-v` vacuums pgbench_accounts too.
#[test]
fn vacuum_all() {
    let name = needs!(Server);
    let mut r = Bench::on_copy(name, &["-v", "-S", "-t", "2"]).run();
    r.same()
        .status(0)
        .stderr_is("starting vacuum...end.\nstarting vacuum pgbench_accounts...end.\n")
        .stdout_is(&format!(
            "{}{}{TAIL}",
            report_head(builtin_desc("select-only"), "simple", 1, 1, "1"),
            counts(2, "2/2")
        ));
    r.finish();
}

/// `--debug` with two clients in one thread. C moves a client to the
/// result-waiting state as soon as its query is sent and, in the same
/// step, prints `client N receiving` on entering that state (once more
/// each time the client is woken before its result is complete). So every
/// `client N sending ...` message is immediately followed by `client N
/// receiving`, before any other client's message.
#[test]
fn debug_receiving_follows_sending() {
    let name = needs!(Server);
    let args = ["-n", "-S", "-c", "2", "-t", "3", "-M", "prepared", "--debug"];
    let mut r = Bench::on_copy(name, &args).run();
    r.same_status()
        .same_stdout()
        .same_by("stderr messages per client (`receiving` repeats collapsed)", per_client)
        .status(0)
        .each(|o| {
            let msgs = shapes::messages(&o.stderr);
            for (i, m) in msgs.iter().enumerate() {
                let Some(c) = shapes::message_client(m) else { continue };
                if !m.starts_with(&format!("pgbench: client {c} sending ")) {
                    continue;
                }
                let want = format!("pgbench: client {c} receiving\n");
                if msgs.get(i + 1) != Some(&want) {
                    return Err(format!(
                        "{m:?} is followed by {:?}, expected {want:?}; stderr:\n{}",
                        msgs.get(i + 1),
                        o.stderr
                    ));
                }
            }
            Ok(())
        });
    r.finish();
}

/// The messages of a stderr per client (see `shapes::messages_per_client`).
pub(crate) fn per_client(out: &crate::harness::Output) -> String {
    shapes::render_per_client(&shapes::messages_per_client(&out.stderr))
}
