//! pgbench's own options, in the order of C's `long_options[]` (the order
//! glibc lists an ambiguous abbreviation's possibilities in), each applied
//! as the body of C's getopt loop applies it: scripts are read when their
//! option is, `--random-seed` says the seed it sets, `-b list` and
//! `--show-script` print and exit.

use super::Apply::{self, Flag, Int, Text, With};
use super::Arg::{self, No, Required};
use super::{Def, Given, INIT, LowArgs, Mode, Opt, RUN, RUN_AND_INIT};
use crate::cli::values::{
    check_init_steps, parse_script_weight, read_script_file, set_random_seed,
};
use crate::cli::{Exit, add_builtin, add_script, ext, open_files};
use crate::compat::option;
use crate::config::PartitionMethod;
use crate::error::Error;
use crate::log;
use crate::script::{self, QueryMode, builtin};

/// The oldest pgbench reproduced: pgbench's options are its own in every
/// version reproduced.
const OLDEST: u32 = crate::version::ALL[0].major;

/// The largest value of most of pgbench's integer options (`INT_MAX`).
const MAX: i32 = i32::MAX;

/// An option of pgbench.
const fn pg(
    short: Option<char>,
    long: &'static str,
    arg: Arg,
    opt: Opt,
    modes: &'static [Mode],
    apply: Apply,
) -> Def {
    let in_pgbench = Some(OLDEST);
    Def { long, short, arg, opt, modes, in_pgbench, apply, value: "", help: &[], json_key: None }
}

/// pgbench's options, in the order of C's table.
pub(crate) const PGBENCH: &[Def] = &[
    pg(Some('b'), "builtin", Required, Opt::Builtin, RUN, With(builtin)),
    pg(Some('c'), "client", Required, Opt::Client, RUN, With(client)),
    pg(Some('C'), "connect", No, Opt::Connect, RUN, Flag(|a| &mut a.is_connect)),
    pg(Some('d'), "dbname", Required, Opt::Dbname, RUN_AND_INIT, Text(|a| &mut a.dbname)),
    pg(Some('D'), "define", Required, Opt::Define, RUN, With(define)),
    pg(Some('f'), "file", Required, Opt::File, RUN, With(file)),
    pg(
        Some('F'),
        "fillfactor",
        Required,
        Opt::Fillfactor,
        INIT,
        Int(|a| &mut a.fillfactor, 10, 100),
    ),
    pg(Some('h'), "host", Required, Opt::Host, RUN_AND_INIT, Text(|a| &mut a.host)),
    pg(Some('i'), "initialize", No, Opt::Initialize, INIT, Flag(|a| &mut a.is_init)),
    pg(Some('I'), "init-steps", Required, Opt::InitSteps, INIT, With(init_steps)),
    pg(Some('j'), "jobs", Required, Opt::Jobs, RUN, Int(|a| &mut a.nthreads, 1, MAX)),
    pg(Some('l'), "log", No, Opt::Log, RUN, Flag(|a| &mut a.use_log)),
    pg(Some('L'), "latency-limit", Required, Opt::LatencyLimit, RUN, With(latency_limit)),
    pg(Some('n'), "no-vacuum", No, Opt::NoVacuum, RUN_AND_INIT, Flag(|a| &mut a.no_vacuum)),
    pg(Some('p'), "port", Required, Opt::Port, RUN_AND_INIT, Text(|a| &mut a.port)),
    pg(Some('P'), "progress", Required, Opt::Progress, RUN, Int(|a| &mut a.progress, 1, MAX)),
    pg(Some('M'), "protocol", Required, Opt::Protocol, RUN, With(protocol)),
    pg(Some('q'), "quiet", No, Opt::Quiet, INIT, Flag(|a| &mut a.quiet)),
    pg(
        Some('r'),
        "report-per-command",
        No,
        Opt::ReportPerCommand,
        RUN,
        Flag(|a| &mut a.report_per_command),
    ),
    pg(Some('R'), "rate", Required, Opt::Rate, RUN, With(rate)),
    pg(Some('s'), "scale", Required, Opt::Scale, RUN_AND_INIT, With(scale)),
    pg(Some('S'), "select-only", No, Opt::SelectOnly, RUN, With(select_only)),
    pg(Some('N'), "skip-some-updates", No, Opt::SkipSomeUpdates, RUN, With(skip_some_updates)),
    pg(Some('T'), "time", Required, Opt::Time, RUN, Int(|a| &mut a.duration, 1, MAX)),
    pg(Some('t'), "transactions", Required, Opt::Transactions, RUN, Int(|a| &mut a.nxacts, 1, MAX)),
    pg(Some('U'), "username", Required, Opt::Username, RUN_AND_INIT, Text(|a| &mut a.user)),
    pg(Some('v'), "vacuum-all", No, Opt::VacuumAll, RUN, Flag(|a| &mut a.vacuum_accounts)),
    pg(None, "unlogged-tables", No, Opt::UnloggedTables, INIT, Flag(|a| &mut a.unlogged_tables)),
    pg(None, "tablespace", Required, Opt::Tablespace, INIT, Text(|a| &mut a.tablespace)),
    pg(
        None,
        "index-tablespace",
        Required,
        Opt::IndexTablespace,
        INIT,
        Text(|a| &mut a.index_tablespace),
    ),
    pg(None, "sampling-rate", Required, Opt::SamplingRate, RUN, With(sampling_rate)),
    pg(
        None,
        "aggregate-interval",
        Required,
        Opt::AggregateInterval,
        RUN,
        Int(|a| &mut a.agg_interval, 1, MAX),
    ),
    pg(
        None,
        "progress-timestamp",
        No,
        Opt::ProgressTimestamp,
        RUN,
        Flag(|a| &mut a.progress_timestamp),
    ),
    pg(None, "log-prefix", Required, Opt::LogPrefix, RUN, Text(|a| &mut a.log_prefix)),
    pg(None, "foreign-keys", No, Opt::ForeignKeys, INIT, Flag(|a| &mut a.foreign_keys)),
    pg(None, "random-seed", Required, Opt::RandomSeed, RUN, With(random_seed)),
    pg(None, "show-script", Required, Opt::ShowScript, RUN_AND_INIT, With(show_script)),
    pg(None, "partitions", Required, Opt::Partitions, INIT, Int(|a| &mut a.partitions, 0, MAX)),
    pg(None, "partition-method", Required, Opt::PartitionMethod, INIT, With(partition_method)),
    pg(
        None,
        "failures-detailed",
        No,
        Opt::FailuresDetailed,
        RUN,
        Flag(|a| &mut a.failures_detailed),
    ),
    pg(None, "max-tries", Required, Opt::MaxTries, RUN, With(max_tries)),
    pg(None, "verbose-errors", No, Opt::VerboseErrors, RUN, Flag(|a| &mut a.verbose_errors)),
    pg(None, "exit-on-abort", No, Opt::ExitOnAbort, RUN, Flag(|a| &mut a.exit_on_abort)),
    pg(None, "debug", No, Opt::Debug, RUN_AND_INIT, With(debug)),
];

/// `-b NAME[@W]`; `-b list` lists the builtin scripts and exits.
fn builtin(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let text = v.text();
    if text == "list" {
        log::raw(builtin::list_text().as_bytes());
        return Err(Exit::Success);
    }
    let (name, weight) = parse_script_weight(&text)?;
    add_builtin(a, ext::find_builtin(&name)?, weight)
}

/// `-S`: the builtin script select-only.
fn select_only(a: &mut LowArgs, _: &Given) -> Result<(), Exit> {
    add_builtin(a, ext::find_builtin("select-only")?, 1)
}

/// `-N`: the builtin script simple-update.
fn skip_some_updates(a: &mut LowArgs, _: &Given) -> Result<(), Exit> {
    add_builtin(a, ext::find_builtin("simple-update")?, 1)
}

/// `-c`, whose clients need their open files.
fn client(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    a.nclients = v.int(1, MAX)?;
    open_files::open_files_for(a.nclients, a.pgbench)
}

/// `-D NAME=VALUE`.
fn define(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let text = v.text();
    match text.split_once('=') {
        Some((name, val)) if !name.is_empty() && !val.is_empty() => {
            if !script::vars::valid_variable_name(name.as_bytes()) {
                return Err(Error::new(format!("option: invalid variable name: \"{name}\"")).into());
            }
            let slot = a.registry.slot(name);
            a.defines.push((slot, val.to_string()));
            Ok(())
        }
        _ => Err(Error::new(format!("invalid variable definition: \"{text}\"")).into()),
    }
}

/// `-f FILE[@W]`.
fn file(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let (name, weight) = parse_script_weight(&v.text())?;
    let text = read_script_file(&name)?;
    add_script(a, &name, &text, weight)
}

/// `-I STEPS`.
fn init_steps(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let steps = v.text();
    check_init_steps(&steps)?;
    a.init_steps = Some(steps);
    Ok(())
}

/// `-L MS`.
fn latency_limit(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let ms = positive(v, "latency limit")?;
    // COMPAT: C converts (limit_ms * 1000) to int64 by truncation.
    #[allow(clippy::cast_possible_truncation)]
    let us = (ms * 1000.0) as i64;
    a.latency_limit_us = us;
    Ok(())
}

/// `-M simple|extended|prepared`.
fn protocol(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let text = v.text();
    a.query_mode = match text.as_str() {
        "simple" => QueryMode::Simple,
        "extended" => QueryMode::Extended,
        "prepared" => QueryMode::Prepared,
        _ => return Err(Error::new(format!("invalid query mode (-M): \"{text}\"")).into()),
    };
    Ok(())
}

/// `-R TPS`, kept as the delay between transactions.
fn rate(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    a.throttle_delay_us = 1_000_000.0 / positive(v, "rate limit")?;
    Ok(())
}

/// The value as C's `atof` reads it, which must be more than 0 (else
/// C's message: `invalid WHAT`).
fn positive(v: &Given, what: &str) -> Result<f64, Exit> {
    let text = v.text();
    let x = option::atof(&text);
    if x <= 0.0 || x.is_nan() {
        return Err(Error::new(format!("invalid {what}: \"{text}\"")).into());
    }
    Ok(x)
}

/// `-s NUM`.
fn scale(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    a.scale_given = true;
    a.scale = v.int(1, MAX)?;
    Ok(())
}

/// `--sampling-rate=FRACTION`.
fn sampling_rate(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let text = v.text();
    a.sample_rate = option::atof(&text);
    if a.sample_rate <= 0.0 || a.sample_rate > 1.0 || a.sample_rate.is_nan() {
        return Err(Error::new(format!("invalid sampling rate: \"{text}\"")).into());
    }
    Ok(())
}

/// `--random-seed=SEED`, which says the seed it sets.
fn random_seed(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    a.random_seed = set_random_seed(Some(&v.text())).map_err(|e| {
        e.and_error(format!("error while setting random seed from {} option", v.name()))
    })?;
    Ok(())
}

/// `--show-script=NAME` shows the builtin script and exits.
fn show_script(_: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let b = ext::find_builtin(&v.text())?;
    log::raw(builtin::show_text(b).as_bytes());
    Err(Exit::Success)
}

/// `--partition-method=range|hash` (in any case).
fn partition_method(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let text = v.text();
    a.partition_method = if text.eq_ignore_ascii_case("range") {
        PartitionMethod::Range
    } else if text.eq_ignore_ascii_case("hash") {
        PartitionMethod::Hash
    } else {
        return Err(Error::new(format!(
            "invalid partition method, expecting \"range\" or \"hash\", got: \"{text}\""
        ))
        .into());
    };
    Ok(())
}

/// `--debug`.
fn debug(_: &mut LowArgs, _: &Given) -> Result<(), Exit> {
    log::set_debug(true);
    Ok(())
}

/// `--max-tries=NUM` (C's `atoi`: 0 is unlimited).
fn max_tries(a: &mut LowArgs, v: &Given) -> Result<(), Exit> {
    let text = v.text();
    let n = option::atoi(&text);
    if n < 0 {
        return Err(Error::new(format!("invalid number of maximum tries: \"{text}\"")).into());
    }
    a.max_tries = n.unsigned_abs();
    Ok(())
}
