//! pgbench-rs's own options, in the order `--help` lists them: each one's
//! entry, with its `--help` text and how it is applied (their values are
//! checked in `cli::ext`, `cli::reconnect` and `cli::values`).

use super::Apply::{Command, Flag, Int, Report, With};
use super::Arg::{self, No, Optional, Required};
use super::{Apply, Def, Given, INIT, LowArgs, Mode, Opt, RUN, RUN_AND_INIT};
use crate::cli::{Exit, ext, open_files, reconnect, values};
use crate::error::Error;

const RUN_AND_MERGE: &[Mode] = &[Mode::Bench, Mode::Merge];
const REPORT: &[Mode] = &[Mode::Bench, Mode::Merge, Mode::Compare];
const COMPARE: &[Mode] = &[Mode::Compare];

/// An option of pgbench-rs, recorded nowhere and no part of pgbench.
const fn ext(
    long: &'static str,
    arg: Arg,
    value: &'static str,
    opt: Opt,
    modes: &'static [Mode],
    apply: Apply,
    help: &'static [&'static str],
) -> Def {
    Def { long, short: None, arg, opt, modes, in_pgbench: None, apply, value, help, json_key: None }
}

impl Def {
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
}

/// pgbench-rs's own options, in the order `--help` lists them.
pub(crate) const EXTENSIONS: &[Def] = &[
    ext(
        "compat",
        Required,
        "=VERSION",
        Opt::Compat,
        RUN_AND_INIT,
        // (Read before the other options: see cli::compat.)
        With(|_, v| values::compat_value(&v.text(), &v.name()).map(drop)),
        &["reproduce the pgbench of VERSION: {versions}", "(default: {default})"],
    )
    .recorded_as("compat"),
    ext(
        "latency-percentiles",
        Optional,
        "[=LIST]",
        Opt::LatencyPercentiles,
        RUN_AND_MERGE,
        With(|a, v| {
            a.ext.latency_percentiles = Some(ext::percentiles(v.optional().as_deref(), &v.name())?);
            Ok(())
        }),
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
        Report(|r| &mut r.json),
        &["write the results to FILE as a JSON document"],
    )
    .recorded_as("report_json"),
    ext(
        "report-html",
        Required,
        "=FILE",
        Opt::ReportHtml,
        REPORT,
        Report(|r| &mut r.html),
        &["write a report with charts to FILE as an HTML page"],
    ),
    ext(
        "report-csv",
        Required,
        "=FILE",
        Opt::ReportCsv,
        REPORT,
        Report(|r| &mut r.csv),
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
        Int(|a| &mut a.ext.warmup_s, 0, i32::MAX),
        &["run NUM seconds before the measurement starts", "(not counted anywhere)"],
    )
    .recorded_as("warmup_s"),
    ext(
        "continue-on-error",
        No,
        "",
        Opt::ContinueOnError,
        RUN,
        Flag(|a| &mut a.ext.continue_on_error),
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
        With(|a, v| {
            a.ext.shard = Some(ext::shard(&v.text(), &v.name())?);
            Ok(())
        }),
        &["run part K (from 0) of N of the run the options describe"],
    )
    .recorded_as("shard"),
    ext(
        "start-at",
        Required,
        "=TIME",
        Opt::StartAt,
        RUN,
        With(|a, v| {
            a.ext.start_at_us = Some(ext::start_at(&v.text(), &v.name())?);
            Ok(())
        }),
        &["start measuring at TIME (Unix epoch seconds or RFC 3339)"],
    )
    .recorded_as("start_at"),
    ext(
        "merge",
        No,
        " FILE...",
        Opt::Merge,
        &[Mode::Merge],
        Command,
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
        With(|a, v| {
            a.ext.server_stats_s = Some(if v.value.is_some() { v.int(1, 3600)? } else { 1 });
            Ok(())
        }),
        &[
            "sample the server's statistics and wait events every",
            "SECONDS (default: 1) and report them",
        ],
    ),
    ext(
        "metrics-listen",
        Required,
        "=[HOST:]PORT",
        Opt::MetricsListen,
        RUN,
        With(|a, v| {
            a.ext.metrics = Some(ext::metrics_listen(&v.text(), &v.name())?);
            Ok(())
        }),
        &[
            "serve the run's metrics for Prometheus over HTTP on PORT",
            "of HOST (default: the loopback)",
        ],
    ),
    ext(
        "metrics-linger",
        Required,
        "=SECONDS",
        Opt::MetricsLinger,
        RUN,
        With(|a, v| {
            a.ext.metrics_linger_s = Some(v.int(0, 86_400)?.unsigned_abs());
            Ok(())
        }),
        &["serve the last metrics SECONDS after the run (default: 15)"],
    ),
    ext(
        "client-stats",
        No,
        "",
        Opt::ClientStats,
        RUN,
        Flag(|a| &mut a.ext.client_stats),
        &[
            "measure each thread's CPU time and waits for a CPU,",
            "report them, and warn when the client set the result",
        ],
    ),
    ext(
        "pin",
        Optional,
        "[=CPUS]",
        Opt::Pin,
        RUN,
        With(|a, v| {
            a.ext.pin = Some(ext::pin(v.optional().as_deref(), &v.name())?);
            Ok(())
        }),
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
        With(|a, v| {
            a.sysbench.0 = Some(v.int(1, 100_000)?);
            Ok(())
        }),
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
        With(|a, v| {
            a.sysbench.1 = Some(v.int(1, i32::MAX)?);
            Ok(())
        }),
        &["with -i: rows of each sysbench table (default: 10000)"],
    ),
    ext(
        "repeat",
        Required,
        "=NUM",
        Opt::Repeat,
        RUN,
        With(|a, v| {
            a.ext.repeat = Some(v.int(1, 10_000)?.unsigned_abs());
            Ok(())
        }),
        &["run the benchmark NUM times, then summarize the runs"],
    ),
    ext(
        "sweep-clients",
        Required,
        "=LIST",
        Opt::SweepClients,
        RUN,
        With(sweep_clients),
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
        Command,
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
        With(|_, v| Err(of_another_command(v, "--compare or --merge"))),
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
        With(|_, v| Err(of_another_command(v, "--compare"))),
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
        Flag(|a| &mut a.reconnect.on),
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
        With(|a, v| {
            a.reconnect.backoff_ms = Some(reconnect::backoff(&v.text(), &v.name())?);
            Ok(())
        }),
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
        With(|a, v| {
            a.reconnect.timeout_s = Some(v.int(0, 86_400)?);
            Ok(())
        }),
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
        With(|a, v| {
            a.ext.rate_profile = Some(reconnect::rate_profile(&v.text(), &v.name())?);
            Ok(())
        }),
        &[
            "from second T the rate is RATE tps (as -R); a ~",
            "ramps linearly to the next point's rate",
        ],
    )
    .recorded_as("rate_profile"),
];

/// `--sweep-clients=LIST`, whose largest count of clients needs its
/// open files as `-c` does.
fn sweep_clients(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let list = ext::sweep_clients(&v.text(), &v.name())?;
    open_files::open_files_for(list.iter().copied().max().unwrap_or(1), a.pgbench)?;
    a.ext.sweep_clients = Some(list);
    Ok(())
}

/// An option of another command, given in a run.
fn of_another_command(v: &Given, commands: &str) -> Exit {
    Error::new(format!("{} can be used only with {commands}", v.name())).into()
}
