//! The three builtin scripts, lookup by unique prefix (`-b`, `--show-script`)
//! with C's error texts, and the `-b list` listing. Mirrors pgbench.c's
//! builtin_script[], findBuiltin and listAvailableScripts.

use std::fmt;

/// A builtin script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Builtin {
    /// Name used with -b.
    pub(crate) name: &'static str,
    /// Description shown as the transaction type.
    pub(crate) desc: &'static str,
    /// Script text.
    pub(crate) script: &'static str,
}

/// All builtin scripts, in C's order.
pub(crate) const BUILTINS: [Builtin; 3] = [
    Builtin {
        name: "tpcb-like",
        desc: "<builtin: TPC-B (sort of)>",
        script: "\\set aid random(1, 100000 * :scale)\n\
                 \\set bid random(1, 1 * :scale)\n\
                 \\set tid random(1, 10 * :scale)\n\
                 \\set delta random(-5000, 5000)\n\
                 BEGIN;\n\
                 UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n\
                 SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n\
                 UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\n\
                 UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\n\
                 INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\n\
                 END;\n",
    },
    Builtin {
        name: "simple-update",
        desc: "<builtin: simple update>",
        script: "\\set aid random(1, 100000 * :scale)\n\
                 \\set bid random(1, 1 * :scale)\n\
                 \\set tid random(1, 10 * :scale)\n\
                 \\set delta random(-5000, 5000)\n\
                 BEGIN;\n\
                 UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n\
                 SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n\
                 INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\n\
                 END;\n",
    },
    Builtin {
        name: "select-only",
        desc: "<builtin: select only>",
        script: "\\set aid random(1, 100000 * :scale)\n\
                 SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n",
    },
];

/// A failed builtin lookup. Display is the error line; C then prints
/// [`list_text`] to stderr (without the error prefix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BuiltinError {
    /// `no builtin script found for name "%s"`
    NotFound(String),
    /// `ambiguous builtin name: %d builtin scripts found for prefix "%s"`
    Ambiguous(usize, String),
}

impl fmt::Display for BuiltinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuiltinError::NotFound(n) => write!(f, "no builtin script found for name \"{n}\""),
            BuiltinError::Ambiguous(k, n) => {
                write!(f, "ambiguous builtin name: {k} builtin scripts found for prefix \"{n}\"")
            }
        }
    }
}

impl std::error::Error for BuiltinError {}

/// The builtin whose name starts with `name`, if exactly one does.
///
/// # Errors
/// None or several builtins match.
pub(crate) fn find(name: &str) -> Result<&'static Builtin, BuiltinError> {
    let mut found = BUILTINS.iter().filter(|b| b.name.starts_with(name));
    let count = BUILTINS.iter().filter(|b| b.name.starts_with(name)).count();
    match (found.next(), count) {
        (Some(b), 1) => Ok(b),
        (_, 0) => Err(BuiltinError::NotFound(name.to_owned())),
        _ => Err(BuiltinError::Ambiguous(count, name.to_owned())),
    }
}

/// The `-b list` text (also printed after a failed lookup), ending with an
/// empty line.
pub(crate) fn list_text() -> String {
    let mut s = String::from("Available builtin scripts:\n");
    for b in &BUILTINS {
        s.push_str(&format!("  {:>13}: {}\n", b.name, b.desc));
    }
    s.push('\n');
    s
}

/// The `--show-script` text: `-- <name>: <desc>`, the script, an empty line.
pub(crate) fn show_text(b: &Builtin) -> String {
    format!("-- {}: {}\n{}\n", b.name, b.desc, b.script)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::vars::VarRegistry;

    #[test]
    fn prefix_lookup() {
        assert_eq!(find("t").map(|b| b.name), Ok("tpcb-like"));
        assert_eq!(find("si").map(|b| b.name), Ok("simple-update"));
        assert_eq!(find("se").map(|b| b.name), Ok("select-only"));
        assert_eq!(find("select-only").map(|b| b.name), Ok("select-only"));
        assert_eq!(
            find("s").map_err(|e| e.to_string()),
            Err("ambiguous builtin name: 2 builtin scripts found for prefix \"s\"".to_owned())
        );
        assert_eq!(
            find("").map_err(|e| e.to_string()),
            Err("ambiguous builtin name: 3 builtin scripts found for prefix \"\"".to_owned())
        );
        assert_eq!(
            find("no-such-builtin").map_err(|e| e.to_string()),
            Err("no builtin script found for name \"no-such-builtin\"".to_owned())
        );
        assert!(find("select-onlyx").is_err());
    }

    #[test]
    fn listing() {
        assert_eq!(
            list_text(),
            "Available builtin scripts:\n      tpcb-like: <builtin: TPC-B (sort of)>\n  simple-update: <builtin: simple update>\n    select-only: <builtin: select only>\n\n"
        );
        assert_eq!(
            show_text(&BUILTINS[2]),
            "-- select-only: <builtin: select only>\n\\set aid random(1, 100000 * :scale)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n\n"
        );
    }

    #[test]
    fn builtins_parse() {
        for b in &BUILTINS {
            let mut reg = VarRegistry::new();
            let s = crate::script::parse_script(b.desc, b.script.as_bytes(), &mut reg).unwrap();
            assert_eq!(s.desc, b.desc);
            assert_eq!(s.commands.len(), b.script.lines().count());
            for (c, l) in s.commands.iter().zip(b.script.lines()) {
                assert_eq!(c.first_line, l);
            }
        }
    }
}
