//! The documents of this program, kept byte for byte: in
//! `tests/data/documents/`, a run's (`-R`, `-L`, retries, `--warmup`), two
//! shards' of one run (`-r`, two scripts, `--rate-profile`, `--reconnect`,
//! `--server-stats`, percentiles asked for), their merge, two `--repeat`
//! with `--sweep-clients` and their comparison, with what the program made
//! of them: the merge's text, document, table and page, the comparison's
//! text, document, table and page, and the table of each kind of
//! document. Whatever the code that reads and writes them becomes, it
//! must make the same bytes (key order, number formatting) from the same
//! documents. Only the program's version is masked.

use crate::harness::Pgbench;
use crate::harness::runner::{Output, Status};

/// Where the golden file `name` is kept.
fn kept_path(name: &str) -> String {
    format!("{}/tests/data/documents/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A file of the golden set.
fn stored(name: &str) -> String {
    let path = kept_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `text` with this program's version in it as `VERSION`.
fn masked(text: &str) -> String {
    let mut out = text.to_string();
    for (before, after) in [("\"pgbench_rs_version\": \"", "\""), ("(pgbench-rs ", ")")] {
        let mut from = 0;
        while let Some(at) = out[from..].find(before) {
            let start = from + at + before.len();
            let Some(len) = out[start..].find(after) else { break };
            out.replace_range(start..start + len, "VERSION");
            from = start + "VERSION".len();
        }
    }
    out
}

/// `args` on copies of the golden `inputs`.
fn run(case: &str, args: &[&str], inputs: &[&str]) -> Output {
    let mut p = Pgbench::no_server(args.iter().copied()).label(&format!("golden-{case}"));
    for name in inputs {
        p = p.file(name, stored(name));
    }
    let out = p.run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{case}: {}", out.stderr);
    out
}

/// `made` is the golden file `name` (masked).
fn same(case: &str, made: &str, name: &str) {
    let (made, want) = (masked(made), masked(&stored(name)));
    if made != want {
        let line = made.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{case}: not {name} byte for byte (from line {}):\n  made: {:?}\n  kept: {:?}",
            line + 1,
            made.lines().nth(line).unwrap_or_default(),
            want.lines().nth(line).unwrap_or_default()
        );
    }
}

/// `--OPTION` (merge, compare) of the golden `a` and `b`, writing its
/// document, page and table as `made.json`, `.html` and `.csv`: its
/// stdout, stderr (`kept.stderr`, or nothing where none is kept) and
/// each of those files are the golden `kept.stdout`, ... byte for byte.
fn made_as_kept(case: &str, option: &str, [a, b]: [&str; 2], made: &str, kept: &str) {
    let reports = ["json", "html", "csv"].map(|kind| (format!("{made}.{kind}"), kind));
    let args = [format!("--{option}"), a.into(), b.into()]
        .into_iter()
        .chain(reports.iter().map(|(file, kind)| format!("--report-{kind}={file}")));
    let args: Vec<String> = args.collect();
    let out = run(case, &args.iter().map(String::as_str).collect::<Vec<_>>(), &[a, b]);
    same(case, &out.stdout, &format!("{kept}.stdout"));
    let stderr = format!("{kept}.stderr");
    if std::path::Path::new(&kept_path(&stderr)).exists() {
        same(case, &out.stderr, &stderr);
    } else {
        assert_eq!(out.stderr, "", "{case}: nothing on stderr");
    }
    for (file, kind) in reports {
        same(case, &out.read_file(&file), &format!("{kept}.{kind}"));
    }
}

#[test]
fn the_merge_of_two_shards() {
    made_as_kept("merge", "merge", ["shard0.json", "shard1.json"], "m", "merged");
}

#[test]
fn the_comparison_of_two_sweeps() {
    made_as_kept("compare", "compare", ["points-a.json", "points-b.json"], "c", "comparison");
}

#[test]
fn the_table_of_each_kind_of_document() {
    for name in ["run", "merged", "points-a", "comparison"] {
        let json = format!("{name}.json");
        let args = ["--merge", json.as_str(), "--report-csv=t.csv"];
        let out = run(name, &args, &[json.as_str()]);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("", ""), "{name}");
        same(name, &out.read_file("t.csv"), &format!("{name}.csv"));
    }
}

/// The `libpq_version` line of a document.
fn libpq_line(doc: &str) -> &str {
    doc.lines().find(|l| l.starts_with("  \"libpq_version\": ")).expect("libpq_version")
}

#[test]
fn a_merge_keeps_the_libpq_its_shards_ran_with() {
    let args =
        ["--merge", "shard0.json", "shard1.json", "--report-json=m.json", "--report-html=m.html"];
    let mut p = Pgbench::no_server(args).label("golden-merge-libpq");
    for name in ["shard0.json", "shard1.json"] {
        let kept = stored(name);
        p = p.file(name, kept.replacen(libpq_line(&kept), "  \"libpq_version\": \"12.3\",", 1));
    }
    let out = p.run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert_eq!(libpq_line(&out.read_file("m.json")), "  \"libpq_version\": \"12.3\",");
    let page = out.read_file("m.html");
    assert!(page.contains("\n<tr><th>libpq</th><td>12.3</td></tr>\n"), "{page}");
}
