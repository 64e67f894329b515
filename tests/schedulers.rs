//! The shards under real schedulers, on hosts simulated with namespaces:
//! Debian's Slurm (a controller and two compute nodes) runs
//! `deploy/slurm/pgbench-rs-shards.sbatch`, and ssh with GNU parallel
//! (sshd on two hosts) runs `deploy/ssh/pgbench-rs-shards.sh`, each as a
//! user would, against a server the test started. The shards measure the
//! same interval and merge to their sum, second by second; a shard the
//! server refuses makes the job fail, naming it, with the other's report
//! there; shards that start after `START_AT` make it fail too.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::harness::bench::pgbench_db_on;
use crate::harness::cluster::{Cluster, Db, tcp_cluster};
use crate::harness::lan::{self, Host, Lan};
use crate::harness::live::split_client_warning;
use crate::harness::needs;
use crate::harness::slurm::{self, Slurm};
use crate::harness::sshd::Sshd;
use crate::harness::{runner, serial, tmp};
use crate::shards::SHARD_ARGS;

/// The options of the runs that start late (START_AT in the past): each
/// shard starts when it has connected, for the whole -T, and -T 3 lets
/// them still overlap when ssh on a loaded machine starts one 1.3 s after
/// the other (the merge refuses shards that did not overlap).
const LATE_ARGS: [&str; 8] = ["-n", "-S", "-c", "2", "-j", "2", "-T", "3"];

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// A copy of `file` in `dir` as `name`, both of mode 0755. What the schedulers'
/// hosts and the ssh user run is a copy in the test's directory (open to
/// all, see `tmp`), not the clone's file: the clone may be where they
/// cannot see it (in a home of mode 0700, or below the home directory the
/// ssh test binds over root's).
fn copy_to(file: &Path, dir: &Path, name: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    tmp::set_mode(dir, 0o755);
    let to = dir.join(name);
    std::fs::copy(file, &to)
        .unwrap_or_else(|e| panic!("{} to {}: {e}", file.display(), to.display()));
    tmp::set_mode(&to, 0o755);
    to
}

/// `dir/bin`, holding a copy of `pgbench-rs` (the binary under test): the
/// PATH's first directory for the schedulers' commands.
fn bin_dir(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    copy_to(&runner::under_test_path(), &bin, "pgbench-rs");
    bin
}

/// Where a scheduler's test runs its shards.
struct Site {
    /// A server the simulated hosts reach over TCP.
    server: &'static Cluster,
    /// Its pgbench tables, for the shards.
    db: Db,
    /// Another copy, which the server refuses to one host.
    refused: Db,
    /// A fresh directory for the test's files.
    dir: PathBuf,
    /// `dir/bin` ([`bin_dir`]).
    bin: PathBuf,
}

/// The [`Site`] of the test `name`.
fn site(name: &str) -> Site {
    let server = tcp_cluster(name);
    let db = pgbench_db_on(server, name);
    let refused = pgbench_db_on(server, &format!("{name}_refused"));
    let dir = tmp::fresh_dir(name);
    let bin = bin_dir(&dir);
    Site { server, db, refused, dir, bin }
}

/// A copy of the project's `deploy/FILE` in `dir/deploy`.
fn deploy(dir: &Path, file: &str) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy").join(file);
    let name = Path::new(file).file_name().expect("a file name").to_string_lossy();
    copy_to(&from, &dir.join("deploy"), &name)
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn int(v: &Value, what: &str) -> i64 {
    v.pointer(what).and_then(Value::as_i64).unwrap_or_else(|| panic!("no {what} in {v}"))
}

/// Has `server` refuse connections from `host` to database `db`, and
/// waits until it does (a reload of pg_hba.conf).
fn refuse(server: &'static Cluster, db: &str, host: &Host, gateway: &str) {
    let hba = server.dir.join("data").join("pg_hba.conf");
    let text = std::fs::read_to_string(&hba).expect("pg_hba.conf");
    let line = format!("host {db} all {}/32 reject\n", host.addr);
    std::fs::write(&hba, line + &text).expect("pg_hba.conf");
    server.exec("postgres", "select pg_reload_conf()");
    let mut psql = host.command("true", &server.bindir.join("psql"));
    psql.args(["-h", gateway, "-p", &server.port.to_string(), "-U", "postgres", "-d", db]);
    psql.args(["-c", "select 1"]);
    lan::wait_until("pg_hba.conf's reload", Duration::from_secs(30), &mut [], || {
        let out = psql.output().map_err(|e| format!("psql: {e}"))?;
        Ok(String::from_utf8_lossy(&out.stderr).contains("pg_hba.conf rejects connection"))
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

/// The shards' reports and the merged one of one run: the shards started
/// measuring on time (none late) within 0.1 s of each other and their
/// measurements overlapped; the merged counts are their sums, and its
/// seconds the sums of theirs.
fn check_merged(case: &str, shards: &[Value], merged: &Value, merged_text: &str) {
    let starts: Vec<i64> = shards.iter().map(|s| int(s, "/progress/start_time_us")).collect();
    let (first, last) = (starts.iter().min().copied(), starts.iter().max().copied());
    let (Some(first), Some(last)) = (first, last) else { panic!("{case}: no shards") };
    assert!(last - first <= 100_000, "{case}: the shards started {starts:?}");
    let ends: Vec<i64> = shards.iter().map(|s| int(s, "/end_time_us")).collect();
    assert!(ends.iter().all(|&e| e > last), "{case}: starts {starts:?}, ends {ends:?}");
    for (k, s) in shards.iter().enumerate() {
        assert_eq!(s["late_start_s"].as_f64(), Some(0.0), "{case}: shard {k} started late");
        assert_eq!(s["status"], "completed", "{case}: shard {k}");
        assert_eq!(int(s, "/shard/index"), i64::try_from(k).expect("k"), "{case}");
    }
    let sum = |p: &str| shards.iter().map(|s| int(s, p)).sum::<i64>();
    let total = sum("/totals/transactions");
    assert!(total > 0, "{case}");
    assert_eq!(int(merged, "/totals/transactions"), total, "{case}");
    assert_eq!(int(merged, "/totals/failed"), sum("/totals/failed"), "{case}");
    assert_eq!(merged["status"], "completed", "{case}");
    assert!(
        merged_text.contains(&format!("\nnumber of transactions actually processed: {total}\n")),
        "{case}: {merged_text}"
    );
    assert!(!merged_text.contains("late start"), "{case}: {merged_text}");
    // The per-second series: each merged second is the shards' sum.
    let seconds = |d: &Value| -> Vec<(i64, i64)> {
        let ivs = d["progress"]["intervals"].as_array().cloned().unwrap_or_default();
        ivs.iter().map(|iv| (int(iv, "/index"), int(iv, "/transactions"))).collect()
    };
    let merged_seconds = seconds(merged);
    assert!(merged_seconds.len() >= 2, "{case}: {merged_seconds:?}");
    for (index, tx) in &merged_seconds {
        let theirs: i64 = shards
            .iter()
            .flat_map(|s| seconds(s).into_iter().filter(|(i, _)| i == index).map(|(_, t)| t))
            .sum();
        assert_eq!(*tx, theirs, "{case}: second {index}");
    }
    assert_eq!(merged_seconds.iter().map(|s| s.1).sum::<i64>(), total, "{case}");
}

/// The output of a job or script whose two shards started after
/// `start_at`: the merge named each, and `script` said why it failed last.
fn check_late(text: &str, script: &str, start_at: u64) {
    for k in 0..2 {
        let line = format!("pgbench-rs: warning: shard {k} of 2 started ");
        assert!(has_line(text, &line), "{line}\n{text}");
    }
    let line =
        format!("\n{script}: a shard started after START_AT={start_at}: choose it further ahead\n");
    assert!(text.ends_with(&line), "{line}\n{text}");
}

/// Whether a line of `text` starts with `prefix`.
fn has_line(text: &str, prefix: &str) -> bool {
    text.lines().any(|l| l.starts_with(prefix))
}

/// The merged report without its first line (the merge's `-P` lines, on
/// stderr, may come after it in an output that has both).
fn report_of(text: &str) -> &str {
    let report = text.split_once('\n').map_or("", |(_, r)| r);
    assert!(report.starts_with("transaction type: "), "{text}");
    report
}

/// The server saw connections from each of `hosts`.
fn connected_from(server: &Cluster, hosts: &[Host]) {
    let log = std::fs::read_to_string(server.log_file()).expect("server log");
    for h in hosts {
        assert!(log.contains(&format!("connection received: host={} ", h.addr)), "{}", h.addr);
    }
}

/// A finished job or script: exit status, stdout, stderr.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn ran(mut c: Command) -> Ran {
    let out = c.output().unwrap_or_else(|e| panic!("{c:?}: {e}"));
    Ran {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// One `sbatch --wait` of the deploy file and what its job left: the job's
/// output and the directory of its reports.
struct Job {
    ran: Ran,
    output: String,
    results: PathBuf,
}

/// Slurm with two compute nodes runs the sbatch file of `deploy/` as it
/// is, given the server in the environment: with its own options and
/// START_AT, the two shards run on the two nodes at the same time and the
/// job merges them; a shard the server refuses fails the job, which names
/// it and keeps the other's report; shards started after a START_AT the
/// user gave fail it too. The three jobs run at once (the nodes have the
/// CPUs for them).
#[test]
fn slurm_runs_the_shards_together() {
    let _one = serial();
    needs!(Server, Hosts, Slurm);
    let Site { server, db, refused, dir, bin } = site("slurm");
    let lan = Lan::new(0, &["pgbrs-ctl", "pgbrs-n0", "pgbrs-n1"])
        .unwrap_or_else(|e| panic!("network: {e}"));
    refuse(server, &refused.name, &lan.hosts[2], &lan.gateway);
    let slurm =
        Slurm::start(&lan, &dir.join("cluster"), 4).unwrap_or_else(|e| panic!("Slurm: {e}"));
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let sbatch_file = deploy(&dir, "slurm/pgbench-rs-shards.sbatch");
    let submit = |label: &str, db: &str, export: &str, args: &[&str]| -> Job {
        let (here, results) = (dir.join(label), dir.join(format!("{label}-results")));
        std::fs::create_dir_all(&here).expect("dir");
        let mut c = Command::new("timeout");
        c.arg("300").arg(slurm::program("sbatch").expect("sbatch"));
        c.args(["--wait", export]).arg(&sbatch_file).args(args);
        c.env("SLURM_CONF", &slurm.conf).env("PATH", &path).env("RESULTS", &results);
        c.env("PGHOST", &lan.gateway).env("PGPORT", server.port.to_string());
        c.env("PGUSER", "postgres").env("PGDATABASE", db).current_dir(&here);
        let ran = ran(c);
        let id = ran
            .stdout
            .strip_prefix("Submitted batch job ")
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|| panic!("{label}: {}{}\n{}", ran.stdout, ran.stderr, slurm.logs()));
        let output = std::fs::read_to_string(here.join(format!("slurm-{id}.out")))
            .unwrap_or_else(|e| panic!("{label}: job {id}'s output: {e}\n{}", slurm.logs()));
        Job { ran, output, results: results.join(format!("pgbench-rs-{id}")) }
    };
    let late_start = now() - 5;
    // (The late job also serves its metrics, on a port a shard.)
    let late_at = format!("--export=ALL,START_AT={late_start},METRICS_PORT=9187,METRICS_LINGER=0");
    let (good, failing, late) = std::thread::scope(|s| {
        let good = s.spawn(|| submit("good", &db.name, "--export=ALL", &[]));
        let failing = s.spawn(|| submit("failing", &refused.name, "--export=ALL", &[]));
        let late = s.spawn(|| submit("late", &db.name, &late_at, &LATE_ARGS));
        (good.join().expect("good"), failing.join().expect("failing"), late.join().expect("late"))
    });

    // The run: each node ran one shard, from START_AT 20 s after the job
    // started, with the file's options.
    assert_eq!(good.ran.code, Some(0), "{}\n{}", good.output, slurm.logs());
    assert_eq!(good.ran.stderr, "");
    // (But the warning that the client set the result: on a loaded
    // machine it may have.)
    let output = split_client_warning(&good.output).0;
    assert!(!output.contains("warning") && !output.contains("error"), "{}", good.output);
    let shards: Vec<Value> =
        (0..2).map(|k| json(&good.results.join(format!("shard-{k}.json")))).collect();
    let start_at = int(&shards[0], "/start_time_us") / 1_000_000;
    for (k, s) in shards.iter().enumerate() {
        let mut argv = vec!["pgbench-rs"];
        argv.extend_from_slice(SHARD_ARGS);
        let own = [
            format!("--shard={k}/2"),
            format!("--start-at={start_at}"),
            format!("--report-json=shard-{k}.json"),
        ];
        argv.extend(own.iter().map(String::as_str));
        assert_eq!(s["configuration"]["command_line"], serde_json::json!(argv), "shard {k}");
        assert_eq!(int(s, "/start_time_us"), start_at * 1_000_000, "shard {k}");
        let line = format!(
            "{k}: shard: {k} of 2 (threads {k} to {k}, clients {} to {})",
            2 * k,
            2 * k + 1
        );
        assert!(has_line(&good.output, &line), "{line}\n{}", good.output);
    }
    connected_from(server, &lan.hosts[1..]);
    let merged_text = std::fs::read_to_string(good.results.join("run.txt")).expect("run.txt");
    assert!(output.ends_with(report_of(&merged_text)), "{}", good.output);
    check_merged("slurm", &shards, &json(&good.results.join("run.json")), &merged_text);

    // Shard 1's node is refused: the job fails, the merge names shard 1,
    // shard 0's report is there.
    let hba = format!(
        "1: pgbench-rs: error: connection to server at \"{}\", port {} failed: FATAL:  pg_hba.conf rejects connection for host \"{}\"",
        lan.gateway, server.port, lan.hosts[2].addr
    );
    assert_eq!(failing.ran.code, Some(1), "{}", failing.output);
    for line in [
        hba.as_str(),
        "srun: error: pgbrs-n1: task 1: Exited with exit code 1",
        "pgbench-rs: error: shard 1 of 2 is missing: \"shard-0.json\" is shard 0",
        "pgbench-rs-shards: a shard failed (exit status 1)",
    ] {
        assert!(has_line(&failing.output, line), "{line}\n{}", failing.output);
    }
    let shard0 = json(&failing.results.join("shard-0.json"));
    assert_eq!(shard0["status"], "completed");
    assert!(int(&shard0, "/totals/transactions") > 0);
    assert!(!failing.results.join("shard-1.json").exists());
    assert!(!failing.results.join("run.json").exists());

    // START_AT 5 s before the submission: both shards start late, the
    // merge names them, the job fails.
    assert_eq!(late.ran.code, Some(1), "{}", late.output);
    check_late(&late.output, "pgbench-rs-shards", late_start);
    for k in 0..2 {
        let line =
            format!("{k}: pgbench-rs: serving the metrics at http://0.0.0.0:{}/metrics", 9187 + k);
        assert!(has_line(&late.output, &line), "{line}\n{}", late.output);
    }
}

/// ssh and GNU parallel: `deploy/ssh/pgbench-rs-shards.sh client1 client2
/// -- OPTIONS` as a user runs it (their ~/.ssh/config names the hosts,
/// each with pgbench-rs on its PATH): options with spaces and quotes reach
/// pgbench-rs as they were given, the shards run on the two hosts at the
/// same time, their reports come back and merge; a host the server
/// refuses makes the script name it and fail, with the other report back;
/// shards started after START_AT make it fail too.
#[test]
fn ssh_and_parallel_run_the_shards() {
    let _one = serial();
    needs!(Server, Hosts, Ssh);
    let Site { server, db, refused, dir, bin } = site("ssh");
    let lan = Lan::new(1, &["pgbrs-c1", "pgbrs-c2"]).unwrap_or_else(|e| panic!("network: {e}"));
    refuse(server, &refused.name, &lan.hosts[1], &lan.gateway);
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", bin.display());
    let ssh = Sshd::start(&lan, &dir.join("ssh"), &["client1", "client2"], &path)
        .unwrap_or_else(|e| panic!("sshd: {e}"));
    for home in &ssh.homes {
        std::fs::write(home.join("my script.sql"), "select 1;\n").expect("script");
    }
    let port = server.port.to_string();
    let opts = |db: &str, more: &[&str]| -> Vec<String> {
        let mut v: Vec<&str> = vec!["-h", &lan.gateway, "-p", &port, "-U", "postgres"];
        v.extend_from_slice(more);
        v.push(db);
        v.into_iter().map(String::from).collect()
    };
    let script = deploy(&dir, "ssh/pgbench-rs-shards.sh");
    let run = |label: &str, start_at: Option<u64>, opts: &[String], env: &[(&str, &str)]| {
        let here = dir.join(label);
        std::fs::create_dir_all(&here).expect("dir");
        let mut c = ssh.as_user(&script);
        c.args(["client1", "client2", "--"]).args(opts);
        c.env("PATH", &path).env_remove("START_AT").current_dir(&here);
        if let Some(at) = start_at {
            c.env("START_AT", at.to_string());
        }
        c.envs(env.iter().copied());
        (ran(c), here)
    };

    // The run, with a script whose name has a space and a variable whose
    // value has quotes, from the script's own START_AT, 30 s ahead (parallel,
    // a Perl program, and ssh took 17 s to start the shards under a load of
    // 28 on 2 cores: 12 s was not enough).
    let mut more: Vec<&str> = SHARD_ARGS.to_vec();
    more.extend(["-f", "my script.sql@1", "-D", "note=it's a \"quoted\" note"]);
    let good_opts = opts(&db.name, &more);
    let before = now();
    let (good, here) = run("good", None, &good_opts, &[]);
    let after = now();
    assert_eq!(good.code, Some(0), "{}\n{}", good.stdout, good.stderr);
    let stderr = split_client_warning(&good.stderr).0;
    assert!(!stderr.contains("warning") && !stderr.contains("error"), "{}", good.stderr);
    let shards: Vec<Value> = (0..2).map(|k| json(&here.join(format!("shard-{k}.json")))).collect();
    let start_at = u64::try_from(int(&shards[0], "/start_time_us") / 1_000_000).expect("start");
    assert!((before + 30..=after + 30).contains(&start_at), "{before} {start_at} {after}");
    for (k, s) in shards.iter().enumerate() {
        let mut argv = vec!["pgbench-rs".to_string()];
        argv.extend(good_opts.iter().cloned());
        argv.extend([format!("--shard={k}/2"), format!("--start-at={start_at}")]);
        argv.push(format!("--report-json=shard-{k}.json"));
        assert_eq!(s["configuration"]["command_line"], serde_json::json!(argv), "shard {k}");
        assert_eq!(int(s, "/start_time_us"), i64::try_from(start_at * 1_000_000).expect("us"));
        // Each host wrote its own report in its home.
        assert!(ssh.homes[k].join(format!("shard-{k}.json")).exists(), "shard {k}");
        assert!(!ssh.homes[1 - k].join(format!("shard-{k}.json")).exists(), "shard {k}");
        let tag = format!("client{} {k}\tshard: {k} of 2 (threads {k} to {k}, ", k + 1);
        assert!(good.stdout.contains(&tag), "{tag}\n{}", good.stdout);
    }
    connected_from(server, &lan.hosts);
    let merged_text = std::fs::read_to_string(here.join("run.txt")).expect("run.txt");
    assert!(good.stdout.ends_with(report_of(&merged_text)), "{}", good.stdout);
    check_merged("ssh", &shards, &json(&here.join("run.json")), &merged_text);

    // client2 is refused: the script names it and fails; client1's report
    // is back (late or not: the failure is what the script reports).
    let (failing, here) = run("failing", Some(now() + 3), &opts(&refused.name, SHARD_ARGS), &[]);
    assert_eq!(failing.code, Some(1), "{}\n{}", failing.stdout, failing.stderr);
    let hba = format!(
        "client2 1\tpgbench-rs: error: connection to server at \"{}\", port {port} failed: FATAL:  pg_hba.conf rejects connection for host \"{}\"",
        lan.gateway, lan.hosts[1].addr
    );
    assert!(failing.stderr.contains(&hba), "{hba}\n{}", failing.stderr);
    assert!(
        failing.stderr.ends_with(
            "pgbench-rs: error: shard 1 of 2 is missing: \"shard-0.json\" is shard 0\n\
             pgbench-rs-shards.sh: shard 1 of 2 on client2 failed (exit status 1)\n"
        ),
        "{}",
        failing.stderr
    );
    let shard0 = json(&here.join("shard-0.json"));
    assert_eq!(shard0["status"], "completed");
    assert!(int(&shard0, "/totals/transactions") > 0);
    assert!(!here.join("shard-1.json").exists() && !here.join("run.json").exists());

    // START_AT 5 s ago: both shards start late, the script fails.
    let late_at = now() - 5;
    // (It also serves its metrics, on a port a shard.)
    let metrics = [("METRICS_PORT", "9187"), ("METRICS_LINGER", "0")];
    let (late, _) = run("late", Some(late_at), &opts(&db.name, &LATE_ARGS), &metrics);
    assert_eq!(late.code, Some(1), "{}\n{}", late.stdout, late.stderr);
    check_late(&late.stderr, "pgbench-rs-shards.sh", late_at);
    for k in 0..2 {
        let line = format!(
            "client{} {k}\tpgbench-rs: serving the metrics at http://0.0.0.0:{}/metrics",
            k + 1,
            9187 + k
        );
        assert!(late.stderr.contains(&line), "{line}\n{}", late.stderr);
    }
}
