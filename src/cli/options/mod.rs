//! Every option, each described once, in one table of [`Def`]s: pgbench's
//! own ([`pgbench::PGBENCH`], C's `long_options[]`) then pgbench-rs's
//! ([`EXTENSIONS`]). An entry holds the option's long name, its short
//! letter, whether it takes a value, from which pgbench version it is
//! pgbench's own, the commands it goes with and how it is applied
//! ([`Apply`]); pgbench-rs's also hold their `--help` text and the key of
//! the JSON report's `configuration` that records them. The parser
//! (`getopt`) finds options in it, [`apply`] applies each as the body of
//! C's getopt loop does (its messages name the option as its entry does),
//! and `--help`'s extensions section ([`help_section`]), the checks of
//! what goes with `--merge` and `--compare`, and the tests of the manual
//! page and the documentation read it. [`Opt`] names each option.

mod ours;
mod pgbench;

use std::ffi::OsString;
use std::fmt;

use super::values::parse_int_option;
use super::{Exit, LowArgs, ext};
use crate::config::ReportFiles;

pub(crate) use ours::EXTENSIONS;

/// Every option, as the code names it: pgbench's and pgbench-rs's, each
/// with one entry in the table.
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
    MetricsListen,
    MetricsLinger,
    ClientStats,
    Pin,
}

/// Whether an option takes a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// `--name=VALUE` or `--name VALUE` (`-xVALUE`, `-x VALUE`).
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

const RUN: &[Mode] = &[Mode::Bench];
const INIT: &[Mode] = &[Mode::Init];
const RUN_AND_INIT: &[Mode] = &[Mode::Bench, Mode::Init];

/// How an option is applied to the options gathered ([`LowArgs`]), as
/// the body of C's getopt loop applies it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Apply {
    /// Sets a flag.
    Flag(fn(&mut LowArgs) -> &mut bool),
    /// Keeps the value as given.
    Text(fn(&mut LowArgs) -> &mut Option<String>),
    /// An integer from MIN to MAX (C's `option_parse_int`, with its
    /// messages).
    Int(fn(&mut LowArgs) -> &mut i32, i32, i32),
    /// A report file (`--report-json=FILE`, ...), the same in a run,
    /// `--merge` and `--compare`: any name but an empty one.
    Report(fn(&mut ReportFiles) -> &mut Option<String>),
    /// Its own function.
    With(fn(&mut LowArgs, &Given) -> Result<(), Exit>),
    /// Nothing here: the option is a command of its own (`--merge`,
    /// `--compare`), whose command line is read before the others are
    /// applied.
    Command,
}

/// An option: one entry of the table.
pub(crate) struct Def {
    /// Its long name: pgbench's options match by unambiguous
    /// abbreviation, pgbench-rs's by their full name only.
    pub(crate) long: &'static str,
    /// Its short letter.
    pub(crate) short: Option<char>,
    /// Whether it takes a value.
    pub(crate) arg: Arg,
    /// What names it in the code.
    pub(crate) opt: Opt,
    /// The commands it goes with. One that goes with runs but not `-i`
    /// (or with `-i` but not runs) is a benchmarking (initialization)
    /// option in C's sense: the other mode refuses it.
    pub(crate) modes: &'static [Mode],
    /// From which major version on C pgbench has it as its own option
    /// (none: pgbench-rs's only): `--help` lists it among the extensions
    /// only while the pgbench reproduced is older, and getopt takes its
    /// abbreviations only from then on.
    pub(crate) in_pgbench: Option<u32>,
    /// How it is applied.
    pub(crate) apply: Apply,
    /// Its value as `--help` writes it after the name (`=FILE`,
    /// `[=LIST]`, ` FILE...` for arguments that follow it; empty: none,
    /// or one of pgbench's, which C's text describes).
    pub(crate) value: &'static str,
    /// `--help`'s description, a line of text a line (pgbench-rs's
    /// options; pgbench's are in C's text).
    pub(crate) help: &'static [&'static str],
    /// The key of a run's JSON `configuration` that records it (none:
    /// not recorded there).
    pub(crate) json_key: Option<&'static str>,
}

impl Def {
    /// Whether the pgbench of major version `major` has it as its own
    /// option.
    pub(crate) fn is_pgbench_own(&self, major: u32) -> bool {
        self.in_pgbench.is_some_and(|v| v <= major)
    }

    /// `--name` and its value, as `--help` and the documentation head it.
    pub(crate) fn synopsis(&self) -> String {
        format!("--{}{}", self.long, self.value)
    }

    /// The option as messages name it, as C does: `-c/--client` with a
    /// short letter, else `--aggregate-interval`.
    pub(crate) fn name(&self) -> String {
        match self.short {
            Some(c) => format!("-{c}/--{}", self.long),
            None => format!("--{}", self.long),
        }
    }
}

/// An option is its entry (its [`Opt`]).
impl PartialEq for Def {
    fn eq(&self, other: &Self) -> bool {
        self.opt == other.opt
    }
}

impl Eq for Def {}

/// `--name`, as a command line has it.
impl fmt::Debug for Def {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--{}", self.long)
    }
}

impl Opt {
    /// Its entry in the table.
    pub(crate) fn def(self) -> &'static Def {
        let def = all().find(|d| d.opt == self);
        crate::invariant::some(def, "invariant: every option has an entry in the table")
    }
}

/// Every option: pgbench's, in the order of C's table (the order glibc
/// lists an ambiguous abbreviation's possibilities in), then
/// pgbench-rs's, in the order `--help` lists them.
pub(crate) fn all() -> impl Iterator<Item = &'static Def> {
    pgbench::PGBENCH.iter().chain(EXTENSIONS)
}

/// The option `long` names (in full).
pub(crate) fn find(long: &str) -> Option<&'static Def> {
    all().find(|d| d.long == long)
}

/// An option as the command line gives it: its entry and its value.
#[derive(Debug)]
pub(crate) struct Given {
    /// Its entry.
    pub(crate) def: &'static Def,
    /// Its value (none: it takes none, or an optional one not given).
    pub(crate) value: Option<OsString>,
}

impl Given {
    /// The value as text (empty without one).
    pub(crate) fn text(&self) -> String {
        self.optional().unwrap_or_default()
    }

    /// The value as text, if one is given.
    pub(crate) fn optional(&self) -> Option<String> {
        self.value.as_ref().map(|v| v.to_string_lossy().into_owned())
    }

    /// The option as messages name it.
    pub(crate) fn name(&self) -> String {
        self.def.name()
    }

    /// The value as an integer from `min` to `max`, with C's messages.
    pub(crate) fn int(&self, min: i32, max: i32) -> Result<i32, Exit> {
        parse_int_option(&self.text(), &self.name(), min, max)
    }

    /// A report option's file (`--report-json=FILE`, ...), kept in `file`:
    /// the same in a run, `--merge` and `--compare`.
    pub(crate) fn report_file(&self, file: &mut Option<String>) -> Result<(), Exit> {
        ext::report_file(file, self.value.as_deref(), &self.name())
    }
}

/// Applies an option as the body of C's getopt loop does; and notes a
/// benchmarking or an initialization option (C's
/// `benchmarking_option_set`, `initialization_option_set`). (`-i` itself
/// is noted as an initialization option, which only a run refuses.)
pub(super) fn apply(a: &mut LowArgs, given: &Given) -> Result<(), Exit> {
    let def = given.def;
    match def.apply {
        Apply::Flag(flag) => *flag(a) = true,
        Apply::Text(field) => *field(a) = Some(given.text()),
        Apply::Int(field, min, max) => *field(a) = given.int(min, max)?,
        Apply::Report(file) => given.report_file(file(&mut a.ext.reports))?,
        Apply::With(f) => f(a, given)?,
        Apply::Command => {}
    }
    let (run, init) = (def.modes.contains(&Mode::Bench), def.modes.contains(&Mode::Init));
    a.benchmarking_option_set |= run && !init;
    a.initialization_option_set |= init && !run;
    Ok(())
}

/// The options that go with `mode`, as a message lists them (`--a, --b
/// and --c`): those of `mode` alone first, then the others, in the
/// table's order (`mode`'s own option left out).
pub(crate) fn listed_with(mode: Mode, own: Opt) -> String {
    let with = |only: bool| {
        all()
            .filter(move |d| d.opt != own && d.modes.contains(&mode) && (d.modes == [mode]) == only)
    };
    listed(with(true).chain(with(false)))
}

/// `--a`, `--a and --b`, `--a, --b and --c`.
fn listed(options: impl Iterator<Item = &'static Def>) -> String {
    let names: Vec<String> = options.map(|d| format!("--{}", d.long)).collect();
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
    for e in all().filter(|e| !e.is_pgbench_own(pg_major)) {
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
    fn every_option_is_described_once_and_consistently() {
        let options: Vec<&Def> = all().collect();
        for (i, d) in options.iter().enumerate() {
            let name = d.long;
            for o in &options[i + 1..] {
                assert!(o.long != name && o.opt != d.opt, "--{name}");
                assert!(d.short.is_none() || o.short != d.short, "--{name}");
            }
            assert_eq!(d.opt.def(), *d, "--{name}");
            assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{name}");
            assert!(!d.modes.is_empty(), "--{name} goes with no command");
            if matches!(d.apply, Apply::Flag(_) | Apply::Command) {
                assert_eq!(d.arg, Arg::No, "--{name} takes a value it does not apply");
            }
        }
        // pgbench's options are its own in every version reproduced; their
        // help is C's text.
        for d in pgbench::PGBENCH {
            assert!(crate::version::ALL.iter().all(|p| d.is_pgbench_own(p.major)), "{d:?}");
            assert!(d.help.is_empty() && d.value.is_empty() && d.json_key.is_none(), "{d:?}");
        }
        for e in EXTENSIONS {
            let name = e.long;
            assert!(e.short.is_none(), "--{name}");
            assert!(!e.help.is_empty(), "--{name} has no help text");
            for l in e.help {
                assert!(!l.is_empty() && l.trim() == *l, "--{name}: {l:?}");
            }
            // The value as --help writes it says what getopt takes.
            let value_kind = match e.value.chars().next() {
                Some('=') => Arg::Required,
                Some('[') if e.value.starts_with("[=") => Arg::Optional,
                None | Some(' ') => Arg::No,
                _ => panic!("--{name}: value {:?}", e.value),
            };
            assert_eq!(value_kind, e.arg, "--{name}");
        }
    }

    #[test]
    fn names_in_messages_are_cs() {
        let names: Vec<String> = [Opt::Client, Opt::Jobs, Opt::AggregateInterval, Opt::Warmup]
            .map(|o| o.def().name())
            .to_vec();
        assert_eq!(names, ["-c/--client", "-j/--jobs", "--aggregate-interval", "--warmup"]);
    }

    /// C's `benchmarking_option_set` and `initialization_option_set`
    /// follow from the commands an option goes with.
    #[test]
    fn benchmarking_and_initialization_options() {
        let noted = |opt: Opt, value: Option<&str>| {
            let mut a = LowArgs::new(0, crate::version::DEFAULT);
            let given = Given { def: opt.def(), value: value.map(OsString::from) };
            assert!(apply(&mut a, &given).is_ok(), "{opt:?}");
            (a.benchmarking_option_set, a.initialization_option_set)
        };
        assert_eq!(noted(Opt::Client, Some("2")), (true, false));
        assert_eq!(noted(Opt::Warmup, Some("2")), (true, false));
        assert_eq!(noted(Opt::Fillfactor, Some("20")), (false, true));
        assert_eq!(noted(Opt::SysbenchTables, Some("2")), (false, true));
        for neither in [Opt::NoVacuum, Opt::Debug] {
            assert_eq!(noted(neither, None), (false, false));
        }
        assert_eq!(noted(Opt::Scale, Some("2")), (false, false));
        assert_eq!(noted(Opt::Compat, Some("17")), (false, false));
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
        assert_eq!(
            find("rate-profile").map(Def::synopsis).as_deref(),
            Some("--rate-profile=T:RATE[~],...")
        );
    }

    /// The configuration keys the table names are in a run's JSON
    /// `configuration` and in the schema.
    #[test]
    fn the_json_keys_are_in_the_document_and_the_schema() {
        let schema: serde_json::Value =
            serde_json::from_str(include_str!("../../../schema/report.schema.json"))
                .unwrap_or_default();
        let in_schema = &schema["definitions"]["configuration"]["properties"];
        let argv = ["pgbench", "-n"].map(std::ffi::OsString::from).to_vec();
        let Ok(crate::config::Action::Bench(cfg)) = super::super::parse(argv) else {
            panic!("a plain run's command line")
        };
        let tables = crate::result::TableInfo {
            scale: 1,
            partition_method: crate::config::PartitionMethod::None,
            partitions: 0,
        };
        let doc = serde_json::to_value(crate::report::json::configuration(&cfg, &tables, None))
            .unwrap_or_default();
        let keys: Vec<&str> = EXTENSIONS.iter().filter_map(|e| e.json_key).collect();
        assert!(keys.len() >= 6, "{keys:?}");
        for key in keys {
            assert!(doc.get(key).is_some(), "the configuration has no {key}");
            assert!(in_schema.get(key).is_some(), "the schema's configuration has no {key}");
        }
    }
}
