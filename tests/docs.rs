//! The manual page, `docs/pgbench-rs.1`: groff renders it without a
//! warning (and so does mandoc's lint, where mandoc is installed), its
//! DIFFERENCES FROM PGBENCH has as many items as README.md's "Differences
//! from C pgbench", and its ENVIRONMENT names every variable the program
//! reads. (src/cli/man_page.rs checks that it documents every option.)

use std::path::Path;
use std::process::Command;

use crate::harness::{Need, require};

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

#[test]
fn the_differences_are_readmes() {
    let readme = read("README.md");
    let ours = section(&readme, "## Differences from C pgbench", |l| l.starts_with("## "));
    // The list ends at the first paragraph after it (the internal switches).
    let items = ours
        .iter()
        .take_while(|l| l.is_empty() || l.starts_with("- ") || l.starts_with("  "))
        .filter(|l| l.starts_with("- "))
        .count();
    let page = read(PAGE);
    let man = section(&page, ".SH \"DIFFERENCES FROM PGBENCH\"", |l| l.starts_with(".SH "));
    let man_items = man.iter().filter(|l| l.starts_with(".IP \\(bu")).count();
    assert!(items > 0, "README.md's differences list is empty");
    assert_eq!(
        man_items, items,
        "{PAGE} lists {man_items} differences from C pgbench, README.md {items}: keep them the same"
    );
}

/// The `NAME` of every `env::var("NAME")` and `env::var_os("NAME")` in the
/// program's sources (test-only variables, named `..._TEST_...`, aside).
fn variables_read() -> Vec<String> {
    let mut names = Vec::new();
    let mut dirs = vec![root().join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
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
}
