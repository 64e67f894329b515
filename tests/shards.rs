//! One run split over several client machines (`--shard`, `--start-at`,
//! `--merge`): shards in network namespaces of their own reach one server
//! over veth pairs and start together; the merged report equals what the
//! shards and their `-l` logs give together; the shards together run the
//! streams of one run; merging what is not one run is refused; and the
//! launch files in `deploy/` run the command the test runs (the
//! schedulers themselves start them in `schedulers`).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::bench::{pgbench_db, pgbench_db_on};
use crate::harness::checks::report_of;
use crate::harness::cluster::tcp_cluster;
use crate::harness::live::Running;
use crate::harness::needs;
use crate::harness::netns::Machine;
use crate::harness::runner::{Output, Status};
use crate::harness::serial;
use crate::harness::shapes::{Latency, LogOpts, parse_log_line, report_value};
use crate::harness::shards::{run_together, started_together};

/// The shards' command line without `--shard`, `--start-at`, the host and
/// the report file: what `deploy/` runs too.
pub(crate) const SHARD_ARGS: &[&str] = &[
    "-n",
    "-c",
    "4",
    "-j",
    "2",
    "-T",
    "2",
    "-P",
    "1",
    "-l",
    "--latency-percentiles",
    "-b",
    "tpcb-like@2",
    "-b",
    "select-only@1",
];

/// A `--start-at` `secs` ahead of now, as epoch seconds with a fraction.
fn start_ahead(secs: f64) -> String {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
    format!("{:.3}", now + secs)
}

fn json_of(out: &Output, file: &str) -> Value {
    serde_json::from_str(&out.read_file(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A number of a report line ([`report_value`]).
fn number(stdout: &str, prefix: &str) -> f64 {
    report_value(stdout, prefix)
}

/// The successful transactions of `-l` logs: (script, latency µs).
fn log_latencies(outs: &[&Output]) -> Vec<(u32, u64)> {
    let mut v = Vec::new();
    for out in outs {
        for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
            for line in out.read_file(f).lines() {
                let l = parse_log_line(line, LogOpts { lag: false, retries: false })
                    .unwrap_or_else(|e| panic!("{e}"));
                if let Latency::Micros(us) = l.latency {
                    v.push((l.script, us));
                }
            }
        }
    }
    v
}

/// The exact value at `p` percent of sorted `values` (HdrHistogram's rank
/// rule) against a reported one in ms: within three significant digits.
fn close_to_exact(reported_ms: f64, values: &[u64], p: f64) -> bool {
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let rank = ((p / 100.0 * values.len() as f64).ceil() as usize).clamp(1, values.len());
    #[allow(clippy::cast_precision_loss)]
    let exact = values[rank - 1] as f64;
    let r = reported_ms * 1000.0;
    r >= exact - 0.5 && r <= exact * 1.001 + 1.0
}

/// Two shards, each on a machine of its own, started together a second
/// ahead; `--merge` of their JSON reports against their sums and logs.
#[test]
fn shards_on_two_machines_merge_exactly() {
    let _one = serial();
    needs!(Server, Root);
    let server = tcp_cluster("shards");
    let db = pgbench_db_on(server, "shards");
    let machines: Vec<Machine> = (0..2)
        .map(|k| Machine::new(k).unwrap_or_else(|e| panic!("network namespace {k}: {e}")))
        .collect();
    let runs: Vec<Pgbench> = machines
        .iter()
        .enumerate()
        .map(|(k, m)| {
            let mut args: Vec<String> = SHARD_ARGS.iter().map(ToString::to_string).collect();
            args.extend([
                format!("--shard={k}/2"),
                "--report-json=r.json".to_string(),
                "-h".to_string(),
                m.server_addr.clone(),
                db.name.clone(),
            ]);
            Pgbench::new(args).on(server).label(&format!("shard-{k}")).wrapped_in(&m.exec())
        })
        .collect();
    let outs = run_together(&runs);
    for (k, out) in outs.iter().enumerate() {
        report_of(&format!("shard-{k}"), out);
        assert!(
            out.stdout.contains(&format!(
                "\nshard: {k} of 2 (threads {k} to {k}, clients {} to {})\n",
                2 * k,
                2 * k + 1
            )),
            "{}",
            out.stdout
        );
    }
    // The server saw each shard come from its machine's address.
    let log = std::fs::read_to_string(server.log_file()).expect("server log");
    for m in &machines {
        assert!(
            log.contains(&format!("connection received: host={} ", m.addr)),
            "no connection from {}",
            m.addr
        );
    }
    let docs: Vec<Value> = outs.iter().map(|o| json_of(o, "r.json")).collect();
    // The progress series of both start at --start-at.
    for d in &docs {
        assert_eq!(d["progress"]["start_time_us"], docs[0]["progress"]["start_time_us"]);
    }

    let dir = crate::harness::tmp::fresh_dir("shards-merge");
    for (k, out) in outs.iter().enumerate() {
        std::fs::copy(out.dir.join("r.json"), dir.join(format!("s{k}.json"))).expect("copy");
    }
    let merged = Pgbench::no_server(["--merge", "s0.json", "s1.json", "--report-json=r.json"])
        .label("merge")
        .file("s0.json", std::fs::read(dir.join("s0.json")).expect("s0"))
        .file("s1.json", std::fs::read(dir.join("s1.json")).expect("s1"))
        .run_under_test();
    let m = report_of("merge", &merged);
    let text = &merged.stdout;

    // Counts: the sums of the shards'.
    let sum = |f: &dyn Fn(&Value) -> i64| docs.iter().map(f).sum::<i64>();
    let total = sum(&|d| d["totals"]["transactions"].as_i64().unwrap_or(-1));
    assert!(total > 0);
    assert_eq!(m["totals"]["transactions"].as_i64(), Some(total));
    #[allow(clippy::cast_precision_loss)]
    let total_f = total as f64;
    assert!((number(text, "number of transactions actually processed: ") - total_f).abs() < 0.5);
    let failed = sum(&|d| d["totals"]["failed"].as_i64().unwrap_or(-1));
    assert_eq!(m["totals"]["failed"].as_i64(), Some(failed));
    for i in 0..2 {
        let per = sum(&|d| d["scripts"][i]["transactions"].as_i64().unwrap_or(-1));
        assert_eq!(m["scripts"][i]["transactions"].as_i64(), Some(per), "script {i}");
    }
    assert!(text.contains("\nnumber of clients: 4\nnumber of threads: 2\n"), "{text}");
    assert!(!text.contains("\nshard: "), "{text}");

    // Latency: mean and stddev of the union of the logs; percentiles
    // within HdrHistogram's precision of the union's.
    let logs = log_latencies(&[&outs[0], &outs[1]]);
    assert_eq!(i64::try_from(logs.len()).ok(), Some(total), "the logs hold every transaction");
    #[allow(clippy::cast_precision_loss)]
    let (mean, sd) = {
        let n = logs.len() as f64;
        let s: f64 = logs.iter().map(|l| l.1 as f64).sum();
        let s2: f64 = logs.iter().map(|l| (l.1 as f64) * (l.1 as f64)).sum();
        let mean = s / n;
        (mean / 1000.0, (s2 / n - mean * mean).sqrt() / 1000.0)
    };
    let got_mean = number(text, "latency average = ");
    let got_sd = number(text, "latency stddev = ");
    assert!((got_mean - mean).abs() < 0.0015, "mean {got_mean} vs {mean}");
    assert!((got_sd - sd).abs() < 0.0015, "stddev {got_sd} vs {sd}");
    let mut all: Vec<u64> = logs.iter().map(|l| l.1).collect();
    all.sort_unstable();
    for p in ["50", "90", "99", "99.9"] {
        let v = m["totals"]["latency_ms"]["percentiles"][p].as_f64().expect("a percentile");
        assert!(close_to_exact(v, &all, p.parse().expect("p")), "p{p}: {v} ms");
    }
    let line = text.lines().find(|l| l.starts_with("latency percentiles: ")).expect("percentiles");
    assert!(
        line.contains(&format!(
            "p50 {:.3}",
            m["totals"]["latency_ms"]["percentiles"]["50"].as_f64().unwrap_or(0.0)
        )),
        "{line}"
    );
    // The merged -P lines: one a second, from the merged seconds.
    let progress: Vec<&str> =
        merged.stderr.lines().filter(|l| l.starts_with("progress: ")).collect();
    assert!(
        progress.first().is_some_and(|l| l.starts_with("progress: 1.0 s, ")),
        "{}",
        merged.stderr
    );
}

/// The debug() values a run prints: (script, value) with the client id in
/// the value.
fn debug_values(stderr: &str) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for l in stderr.lines().filter(|l| l.contains("debug(script=")) {
        let v = l.split_once("): ").map_or(l, |(_, v)| v).to_string();
        let script = l.split_once("debug(script=").map_or("", |(_, r)| &r[..1]).to_string();
        *m.entry(format!("{script} {v}")).or_insert(0) += 1;
    }
    m
}

/// With a fixed seed and `-t`, the shards run the streams one run would:
/// the same debug() values of the same clients, the same per-script counts.
#[test]
fn shards_run_the_streams_of_one_run() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("shard-streams");
    let a = "\\set x debug(:client_id * 1000000 + random(1, 999999))\nselect :x;\n";
    let b = "\\set y debug(-(:client_id * 1000000 + random(1, 999999)))\n";
    let base = [
        "-n",
        "-c",
        "4",
        "-j",
        "4",
        "-t",
        "25",
        "--random-seed=7",
        "-f",
        "a.sql@3",
        "-f",
        "b.sql@1",
    ];
    let run = |label: &str, extra: &[&str]| {
        let mut args: Vec<&str> = base.to_vec();
        args.extend_from_slice(extra);
        args.push(&db.name);
        let out =
            Pgbench::new(args).label(label).file("a.sql", a).file("b.sql", b).run_under_test();
        assert_eq!(out.status, Status::Exit(0), "{label}: {}", out.stderr);
        out
    };
    let whole = run("streams-whole", &[]);
    let shards: Vec<Output> =
        (0..2).map(|k| run(&format!("streams-{k}"), &[&format!("--shard={k}/2")])).collect();
    let mut together = BTreeMap::new();
    for s in &shards {
        for (k, v) in debug_values(&s.stderr) {
            *together.entry(k).or_insert(0) += v;
        }
    }
    let one = debug_values(&whole.stderr);
    assert_eq!(one.values().sum::<usize>(), 100);
    assert_eq!(together, one, "the shards' values are not the run's");
    for script in [
        "SQL script 1: a.sql\n - weight: 3 (targets 75.0% of total)\n - ",
        "SQL script 2: b.sql\n - weight: 1 (targets 25.0% of total)\n - ",
    ] {
        let count = |o: &Output| -> i64 {
            o.stdout
                .split_once(script)
                .and_then(|(_, r)| r.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no {script:?} in\n{}", o.stdout))
        };
        assert_eq!(count(&shards[0]) + count(&shards[1]), count(&whole), "{script}");
    }
}

/// Reports of two different runs, a missing shard, a duplicate: refused,
/// naming the files.
#[test]
fn merge_refuses_what_is_not_one_run() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("shard-refuse");
    let shard = |label: &str, k: u32| {
        let args = [
            "-n",
            "-S",
            "-c",
            "2",
            "-j",
            "2",
            "-t",
            "20",
            &format!("--shard={k}/2"),
            "--report-json=r.json",
            &db.name,
        ];
        Pgbench::new(args.iter().map(|s| s.to_string())).label(label)
    };
    // Run a: both shards at once; run b: another one, started at another
    // time.
    let a = run_together(&[shard("refuse-a0", 0), shard("refuse-a1", 1)]);
    let [a0, a1] = [0, 1].map(|k| {
        assert_eq!(a[k].status, Status::Exit(0), "refuse-a{k}: {}", a[k].stderr);
        a[k].read_file("r.json")
    });
    let b = shard("refuse-b1", 1).arg(format!("--start-at={}", start_ahead(0.1))).run_under_test();
    assert_eq!(b.status, Status::Exit(0), "refuse-b1: {}", b.stderr);
    let b1 = b.read_file("r.json");
    let merge = |label: &str, files: &[(&str, &str)]| {
        let mut args = vec!["--merge".to_string()];
        args.extend(files.iter().map(|(n, _)| n.to_string()));
        let mut p = Pgbench::no_server(args).label(label);
        for (n, text) in files {
            p = p.file(n, *text);
        }
        p.run_under_test()
    };
    let out = merge("refuse-runs", &[("a0.json", &a0), ("b1.json", &b1)]);
    assert_eq!(out.status, Status::Exit(1));
    assert_eq!(
        out.stderr,
        "pgbench: error: \"a0.json\" and \"b1.json\" are reports of different runs: their configurations differ (start_at)\n"
    );
    let out = merge("refuse-missing", &[("a0.json", &a0)]);
    assert_eq!(out.status, Status::Exit(1));
    assert_eq!(out.stderr, "pgbench: error: shard 1 of 2 is missing: \"a0.json\" is shard 0\n");
    let out = merge("refuse-twice", &[("a0.json", &a0), ("a1.json", &a1), ("again.json", &a1)]);
    assert_eq!(out.status, Status::Exit(1));
    assert_eq!(
        out.stderr,
        "pgbench: error: \"a1.json\" and \"again.json\" are both shard 1 of 2\n"
    );
    let out = merge("merge-ok", &[("a0.json", &a0), ("a1.json", &a1)]);
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(
        out.stdout.contains("number of transactions actually processed: 40/40\n"),
        "{}",
        out.stdout
    );
    // A shard that aborted, and one that started late, are named (both
    // made to have started on time, whenever they connected).
    let edited = |doc: &str, f: &dyn Fn(&mut Value)| {
        let mut v: Value = serde_json::from_str(doc).expect("JSON");
        v["late_start_s"] = 0.0.into();
        f(&mut v);
        v.to_string()
    };
    let a0 = edited(&a0, &|_| ());
    let aborted = edited(&a1, &|v| v["status"] = "aborted".into());
    let out = merge("merge-aborted", &[("a0.json", &a0), ("a1.json", &aborted)]);
    assert_eq!(out.status, Status::Exit(2), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "pgbench: error: shard 1 of 2 was aborted; the above results are incomplete.\n"
    );
    let late = edited(&a1, &|v| v["late_start_s"] = 1.5.into());
    let out = merge("merge-late", &[("a0.json", &a0), ("a1.json", &late)]);
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "pgbench: warning: shard 1 of 2 started 1.500 s after the time of --start-at\n"
    );
    assert!(out.stdout.contains("\nlate start: 1.500 s after --start-at\n"), "{}", out.stdout);
}

/// The Kubernetes Indexed Job, the Slurm job and the ssh script in
/// `deploy/` run, for shard K, the command the shard test runs (the ssh
/// script with the server and database among its options); the Job is
/// valid by the Kubernetes API's schemas (strictly: no unknown fields) of
/// 1.29, the first with `backoffLimitPerIndex` on, and of the newest the
/// validator has, and the validator does refuse a Job with a wrong field.
#[test]
fn launch_files_run_the_shard_command() {
    let _one = serial();
    needs!(PyTools);
    let pythonpath = crate::harness::require::pytools_dir();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let deploy = root.join("deploy");
    let out = Command::new("python3")
        .env("PYTHONPATH", &pythonpath)
        .arg(root.join("tests/tools/launch_commands.py"))
        .arg(deploy.join("kubernetes/pgbench-rs-shards.yaml"))
        .arg(deploy.join("slurm/pgbench-rs-shards.sbatch"))
        .arg(deploy.join("ssh/pgbench-rs-shards.sh"))
        .output()
        .expect("python3");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let ssh_args: Vec<&str> =
        [&["-h", "db.example", "-U", "postgres"], SHARD_ARGS, &["pgbench"]].concat();
    // (The metrics' port of shard K: the Job's pods each have their own
    // address, the other launchers' shards may share a machine.)
    let k8s_metrics = |_| ("0.0.0.0:9187".to_string(), "60");
    let port_plus_k = |k: usize| (format!("0.0.0.0:{}", 9187 + k), "30");
    let no_metrics = None;
    for (launcher, args, report, metrics) in [
        ("kubernetes", SHARD_ARGS, "/results/shard-", Some(&k8s_metrics as &dyn Fn(usize) -> _)),
        ("slurm", SHARD_ARGS, "shard-", no_metrics),
        ("ssh", ssh_args.as_slice(), "shard-", no_metrics),
        ("slurm-metrics", SHARD_ARGS, "shard-", Some(&port_plus_k)),
        ("ssh-metrics", ssh_args.as_slice(), "shard-", Some(&port_plus_k)),
    ] {
        let shards = v[launcher].as_array().expect("commands");
        assert_eq!(shards.len(), 2, "{launcher}");
        for (k, argv) in shards.iter().enumerate() {
            let argv: Vec<&str> =
                argv.as_array().expect("argv").iter().filter_map(Value::as_str).collect();
            assert_eq!(argv[0], "pgbench-rs", "{launcher}");
            let rest: Vec<&str> = argv[1..].to_vec();
            let (ours, theirs): (Vec<&str>, Vec<&str>) = rest.iter().partition(|a| {
                !["--shard=", "--start-at=", "--report-json=", "--metrics-"]
                    .iter()
                    .any(|p| a.starts_with(p))
            });
            assert_eq!(ours, args, "{launcher} shard {k}");
            let mut expected = vec![
                format!("--shard={k}/2"),
                "--start-at=1796131239.5".into(),
                format!("--report-json={report}{k}.json"),
            ];
            if let Some(m) = metrics {
                let (listen, linger) = m(k);
                expected.push(format!("--metrics-listen={listen}"));
                expected.push(format!("--metrics-linger={linger}"));
            }
            assert_eq!(theirs, expected, "{launcher} shard {k}");
        }
    }

    // The Job as `envsubst '$START_AT'` gives it to kubectl.
    let dir = crate::harness::tmp::fresh_dir("kubernetes-job");
    let text =
        std::fs::read_to_string(deploy.join("kubernetes/pgbench-rs-shards.yaml")).expect("the Job");
    assert!(text.contains("\"${START_AT}\""), "{text}");
    // Prometheus finds the pods' metrics: the port, and the annotations
    // of a Prometheus that discovers pods (a PodMonitor selects the label).
    for line in [
        "containerPort: 9187",
        "prometheus.io/scrape: \"true\"",
        "prometheus.io/port: \"9187\"",
        "app.kubernetes.io/name: pgbench-rs",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let job = dir.join("job.yaml");
    std::fs::write(&job, text.replace("${START_AT}", "1796131239")).expect("job.yaml");
    let wrong = dir.join("wrong.yaml");
    std::fs::write(&wrong, text.replace("parallelism: 2", "parallelism: \"2\"")).expect("wrong");
    let validate = |version: &str, file: &Path| {
        let out = Command::new("python3")
            .env("PYTHONPATH", &pythonpath)
            .args(["-m", "kubernetes_validate", "--strict", "-k", version])
            .arg(file)
            .output()
            .expect("python3 -m kubernetes_validate");
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), text)
    };
    for version in ["1.29.0", "1.37.0"] {
        let (ok, text) = validate(version, &job);
        assert!(ok, "Kubernetes {version}: {text}");
        assert!(text.contains("passed for resource job/pgbench-rs-shards"), "{text}");
    }
    let (ok, text) = validate("1.37.0", &wrong);
    assert!(!ok && text.contains("spec.parallelism: '2' is not of type 'integer'"), "{text}");
}

/// The shards of one run (`args` and `--shard=K/N`,
/// `--report-json=r.json`), each with its own extra settings (`with`).
fn shard_runs(
    case: &str,
    db: &str,
    args: &[&str],
    with: &[fn(Pgbench) -> Pgbench],
) -> Vec<Pgbench> {
    let n = with.len();
    with.iter()
        .enumerate()
        .map(|(k, f)| {
            let mut all: Vec<String> = args.iter().map(ToString::to_string).collect();
            all.extend([format!("--shard={k}/{n}"), "--report-json=r.json".into()]);
            all.push(db.to_string());
            f(Pgbench::new(all).label(&format!("{case}-{k}")))
        })
        .collect()
}

/// Runs the shards of [`shard_runs`] together (one `--start-at`, see
/// `harness::shards`); their outputs in shard order.
pub(crate) fn run_shards(
    case: &str,
    db: &str,
    args: &[&str],
    with: &[fn(Pgbench) -> Pgbench],
) -> Vec<Output> {
    run_together(&shard_runs(case, db, args, with))
}

/// `--merge` of the shards' `r.json` (as s0.json, s1.json...) with
/// `--report-json=m.json`.
pub(crate) fn merge_shards(case: &str, docs: &[String]) -> Output {
    let names: Vec<String> = (0..docs.len()).map(|k| format!("s{k}.json")).collect();
    let mut args = vec!["--merge".to_string()];
    args.extend(names.iter().cloned());
    args.push("--report-json=m.json".into());
    let mut p = Pgbench::no_server(args).label(case);
    for (name, text) in names.iter().zip(docs) {
        p = p.file(name, text.as_str());
    }
    p.run_under_test()
}

/// Shards with `--warmup` end their warm-ups a little apart (each when
/// its own clients have finished their transaction): their seconds are
/// still merged, and the merged `-P` lines and series are there. Shards
/// whose measurements started more than 0.1 s apart are merged without a
/// series, and the warning says how far apart they started.
#[test]
fn merge_keeps_the_series_of_warmup_shards() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("shard-warmup");
    let args = ["-n", "-S", "-c", "2", "-j", "2", "-T", "2", "-P", "1", "--warmup=1"];
    let shards = run_shards("shard-warmup", &db.name, &args, &[|p| p, |p| p]);
    let mut docs = Vec::new();
    let mut origins = Vec::new();
    for s in &shards {
        assert_eq!(s.status, Status::Exit(0), "{}", s.stderr);
        let doc = json_of(s, "r.json");
        origins.push(doc["progress"]["start_time_us"].as_i64().expect("start_time_us"));
        docs.push(s.read_file("r.json"));
    }
    eprintln!(
        "shard-warmup: the measurements started {} µs apart",
        (origins[1] - origins[0]).abs()
    );
    let out = merge_shards("shard-warmup-merge", &docs);
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    let progress: Vec<&str> = out.stderr.lines().filter(|l| l.starts_with("progress: ")).collect();
    assert_eq!(progress.len(), 2, "{}", out.stderr);
    let m: Value = serde_json::from_str(&out.read_file("m.json")).expect("m.json");
    let intervals = m["progress"]["intervals"].as_array().expect("intervals");
    let sum: u64 = intervals.iter().filter_map(|iv| iv["transactions"].as_u64()).sum();
    assert!(intervals.len() >= 2, "{intervals:?}");
    assert_eq!(Some(sum), m["totals"]["transactions"].as_u64());
    assert_eq!(m["progress"]["start_time_us"].as_i64(), origins.iter().copied().min());

    // Shard 1's measurement moved 0.25 s later: no series, and why.
    let mut late: Value = serde_json::from_str(&docs[1]).expect("JSON");
    let moved = origins[1] + 250_000;
    late["progress"]["start_time_us"] = moved.into();
    let apart = (moved - origins[0]).abs();
    let out = merge_shards("shard-warmup-apart", &[docs[0].clone(), late.to_string()]);
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "pgbench: warning: the shards' measurements started {:.3} s apart (more than 0.1 s): the merged report has no progress series\n",
            apart as f64 / 1e6
        )
    );
    let m: Value = serde_json::from_str(&out.read_file("m.json")).expect("m.json");
    assert_eq!(m["progress"]["intervals"], serde_json::json!([]));
}

/// A shard interrupted by SIGINT: the merged report says which shard and
/// by what, the merged JSON says `interrupted` and `SIGINT`, and the
/// merge exits with the status the shard's shell saw (130), without
/// being killed itself.
#[test]
fn merge_reports_an_interrupted_shard_as_interrupted() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("shard-int");
    let args = ["-n", "-S", "-c", "2", "-j", "2", "-T", "3"];
    let mut runs = started_together(&shard_runs("shard-int", &db.name, &args, &[|p| p, |p| p]));
    let origin = runs[1].measuring();
    Running::sleep_until(origin + 1.5);
    runs[1].signal(libc::SIGINT);
    let shards: Vec<Output> = runs.into_iter().map(Running::finish).collect();
    assert_eq!(shards[0].status, Status::Exit(0), "{}", shards[0].stderr);
    assert_eq!(shards[1].status, Status::Signal(libc::SIGINT), "{}", shards[1].stderr);
    let docs: Vec<String> = shards.iter().map(|s| s.read_file("r.json")).collect();
    let out = merge_shards("shard-int-merge", &docs);
    assert_eq!(out.status, Status::Exit(130), "{}", out.stderr);
    assert!(out.stdout.contains("\ntps = "), "{}", out.stdout);
    assert_eq!(
        out.stderr,
        "pgbench: error: shard 1 of 2 was interrupted by SIGINT; the above results are incomplete.\n"
    );
    let m: Value = serde_json::from_str(&out.read_file("m.json")).expect("m.json");
    assert_eq!(m["status"], "interrupted");
    assert_eq!(m["interrupted_by"], "SIGINT");
}
