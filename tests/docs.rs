//! The documentation: the manual page, `docs/pgbench-rs.1`, renders
//! without a warning in groff (and in mandoc's lint, where mandoc is
//! installed), its EXTENSIONS and DIFFERENCES FROM PGBENCH are made from
//! docs/extensions.md and README.md's list ([`roff`]), and its
//! ENVIRONMENT names every variable the program reads; every extension
//! `--help` lists has its section in docs/extensions.md and its row in
//! README.md's table, whose links lead to those sections; README.md stays
//! short. (src/cli/man_page.rs checks that the page documents every
//! option.)

use std::path::Path;
use std::process::Command;

use crate::harness::{Need, Pgbench, require, runner::Status};

mod roff;

/// The page, relative to the repository.
const PAGE: &str = "docs/pgbench-rs.1";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
}

/// Runs a checker on the page; its status and everything it printed.
fn lint(program: &str, args: &[&str]) -> Option<(bool, String)> {
    let out = Command::new(program).args(args).arg(PAGE).current_dir(root()).output();
    match out {
        Ok(o) => {
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            Some((o.status.success(), text))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => panic!("cannot run {program}: {e}"),
    }
}

#[test]
fn groff_renders_the_page_without_warnings() {
    let Some((ok, text)) = lint("groff", &["-man", "-ww", "-z"]) else {
        panic!("groff is not installed (Debian: groff-base; scripts/deps.sh installs it)")
    };
    assert!(ok && text.is_empty(), "groff -man -ww -z {PAGE}:\n{text}");
}

#[test]
fn mandoc_finds_nothing_to_say() {
    if !require(Need::Mandoc) {
        return;
    }
    let (ok, text) = lint("mandoc", &["-T", "lint"]).expect("mandoc runs");
    assert!(ok && text.is_empty(), "mandoc -T lint {PAGE}:\n{text}");
}

/// The lines of the section that starts at line `heading`, up to the next
/// line that `is_heading` says starts another.
fn section<'a>(text: &'a str, heading: &str, is_heading: fn(&str) -> bool) -> Vec<&'a str> {
    let mut lines = text.lines().skip_while(|l| *l != heading);
    assert!(lines.next().is_some(), "no section {heading:?}");
    lines.take_while(|l| !is_heading(l)).collect()
}

/// The page with its EXTENSIONS made from docs/extensions.md and its
/// DIFFERENCES FROM PGBENCH from README.md's list ([`roff`]).
fn page_from_the_documentation(page: &str) -> String {
    let readme = read("README.md");
    let differences = section(&readme, "## Differences from C pgbench", |l| l.starts_with("## "));
    let made = [
        (".SH EXTENSIONS", roff::from_markdown(&read("docs/extensions.md"))),
        (".SH \"DIFFERENCES FROM PGBENCH\"", roff::from_markdown(&differences.join("\n"))),
    ];
    let mut out = page.to_string();
    for (heading, body) in made {
        let start = out.find(&format!("\n{heading}\n")).unwrap_or_else(|| panic!("no {heading}"))
            + heading.len()
            + 2;
        let end = out[start..].find("\n.SH ").map_or(out.len(), |e| start + e + 1);
        out.replace_range(start..end, &body);
    }
    out
}

/// The manual page's EXTENSIONS and DIFFERENCES FROM PGBENCH are made from
/// the documentation (the extensions' prose is written once, in
/// docs/extensions.md; the differences are README.md's list), word for
/// word. When they are not, the page made from them is written to
/// target/docs/pgbench-rs.1, to be copied over docs/pgbench-rs.1.
#[test]
fn the_man_page_is_made_from_the_documentation() {
    let page = read(PAGE);
    let made = page_from_the_documentation(&page);
    if made != page {
        let dir = root().join("target/docs");
        std::fs::create_dir_all(&dir).expect("target/docs");
        std::fs::write(dir.join("pgbench-rs.1"), &made).expect("target/docs/pgbench-rs.1");
        let first = page.lines().zip(made.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{PAGE} is not made from docs/extensions.md and README.md (from line {}: {:?}, made: {:?}); \
             the page made from them is in target/docs/pgbench-rs.1: cp target/docs/pgbench-rs.1 {PAGE}",
            first + 1,
            page.lines().nth(first).unwrap_or_default(),
            made.lines().nth(first).unwrap_or_default()
        );
    }
    // What the sections hold: every difference, every extension.
    let man = section(&page, ".SH \"DIFFERENCES FROM PGBENCH\"", |l| l.starts_with(".SH "));
    let items = man.iter().filter(|l| l.starts_with(".IP \\(bu")).count();
    assert!(items >= 10, "{items} differences");
}

/// GitHub's anchor of a Markdown heading: lower case, punctuation but
/// `-` and `_` left out, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The headings of a Markdown text (`#` to `####`), without the marks.
fn headings(md: &str) -> Vec<String> {
    md.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .collect()
}

/// The extensions `--help` lists, as it heads them (`--report-json=FILE`).
fn help_synopses() -> Vec<String> {
    // (As 17, whose --help lists every option pgbench-rs adds to it.)
    let out = Pgbench::no_server(["--help"]).compat(17).label("docs-help").run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let ours = out.stdout.split("\npgbench-rs extensions").nth(1).unwrap_or_default();
    ours.lines()
        .filter_map(|l| l.strip_prefix("  --"))
        .map(|rest| format!("--{}", rest.split("  ").next().unwrap_or_default()))
        .collect()
}

/// Every option `--help` lists among the extensions has a section in
/// docs/extensions.md headed as `--help` heads it, and README.md's table
/// links to each of them, by the anchor of its heading; every link
/// between the documents leads to a file there, and to a heading in it.
#[test]
fn every_extension_is_documented_and_linked() {
    let mut help = help_synopses();
    let extensions = read("docs/extensions.md");
    let mut documented: Vec<String> =
        headings(&extensions).into_iter().filter(|h| h.starts_with("--")).collect();
    let readme = read("README.md");
    let mut linked: Vec<(String, String)> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("| [`"))
        .filter_map(|l| {
            let (text, rest) = l.split_once("`](")?;
            let target = rest.split(')').next()?;
            Some((text.to_string(), target.to_string()))
        })
        .collect();
    assert!(help.len() >= 20, "{help:?}");
    for (text, target) in &linked {
        assert_eq!(target, &format!("docs/extensions.md#{}", anchor(text)), "README.md's {text}");
    }
    help.sort();
    documented.sort();
    linked.sort();
    assert_eq!(documented, help, "docs/extensions.md's sections and --help's extensions");
    let linked: Vec<String> = linked.into_iter().map(|l| l.0).collect();
    assert_eq!(linked, help, "README.md's table of extensions and --help's extensions");

    // The links of the documents lead somewhere.
    for doc in [
        "README.md",
        "docs/extensions.md",
        "docs/how-it-works.md",
        "docs/performance.md",
        "docs/building.md",
    ] {
        let text = read(doc);
        let dir = Path::new(doc).parent().unwrap_or(Path::new(""));
        for (i, _) in text.match_indices("](") {
            let target = text[i + 2..].split(')').next().unwrap_or_default();
            if target.starts_with("http") {
                continue;
            }
            let (file, frag) = target.split_once('#').unwrap_or((target, ""));
            let path = dir.join(file);
            assert!(root().join(&path).exists(), "{doc} links to {target}, which is not there");
            if !frag.is_empty() {
                let there = read(&path.to_string_lossy());
                assert!(
                    headings(&there).iter().any(|h| anchor(h) == frag),
                    "{doc} links to {target}: no such heading"
                );
            }
        }
    }
}

/// README.md is for users: short, and what it says is there.
#[test]
fn the_readme_is_short_and_says_what_it_must() {
    let readme = read("README.md");
    let n = readme.lines().count();
    assert!(n <= 300, "README.md has {n} lines (at most 300)");
    for heading in [
        "## Install",
        "## On a fresh machine",
        "## Usage",
        "## Extensions",
        "## Differences from C pgbench",
    ] {
        assert!(readme.lines().any(|l| l == heading), "README.md has no {heading:?}");
    }
}

/// The text of every Rust source of the program in src/.
fn rust_sources() -> Vec<String> {
    let mut texts = Vec::new();
    let mut dirs = vec![root().join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                texts.push(read_to_string_or_panic(&path));
            }
        }
    }
    texts
}

/// A file's text; a file the test needs and cannot read fails it.
fn read_to_string_or_panic(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `NAME` of every `env::var("NAME")` and `env::var_os("NAME")` in the
/// program's sources (test-only variables, named `..._TEST_...`, aside).
fn variables_read() -> Vec<String> {
    let mut names = Vec::new();
    for text in rust_sources() {
        for call in ["env::var(\"", "env::var_os(\""] {
            for (i, _) in text.match_indices(call) {
                let rest = &text[i + call.len()..];
                let name = &rest[..rest.find('"').unwrap_or(0)];
                if !name.is_empty() && !name.contains("_TEST") && name != "LD_PRELOAD" {
                    names.push(name.to_string());
                }
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_page_names_every_variable_the_program_reads() {
    let page = read(PAGE);
    let env = section(&page, ".SH ENVIRONMENT", |l| l.starts_with(".SH ")).join("\n");
    let env = env.replace("\\-", "-");
    let read = variables_read();
    assert!(read.iter().any(|v| v == "PGBENCH_RANDOM_SEED"), "found {read:?}");
    for name in &read {
        assert!(env.contains(name.as_str()), "{PAGE}'s ENVIRONMENT does not name {name}");
    }
    for name in ["PGHOST", "PGPORT", "PGUSER", "PGDATABASE", "PGPASSWORD"] {
        assert!(env.contains(name), "{PAGE}'s ENVIRONMENT does not name {name}");
    }
    // And no entry names a switch the program no longer reads (through
    // env::var, or named in a constant of the program or its build script).
    let mut sources = rust_sources();
    sources.push(read_to_string_or_panic(&root().join("build.rs")));
    let lines: Vec<&str> = env.lines().collect();
    for pair in lines.windows(2).filter(|w| w[0] == ".TP") {
        let Some(item) = pair[1].strip_prefix(".BR ").or_else(|| pair[1].strip_prefix(".BI "))
        else {
            continue;
        };
        let name: String =
            item.chars().take_while(|c| c.is_ascii_uppercase() || *c == '_').collect();
        if name.starts_with("PGBENCH_RS_") {
            let quoted = format!("\"{name}\"");
            let named = read.contains(&name) || sources.iter().any(|t| t.contains(&quoted));
            assert!(named, "{PAGE}'s ENVIRONMENT names {name}, which nothing reads");
        }
    }
}
