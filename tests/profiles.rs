//! `--rate-profile` against a real server, on a script of one
//! meta-command (nothing for the server to do, so that the schedule alone
//! sets the pace): steps of 200, 400 and 800 transactions per second, each
//! second's started transactions within 3√rate of the profile's (with a
//! seed of their own: the schedule, a Poisson process, is then the same
//! in every run, and so is the verdict; the margin left to the seeded
//! schedule is what a loaded machine's lag may take from the last
//! second), and the
//! report's and the JSON's steps adding up to the whole run; shards that
//! each run their share, and whose steps `--merge` adds up.

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::checks::check_page;
use crate::harness::checks::{report_of, run_report};
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::serial;
use crate::shards::{merge_shards, run_shards};

/// The scheduled start (Unix epoch µs) of every transaction of the `-l`
/// logs of a `-R` run: its end less its latency.
fn scheduled_starts(out: &Output) -> Vec<i64> {
    let mut starts = Vec::new();
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        for line in out.read_file(f).lines() {
            let w: Vec<i64> =
                line.split(' ').map(|x| x.parse().unwrap_or_else(|_| panic!("{line:?}"))).collect();
            assert_eq!(w.len(), 7, "{line:?}");
            starts.push(w[4] * 1_000_000 + w[5] - w[2]);
        }
    }
    starts
}

#[test]
fn steps_of_a_rate_profile() {
    let _one = serial();
    let name = needs!(Server);
    let args = "-n -c 4 -j 2 -T 3 -l --random-seed=11 --rate-profile=0:200,1:400,2:800 \
                --report-html=r.html -f cheap.sql";
    let run = Pgbench::new(args.split_whitespace()).file("cheap.sql", "\\set x 1\n").label(name);
    let (out, doc) = run_report(name, run);

    // Each second: the transactions scheduled to start in it.
    let start = doc["start_time_us"].as_i64().expect("start_time_us");
    let mut per_second = [0_u32; 3];
    for t in scheduled_starts(&out) {
        let s = usize::try_from((t - start).div_euclid(1_000_000)).unwrap_or(0);
        if let Some(n) = per_second.get_mut(s) {
            *n += 1;
        }
    }
    // The last second ends with the run, a few ms short of a second.
    let duration = doc["totals"]["duration_s"].as_f64().expect("duration");
    for (s, rate) in [200.0, 400.0, 800.0].into_iter().enumerate() {
        let length = (duration - s as f64).min(1.0);
        let off = (f64::from(per_second[s]) - rate * length).abs();
        assert!(off <= 3.0 * f64::sqrt(rate), "second {s}: {per_second:?}");
    }

    // The steps add up to the whole, in the JSON and the report.
    let steps = doc["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 3, "{steps:?}");
    for what in ["transactions", "failed", "skipped"] {
        let sum: u64 = steps.iter().map(|s| s[what].as_u64().expect("a count")).sum();
        assert_eq!(Some(sum), doc["totals"][what].as_u64(), "{what}");
    }
    let rates: Vec<f64> = steps.iter().map(|s| s["rate_tps"].as_f64().unwrap_or(0.0)).collect();
    assert_eq!(rates, [200.0, 400.0, 800.0]);
    let lines: Vec<&str> =
        out.stdout.lines().filter(|l| l.starts_with("rate profile step ")).collect();
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    let counts: u64 = lines
        .iter()
        .map(|l| {
            let n = l.split(" tps: ").nth(1).and_then(|r| r.split(' ').next());
            n.and_then(|n| n.parse::<u64>().ok()).unwrap_or_else(|| panic!("{l}"))
        })
        .sum();
    assert_eq!(Some(counts), doc["totals"]["transactions"].as_u64());
    assert!(lines[0].starts_with("rate profile step 1: 0.000 s to 1.000 s at 200 tps: "));

    // The page: the profile's rate on the throughput chart, its steps'
    // table with the report's counts.
    check_page("rate-profile", &out.dir.join("r.html"), &["tps"]);
    let html = out.read_file("r.html");
    assert!(html.contains("rate profile</text>"), "no profile line in the legend");
    assert!(html.contains("<h2>Rate profile</h2>"));
    let rows = html.matches("<tr><td>").count();
    assert_eq!(rows, 3, "a row a step");
    let first = format!(
        "<tr><td>1</td><td>0.000</td><td>1.000</td><td>200</td><td>{}</td>",
        steps[0]["transactions"]
    );
    assert!(html.contains(&first), "{first}");
}

/// Two shards of one `--rate-profile` run: each runs its threads' share of
/// each step's rate, and `--merge` adds their steps up.
#[test]
fn shards_of_a_rate_profile_merge_their_steps() {
    let _one = serial();
    needs!(Server);
    let args = [
        "-n",
        "-c",
        "2",
        "-j",
        "2",
        "-T",
        "2",
        "--random-seed=11",
        "--rate-profile=0:400,1:800",
        "-f",
        "cheap.sql",
    ];
    let with = |p: Pgbench| p.file("cheap.sql", "\\set x 1\n");
    let shards = run_shards("profile-shards", "postgres", &args, &[with, with]);
    let mut docs = Vec::new();
    for s in &shards {
        let doc = report_of("profile-shard", s);
        let steps = doc["steps"].as_array().expect("steps").clone();
        for (step, share) in steps.iter().zip([200.0, 400.0]) {
            let n = step["transactions"].as_f64().unwrap_or(0.0);
            let secs =
                step["end_s"].as_f64().unwrap_or(0.0) - step["start_s"].as_f64().unwrap_or(0.0);
            // (Seeded: the same schedule every run, see the module.)
            let off = (n - share * secs).abs();
            assert!(off <= 4.0 * f64::sqrt(share), "a shard's step: {step}");
        }
        docs.push(s.read_file("r.json"));
    }
    let merged = merge_shards("profile-merge", &docs);
    assert_eq!(merged.status, Status::Exit(0), "{}\n{}", merged.stdout, merged.stderr);
    let m: Value = serde_json::from_str(&merged.read_file("m.json")).expect("JSON");
    let parts: Vec<Value> = docs.iter().map(|d| serde_json::from_str(d).expect("JSON")).collect();
    let steps = m["steps"].as_array().expect("merged steps");
    assert_eq!(steps.len(), 2);
    for (i, step) in steps.iter().enumerate() {
        for what in ["transactions", "skipped", "failed"] {
            let sum: u64 = parts.iter().map(|p| p["steps"][i][what].as_u64().unwrap_or(0)).sum();
            assert_eq!(step[what].as_u64(), Some(sum), "step {i} {what}");
        }
    }
    let total: u64 = steps.iter().map(|s| s["transactions"].as_u64().unwrap_or(0)).sum();
    assert_eq!(Some(total), m["totals"]["transactions"].as_u64());
    assert_eq!(merged.stdout.lines().filter(|l| l.starts_with("rate profile step ")).count(), 2);
}

/// The schedule of one run: each transaction's scheduled start less the
/// first one's (µs), in order.
fn schedule_of(out: &Output) -> Vec<i64> {
    let mut starts = scheduled_starts(out);
    starts.sort_unstable();
    let first = starts.first().copied().unwrap_or(0);
    starts.iter().map(|s| s - first).collect()
}

/// A constant profile is `-R`'s schedule: with the same seed, one client's
/// transactions are scheduled at the same offsets. Each is read back as
/// the end in the `-l` log less the latency (which counts from the
/// scheduled start); the log's end is a clock reading of its own, a few µs
/// after the latency's, so the offsets agree to that noise, whereas
/// another schedule drifts away by milliseconds within a few transactions.
#[test]
fn a_constant_profile_is_the_schedule_of_r() {
    let _one = serial();
    needs!(Server);
    let run = |rate: &[&str], label: &str| {
        let mut args = vec!["-n", "-c", "1", "-j", "1", "-t", "300", "-l", "--random-seed=7"];
        args.extend_from_slice(rate);
        args.extend_from_slice(&["-f", "cheap.sql"]);
        let out = Pgbench::new(args).file("cheap.sql", "\\set x 1\n").label(label).run_under_test();
        assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);
        schedule_of(&out)
    };
    let r = run(&["-R", "1000"], "schedule-r");
    let profile = run(&["--rate-profile=0:1000"], "schedule-profile");
    assert_eq!(r.len(), 300);
    assert_eq!(profile.len(), 300);
    let mut off: Vec<i64> = r.iter().zip(&profile).map(|(a, b)| (a - b).abs()).collect();
    off.sort_unstable();
    assert!(off[off.len() * 9 / 10] <= 200, "the schedules differ: {off:?}");
    // (A schedule: the offsets grow, about 1 ms apart on average.)
    let last = r.last().copied().unwrap_or(0);
    assert!((150_000..600_000).contains(&last), "{last}");
}
