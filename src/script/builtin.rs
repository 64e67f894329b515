//! The builtin scripts: C's three, then pgbench-rs's own (tpcb-like-plfunc
//! and sysbench's OLTP tests, [`super::sysbench`]); lookup for `-b` and
//! `--show-script` (exact name first, then C's unique-prefix rule with its
//! error texts) and the `-b list` listing. Mirrors pgbench.c's
//! builtin_script[], findBuiltin and listAvailableScripts.

use std::fmt;

use super::sysbench as sb;

/// The tables a builtin script works on, read at the start of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tables {
    /// pgbench's (`-i`): the scale is counted in `pgbench_branches`.
    Pgbench,
    /// sysbench's `sbtest1`..`sbtestN` (`-i --sysbench-tables`): their
    /// number and size set `:tables` and `:table_size`.
    Sysbench,
}

/// A builtin script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Builtin {
    /// Name used with -b.
    pub(crate) name: &'static str,
    /// Description shown as the transaction type.
    pub(crate) desc: &'static str,
    /// Script text.
    pub(crate) script: &'static str,
    /// The tables it needs.
    pub(crate) tables: Tables,
    /// The function it calls, made on the set-up connection before a run
    /// that uses it when the database does not have it.
    pub(crate) setup: Option<Function>,
}

/// C pgbench's builtin scripts, in C's order.
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
        tables: Tables::Pgbench,
        setup: None,
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
        tables: Tables::Pgbench,
        setup: None,
    },
    Builtin {
        name: "select-only",
        desc: "<builtin: select only>",
        script: "\\set aid random(1, 100000 * :scale)\n\
                 SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n",
        tables: Tables::Pgbench,
        setup: None,
    },
];

/// A PL/pgSQL function a builtin script calls, made before a run that
/// uses it when the database does not have it as it should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Function {
    /// Its name.
    pub(crate) name: &'static str,
    /// Its arguments, as `pg_get_function_identity_arguments` shows them.
    pub(crate) args: &'static str,
    /// The type it returns.
    pub(crate) returns: &'static str,
    /// Its body, between the `$$` (`pg_proc.prosrc`).
    pub(crate) body: &'static str,
}

impl Function {
    /// The statements that make it (or replace another of that name and
    /// arguments), under an advisory lock so that shards starting together
    /// do not collide.
    pub(crate) fn create_sql(&self) -> String {
        format!(
            "BEGIN;\nSELECT pg_advisory_xact_lock(7489410529120117301);\n\
             CREATE OR REPLACE FUNCTION {}({})\nRETURNS {}\nLANGUAGE plpgsql VOLATILE STRICT\n\
             AS $${}$$;\nCOMMIT;",
            self.name, self.args, self.returns, self.body
        )
    }
}

/// The function `tpcb-like-plfunc` calls: tpcb-like's five statements.
const PLFUNC: Function = Function {
    name: "pgbench_tpcb_like_plfunc",
    args: "p_aid bigint, p_bid integer, p_tid integer, p_delta integer",
    returns: "integer",
    body: "
DECLARE
    v_abalance integer;
BEGIN
    UPDATE pgbench_accounts SET abalance = abalance + p_delta WHERE aid = p_aid;
    SELECT abalance INTO v_abalance FROM pgbench_accounts WHERE aid = p_aid;
    UPDATE pgbench_tellers SET tbalance = tbalance + p_delta WHERE tid = p_tid;
    UPDATE pgbench_branches SET bbalance = bbalance + p_delta WHERE bid = p_bid;
    INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (p_tid, p_bid, p_aid, p_delta, CURRENT_TIMESTAMP);
    RETURN v_abalance;
END;
",
};

/// pgbench-rs's builtin scripts, matched by their full name or, when no
/// builtin of C's matches, by a unique prefix.
pub(crate) const EXTENSION_BUILTINS: [Builtin; 11] = [
    Builtin {
        name: "tpcb-like-plfunc",
        desc: "<builtin: TPC-B (sort of) in one PL/pgSQL function>",
        script: "\\set aid random(1, 100000 * :scale)\n\
                 \\set bid random(1, 1 * :scale)\n\
                 \\set tid random(1, 10 * :scale)\n\
                 \\set delta random(-5000, 5000)\n\
                 SELECT pgbench_tpcb_like_plfunc(:aid, :bid, :tid, :delta);\n",
        tables: Tables::Pgbench,
        setup: Some(PLFUNC),
    },
    sysbench(sb::OLTP_READ_WRITE),
    sysbench(sb::OLTP_READ_ONLY),
    sysbench(sb::OLTP_WRITE_ONLY),
    sysbench(sb::OLTP_POINT_SELECT),
    sysbench(sb::OLTP_UPDATE_INDEX),
    sysbench(sb::OLTP_UPDATE_NON_INDEX),
    sysbench(sb::OLTP_DELETE),
    sysbench(sb::OLTP_INSERT),
    sysbench(sb::SELECT_RANDOM_POINTS),
    sysbench(sb::SELECT_RANDOM_RANGES),
];

/// A sysbench test as a builtin on sysbench's tables.
const fn sysbench(t: sb::Test) -> Builtin {
    Builtin { name: t.name, desc: t.desc, script: t.script, tables: Tables::Sysbench, setup: None }
}

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

/// The builtin named `name`; else the one of C's whose name starts with
/// `name`, if exactly one does (C's rule, so every prefix C accepts keeps
/// its meaning); else, when none of C's does, the one of pgbench-rs's
/// whose name starts with `name`, if exactly one does.
///
/// # Errors
/// None or several builtins match.
pub(crate) fn find(name: &str) -> Result<&'static Builtin, BuiltinError> {
    if let Some(b) = BUILTINS.iter().chain(EXTENSION_BUILTINS.iter()).find(|b| b.name == name) {
        return Ok(b);
    }
    for set in [&BUILTINS[..], &EXTENSION_BUILTINS[..]] {
        let mut found = set.iter().filter(|b| b.name.starts_with(name));
        let count = set.iter().filter(|b| b.name.starts_with(name)).count();
        match (found.next(), count) {
            (Some(b), 1) => return Ok(b),
            (_, 0) => {}
            _ => return Err(BuiltinError::Ambiguous(count, name.to_owned())),
        }
    }
    Err(BuiltinError::NotFound(name.to_owned()))
}

/// The `-b list` text (also printed after a failed lookup): C's list and
/// its empty line, then pgbench-rs's builtins and an empty line.
pub(crate) fn list_text() -> String {
    let mut s = String::from("Available builtin scripts:\n");
    for b in &BUILTINS {
        s.push_str(&format!("  {:>13}: {}\n", b.name, b.desc));
    }
    s.push_str("\npgbench-rs's own builtin scripts:\n");
    for b in &EXTENSION_BUILTINS {
        s.push_str(&format!("  {:>21}: {}\n", b.name, b.desc));
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
    fn exact_names_first_then_cs_prefixes_then_ours() {
        assert_eq!(find("tpcb-like").map(|b| b.name), Ok("tpcb-like"));
        assert_eq!(find("tpcb").map(|b| b.name), Ok("tpcb-like"));
        assert_eq!(find("tpcb-like-").map(|b| b.name), Ok("tpcb-like-plfunc"));
        assert_eq!(find("tpcb-like-plfunc").map(|b| b.name), Ok("tpcb-like-plfunc"));
        assert_eq!(find("oltp-read-w").map(|b| b.name), Ok("oltp-read-write"));
        assert_eq!(find("select-random-p").map(|b| b.name), Ok("select-random-points"));
        // C's prefixes keep their meaning and C's error texts.
        assert_eq!(find("sel").map(|b| b.name), Ok("select-only"));
        assert_eq!(
            find("s").map_err(|e| e.to_string()),
            Err("ambiguous builtin name: 2 builtin scripts found for prefix \"s\"".to_owned())
        );
        assert_eq!(
            find("oltp-read").map_err(|e| e.to_string()),
            Err("ambiguous builtin name: 2 builtin scripts found for prefix \"oltp-read\""
                .to_owned())
        );
        assert_eq!(
            find("select-random").map_err(|e| e.to_string()),
            Err("ambiguous builtin name: 2 builtin scripts found for prefix \"select-random\""
                .to_owned())
        );
    }

    #[test]
    fn listing() {
        let list = list_text();
        assert!(list.starts_with(
            "Available builtin scripts:\n      tpcb-like: <builtin: TPC-B (sort of)>\n  simple-update: <builtin: simple update>\n    select-only: <builtin: select only>\n\npgbench-rs's own builtin scripts:\n       tpcb-like-plfunc: <builtin: TPC-B (sort of) in one PL/pgSQL function>\n        oltp-read-write: <builtin: sysbench oltp_read_write>\n"
        ));
        assert!(
            list.ends_with("   select-random-ranges: <builtin: sysbench select_random_ranges>\n\n")
        );
        assert_eq!(list.lines().count(), 3 + BUILTINS.len() + EXTENSION_BUILTINS.len() + 1);
        assert_eq!(
            show_text(&BUILTINS[2]),
            "-- select-only: <builtin: select only>\n\\set aid random(1, 100000 * :scale)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n\n"
        );
    }

    #[test]
    fn builtins_parse() {
        for b in BUILTINS.iter().chain(EXTENSION_BUILTINS.iter()) {
            let mut reg = VarRegistry::new();
            let s = crate::script::parse_script(b.desc, b.script.as_bytes(), &mut reg).unwrap();
            assert_eq!(s.desc, b.desc);
            assert_eq!(s.commands.len(), b.script.lines().count());
            for (c, l) in s.commands.iter().zip(b.script.lines()) {
                // Long lines are cut for the per-command report.
                assert!(l.starts_with(c.first_line.as_str()), "{l}");
            }
        }
    }
}
