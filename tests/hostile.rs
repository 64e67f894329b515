//! Documents from elsewhere are input, never trusted: a corpus of hostile
//! documents, made from the real ones in `tests/data/documents/` (two
//! shards, a merge, two `--repeat` with `--sweep-clients`, a
//! comparison), given to `--merge`, `--compare` and the CSV conversion
//! under a 2 GB address-space limit: each gets exit status 1 and its
//! message, naming the file and what is wrong, and no report file is
//! written. (The untouched documents pass: `golden`.)

use serde_json::{Value, json};

use crate::harness::Pgbench;
use crate::harness::runner::{Output, Status};

/// The documents, by name.
fn document(name: &str) -> String {
    let path = format!("{}/tests/data/documents/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parsed(name: &str) -> Value {
    serde_json::from_str(&document(name)).unwrap()
}

/// `name` with the value at each JSON pointer replaced.
fn edited(name: &str, edits: &[(&str, Value)]) -> String {
    let mut doc = parsed(name);
    for (pointer, v) in edits {
        *doc.pointer_mut(pointer).unwrap_or_else(|| panic!("{name} has no {pointer}")) = v.clone();
    }
    doc.to_string()
}

/// Runs `args` on `files` (name, text) in a directory of their own,
/// under a 2 GB limit on the address space.
fn run(case: &str, args: &[&str], files: &[(&str, String)]) -> Output {
    let mut p = Pgbench::no_server(args.iter().copied())
        .label(&format!("hostile-{case}"))
        .wrapped_in(&["prlimit", "--as=2147483648", "--"]);
    for (name, text) in files {
        p = p.file(name, text.as_str());
    }
    p.run_under_test()
}

/// `--merge` of two shards' documents with every report file.
fn merge(case: &str, s0: String, s1: String) -> Output {
    let args = ["--merge", "s0.json", "s1.json", "--report-json=m.json", "--report-html=m.html"];
    run(case, &args, &[("s0.json", s0), ("s1.json", s1)])
}

/// `--compare` of two documents with every report file.
fn compare(case: &str, a: String, b: String) -> Output {
    let args = ["--compare", "a.json", "b.json", "--report-json=c.json", "--report-csv=c.csv"];
    run(case, &args, &[("a.json", a), ("b.json", b)])
}

/// The CSV table of one document.
fn convert(case: &str, d: String) -> Output {
    run(case, &["--merge", "d.json", "--report-csv=d.csv"], &[("d.json", d)])
}

/// Exit status 1, `message` as the error, and no file but the inputs.
/// (Run through prlimit, the program is named by its file.)
fn refused(out: &Output, inputs: &[&str], message: &str) {
    let want = format!("pgbench-rs: error: {message}\n");
    assert_eq!(
        (out.status, out.stderr.as_str()),
        (Status::Exit(1), want.as_str()),
        "{}",
        out.dir.display()
    );
    assert_eq!(out.stdout, "", "nothing is printed");
    assert_eq!(out.files(), inputs, "no report file is written");
}

const SHARDS: [&str; 2] = ["s0.json", "s1.json"];

/// Broken JSON: cut, nested past serde_json's limit, numbers past a
/// double's range.
#[test]
fn what_is_not_json() {
    let whole = document("shard0.json");
    let cut = whole[..whole.len() / 2].to_string();
    let line = cut.lines().count();
    let column = cut.lines().last().map_or(0, str::len);
    refused(
        &merge("cut", cut, document("shard1.json")),
        &SHARDS,
        &format!(
            "report file \"s0.json\" is not JSON: EOF while parsing a value at line {line} column {column}"
        ),
    );
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    refused(
        &merge("deep", deep, document("shard1.json")),
        &SHARDS,
        "report file \"s0.json\" is not JSON: recursion limit exceeded at line 1 column 128",
    );
    let huge = whole.replacen("\"transactions\": ", "\"transactions\": 1e400, \"x\": ", 1);
    let at = huge.find("1e400").unwrap() + "1e400".len();
    let line = huge[..at].lines().count();
    let column = huge[..at].lines().last().map_or(0, str::len);
    refused(
        &merge("past-f64", huge, document("shard1.json")),
        &SHARDS,
        &format!(
            "report file \"s0.json\" is not JSON: number out of range at line {line} column {column}"
        ),
    );
}

/// Counts of the wrong type, negative, past `i64` and past their range.
#[test]
fn counts_that_are_not_counts() {
    let max = "an integer from 0 to 281474976710656";
    for (case, value, found) in [
        ("text", json!("many"), "a text"),
        ("negative", json!(-5), "-5"),
        ("fraction", json!(2.5), "2.5"),
        ("past-i64", json!(1e30), "1e+30"),
        ("past-max", json!(1_u64 << 60), "1152921504606846976"),
    ] {
        let s0 = edited("shard0.json", &[("/totals/transactions", value)]);
        refused(
            &merge(case, s0, document("shard1.json")),
            &SHARDS,
            &format!("\"s0.json\": totals.transactions: expected {max}, found {found}"),
        );
    }
    let s1 = edited("shard1.json", &[("/progress/intervals/1/failures/deadlock", json!(-1))]);
    refused(
        &merge("interval", document("shard0.json"), s1),
        &SHARDS,
        &format!("\"s1.json\": progress.intervals[1].failures.deadlock: expected {max}, found -1"),
    );
}

/// Histograms that do not decode, disagree with their counts, or
/// declare a range or a length far larger than the file.
#[test]
fn histograms_that_are_not_what_they_say() {
    let doc = parsed("shard0.json");
    let other = doc["progress"]["intervals"][1]["latency_ms"]["histogram"].clone();
    let held = doc["progress"]["intervals"][1]["latency_ms"]["count"].clone();
    let count = doc["totals"]["latency_ms"]["count"].clone();
    let path = "\"s0.json\": totals.latency_ms.histogram";
    let cases = [
        ("not-base64", json!("%%%"), "invalid histogram: Invalid symbol 37, offset 0.".to_string()),
        ("not-v2", json!("AAAAAAAA"), "invalid histogram: not HdrHistogram's V2 encoding".into()),
        ("another-count", other, format!("holds {held} values, its count is {count}")),
        (
            "five-digits",
            json!(v2_header(5, 1, 0)),
            "invalid histogram: not of three significant digits".into(),
        ),
        (
            "four-gigabytes",
            json!(v2_header(3, 1, u32::MAX)),
            "invalid histogram: its payload length is not the rest of it".into(),
        ),
        (
            "bomb",
            json!(deflate_bomb()),
            "invalid histogram: it inflates to more than a histogram can hold".into(),
        ),
    ];
    for (case, value, problem) in cases {
        let s0 = edited("shard0.json", &[("/totals/latency_ms/histogram", value)]);
        refused(&merge(case, s0, document("shard1.json")), &SHARDS, &format!("{path}: {problem}"));
    }
}

/// A V2 encoding's header alone, base64: `digits` significant digits,
/// lowest value `low`, a payload of `payload` bytes declared.
fn v2_header(digits: u32, low: u64, payload: u32) -> String {
    let mut b = Vec::new();
    b.extend_from_slice(&0x1c84_9313_u32.to_be_bytes());
    b.extend_from_slice(&payload.to_be_bytes());
    b.extend_from_slice(&0_u32.to_be_bytes());
    b.extend_from_slice(&digits.to_be_bytes());
    b.extend_from_slice(&low.to_be_bytes());
    b.extend_from_slice(&(1_u64 << 62).to_be_bytes());
    b.extend_from_slice(&1.0_f64.to_be_bytes());
    base64(&b)
}

/// A compressed V2 encoding whose stream inflates to 64 MB of zeros.
fn deflate_bomb() -> String {
    // zlib's stored blocks would take the size itself: a deflate stream
    // of fixed-Huffman blocks of back references does it in little.
    let mut out = Vec::new();
    let out_len = {
        let mut z = std::process::Command::new("python3")
            .args(["-c", "import sys, zlib; sys.stdout.buffer.write(zlib.compress(bytes.fromhex('1c849313') + bytes(64 << 20), 9))"])
            .output()
            .expect("python3");
        out.append(&mut z.stdout);
        out.len()
    };
    let mut b = 0x1c84_9314_u32.to_be_bytes().to_vec();
    b.extend_from_slice(&u32::try_from(out_len).unwrap().to_be_bytes());
    b.extend_from_slice(&out);
    base64(&b)
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::new();
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                s.push(char::from(A[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                s.push('=');
            }
        }
    }
    s
}

/// What would make a reader's work larger than the file: a shard count,
/// a second's number, a run's end, more seconds than the run had, an
/// outage log's origin or buckets.
#[test]
fn numbers_that_would_make_work_out_of_proportion() {
    let doc = parsed("shard0.json");
    let start = doc["start_time_us"].as_i64().unwrap();
    let origin = doc["progress"]["start_time_us"].as_i64().unwrap();
    let end = doc["end_time_us"].as_i64().unwrap();
    let seconds = doc["progress"]["intervals"].as_array().unwrap().len();
    let span = (end - origin) / 1_000_000;
    let many: Vec<Value> =
        std::iter::repeat_n(doc["progress"]["intervals"][0].clone(), 1000).collect();
    let late = end + 3 * 86_400 * 1_000_000;
    let cases = [
        (
            "shard-count",
            vec![("/shard/count", json!(1_u64 << 40))],
            "shard.count: expected an integer from 1 to 16384, found 1099511627776".to_string(),
        ),
        (
            "shard-index",
            vec![("/shard/index", json!(2))],
            "shard.index: expected an integer from 0 to 1, found 2".into(),
        ),
        (
            "second-number",
            vec![("/progress/intervals/1/index", json!(1_u64 << 40))],
            "progress.intervals[1].index: expected an integer from 1 to 1, found 1099511627776"
                .into(),
        ),
        (
            "end",
            vec![("/end_time_us", json!(late))],
            format!(
                "end_time_us: the run went on for {} s after its last recorded second (at most 86400 s is believed)",
                (late - origin) / 1_000_000 - i64::try_from(seconds).unwrap()
            ),
        ),
        (
            "end-before-start",
            vec![("/end_time_us", json!(start - 1))],
            format!(
                "end_time_us: expected an integer from {start} to 9007199254740992, found {}",
                start - 1
            ),
        ),
        (
            "seconds",
            vec![("/progress/intervals", Value::Array(many))],
            format!("progress.intervals: 1000 seconds in a run of {span} s"),
        ),
        (
            "outage-origin",
            vec![("/outage_log/origin_us", json!(0))],
            format!(
                "outage_log.origin_us: expected an integer from {} to {end}, found 0",
                start - 1_000_000
            ),
        ),
        (
            "outage-buckets",
            vec![("/outage_log/counts", json!(vec![1; 100_000]))],
            format!(
                "outage_log.counts: 100000 buckets of 100000 µs in {} µs",
                end - doc["outage_log"]["origin_us"].as_i64().unwrap()
            ),
        ),
    ];
    for (case, edits, problem) in cases {
        let s0 = edited("shard0.json", &edits);
        refused(
            &merge(case, s0, document("shard1.json")),
            &SHARDS,
            &format!("\"s0.json\": {problem}"),
        );
    }
}

/// Shard `name`'s document with a `client` object whose thread 0 has the
/// shares `busy` a second (a run's one worker, no main thread).
fn with_client(name: &str, busy: Value) -> String {
    let mut doc = parsed(name);
    let origin = doc["progress"]["start_time_us"].clone();
    let shard = doc["shard"]["index"].as_i64().unwrap();
    doc["client"] = json!({
        "shown": true, "per_second": true, "run_queue": false,
        "threads": [{
            "thread": shard, "measured_s": 2.0, "busy_pct": 10.0, "waiting_pct": null,
            "saturated_s": 0.0, "fell_behind": null, "user_us": 150000, "system_us": 50000,
            "run_queue_us": null, "voluntary_switches": 10, "involuntary_switches": 1,
            "transactions": 100, "user_us_per_transaction": 1500.0,
            "system_us_per_transaction": 500.0,
            "seconds": {"start_time_us": origin, "first": 0, "busy_pct": busy, "waiting_pct": null}
        }],
        "totals": {
            "busiest": {"thread": shard}, "busy_pct": 10.0, "waiting_pct": null,
            "user_us": 150000, "system_us": 50000, "voluntary_switches": 10,
            "involuntary_switches": 1, "transactions": 100, "user_us_per_transaction": 1500.0,
            "system_us_per_transaction": 500.0
        },
        "verdict": {
            "client_bound": false, "saturated_pct": 90.0, "min_s": 2.0, "saturated": [],
            "fell_behind": null
        }
    });
    doc.to_string()
}

/// The client's side of shards: merged, each shard's thread with its
/// shard (the section shown, as the shards showed theirs); a thread's
/// seconds past the run's, or shares past 100 %, refused.
#[test]
fn the_clients_side_of_shards() {
    let ok = || with_client("shard1.json", json!([10.0, 10.0]));
    let out = merge("client", with_client("shard0.json", json!([10.0, 10.0])), ok());
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(
        out.stdout.contains(
            "\n          thread  busy %  waiting %  user µs/xact  system µs/xact  voluntary cs  involuntary cs\n\
             shard 0 thread 0    10.0          -      1500.000         500.000            10               1\n\
             shard 1 thread 1    10.0          -      1500.000         500.000            10               1\n"
        ),
        "{}",
        out.stdout
    );
    let merged: Value = serde_json::from_str(&out.read_file("m.json")).unwrap();
    assert_eq!(merged["client"]["threads"][1]["shard"], 1);
    let span = {
        let doc = parsed("shard0.json");
        (doc["end_time_us"].as_i64().unwrap() - doc["progress"]["start_time_us"].as_i64().unwrap())
            / 1_000_000
    };
    let many = with_client("shard0.json", Value::Array(vec![json!(1.0); 100_000]));
    refused(
        &merge("client-seconds", many, ok()),
        &SHARDS,
        &format!(
            "\"s0.json\": client.threads[0].seconds.busy_pct: seconds 0 to 100000 in a run of {span} s"
        ),
    );
    refused(
        &merge("client-share", with_client("shard0.json", json!([10.0, 250.0])), ok()),
        &SHARDS,
        "\"s0.json\": client.threads[0].seconds.busy_pct: expected numbers from 0 to 100, found 250.0",
    );
}

/// Shards of another run, or that are not all there.
#[test]
fn shards_that_are_not_one_run() {
    let s1 = edited("shard1.json", &[("/configuration/clients", json!(8))]);
    refused(
        &merge("other-run", document("shard0.json"), s1),
        &SHARDS,
        "\"s0.json\" and \"s1.json\" are reports of different runs: their configurations differ (clients)",
    );
    let s1 =
        edited("shard1.json", &[("/shard/count", json!(16384)), ("/shard/index", json!(16383))]);
    refused(
        &merge("split-otherwise", document("shard0.json"), s1),
        &SHARDS,
        "\"s0.json\" and \"s1.json\" are shards of different runs: one split in 2, the other in 16384",
    );
}

/// `--compare` of documents that are not what they say.
#[test]
fn comparisons_of_what_is_not_a_run() {
    let inputs = ["a.json", "b.json"];
    let b = edited("points-b.json", &[("/points/0/clients", json!(-1))]);
    refused(
        &compare("clients", document("points-a.json"), b),
        &inputs,
        "\"b.json\": points[0].clients: expected an integer from 1 to 2147483647, found -1",
    );
    let b = edited("points-b.json", &[("/points/1/runs/0/totals/transactions", json!(3))]);
    let latencies =
        parsed("points-b.json")["points"][1]["runs"][0]["totals"]["latency_ms"]["count"].clone();
    refused(
        &compare("latencies", document("points-a.json"), b),
        &inputs,
        &format!(
            "\"b.json\": points[1].runs[0].totals.latency_ms.count: {latencies} latencies for 3 transactions"
        ),
    );
    let mut many = parsed("points-a.json");
    let run = many["points"][0]["runs"][0].clone();
    many["points"][0]["runs"] = Value::Array(std::iter::repeat_n(run, 1001).collect());
    refused(
        &compare("too-many-runs", many.to_string(), document("points-b.json")),
        &inputs,
        "\"a.json\" has 1001 runs at 1 clients: --compare takes at most 1000 a side at a client count",
    );
}

/// The CSV conversion of documents that are not what they say.
#[test]
fn tables_of_what_is_not_a_document() {
    let d = edited("comparison.json", &[("/points/0/metrics/tps/p_value", json!(2))]);
    refused(
        &convert("p-value", d),
        &["d.json"],
        "\"d.json\": points[0].metrics.tps.p_value: expected at most 1, found 2",
    );
    let d = edited(
        "merged.json",
        &[("/progress/intervals/0/latency_ms/percentiles", json!({"50": 1.0}))],
    );
    refused(
        &convert("percentiles", d),
        &["d.json"],
        "\"d.json\": progress.intervals[0].latency_ms.percentiles: expected the totals' percentiles (50, 90, 95, 99, 99.5, 99.9, 99.99), found 50",
    );
}
