//! Passwords never reach what pgbench-rs writes or prints. A server of its
//! own asks for a SCRAM password over TCP on the loopback and has a
//! `primary_conninfo` with a password among its settings; the password is
//! given as `password=`, in a URI's user-info, in a URI's query and (with
//! the password itself in `PGPASSWORD`) as `sslpassword=`, and in
//! `PGDATABASE`. Each way goes
//! through a run with every report, `-l` and `--server-stats`, a
//! `--repeat` with `--sweep-clients`, two shards and their `--merge`, and
//! a `--compare`: no output and no file holds a secret, the marker stands
//! where each was and the rest is as given. Documents of an earlier
//! pgbench-rs that still hold one are redacted when `--merge` and
//! `--compare` write them again.

use std::path::Path;
use std::sync::OnceLock;

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::cluster::{Cluster, extra_cluster_with};
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::shards::run_together;

/// The role's password.
const PASSWORD: &str = "S3cretPw1";
/// An `sslpassword` (libpq hides it too; no key needs it here).
const SSL_PASSWORD: &str = "SslS3cret2";
/// The password in the server's `primary_conninfo`.
const PRIMARY_PASSWORD: &str = "PrimaryS3cret3";
/// The marker that stands for a secret.
const MARKER: &str = "********";
/// `primary_conninfo` as given, and as recorded.
const PRIMARY: (&str, &str) = (
    "host=primary.invalid user=replicator password=PrimaryS3cret3",
    "host=primary.invalid user=replicator password=********",
);

/// The server: SCRAM for TCP connections on 127.0.0.1, trust on its
/// socket; a superuser role `bench` with [`PASSWORD`] (it reads every
/// setting); pgbench's tables in database `secrets`.
fn server() -> &'static Cluster {
    static C: OnceLock<&'static Cluster> = OnceLock::new();
    C.get_or_init(|| {
        let c = extra_cluster_with("secrets", ("-c listen_addresses=127.0.0.1", ""));
        let hba = c.dir.join("data").join("pg_hba.conf");
        std::fs::write(&hba, "local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n")
            .unwrap();
        c.exec("postgres", &format!("create role bench superuser login password '{PASSWORD}'"));
        c.exec("postgres", &format!("alter system set primary_conninfo = '{}'", PRIMARY.0));
        c.exec("postgres", "select pg_reload_conf()");
        c.exec("postgres", "create database secrets owner bench");
        let init = Pgbench::new(["-i", "-q", "secrets"]).on(c).label("secrets-init");
        let out = init.run_under_test();
        assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
        c
    })
}

/// One way of giving the password: the arguments that name the database,
/// as given and as recorded, and the environment.
struct Way {
    name: &'static str,
    given: Vec<String>,
    recorded: Vec<String>,
    /// The database name or connection string, as recorded in the
    /// document's `connection.dbname`.
    dbname: String,
    env: Vec<(&'static str, String)>,
}

/// A text with its passwords masked, as the documents record it.
fn shown(s: &str) -> String {
    s.replace(PASSWORD, MARKER).replace(SSL_PASSWORD, MARKER)
}

impl Way {
    /// The connection string `conn` given as the word `prefix` `conn`
    /// after the words `before`, and recorded so with its passwords
    /// masked.
    fn argument(name: &'static str, before: &[&str], prefix: &str, conn: &str) -> Way {
        let words = |c: &str| {
            before.iter().map(ToString::to_string).chain([format!("{prefix}{c}")]).collect()
        };
        Way {
            name,
            given: words(conn),
            recorded: words(&shown(conn)),
            dbname: shown(conn),
            env: vec![],
        }
    }
}

fn ways(port: u16) -> Vec<Way> {
    let kv = format!("host=127.0.0.1 port={port} user=bench password={PASSWORD} dbname=secrets");
    let info = format!("postgresql://bench:{PASSWORD}@127.0.0.1:{port}/secrets");
    let query = format!(
        "postgres://127.0.0.1:{port}/secrets?user=bench&password={PASSWORD}&sslmode=disable"
    );
    let ssl = format!(
        "host=127.0.0.1 port={port} user=bench dbname=secrets sslmode=disable sslpassword={SSL_PASSWORD}"
    );
    vec![
        Way::argument("keyword-value", &[], "", &kv),
        Way::argument("uri-user-info", &["-d"], "", &info),
        Way::argument("uri-query", &[], "--dbname=", &query),
        Way {
            env: vec![("PGPASSWORD", PASSWORD.into())],
            ..Way::argument("sslpassword", &[], "-d", &ssl)
        },
        Way {
            name: "pgdatabase",
            given: vec![],
            recorded: vec![],
            dbname: shown(&kv),
            env: vec![("PGDATABASE", kv)],
        },
    ]
}

/// `args` then the way's arguments, against the server, in the
/// way's environment.
fn invocation(way: &Way, case: &str, args: &[&str]) -> Pgbench {
    let mut p = Pgbench::new(args.iter().map(ToString::to_string).chain(way.given.clone()))
        .on(server())
        .label(&format!("secrets-{}-{case}", way.name));
    for (k, v) in &way.env {
        p = p.env(k, v);
    }
    p
}

/// The command line `args` (`--merge` or `--compare` of two documents)
/// on the documents `files` (name, text), as the way's case `case`; it
/// ended well (`what` it is, for messages).
fn of_two(way: &Way, case: &str, args: &str, files: [(&str, String); 2], what: &str) -> Output {
    let mut p = Pgbench::no_server(args.split_whitespace());
    for (name, text) in files {
        p = p.file(name, text);
    }
    ran(p.label(&format!("secrets-{}-{case}", way.name)).run_under_test(), what)
}

fn ran(out: Output, what: &str) -> Output {
    assert_eq!(out.status, Status::Exit(0), "{what}: {}\n{}", out.stdout, out.stderr);
    out
}

fn json(out: &Output, file: &str) -> Value {
    serde_json::from_str(&out.read_file(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Where a secret is in `out`'s output or in a file of its directory.
fn leaks(out: &Output, into: &mut Vec<String>) {
    let secrets = [PASSWORD, SSL_PASSWORD, PRIMARY_PASSWORD];
    let mut check = |what: String, bytes: &[u8]| {
        for s in secrets {
            if bytes.windows(s.len()).any(|w| w == s.as_bytes()) {
                into.push(format!("{s} in {what}"));
            }
        }
    };
    check(format!("{}'s stdout", out.dir.display()), out.stdout.as_bytes());
    check(format!("{}'s stderr", out.dir.display()), out.stderr.as_bytes());
    fn files(dir: &Path, all: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            if e.path().is_dir() {
                files(&e.path(), all);
            } else {
                all.push(e.path());
            }
        }
    }
    let mut all = Vec::new();
    files(&out.dir, &mut all);
    for f in all {
        check(f.display().to_string(), &std::fs::read(&f).unwrap());
    }
}

/// The arguments a document records after `argv[0]` (and the harness's
/// `--compat`).
fn command_line(doc: &Value) -> Vec<String> {
    let argv = doc["configuration"]["command_line"].as_array().expect("a command line");
    let text = argv[1..].iter().map(|a| a.as_str().unwrap().to_string());
    text.filter(|a| !a.starts_with("--compat=")).collect()
}

fn expected(args: &[&str], way: &Way) -> Vec<String> {
    args.iter().map(ToString::to_string).chain(way.recorded.clone()).collect()
}

/// HTML's escaping of a text.
fn escaped(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Every report, log, sweep, shard, merge and comparison of one way.
fn nothing_holds_the_password(way_name: &str) {
    needs!(Server, Loopback);
    let c = server();
    let ways = ways(c.port);
    let way = ways.iter().find(|w| w.name == way_name).unwrap();
    let mut outputs = Vec::new();

    // A run with every report, -l and --server-stats.
    let args = "-c 2 -j 2 -t 20 -l --server-stats --report-json=r.json --report-html=r.html \
                --report-csv=r.csv";
    let args: Vec<&str> = args.split_whitespace().collect();
    let run = ran(invocation(way, "run", &args).run_under_test(), "the run");
    let doc = json(&run, "r.json");
    assert_eq!(command_line(&doc), expected(&args, way));
    assert_eq!(doc["configuration"]["connection"]["dbname"], way.dbname.as_str());
    assert_eq!(doc["server"]["settings"]["primary_conninfo"], PRIMARY.1);
    assert!(run.stdout.contains(&format!("primary_conninfo={}", PRIMARY.1)), "{}", run.stdout);
    let page = run.read_file("r.html");
    let shown = escaped(&expected(&args, way).join(" "));
    assert!(page.contains(&shown), "the page's command line is not {shown}");
    assert!(page.contains(&escaped(PRIMARY.1)), "the page's settings");
    assert!(run.files().iter().any(|f| f.starts_with("pgbench_log.")), "{:?}", run.files());
    let again = ran(
        invocation(way, "again", &args[..6]).arg("--report-json=r.json").run_under_test(),
        "a second run",
    );

    // --repeat with --sweep-clients.
    let sweep_args = [
        "-t",
        "10",
        "--repeat=2",
        "--sweep-clients=1,2",
        "--report-json=p.json",
        "--report-html=p.html",
        "--report-csv=p.csv",
    ];
    let sweep = ran(invocation(way, "sweep", &sweep_args).run_under_test(), "the sweep");
    let points = json(&sweep, "p.json");
    for run in
        points["points"].as_array().unwrap().iter().flat_map(|p| p["runs"].as_array().unwrap())
    {
        assert_eq!(command_line(run), expected(&sweep_args, way));
    }

    // Two shards and their --merge.
    let shard_args = |k: u32| {
        vec![
            "-c".to_string(),
            "2".into(),
            "-j".into(),
            "2".into(),
            "-t".into(),
            "10".into(),
            "--server-stats".into(),
            format!("--shard={k}/2"),
            "--report-json=r.json".into(),
        ]
    };
    let shards: Vec<Pgbench> = (0..2)
        .map(|k| {
            let a = shard_args(k);
            invocation(
                way,
                &format!("shard-{k}"),
                &a.iter().map(String::as_str).collect::<Vec<_>>(),
            )
        })
        .collect();
    let shard_outs: Vec<Output> =
        run_together(&shards).into_iter().map(|o| ran(o, "a shard")).collect();
    let shard_docs = [0, 1].map(|k| (["s0.json", "s1.json"][k], shard_outs[k].read_file("r.json")));
    let args =
        "--merge s0.json s1.json --report-json=m.json --report-html=m.html --report-csv=m.csv";
    let merge = of_two(way, "merge", args, shard_docs.clone(), "the merge");
    let merged = json(&merge, "m.json");
    // (The first shard's command line, and the --start-at the harness gave.)
    let mut recorded_shard = command_line(&merged);
    let start_at = recorded_shard.pop().unwrap();
    assert!(start_at.starts_with("--start-at="), "{start_at}");
    let first = shard_args(0);
    assert_eq!(
        recorded_shard,
        expected(&first.iter().map(String::as_str).collect::<Vec<_>>(), way)
    );
    assert_eq!(merged["server"]["settings"]["primary_conninfo"], PRIMARY.1);

    // --compare of two runs.
    let args =
        "--compare a.json b.json --report-json=c.json --report-html=c.html --report-csv=c.csv";
    let runs = [("a.json", run.read_file("r.json")), ("b.json", again.read_file("r.json"))];
    let compare = of_two(way, "compare", args, runs, "the comparison");

    // Documents of an earlier pgbench-rs, which wrote the password: each
    // marker is the password again.
    let old = |text: String| text.replace(MARKER, PASSWORD);
    let args = "--merge s0.json s1.json --report-json=m.json --report-html=m.html";
    let old_docs = shard_docs.map(|(name, text)| (name, old(text)));
    let old_merge = of_two(way, "old-merge", args, old_docs, "the merge of earlier documents");
    assert_eq!(json(&old_merge, "m.json")["configuration"], merged["configuration"]);
    let args = "--compare a.json p.json --force --report-json=c.json --report-html=c.html";
    let docs =
        [("a.json", old(run.read_file("r.json"))), ("p.json", old(sweep.read_file("p.json")))];
    let old_compare = of_two(way, "old-compare", args, docs, "the comparison of earlier documents");
    let old_csv = ran(
        Pgbench::no_server(["--merge", "p.json", "--report-csv=p.csv"])
            .file("p.json", old(sweep.read_file("p.json")))
            .label(&format!("secrets-{}-old-csv", way.name))
            .run_under_test(),
        "the table of an earlier document",
    );
    // (Their inputs hold the password: only what they wrote counts.)
    for out in [&old_merge, &old_compare, &old_csv] {
        for input in ["s0.json", "s1.json", "a.json", "p.json"] {
            let _ = std::fs::remove_file(out.dir.join(input));
        }
    }

    outputs.extend([run, again, sweep, merge, compare, old_merge, old_compare, old_csv]);
    outputs.extend(shard_outs);
    let mut found = Vec::new();
    for out in &outputs {
        leaks(out, &mut found);
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_password_in_keyword_value_form_is_never_written() {
    nothing_holds_the_password("keyword-value");
}

#[test]
fn a_password_in_a_uris_user_info_is_never_written() {
    nothing_holds_the_password("uri-user-info");
}

#[test]
fn a_password_in_a_uris_query_is_never_written() {
    nothing_holds_the_password("uri-query");
}

#[test]
fn an_sslpassword_is_never_written() {
    nothing_holds_the_password("sslpassword");
}

#[test]
fn a_password_in_pgdatabase_is_never_written() {
    nothing_holds_the_password("pgdatabase");
}
