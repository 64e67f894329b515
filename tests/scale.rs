//! At the scale pgbench-rs exists for: every descriptor a run opens is
//! counted before anything connects (the soft limit raised to it, or the
//! run refused with the number it needs), and connections are made
//! without stalling the thread that makes them. And `--pin`: a CPU for
//! each thread.

use crate::harness::Pgbench;
use crate::harness::bench::{Bench, TAIL, TAIL_RECONNECT, pgbench_db, report_head};
use crate::harness::cluster::{Cluster, extra_cluster};
use crate::harness::needs;
use crate::harness::runner::Status;

/// A server of its own that takes 1100 connections (the shared one takes
/// 200).
fn many_cluster() -> &'static Cluster {
    static C: std::sync::OnceLock<&'static Cluster> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let c = extra_cluster("many");
        c.stop_immediate().unwrap_or_else(|e| panic!("stop many: {e}"));
        c.pg_ctl_start_with("-c max_connections=1100")
            .unwrap_or_else(|e| panic!("start many: {e}"));
        c
    })
}

/// `run` under the open-files limits `ulimit_args` (as `ulimit` takes
/// them), named `pgbench` as the tests name it.
fn with_ulimit(run: Pgbench, ulimit_args: &str) -> Pgbench {
    let script = format!("ulimit {ulimit_args} || exit 99; exec -a pgbench \"$@\"");
    run.wrapped_in(&["bash", "-c", &script, "bash"])
}

/// With a soft limit of 256 under a higher hard one, a thousand clients
/// on four threads run (`SELECT 1`): the soft limit is raised to what the run opens
/// (C pgbench 17 refuses, 18 raises it to `-c` + 3 and fails half-way
/// connecting).
#[test]
fn a_run_raises_the_soft_limit_to_every_descriptor_it_opens() {
    needs!(Server);
    let server = many_cluster();
    let run = Pgbench::new(["-n", "-f", "select.sql", "-c", "1000", "-j", "4", "-T", "2"])
        .file("select.sql", "SELECT 1;\n")
        .env("PGDATABASE", "postgres")
        .on(server)
        .compat(18)
        .label("nofile-raised");
    // (The hard limit of the tests' process is above what the run needs.
    // As pgbench 18, the default, which raises the limit: 17 fails at the
    // soft limit, see versions::open_files_limit_of_each_version.)
    let out = with_ulimit(run, "-Sn 256").run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("\nnumber of clients: 1000\n"), "{}", out.stdout);
    assert!(out.stdout.contains("\nnumber of threads: 4\n"), "{}", out.stdout);
    // (-T counts from the start, connections included: a loaded machine
    // may take the whole two seconds to connect a thousand clients, and
    // then pgbench 18's report ends at the processed line.)
    let processed = out.stdout.lines().any(|l| l == "number of transactions actually processed: 0");
    assert!(
        processed || out.stdout.contains("\nnumber of failed transactions: 0 ("),
        "{}",
        out.stdout
    );
    assert_eq!(out.stderr, "", "{}", out.stderr);
}

/// Under a hard limit of 1024, `-c 1021 -j 8` is refused before anything
/// connects (there is no server to connect to: a connection would say
/// so), with the number of descriptors it needs: C's `-c` + 3, and per
/// thread its wait set, waker, four in passing (and with `-l` its log
/// file), two for the main thread (and the `--server-stats` sampler's
/// connection).
#[test]
fn a_run_short_of_descriptors_is_refused_before_it_connects() {
    let hint = "pgbench: hint: Reduce number of clients, or use limit/ulimit to increase the system limit.\n";
    let cases: [(&[&str], u64); 4] = [
        (&[], 1021 + 3 + 8 * 6 + 2),
        (&["-l"], 1021 + 3 + 8 * 7 + 2),
        (&["--server-stats"], 1021 + 3 + 8 * 6 + 2 + 1),
        (&["-l", "--server-stats"], 1021 + 3 + 8 * 7 + 2 + 1),
    ];
    for (extra, needed) in cases {
        let args = ["-n", "-S", "-c", "1021", "-j", "8", "-T", "2"].iter().chain(extra);
        let run = Pgbench::no_server(args).label("nofile-refused");
        let out = with_ulimit(run, "-n 1024").run_under_test();
        assert_eq!(out.status, Status::Exit(1), "{extra:?}: {}", out.stderr);
        let expected = format!(
            "pgbench: error: need at least {needed} open files, but system limit is 1024\n{hint}"
        );
        assert_eq!(out.stderr, expected, "{extra:?}");
        assert_eq!(out.stdout, "", "{extra:?}");
    }
    // C's own count, checked as -c is read: -c 1022 needs 1025.
    let run = Pgbench::no_server(["-c", "1022", "-j", "8"]).label("nofile-c");
    let out = with_ulimit(run, "-n 1024").run_under_test();
    assert_eq!(out.status, Status::Exit(1), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        format!("pgbench: error: need at least 1025 open files, but system limit is 1024\n{hint}")
    );
}

/// A host list whose first host does not exist: every connection (the
/// set-up's, made blocking, and each client's, made without blocking)
/// goes on to the second host, as C's.
#[test]
fn a_host_list_whose_first_host_does_not_exist() {
    let name = needs!(Server);
    let db = pgbench_db(name);
    let host = crate::harness::cluster::cluster().host().display().to_string();
    let conninfo = format!("host=/nonexistent-host,{host} dbname={}", db.name);
    for (label, extra) in [(name, None), ("host_list_connect", Some("-C"))] {
        let mut args = vec!["-n", "-S", "-c", "4", "-j", "2", "-t", "5"];
        args.extend(extra);
        args.push(&conninfo);
        let run = Pgbench::new(&args).label(label);
        let mut r = Bench::new(label, run).run();
        let tail = if extra.is_some() { TAIL_RECONNECT } else { TAIL };
        r.same().status(0).stderr_is("").stdout_is(&format!(
            "{}number of transactions per client: 5\n\
             number of transactions actually processed: 20/20\n{tail}",
            report_head("<builtin: select only>", "simple", 4, 2, "1")
        ));
        r.finish();
    }
}

/// The CPUs each thread of process `pid` may run on, by thread name
/// (`main` for the main thread).
fn thread_cpus(pid: u32) -> Vec<(String, Vec<usize>)> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).expect("the process's threads");
    let mut out = Vec::new();
    for t in tasks.flatten() {
        let Ok(status) = std::fs::read_to_string(t.path().join("status")) else { continue };
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .map(str::trim)
                .unwrap_or("")
                .to_owned()
        };
        let main = t.file_name().to_str() == Some(pid.to_string().as_str());
        let name = if main { "main".to_owned() } else { field("Name:") };
        out.push((name, crate::harness::cpu_list(&field("Cpus_allowed_list:"))));
    }
    out.sort();
    out
}

/// `--pin`: during the measurement each worker thread runs on one CPU of
/// those allowed, and the main thread on another when one is left (one
/// worker here); `--pin=CPU` puts both workers on that CPU and leaves the
/// main thread alone; a CPU the process may not use is refused before
/// anything connects.
#[test]
fn pin_gives_each_thread_a_cpu() {
    needs!(Server);
    let (allowed, allowed_text) = crate::harness::allowed_cpus();
    let pinned = |case: &str, args: &[&str]| {
        let base = ["-n", "-f", "s.sql", "-T", "600"];
        let run = Pgbench::new(base.iter().chain(args).copied()).file("s.sql", "SELECT 1;\n");
        let mut run = run.label(case).spawn_under_test();
        run.measuring();
        let threads = thread_cpus(run.pid());
        run.signal(libc::SIGINT);
        let out = run.finish();
        assert_eq!(out.status, Status::Signal(libc::SIGINT), "{case}: {}", out.stderr);
        threads
    };
    let one = pinned("pin-all", &["-c", "1", "-j", "1", "--pin"]);
    let cpus_of = |threads: &[(String, Vec<usize>)], name: &str| {
        threads.iter().find(|t| t.0 == name).map(|t| t.1.clone()).expect(name)
    };
    let worker = cpus_of(&one, "pgbench-rs-0");
    assert_eq!(worker.len(), 1, "{one:?}");
    assert!(allowed.contains(&worker[0]), "{one:?}");
    let main = cpus_of(&one, "main");
    if allowed.len() > 1 {
        assert_eq!(main.len(), 1, "{one:?}");
        assert_ne!(main, worker, "{one:?}");
    } else {
        assert_eq!(main, allowed, "{one:?}");
    }
    let cpu = allowed[0].to_string();
    let two = pinned("pin-one", &["-c", "2", "-j", "2", &format!("--pin={cpu}")]);
    for name in ["pgbench-rs-0", "pgbench-rs-1"] {
        assert_eq!(cpus_of(&two, name), [allowed[0]], "{two:?}");
    }
    assert_eq!(cpus_of(&two, "main"), allowed, "{two:?}");
    let refused = Pgbench::new(["-n", "-S", "-t", "1", "--pin=100000"]).label("pin-refused");
    let out = refused.run_under_test();
    assert_eq!((out.status, out.stdout.as_str()), (Status::Exit(1), ""));
    let expected = format!(
        "pgbench: error: --pin: CPU 100000 is not one this process may use ({})\n",
        allowed_text
    );
    assert_eq!(out.stderr, expected);
}
