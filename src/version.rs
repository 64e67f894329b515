//! The pgbench versions pgbench-rs reproduces (`--compat`), each one in
//! one table ([`Pgbench`]) that says how it differs from the one before:
//! its version strings (`-V`, the banner, the JSON report) and every
//! difference a command line shows. The report, the logs, `-i`, `--help`
//! and the option checks consult the table of the version chosen, never
//! its number. Read [`PGBENCH_18`] and [`PGBENCH_19`] beside the release
//! notes of PostgreSQL 18 and 19.
//!
//! Options that become pgbench's own in some version are in the options'
//! table (`cli::options`, their `in_pgbench`): `--continue-on-error`
//! from 19.

/// Where the report ends when no transaction succeeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReportEnd {
    /// 17: the failure and retry lines are printed (`NaN%` when nothing
    /// ran at all), and nothing after them when no transaction succeeded
    /// or was skipped.
    AfterFailureLines,
    /// 18: nothing after the processed line when no transaction ran at
    /// all (none succeeded, failed or was skipped); else the whole report.
    BeforeFailureLines,
}

/// What a script's section (several scripts) counts as its transactions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScriptCounts {
    /// 17: ` - N transactions (P% of total, tps = T)`, the successful
    /// ones, then the failure lines, also for a script that ran nothing.
    Successful,
    /// 18: ` - N transactions (P% of total)` counts the failed and
    /// skipped ones too, then ` - number of transactions actually
    /// processed: N (tps = T)`; a script that ran nothing has no more
    /// lines.
    AllThenProcessed,
}

/// Which tables `-i --unlogged-tables` makes unlogged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unlogged {
    /// 17: all four, the partitioned `pgbench_accounts` too (a
    /// PostgreSQL 18 server refuses an unlogged partitioned table: there
    /// pgbench-rs does as 18 does).
    AllTables,
    /// 18: with `--partitions`, only the partitions of `pgbench_accounts`.
    PartitionsOnly,
}

/// Which tables `-i` fills with `COPY ... (freeze on)` (servers from 14 on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Freeze {
    /// 17: every table but `pgbench_accounts` under `--partitions`.
    UnlessPartitionsGiven,
    /// 18: the tables that are plain tables, as the server says
    /// (`relkind`): also a partitioned table made earlier is not frozen.
    PlainTables,
}

/// The line a `\gset` or `\aset` that follows no SQL command is reported at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GsetErrorLine {
    /// 17: the line where the scan for the command before it started
    /// (blank lines before it are not counted).
    ScanStart,
    /// 18: its own line.
    Own,
}

/// What `-c` does when the open-files limit is below `clients + 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpenFiles {
    /// 17: fails, naming the soft limit.
    FailBelowSoftLimit,
    /// 18: raises the soft limit up to the hard limit; fails, naming the
    /// hard limit, above it.
    RaiseSoftLimit,
}

/// A pgbench version, as pgbench-rs reproduces it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Pgbench {
    /// The major version (`--compat`).
    pub(crate) major: u32,
    /// `PG_VERSION` (`-V`, the banner, the JSON report).
    pub(crate) version: &'static str,
    /// `PG_VERSION_NUM`: the banner names the server when its version
    /// differs.
    pub(crate) version_num: i32,
    /// The report when no transaction succeeded.
    pub(crate) report_end: ReportEnd,
    /// The scripts' sections.
    pub(crate) script_counts: ScriptCounts,
    /// `-r`: the gap between the failures and the retries columns and
    /// before the command's text.
    pub(crate) command_gap: &'static str,
    /// A script's misplaced `\gset`.
    pub(crate) gset_error_line: GsetErrorLine,
    /// With `--failures-detailed` the report and each script's section
    /// have `number of other failures` (SQL errors `--continue-on-error`
    /// continued), also without `--continue-on-error`.
    pub(crate) other_failures_line: bool,
    /// Aggregate log lines have a 16th column, the other failures.
    pub(crate) other_failures_column: bool,
    /// `-i --unlogged-tables` with `--partitions`.
    pub(crate) unlogged: Unlogged,
    /// `-i`'s `COPY`.
    pub(crate) freeze: Freeze,
    /// `-c` and the open-files limit.
    pub(crate) open_files: OpenFiles,
    /// `--help`'s lines that 17's has not: each after the line that
    /// starts with the first text.
    pub(crate) help_lines: &'static [(&'static str, &'static str)],
}

/// pgbench 17, the base the others are told from.
pub(crate) const PGBENCH_17: Pgbench = Pgbench {
    major: 17,
    version: "17.12",
    version_num: 170_012,
    report_end: ReportEnd::AfterFailureLines,
    script_counts: ScriptCounts::Successful,
    command_gap: "  ",
    gset_error_line: GsetErrorLine::ScanStart,
    other_failures_line: false,
    other_failures_column: false,
    unlogged: Unlogged::AllTables,
    freeze: Freeze::UnlessPartitionsGiven,
    open_files: OpenFiles::FailBelowSoftLimit,
    help_lines: &[],
};

/// pgbench 18: what it changed from 17.
pub(crate) const PGBENCH_18: Pgbench = Pgbench {
    major: 18,
    version: "18.6",
    version_num: 180_006,
    // The scripts' sections count failed and skipped transactions as the
    // report does, and a run in which none ran reports nothing more.
    report_end: ReportEnd::BeforeFailureLines,
    script_counts: ScriptCounts::AllThenProcessed,
    command_gap: " ",
    // Scripts' errors are located by the lexer's position.
    gset_error_line: GsetErrorLine::Own,
    // Partitioned tables cannot be unlogged from PostgreSQL 18 on, and
    // pgbench stopped asking for one.
    unlogged: Unlogged::PartitionsOnly,
    freeze: Freeze::PlainTables,
    // The open-files soft limit is raised as far as needed.
    open_files: OpenFiles::RaiseSoftLimit,
    ..PGBENCH_17
};

/// pgbench 19 (its release candidate 1): what it changed from 18.
pub(crate) const PGBENCH_19: Pgbench = Pgbench {
    major: 19,
    version: "19rc1",
    version_num: 190_000,
    // --continue-on-error: the option, and the count of the failures it
    // continues, which the report and the aggregate log show whether it
    // is given or not.
    other_failures_line: true,
    other_failures_column: true,
    help_lines: &[(
        "  --aggregate-interval=NUM",
        "  --continue-on-error      continue running after an SQL error",
    )],
    ..PGBENCH_18
};

/// The versions `--compat` names, oldest first.
pub(crate) const ALL: [&Pgbench; 3] = [&PGBENCH_17, &PGBENCH_18, &PGBENCH_19];

/// The version reproduced without `--compat`: PostgreSQL's current
/// release.
pub(crate) const DEFAULT: &Pgbench = &PGBENCH_18;

/// The version of major version `major`, if reproduced.
pub(crate) fn of(major: u32) -> Option<&'static Pgbench> {
    ALL.into_iter().find(|p| p.major == major)
}

impl Pgbench {
    /// `-V`'s line.
    pub(crate) fn version_line(&self) -> String {
        format!(
            "pgbench (PostgreSQL) {} (pgbench-rs {})\n",
            self.version,
            env!("CARGO_PKG_VERSION")
        )
    }

    /// The version the banner names: this one's, and this program's.
    pub(crate) fn banner_version(&self) -> String {
        format!("{} (pgbench-rs {})", self.version, env!("CARGO_PKG_VERSION"))
    }

    /// The major versions reproduced, as a message lists them (`17, 18
    /// or 19`).
    pub(crate) fn listed() -> String {
        let names: Vec<String> = ALL.iter().map(|p| p.major.to_string()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }
}

/// A libpq-style version number (170005) as text (`17.5`).
pub(crate) fn text(v: i32) -> String {
    format!("{}.{}", v / 10000, v % 10000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_numbers_as_text() {
        assert_eq!(text(170_012), "17.12");
        assert_eq!(text(180_000), "18.0");
        assert_eq!(text(PGBENCH_17.version_num), PGBENCH_17.version);
        assert_eq!(text(PGBENCH_18.version_num), PGBENCH_18.version);
    }

    #[test]
    fn each_version_names_itself() {
        for p in ALL {
            assert_eq!(u32::try_from(p.version_num / 10_000), Ok(p.major));
            assert!(p.version.starts_with(&p.major.to_string()));
            assert_eq!(of(p.major), Some(p));
        }
        assert_eq!(of(16), None);
        assert_eq!(Pgbench::listed(), "17, 18 or 19");
        assert_eq!(DEFAULT.major, 18);
    }
}
