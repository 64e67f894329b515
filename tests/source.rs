//! Rules of the source tree, checked on the files in src/: no module
//! imports in a cycle, `unsafe` code only in src/pq and src/sys,
//! `process::exit` only in main.rs, every module opens with a `//!` line,
//! and no file is longer than 800 lines (in tests/ too: the last two hold
//! for every .rs file under it).
//!
//! Imports are read from the text: every `crate::`, `super::` and
//! `self::` path, and `use` paths that start with a child module. A
//! module and its submodules are one unit to the modules around it, so an
//! edge counts between the two sibling modules under which its ends lie
//! (`engine::client::sql` → `engine::shared` is `client` → `shared`
//! under `engine`); edges between a module and its own submodules are
//! the module's inner business and are not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a source file may be.
const MAX_LINES: usize = 800;

/// A source file and the module it is.
struct Module {
    /// `engine::client::sql`; empty for the crate root.
    path: Vec<String>,
    /// Relative file name, for messages.
    file: String,
    /// The text without comments and string contents.
    code: String,
    /// The text as written.
    text: String,
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The text with comments removed and string and char literals emptied,
/// so that paths in them do not count.
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'r' if b.get(i + 1).is_some_and(|&c| c == b'"' || c == b'#')
                && !b
                    .get(i.wrapping_sub(1))
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                // raw string r"..." / r#"..."#
                let mut j = i + 1;
                let mut hashes = 0;
                while b.get(j) == Some(&b'#') {
                    hashes += 1;
                    j += 1;
                }
                if b.get(j) != Some(&b'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                j += 1;
                loop {
                    if j >= b.len() {
                        break;
                    }
                    if b[j] == b'"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&b'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') || (b.get(i + 1) == Some(&b'\\')) => {
                // a char literal ('x', '\n', '\''); lifetimes have no closing quote
                let mut j = i + 1;
                if b.get(j) == Some(&b'\\') {
                    j += 2;
                    while j < b.len() && b[j] != b'\'' {
                        j += 1;
                    }
                } else {
                    j += 1;
                }
                out.push_str("' '");
                i = j + 1;
            }
            c => {
                out.push(c as char);
                i += 1;
            }
        }
    }
    out
}

fn modules() -> Vec<Module> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    files
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(&src).unwrap();
            let mut path: Vec<String> =
                rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            let last = path.pop().unwrap();
            let stem = last.trim_end_matches(".rs");
            if stem != "mod" && stem != "main" && stem != "lib" {
                path.push(stem.to_string());
            }
            let text = std::fs::read_to_string(&f).unwrap();
            Module { path, file: format!("src/{}", rel.display()), code: strip(&text), text }
        })
        .collect()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifier paths written after `prefix::` in `code`, with one
/// level of `{a::b, c}` groups expanded.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let pat = format!("{prefix}::");
    let mut from = 0;
    while let Some(k) = code[from..].find(&pat) {
        let at = from + k;
        from = at + pat.len();
        if code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = &code[from..];
        // The identifiers of one path, up to the first thing that is none.
        let path = |text: &str| -> Vec<String> {
            text.split("::")
                .map(|s| s.chars().take_while(|&c| is_ident(c)).collect::<String>())
                .take_while(|s| !s.is_empty())
                .collect()
        };
        let paths: Vec<Vec<String>> = match rest.strip_prefix('{') {
            Some(group) => {
                let end = group.find('}').unwrap_or(group.len());
                group[..end].split(',').map(|item| path(item.trim())).collect()
            }
            None => vec![path(rest)],
        };
        found.extend(paths.into_iter().filter(|p| !p.is_empty()));
    }
    found
}

/// The modules each module refers to (the deepest module each path names).
fn imports(mods: &[Module]) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let known: BTreeSet<Vec<String>> = mods.iter().map(|m| m.path.clone()).collect();
    let deepest = |base: &[String], rel: &[String]| -> Option<Vec<String>> {
        let mut best = None;
        for n in 1..=rel.len() {
            let mut cand = base.to_vec();
            cand.extend_from_slice(&rel[..n]);
            if known.contains(&cand) {
                best = Some(cand);
            }
        }
        best
    };
    let mut edges = BTreeMap::new();
    for m in mods {
        let mut to = BTreeSet::new();
        let parent: Vec<String> = m.path[..m.path.len().saturating_sub(1)].to_vec();
        for p in paths_after(&m.code, "crate") {
            to.extend(deepest(&[], &p));
        }
        for p in paths_after(&m.code, "super") {
            to.extend(deepest(&parent, &p));
        }
        for p in paths_after(&m.code, "self") {
            to.extend(deepest(&m.path, &p));
        }
        // `use child::Item;` in a module with submodules.
        for stmt in m.code.split(';').filter_map(|s| s.trim().strip_prefix("use ")) {
            let first: String = stmt.trim().chars().take_while(|&c| is_ident(c)).collect();
            let mut cand = m.path.clone();
            cand.push(first);
            if known.contains(&cand) {
                to.insert(cand);
            }
        }
        to.remove(&m.path);
        edges.insert(m.path.clone(), to);
    }
    edges
}

/// The sibling modules under which `from` and `to` lie, or None when one
/// contains the other.
fn sibling_edge(from: &[String], to: &[String]) -> Option<(Vec<String>, Vec<String>)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() || common == to.len() {
        return None;
    }
    Some((from[..=common].to_vec(), to[..=common].to_vec()))
}

fn name(p: &[String]) -> String {
    if p.is_empty() { "crate".to_string() } else { p.join("::") }
}

#[test]
fn no_module_imports_in_a_cycle() {
    let mods = modules();
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let mut why: BTreeMap<(Vec<String>, Vec<String>), String> = BTreeMap::new();
    for (from, tos) in imports(&mods) {
        for to in tos {
            if let Some((a, b)) = sibling_edge(&from, &to) {
                why.entry((a.clone(), b.clone()))
                    .or_insert_with(|| format!("{} uses {}", name(&from), name(&to)));
                graph.entry(a).or_default().insert(b);
            }
        }
    }
    // Depth-first search for a back edge.
    fn visit(
        v: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        state.insert(v.clone(), 1);
        stack.push(v.clone());
        for w in graph.get(v).into_iter().flatten() {
            match state.get(w).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|x| x == w).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(w.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(w, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(v.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for v in graph.keys() {
        if state.get(v).copied().unwrap_or(0) == 0 {
            let mut stack = Vec::new();
            if let Some(cycle) = visit(v, &graph, &mut state, &mut stack) {
                let steps: Vec<String> =
                    cycle.windows(2).map(|e| why[&(e[0].clone(), e[1].clone())].clone()).collect();
                panic!("modules import in a cycle:\n  {}", steps.join("\n  "));
            }
        }
    }
    // The check sees the imports it must see.
    assert!(graph.values().map(BTreeSet::len).sum::<usize>() > 20, "{graph:?}");
}

#[test]
fn unsafe_code_only_in_pq_and_sys() {
    for m in modules() {
        let allowed = matches!(m.path.first().map(String::as_str), Some("pq" | "sys"));
        let uses_unsafe = m.code.split(|c: char| !is_ident(c)).any(|w| w == "unsafe");
        assert!(allowed || !uses_unsafe, "{} has unsafe code", m.file);
    }
}

#[test]
fn process_exit_only_in_main() {
    for m in modules() {
        if m.path.is_empty() {
            continue;
        }
        assert!(!m.code.contains("process::exit"), "{} calls process::exit", m.file);
    }
}

/// Every .rs file under tests/: its name relative to the repository, and
/// its text.
fn test_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rs_files(&root.join("tests"), &mut files);
    files
        .into_iter()
        .map(|f| {
            let text =
                std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("read {}: {e}", f.display()));
            (f.strip_prefix(root).unwrap().display().to_string(), text)
        })
        .collect()
}

/// The files of src/ and tests/, each as (name, text).
fn all_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> =
        modules().into_iter().map(|m| (m.file, m.text)).collect();
    files.extend(test_files());
    files
}

#[test]
fn every_module_opens_with_a_doc_line() {
    for (file, text) in all_files() {
        assert!(text.starts_with("//!"), "{file} does not open with a //! line");
    }
}

#[test]
fn no_file_is_longer_than_800_lines() {
    let long: Vec<String> = all_files()
        .iter()
        .filter(|(_, text)| text.lines().count() > MAX_LINES)
        .map(|(file, text)| format!("{file}: {} lines", text.lines().count()))
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

#[test]
fn the_checks_find_what_they_look_for() {
    let code = strip("use crate::a::b; // crate::c\nlet s = \"crate::d\";\nuse super::{x::Y, z};");
    assert_eq!(paths_after(&code, "crate"), vec![vec!["a".to_string(), "b".to_string()]]);
    assert_eq!(
        paths_after(&code, "super"),
        vec![vec!["x".to_string(), "Y".to_string()], vec!["z".to_string()]]
    );
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        sibling_edge(&s(&["engine", "client", "sql"]), &s(&["engine", "shared"])),
        Some((s(&["engine", "client"]), s(&["engine", "shared"])))
    );
    assert_eq!(sibling_edge(&s(&["engine", "client", "sql"]), &s(&["engine", "client"])), None);
    assert_eq!(sibling_edge(&s(&["engine"]), &s(&["engine", "client"])), None);
}
