//! pgbench-rs's own options, each defined once ([`EXTENSIONS`]): its
//! name, its value, its `--help` text, the key of the JSON report's
//! `configuration` that records it, and the commands it goes with. The
//! parser (`getopt`), `--help`'s extensions section ([`help_section`]),
//! the checks of what goes with `--merge` and `--compare`, and the tests
//! of the manual page and the documentation all read this table; the
//! options pgbench itself has are `getopt`'s C table. [`Opt`] names them
//! all.

/// Every option: pgbench 17's (whose long names, short letters and
/// values are `getopt`'s C table) and pgbench-rs's (this table's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opt {
    Builtin,
    Client,
    Connect,
    Dbname,
    Define,
    File,
    Fillfactor,
    Host,
    Initialize,
    InitSteps,
    Jobs,
    Log,
    LatencyLimit,
    NoVacuum,
    Port,
    Progress,
    Protocol,
    Quiet,
    ReportPerCommand,
    Rate,
    Scale,
    SelectOnly,
    SkipSomeUpdates,
    Time,
    Transactions,
    Username,
    VacuumAll,
    UnloggedTables,
    Tablespace,
    IndexTablespace,
    SamplingRate,
    AggregateInterval,
    ProgressTimestamp,
    LogPrefix,
    ForeignKeys,
    RandomSeed,
    ShowScript,
    Partitions,
    PartitionMethod,
    FailuresDetailed,
    MaxTries,
    VerboseErrors,
    ExitOnAbort,
    Debug,
    // pgbench-rs's extensions.
    Compat,
    LatencyPercentiles,
    ReportJson,
    Warmup,
    ContinueOnError,
    Shard,
    StartAt,
    Merge,
    Compare,
    Force,
    FailIf,
    Repeat,
    SweepClients,
    ReportHtml,
    ReportCsv,
    SysbenchTables,
    SysbenchTableSize,
    Reconnect,
    ReconnectBackoff,
    ReconnectTimeout,
    RateProfile,
    ServerStats,
    Pin,
}

/// Whether an extension takes a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExtArg {
    /// `--name=VALUE` or `--name VALUE`.
    Required,
    /// `--name` or `--name=VALUE` (getopt's `optional_argument`: a value
    /// only when attached).
    Optional,
    /// `--name` only.
    No,
}

/// The commands an option goes with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A benchmark run (also `--repeat` and `--sweep-clients`).
    Bench,
    /// `-i`.
    Init,
    /// `--merge`.
    Merge,
    /// `--compare`.
    Compare,
}

/// An extension: a long option C pgbench does not have.
#[derive(Debug)]
pub(crate) struct Extension {
    /// Its name, matched in full only.
    pub(crate) long: &'static str,
    /// Whether it takes a value.
    pub(crate) arg: ExtArg,
    /// Its value as `--help` writes it after the name (`=FILE`,
    /// `[=LIST]`, ` FILE...` for arguments that follow it; empty: none).
    pub(crate) value: &'static str,
    /// What the parser reports.
    pub(crate) opt: Opt,
    /// `--help`'s description, a line of text a line.
    pub(crate) help: &'static [&'static str],
    /// The key of a run's JSON `configuration` that records it (none:
    /// not recorded there).
    pub(crate) json_key: Option<&'static str>,
    /// The commands it goes with.
    pub(crate) modes: &'static [Mode],
    /// From which major version on C pgbench has it as its own option
    /// (none: pgbench-rs's only): `--help` lists it among the extensions
    /// only while the pgbench reproduced is older.
    pub(crate) in_pgbench: Option<u32>,
}

const RUN: &[Mode] = &[Mode::Bench];
const RUN_AND_INIT: &[Mode] = &[Mode::Bench, Mode::Init];
const RUN_AND_MERGE: &[Mode] = &[Mode::Bench, Mode::Merge];
const REPORT: &[Mode] = &[Mode::Bench, Mode::Merge, Mode::Compare];
const COMPARE: &[Mode] = &[Mode::Compare];
const INIT: &[Mode] = &[Mode::Init];

/// An extension of the table, recorded nowhere and no part of pgbench.
const fn ext(
    long: &'static str,
    arg: ExtArg,
    value: &'static str,
    opt: Opt,
    modes: &'static [Mode],
    help: &'static [&'static str],
) -> Extension {
    Extension { long, arg, value, opt, help, json_key: None, modes, in_pgbench: None }
}

impl Extension {
    /// The key of a run's JSON `configuration` that records it.
    const fn recorded_as(mut self, key: &'static str) -> Self {
        self.json_key = Some(key);
        self
    }

    /// C pgbench has it from major version `v` on.
    const fn in_pgbench_from(mut self, v: u32) -> Self {
        self.in_pgbench = Some(v);
        self
    }

    /// Whether the pgbench of major version `major` has it as its own
    /// option.
    pub(crate) fn is_pgbench_own(&self, major: u32) -> bool {
        self.in_pgbench.is_some_and(|v| v <= major)
    }

    /// `--name` and its value, as `--help` and the documentation head it.
    pub(crate) fn synopsis(&self) -> String {
        format!("--{}{}", self.long, self.value)
    }
}

use ExtArg::{No, Optional, Required};

/// pgbench-rs's own options, in the order `--help` lists them.
pub(crate) const EXTENSIONS: &[Extension] = &[
    ext(
        "compat",
        Required,
        "=VERSION",
        Opt::Compat,
        RUN_AND_INIT,
        &["reproduce the pgbench of VERSION: {versions}", "(default: {default})"],
    )
    .recorded_as("compat"),
    ext(
        "latency-percentiles",
        Optional,
        "[=LIST]",
        Opt::LatencyPercentiles,
        RUN_AND_MERGE,
        &[
            "report latency percentiles, a comma-separated list",
            "(default: 50,90,95,99,99.9,99.99; the maximum too)",
        ],
    )
    .recorded_as("latency_percentiles"),
    ext(
        "report-json",
        Required,
        "=FILE",
        Opt::ReportJson,
        REPORT,
        &["write the results to FILE as a JSON document"],
    )
    .recorded_as("report_json"),
    ext(
        "report-html",
        Required,
        "=FILE",
        Opt::ReportHtml,
        REPORT,
        &["write a report with charts to FILE as an HTML page"],
    ),
    ext(
        "report-csv",
        Required,
        "=FILE",
        Opt::ReportCsv,
        REPORT,
        &[
            "write the results to FILE as CSV: a row a second of",
            "a run, a row a run of --repeat or --sweep-clients,",
            "a row a metric of --compare",
        ],
    ),
    ext(
        "warmup",
        Required,
        "=NUM",
        Opt::Warmup,
        RUN,
        &["run NUM seconds before the measurement starts", "(not counted anywhere)"],
    )
    .recorded_as("warmup_s"),
    ext(
        "continue-on-error",
        No,
        "",
        Opt::ContinueOnError,
        RUN,
        &["continue running after an SQL error"],
    )
    .recorded_as("continue_on_error")
    .in_pgbench_from(19),
    ext(
        "shard",
        Required,
        "=K/N",
        Opt::Shard,
        RUN,
        &["run part K (from 0) of N of the run the options describe"],
    )
    .recorded_as("shard"),
    ext(
        "start-at",
        Required,
        "=TIME",
        Opt::StartAt,
        RUN,
        &["start measuring at TIME (Unix epoch seconds or RFC 3339)"],
    )
    .recorded_as("start_at"),
    ext(
        "merge",
        No,
        " FILE...",
        Opt::Merge,
        &[Mode::Merge],
        &[
            "print the report of one run from its shards' --report-json",
            "files (with --latency-percentiles and --report-* only)",
        ],
    ),
    ext(
        "server-stats",
        Optional,
        "[=SECONDS]",
        Opt::ServerStats,
        RUN,
        &[
            "sample the server's statistics and wait events every",
            "SECONDS (default: 1) and report them",
        ],
    ),
    ext(
        "pin",
        Optional,
        "[=CPUS]",
        Opt::Pin,
        RUN,
        &[
            "pin each worker thread to a CPU, physical cores before",
            "their SMT siblings, of CPUS (a list such as 0-7,16) or",
            "of all the process may use",
        ],
    ),
    ext(
        "sysbench-tables",
        Required,
        "=NUM",
        Opt::SysbenchTables,
        INIT,
        &[
            "with -i: create sysbench's tables sbtest1..sbtestNUM",
            "instead of pgbench's (default: 1)",
        ],
    ),
    ext(
        "sysbench-table-size",
        Required,
        "=NUM",
        Opt::SysbenchTableSize,
        INIT,
        &["with -i: rows of each sysbench table (default: 10000)"],
    ),
    ext(
        "repeat",
        Required,
        "=NUM",
        Opt::Repeat,
        RUN,
        &["run the benchmark NUM times, then summarize the runs"],
    ),
    ext(
        "sweep-clients",
        Required,
        "=LIST",
        Opt::SweepClients,
        RUN,
        &[
            "run the benchmark at each client count of LIST",
            "(comma-separated), then summarize the runs",
        ],
    ),
    ext(
        "compare",
        No,
        " BASE NEW",
        Opt::Compare,
        COMPARE,
        &[
            "compare the runs of two --report-json files or",
            "comma-separated lists of them (medians, change, 95%",
            "interval, Mann-Whitney U p-value)",
        ],
    ),
    ext(
        "force",
        No,
        "",
        Opt::Force,
        &[Mode::Compare, Mode::Merge],
        &[
            "with --compare: compare runs that differ in what they ran;",
            "with --merge: merge shards run with different --compat",
        ],
    ),
    ext(
        "fail-if",
        Required,
        "=CONDITIONS",
        Opt::FailIf,
        COMPARE,
        &[
            "with --compare: exit with status 3 when a significant",
            "change breaks a condition (e.g. tps<-5%,p99>+10%)",
        ],
    ),
    ext(
        "reconnect",
        No,
        "",
        Opt::Reconnect,
        RUN,
        &[
            "a lost connection fails the transaction, and the",
            "client connects again instead of aborting",
        ],
    )
    .recorded_as("reconnect"),
    ext(
        "reconnect-backoff",
        Required,
        "=MIN[,MAX]",
        Opt::ReconnectBackoff,
        RUN,
        &[
            "milliseconds between attempts to connect again,",
            "doubling from MIN to MAX (default: 10,50)",
        ],
    )
    .recorded_as("reconnect"),
    ext(
        "reconnect-timeout",
        Required,
        "=NUM",
        Opt::ReconnectTimeout,
        RUN,
        &[
            "abort a client that could not connect again in NUM",
            "seconds (default: 60; 0: until the run ends)",
        ],
    )
    .recorded_as("reconnect"),
    ext(
        "rate-profile",
        Required,
        "=T:RATE[~],...",
        Opt::RateProfile,
        RUN,
        &[
            "from second T the rate is RATE tps (as -R); a ~",
            "ramps linearly to the next point's rate",
        ],
    )
    .recorded_as("rate_profile"),
];

/// The extension `long` names.
pub(crate) fn find(long: &str) -> Option<&'static Extension> {
    EXTENSIONS.iter().find(|e| e.long == long)
}

/// The options that go with `mode`, as a message lists them (`--a, --b
/// and --c`): those of `mode` alone first, then the others, in the
/// table's order (`mode`'s own option left out).
pub(crate) fn listed_with(mode: Mode, own: Opt) -> String {
    let with = |only: bool| {
        EXTENSIONS
            .iter()
            .filter(move |e| e.opt != own && e.modes.contains(&mode) && (e.modes == [mode]) == only)
    };
    listed(with(true).chain(with(false)))
}

/// The options that go with `mode` alone (but its own option `own`), as
/// a message lists them.
pub(crate) fn only_with(mode: Mode, own: Opt) -> String {
    listed(EXTENSIONS.iter().filter(|e| e.opt != own && e.modes == [mode]))
}

/// `--a`, `--a and --b`, `--a, --b and --c`.
fn listed<'a>(options: impl Iterator<Item = &'a Extension>) -> String {
    let names: Vec<String> = options.map(|e| format!("--{}", e.long)).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The column at which `--help`'s descriptions start.
const HELP_COLUMN: usize = 27;

/// `--help`'s section of the options that the pgbench of major version
/// `pg_major` does not have, in C's layout: the option from the third
/// column, its description from the 28th (on a line of its own after a
/// long option).
pub(crate) fn help_section(pg_major: u32) -> String {
    let mut out =
        String::from("\npgbench-rs extensions (long options, matched only by their full name):\n");
    for e in EXTENSIONS.iter().filter(|e| !e.is_pgbench_own(pg_major)) {
        let head = format!("  {}", e.synopsis());
        let mut lines = e.help.iter();
        if head.len() + 2 <= HELP_COLUMN {
            let first = lines.next().copied().unwrap_or_default();
            out.push_str(&format!("{head:<HELP_COLUMN$}{first}\n"));
        } else {
            out.push_str(&head);
            out.push('\n');
        }
        for l in lines {
            out.push_str(&format!("{:HELP_COLUMN$}{l}\n", ""));
        }
    }
    out.replace("{versions}", &crate::version::Pgbench::listed())
        .replace("{default}", &crate::version::DEFAULT.major.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_is_described_once_and_consistently() {
        for (i, e) in EXTENSIONS.iter().enumerate() {
            let name = e.long;
            assert!(EXTENSIONS[i + 1..].iter().all(|o| o.long != name && o.opt != e.opt), "{name}");
            assert!(!e.help.is_empty(), "--{name} has no help text");
            for l in e.help {
                assert!(!l.is_empty() && l.trim() == *l, "--{name}: {l:?}");
            }
            assert!(!e.modes.is_empty(), "--{name} goes with no command");
            // The value as --help writes it says what getopt takes.
            let value_kind = match e.value.chars().next() {
                Some('=') => ExtArg::Required,
                Some('[') if e.value.starts_with("[=") => ExtArg::Optional,
                None | Some(' ') => ExtArg::No,
                _ => panic!("--{name}: value {:?}", e.value),
            };
            assert_eq!(value_kind, e.arg, "--{name}");
            assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{name}");
        }
    }

    #[test]
    fn help_is_in_c_layout() {
        let text = help_section(17);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(""));
        assert_eq!(
            lines.next(),
            Some("pgbench-rs extensions (long options, matched only by their full name):")
        );
        for l in lines {
            assert!(l.starts_with("  --") || l.starts_with(&" ".repeat(HELP_COLUMN)), "{l:?}");
            // An option with its description (from the column), or a long
            // one alone on its line.
            let alone = !l[2..].contains("  ");
            if l.starts_with("  --") && l.len() > HELP_COLUMN && !alone {
                assert!(
                    l[..HELP_COLUMN].ends_with("  ") && !l[HELP_COLUMN..].starts_with(' '),
                    "{l}"
                );
            }
        }
        // Every extension, once, in order.
        let heads: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("  --").map(|r| r.split(['=', '[', ' ']).next()))
            .flatten()
            .collect();
        let names: Vec<&str> = EXTENSIONS.iter().map(|e| e.long).collect();
        assert_eq!(heads, names);
        // From pgbench 19 on, --continue-on-error is pgbench's own.
        assert!(!help_section(19).contains("--continue-on-error"));
    }

    #[test]
    fn what_goes_with_merge_and_compare() {
        assert_eq!(
            listed_with(Mode::Merge, Opt::Merge),
            "--latency-percentiles, --report-json, --report-html, --report-csv and --force"
        );
        assert_eq!(
            listed_with(Mode::Compare, Opt::Compare),
            "--fail-if, --report-json, --report-html, --report-csv and --force"
        );
        assert_eq!(only_with(Mode::Compare, Opt::Compare), "--fail-if");
        assert_eq!(only_with(Mode::Merge, Opt::Merge), "");
        assert_eq!(
            find("rate-profile").map(Extension::synopsis).as_deref(),
            Some("--rate-profile=T:RATE[~],...")
        );
    }

    /// The configuration keys the table names are in a run's JSON
    /// `configuration` and in the schema.
    #[test]
    fn the_json_keys_are_in_the_document_and_the_schema() {
        let schema: serde_json::Value =
            serde_json::from_str(include_str!("../../schema/report.schema.json"))
                .unwrap_or_default();
        let in_schema = &schema["definitions"]["configuration"]["properties"];
        let argv = ["pgbench", "-n"].map(std::ffi::OsString::from).to_vec();
        let Ok(crate::config::Action::Bench(cfg)) = super::super::parse(argv) else {
            panic!("a plain run's command line")
        };
        let tables = crate::report::TableInfo {
            scale: 1,
            partition_method: crate::config::PartitionMethod::None,
            partitions: 0,
        };
        let doc = crate::report::json::configuration(&cfg, &tables, None);
        let keys: Vec<&str> = EXTENSIONS.iter().filter_map(|e| e.json_key).collect();
        assert!(keys.len() >= 6, "{keys:?}");
        for key in keys {
            assert!(doc.get(key).is_some(), "the configuration has no {key}");
            assert!(in_schema.get(key).is_some(), "the schema's configuration has no {key}");
        }
    }
}
