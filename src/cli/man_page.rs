//! The manual page, `docs/pgbench-rs.1`, documents every option the parser
//! accepts (C pgbench's and pgbench-rs's own, each of these under a
//! heading that writes it as `--help` does), so that a new option cannot
//! be left out of it, and names this version and the place for bug reports.
//! (tests/docs.rs renders it and checks that its extensions are made from
//! docs/extensions.md.)

use super::getopt::all_options;
use super::options::EXTENSIONS;

/// The manual page's source (man(7) roff).
const PAGE: &str = include_str!("../../docs/pgbench-rs.1");

/// The tags of the page's `.TP` paragraphs and its `.SS` headings: the
/// lines that name what each paragraph documents.
fn tags() -> Vec<&'static str> {
    let lines: Vec<&str> = PAGE.lines().collect();
    let tp = lines.windows(2).filter(|w| w[0] == ".TP").map(|w| w[1]);
    tp.chain(lines.iter().copied().filter(|l| l.starts_with(".SS "))).collect()
}

/// `text` as roff writes it.
fn roff(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// Whether roff text `tag` names option `option` (as roff writes it:
/// `\-\-client`, `\-c`), not only a longer option that starts with it.
fn names(tag: &str, option: &str) -> bool {
    tag.match_indices(option).any(|(i, _)| {
        let rest = &tag[i + option.len()..];
        let word = |s: &str| s.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        let before = &tag[..i];
        !word(rest) && !rest.strip_prefix("\\-").is_some_and(word) && !before.ends_with('\\')
    })
}

#[test]
fn every_option_has_a_paragraph() {
    let tags = tags();
    for (long, short) in all_options() {
        let long_roff = format!("\\-\\-{}", long.replace('-', "\\-"));
        assert!(
            tags.iter().any(|t| names(t, &long_roff)),
            "docs/pgbench-rs.1 has no .TP paragraph or .SS heading for --{long}"
        );
        if let Some(c) = short {
            let short_roff = format!("\\-{c}");
            assert!(
                tags.iter().any(|t| names(t, &short_roff) && names(t, &long_roff)),
                "docs/pgbench-rs.1 has no .TP paragraph for -{c}, --{long}"
            );
        }
    }
}

/// Each extension has a heading of its own in EXTENSIONS, the option and
/// its value written as `--help` writes them.
#[test]
fn the_extensions_section_heads_each_extension_as_help_does() {
    let section = PAGE.split("\n.SH EXTENSIONS\n").nth(1).unwrap_or_default();
    let section = section.split("\n.SH ").next().unwrap_or_default();
    let heads: Vec<&str> = section.lines().filter_map(|l| l.strip_prefix(".SS ")).collect();
    for e in EXTENSIONS {
        let head = format!("\"{}\"", roff(&e.synopsis()));
        assert!(heads.contains(&head.as_str()), "no .SS {head} in EXTENSIONS: {heads:?}");
    }
}

#[test]
fn names_this_version_and_the_place_for_bug_reports() {
    let th = PAGE.lines().find(|l| l.starts_with(".TH ")).unwrap_or_default();
    assert!(
        th.contains(&format!("\"pgbench-rs {}\"", env!("CARGO_PKG_VERSION"))),
        "the .TH line of docs/pgbench-rs.1 does not name this version: {th}"
    );
    let issues = format!(".UR {}/issues\n", env!("CARGO_PKG_REPOSITORY"));
    assert!(PAGE.contains(&issues), "docs/pgbench-rs.1 does not link {issues}");
}

#[test]
fn names_tells_an_option_from_a_longer_one() {
    assert!(names(".BR \\-l \", \" \\-\\-log", "\\-\\-log"));
    assert!(!names(".BI \\-\\-log\\-prefix= prefix", "\\-\\-log"));
    assert!(names(".BI \\-\\-log\\-prefix= prefix", "\\-\\-log\\-prefix"));
    assert!(!names(".BR \\-c \", \" \\-\\-client", "\\-C"));
    assert!(!names(".BR \\-\\-client", "\\-c"));
}
