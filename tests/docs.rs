//! The documentation: the manual page, `docs/pgbench-rs.1`, renders
//! without a warning in groff (and in mandoc's lint, where mandoc is
//! installed), its EXTENSIONS and DIFFERENCES FROM PGBENCH are made from
//! docs/extensions.md and README.md's list ([`roff`]), and its
//! ENVIRONMENT names every variable the program reads; every extension
//! `--help` lists has its section in docs/extensions.md and its row in
//! README.md's table, whose links lead to those sections; README.md stays
//! short; docs/how-it-works.md's module map names every module of src/.
//! (src/cli/man_page.rs checks that the page documents every option.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::harness::needs;
use crate::harness::{Pgbench, runner::Status};

mod roff;

/// The page, relative to the repository.
const PAGE: &str = "docs/pgbench-rs.1";

/// The repository (also the other tests' that read its files).
pub(crate) fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the repository; one the test needs and cannot read fails it.
pub(crate) fn read(rel: &str) -> String {
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
    needs!(Mandoc);
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

/// README.md is for users: short, what it says is there, and its first
/// screen has the two commands of a fresh machine.
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
    // Its first screen shows a fresh machine's two commands, before the
    // ways to install.
    let screen: Vec<&str> = readme.lines().take(60).collect();
    let line = |start: &str| screen.iter().position(|l| l.starts_with(start));
    let install = line("## Install").unwrap_or(screen.len());
    for command in ["# make demo ", "# make test "] {
        let at = line(command);
        assert!(
            at.is_some_and(|at| at < install),
            "README.md's first 60 lines show no {command:?} before ## Install"
        );
    }
}

/// Every Rust source of the program: the files in src/ ending in `.rs`.
fn rust_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![root().join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The text of every Rust source of the program in src/.
fn rust_sources() -> Vec<String> {
    rust_files().iter().map(|f| read_to_string_or_panic(f)).collect()
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

/// The document whose module map names every module of src/.
const MAP: &str = "docs/how-it-works.md";

/// The module a path names, as its path under src/ without `.rs`,
/// `/mod.rs` or `/`: `report/csv.rs` and `src/report/csv.rs` name
/// `report/csv`; `report/doc/` and `report/doc/mod.rs` name `report/doc`;
/// `lib.rs` names `lib`. None for a path that ends neither in `.rs` nor
/// in `/`.
fn module_named(path: &str) -> Option<String> {
    let path = path.strip_prefix("src/").unwrap_or(path);
    let module = path
        .strip_suffix("/mod.rs")
        .or_else(|| path.strip_suffix(".rs"))
        .or_else(|| path.strip_suffix('/'))?;
    (!module.is_empty()).then(|| module.to_string())
}

/// Every module of src/, by [`module_named`], with its file.
fn source_modules() -> BTreeMap<String, String> {
    let src = root().join("src");
    rust_files()
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(&src).unwrap().to_string_lossy().into_owned();
            let module = module_named(&rel).unwrap_or_else(|| panic!("src/{rel}"));
            (module, format!("src/{rel}"))
        })
        .collect()
}

/// The paths a Markdown text writes in backticks: a span of letters,
/// digits, `_`, `-`, `.` and `/` that ends in `.rs` or `/` after a name
/// (`report/csv.rs`, `src/report/doc/`, `tests/source.rs`).
fn paths_in_backticks(md: &str) -> Vec<&str> {
    md.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.chars().all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c)))
        .filter(|s| !s.starts_with(['.', '/']) && (s.ends_with(".rs") || s.ends_with('/')))
        .collect()
}

/// docs/how-it-works.md's module map (its text before the first `## `
/// heading) names every module of src/: a module is named when a path in
/// backticks names it ([`module_named`]: `report/csv.rs`,
/// `src/report/doc/`). And every path it writes in backticks is there:
/// under src/ (with or without the leading `src/`) or, where it is not a
/// module's, in the repository (`tests/source.rs`, `schema/`), so that a
/// module removed or moved cannot stay in the map.
#[test]
fn the_module_map_names_every_module() {
    let doc = read(MAP);
    let map: Vec<&str> = doc.lines().take_while(|l| !l.starts_with("## ")).collect();
    let map = map.join("\n");
    let modules = source_modules();
    for module in ["lib", "report/csv", "report/doc", "engine/client/tests"] {
        assert!(modules.contains_key(module), "src/ has no module {module}: {modules:?}");
    }
    let paths = paths_in_backticks(&map);
    let named: BTreeSet<String> = paths.iter().filter_map(|p| module_named(p)).collect();
    let unnamed: Vec<&str> =
        modules.iter().filter(|(m, _)| !named.contains(*m)).map(|(_, f)| f.as_str()).collect();
    let absent: BTreeSet<&str> = paths
        .iter()
        .copied()
        .filter(|p| match p.strip_prefix("src/") {
            Some(under_src) => !root().join("src").join(under_src).exists(),
            None => !root().join("src").join(p).exists() && !root().join(p).exists(),
        })
        .collect();
    assert!(
        unnamed.is_empty(),
        "{MAP}'s module map does not name {} module(s) (write each one's path under src/ \
         in backticks, with a sentence on what it owns): {}",
        unnamed.len(),
        unnamed.join(", ")
    );
    assert!(
        absent.is_empty(),
        "{MAP}'s module map names paths that are not there (neither under src/ nor in the \
         repository): {}",
        absent.into_iter().collect::<Vec<_>>().join(", ")
    );
}

/// The rule of [`the_module_map_names_every_module`], on examples.
#[test]
fn the_module_map_is_read_by_its_rule() {
    let text = "`src/report/doc/`, `csv.rs` and `tests/source.rs`; not `.rs`, `/bin/sh`, \
                `-M prepared`, `report::run` nor `report/csv`";
    assert_eq!(paths_in_backticks(text), ["src/report/doc/", "csv.rs", "tests/source.rs"]);
    for (path, module) in [
        ("src/report/doc/", "report/doc"),
        ("report/doc/mod.rs", "report/doc"),
        ("report/csv.rs", "report/csv"),
        ("src/lib.rs", "lib"),
    ] {
        assert_eq!(module_named(path).as_deref(), Some(module), "{path}");
    }
    assert_eq!(module_named("report/csv"), None);
}
