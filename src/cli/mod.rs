//! Command-line parsing and validation: argv and environment in, one
//! immutable [`Action`] out.
//!
//! Options are processed left to right as C pgbench's getopt loop does,
//! with the same side effects in the same order: scripts given with
//! `-f`/`-b`/`-S`/`-N` are read when their option is seen (so a script
//! error is reported before a later option error), `--random-seed` prints
//! its "setting random seed" line when seen, `-b list` and `--show-script`
//! print and exit. Then the checks of C's `main()` run in its order. Every
//! message and exit status is C's, of the pgbench `--compat` names
//! (wherever it is on the command line: it decides which long options
//! there are). Nothing here connects to a server.

mod compare;
mod compat;
mod ext;
mod getopt;
/// The manual page documents every option (a test).
#[cfg(test)]
mod man_page;
mod open_files;
mod options;
mod reconnect;
mod switches;
mod usage;
mod values;

use crate::error::Error;
use std::ffi::OsString;

use crate::compat::option;
use crate::config::{
    Action, BenchConfig, Extensions, InitConfig, MergeConfig, PartitionMethod, RunLength,
};
use crate::log;
use crate::pq::ConnParams;
use crate::script::{self, QueryMode, Script, ScriptError, Slot, VarRegistry, builtin};

use getopt::{Item, Opt};
use options::Mode;
use values::{
    check_init_steps, default_dbname, parse_int_option, parse_script_weight, read_script_file,
    set_random_seed,
};

use crate::version::{self, Pgbench};
/// The default `-I` steps.
const DEFAULT_INIT_STEPS: &str = "dtgvp";
/// The step letters `-I` accepts.
const ALL_INIT_STEPS: &str = "dtgGvpf";
/// C's `MAX_SCRIPTS`.
const MAX_SCRIPTS: usize = 128;

/// How the program must end when parsing does not yield an action.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// `--help`, `--version`, `-b list`, `--show-script` (their output
    /// printed): exit 0.
    Success,
    /// Any usage or setup error, with C's messages: exit 1.
    Failure(Error),
}

impl From<Error> for Exit {
    fn from(e: Error) -> Self {
        Exit::Failure(e)
    }
}

/// Options as typed, gathered while the getopt loop runs.
#[derive(Debug)]
struct LowArgs {
    /// The pgbench reproduced (`--compat`).
    pgbench: &'static Pgbench,
    scripts: Vec<Script>,
    registry: VarRegistry,
    defines: Vec<(Slot, String)>,
    is_init: bool,
    benchmarking_option_set: bool,
    initialization_option_set: bool,
    builtins: Vec<&'static builtin::Builtin>,
    /// `--sysbench-tables`, `--sysbench-table-size`.
    sysbench: (Option<i32>, Option<i32>),
    dbname: Option<String>,
    host: Option<String>,
    port: Option<String>,
    user: Option<String>,
    init_steps: Option<String>,
    fillfactor: i32,
    no_vacuum: bool,
    quiet: bool,
    scale: i32,
    scale_given: bool,
    foreign_keys: bool,
    index_tablespace: Option<String>,
    tablespace: Option<String>,
    partitions: i32,
    partition_method: PartitionMethod,
    unlogged_tables: bool,
    nclients: i32,
    nthreads: i32,
    nxacts: i32,
    duration: i32,
    is_connect: bool,
    use_log: bool,
    latency_limit_us: i64,
    query_mode: QueryMode,
    progress: i32,
    report_per_command: bool,
    throttle_delay_us: f64,
    vacuum_accounts: bool,
    sample_rate: f64,
    agg_interval: i32,
    progress_timestamp: bool,
    log_prefix: Option<String>,
    random_seed: u64,
    failures_detailed: bool,
    max_tries: u32,
    verbose_errors: bool,
    exit_on_abort: bool,
    ext: Extensions,
    /// `--reconnect` and its limits, as given.
    reconnect: reconnect::Given,
}

impl LowArgs {
    fn new(random_seed: u64, pgbench: &'static Pgbench) -> Self {
        LowArgs {
            pgbench,
            scripts: Vec::new(),
            registry: VarRegistry::new(),
            defines: Vec::new(),
            is_init: false,
            benchmarking_option_set: false,
            initialization_option_set: false,
            builtins: Vec::new(),
            sysbench: (None, None),
            dbname: None,
            host: None,
            port: None,
            user: None,
            init_steps: None,
            fillfactor: 100,
            no_vacuum: false,
            quiet: false,
            scale: 1,
            scale_given: false,
            foreign_keys: false,
            index_tablespace: None,
            tablespace: None,
            partitions: 0,
            partition_method: PartitionMethod::None,
            unlogged_tables: false,
            nclients: 1,
            nthreads: 1,
            nxacts: 0,
            duration: 0,
            is_connect: false,
            use_log: false,
            latency_limit_us: 0,
            query_mode: QueryMode::Simple,
            progress: 0,
            report_per_command: false,
            throttle_delay_us: 0.0,
            vacuum_accounts: false,
            sample_rate: 0.0,
            agg_interval: 0,
            progress_timestamp: false,
            log_prefix: None,
            random_seed,
            failures_detailed: false,
            max_tries: 1,
            verbose_errors: false,
            exit_on_abort: false,
            ext: Extensions::default(),
            reconnect: reconnect::Given::default(),
        }
    }
}

/// Parses and validates the command line (`argv` including `argv[0]`).
pub(crate) fn parse(argv: Vec<OsString>) -> Result<Action, Exit> {
    let progname = log::progname();
    let argv0 = argv.first().map(|a| a.to_string_lossy().into_owned()).unwrap_or_default();
    let command_line: Vec<String> = argv.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    // --help and --version count only as the first argument (or after
    // --compat).
    if let Some(first) = compat::first_after_compat(&argv) {
        let help = first == "--help" || first == "-?";
        if help || first == "--version" || first == "-V" {
            let pgbench = match compat::last_compat(&argv) {
                Some(v) => compat::compat_value(&v)?,
                None => version::DEFAULT,
            };
            // -V: one line, as C pgbench prints: scripts read its third word.
            let text = if help { usage::usage(progname, pgbench) } else { pgbench.version_line() };
            crate::report::write_stdout(&text);
            return Err(Exit::Success);
        }
    }

    let env_seed = std::env::var("PGBENCH_RANDOM_SEED").ok();
    let seed = set_random_seed(env_seed.as_deref()).map_err(|e| {
        e.and_error("error while setting random seed from PGBENCH_RANDOM_SEED environment variable")
    })?;
    let (pgbench, items, getopt_error) = compat::read_options(argv.into_iter().skip(1).collect());
    let mut a = LowArgs::new(seed, pgbench);

    if getopt_error.is_none() && items.iter().any(|i| matches!(i, Item::Opt(Opt::Merge, _))) {
        return merge_action(items);
    }
    if getopt_error.is_none() && items.iter().any(|i| matches!(i, Item::Opt(Opt::Compare, _))) {
        return compare::compare_action(items).map(Action::Compare);
    }
    let mut positionals: Vec<String> = Vec::new();
    for item in items {
        match item {
            Item::Positional(p) => positionals.push(p.to_string_lossy().into_owned()),
            Item::Opt(opt, value) => apply_option(&mut a, opt, value)?,
        }
    }
    if let Some(e) = getopt_error {
        return Err(Error::raw(format!("{argv0}: {e}\n"))
            .hint(format!("Try \"{progname} --help\" for more information."))
            .into());
    }
    validate(a, positionals, command_line)
}

/// `--merge FILE...`, with only `--latency-percentiles` and
/// `--report-json` besides.
fn merge_action(items: Vec<Item>) -> Result<Action, Exit> {
    let mut m = MergeConfig {
        files: Vec::new(),
        latency_percentiles: None,
        reports: crate::config::ReportFiles::default(),
        force: false,
    };
    for item in items {
        match item {
            Item::Positional(p) => m.files.push(p.to_string_lossy().into_owned()),
            Item::Opt(Opt::Merge, _) => {}
            Item::Opt(Opt::Force, _) => m.force = true,
            Item::Opt(Opt::LatencyPercentiles, v) => {
                let text = v.map(|v| v.to_string_lossy().into_owned());
                m.latency_percentiles = Some(ext::percentiles(text.as_deref())?);
            }
            Item::Opt(o @ (Opt::ReportJson | Opt::ReportHtml | Opt::ReportCsv), v) => {
                ext::report_file(&mut m.reports, o, v.as_deref())?;
            }
            Item::Opt(..) => {
                let with = options::listed_with(Mode::Merge, Opt::Merge);
                return Err(Error::new(format!("--merge can be used only with {with}")).into());
            }
        }
    }
    if m.files.is_empty() {
        return Err(Error::new("--merge needs the --report-json files of the shards").into());
    }
    Ok(Action::Merge(m))
}

/// Applies one option, as the body of C's getopt loop does.
fn apply_option(a: &mut LowArgs, opt: Opt, value: Option<OsString>) -> Result<(), Exit> {
    let raw = value.clone().unwrap_or_default();
    let v = raw.to_string_lossy().into_owned();
    match opt {
        Opt::Builtin => {
            if v == "list" {
                log::raw(builtin::list_text().as_bytes());
                return Err(Exit::Success);
            }
            let (name, weight) = parse_script_weight(&v)?;
            let b = ext::find_builtin(&name)?;
            add_script(a, b.desc, b.script.as_bytes(), weight)?;
            a.benchmarking_option_set = true;
            a.builtins.push(b);
        }
        Opt::Client => {
            a.benchmarking_option_set = true;
            a.nclients = parse_int_option(&v, "-c/--client", 1, i32::MAX)?;
            open_files::open_files_for(a.nclients, a.pgbench)?;
        }
        Opt::Connect => {
            a.benchmarking_option_set = true;
            a.is_connect = true;
        }
        Opt::Dbname => a.dbname = Some(v),
        Opt::Define => {
            a.benchmarking_option_set = true;
            match v.split_once('=') {
                Some((name, val)) if !name.is_empty() && !val.is_empty() => {
                    if !script::vars::valid_variable_name(name.as_bytes()) {
                        return Err(Error::new(format!(
                            "option: invalid variable name: \"{name}\""
                        ))
                        .into());
                    }
                    let slot = a.registry.slot(name);
                    a.defines.push((slot, val.to_string()));
                }
                _ => {
                    return Err(Error::new(format!("invalid variable definition: \"{v}\"")).into());
                }
            }
        }
        Opt::File => {
            let (name, weight) = parse_script_weight(&v)?;
            let text = read_script_file(&name)?;
            add_script(a, &name, &text, weight)?;
            a.benchmarking_option_set = true;
        }
        Opt::Fillfactor => {
            a.initialization_option_set = true;
            a.fillfactor = parse_int_option(&v, "-F/--fillfactor", 10, 100)?;
        }
        Opt::Host => a.host = Some(v),
        Opt::Initialize => a.is_init = true,
        Opt::InitSteps => {
            check_init_steps(&v)?;
            a.init_steps = Some(v);
            a.initialization_option_set = true;
        }
        Opt::Jobs => {
            a.benchmarking_option_set = true;
            a.nthreads = parse_int_option(&v, "-j/--jobs", 1, i32::MAX)?;
        }
        Opt::Log => {
            a.benchmarking_option_set = true;
            a.use_log = true;
        }
        Opt::LatencyLimit => {
            let ms = option::atof(&v);
            if ms <= 0.0 || ms.is_nan() {
                return Err(Error::new(format!("invalid latency limit: \"{v}\"")).into());
            }
            a.benchmarking_option_set = true;
            // COMPAT: C converts (limit_ms * 1000) to int64 by truncation.
            #[allow(clippy::cast_possible_truncation)]
            let us = (ms * 1000.0) as i64;
            a.latency_limit_us = us;
        }
        Opt::Protocol => {
            a.benchmarking_option_set = true;
            a.query_mode = match v.as_str() {
                "simple" => QueryMode::Simple,
                "extended" => QueryMode::Extended,
                "prepared" => QueryMode::Prepared,
                _ => {
                    return Err(Error::new(format!("invalid query mode (-M): \"{v}\"")).into());
                }
            };
        }
        Opt::NoVacuum => a.no_vacuum = true,
        Opt::SkipSomeUpdates | Opt::SelectOnly => {
            let name = if opt == Opt::SelectOnly { "select-only" } else { "simple-update" };
            let b = ext::find_builtin(name)?;
            add_script(a, b.desc, b.script.as_bytes(), 1)?;
            a.benchmarking_option_set = true;
            a.builtins.push(b);
        }
        Opt::Port => a.port = Some(v),
        Opt::Progress => {
            a.benchmarking_option_set = true;
            a.progress = parse_int_option(&v, "-P/--progress", 1, i32::MAX)?;
        }
        Opt::Quiet => {
            a.initialization_option_set = true;
            a.quiet = true;
        }
        Opt::ReportPerCommand => {
            a.benchmarking_option_set = true;
            a.report_per_command = true;
        }
        Opt::Rate => {
            let rate = option::atof(&v);
            a.benchmarking_option_set = true;
            if rate <= 0.0 || rate.is_nan() {
                return Err(Error::new(format!("invalid rate limit: \"{v}\"")).into());
            }
            a.throttle_delay_us = 1_000_000.0 / rate;
        }
        Opt::Scale => {
            a.scale_given = true;
            a.scale = parse_int_option(&v, "-s/--scale", 1, i32::MAX)?;
        }
        Opt::Transactions => {
            a.benchmarking_option_set = true;
            a.nxacts = parse_int_option(&v, "-t/--transactions", 1, i32::MAX)?;
        }
        Opt::Time => {
            a.benchmarking_option_set = true;
            a.duration = parse_int_option(&v, "-T/--time", 1, i32::MAX)?;
        }
        Opt::Username => a.user = Some(v),
        Opt::VacuumAll => {
            a.benchmarking_option_set = true;
            a.vacuum_accounts = true;
        }
        Opt::UnloggedTables => {
            a.initialization_option_set = true;
            a.unlogged_tables = true;
        }
        Opt::Tablespace => {
            a.initialization_option_set = true;
            a.tablespace = Some(v);
        }
        Opt::IndexTablespace => {
            a.initialization_option_set = true;
            a.index_tablespace = Some(v);
        }
        Opt::SamplingRate => {
            a.benchmarking_option_set = true;
            a.sample_rate = option::atof(&v);
            if a.sample_rate <= 0.0 || a.sample_rate > 1.0 || a.sample_rate.is_nan() {
                return Err(Error::new(format!("invalid sampling rate: \"{v}\"")).into());
            }
        }
        Opt::AggregateInterval => {
            a.benchmarking_option_set = true;
            a.agg_interval = parse_int_option(&v, "--aggregate-interval", 1, i32::MAX)?;
        }
        Opt::ProgressTimestamp => {
            a.progress_timestamp = true;
            a.benchmarking_option_set = true;
        }
        Opt::LogPrefix => {
            a.benchmarking_option_set = true;
            a.log_prefix = Some(v);
        }
        Opt::ForeignKeys => {
            a.initialization_option_set = true;
            a.foreign_keys = true;
        }
        Opt::RandomSeed => {
            a.benchmarking_option_set = true;
            a.random_seed = set_random_seed(Some(&v)).map_err(|e| {
                e.and_error("error while setting random seed from --random-seed option")
            })?;
        }
        Opt::ShowScript => {
            let b = ext::find_builtin(&v)?;
            log::raw(builtin::show_text(b).as_bytes());
            return Err(Exit::Success);
        }
        Opt::Partitions => {
            a.initialization_option_set = true;
            a.partitions = parse_int_option(&v, "--partitions", 0, i32::MAX)?;
        }
        Opt::PartitionMethod => {
            a.initialization_option_set = true;
            a.partition_method = if v.eq_ignore_ascii_case("range") {
                PartitionMethod::Range
            } else if v.eq_ignore_ascii_case("hash") {
                PartitionMethod::Hash
            } else {
                return Err(Error::new(format!(
                    "invalid partition method, expecting \"range\" or \"hash\", got: \"{v}\""
                ))
                .into());
            };
        }
        Opt::FailuresDetailed => {
            a.benchmarking_option_set = true;
            a.failures_detailed = true;
        }
        Opt::MaxTries => {
            let n = option::atoi(&v);
            if n < 0 {
                return Err(Error::new(format!("invalid number of maximum tries: \"{v}\"")).into());
            }
            a.benchmarking_option_set = true;
            a.max_tries = n.unsigned_abs();
        }
        Opt::VerboseErrors => {
            a.benchmarking_option_set = true;
            a.verbose_errors = true;
        }
        Opt::ExitOnAbort => {
            a.benchmarking_option_set = true;
            a.exit_on_abort = true;
        }
        Opt::Debug => log::set_debug(true),
        // (Read before the other options: see compat::read_options.)
        Opt::Compat => {
            compat::compat_value(&v)?;
        }
        Opt::LatencyPercentiles => {
            a.benchmarking_option_set = true;
            a.ext.latency_percentiles = Some(ext::percentiles(value.as_ref().map(|_| v.as_str()))?);
        }
        Opt::ReportJson | Opt::ReportHtml | Opt::ReportCsv => {
            a.benchmarking_option_set = true;
            ext::report_file(&mut a.ext.reports, opt, value.as_deref())?;
        }
        Opt::Warmup => {
            a.benchmarking_option_set = true;
            a.ext.warmup_s = parse_int_option(&v, "--warmup", 0, i32::MAX)?;
        }
        Opt::ContinueOnError => {
            a.benchmarking_option_set = true;
            a.ext.continue_on_error = true;
        }
        Opt::Shard => {
            a.benchmarking_option_set = true;
            a.ext.shard = Some(ext::shard(&v)?);
        }
        Opt::StartAt => {
            a.benchmarking_option_set = true;
            a.ext.start_at_us = Some(ext::start_at(&v)?);
        }
        Opt::ServerStats => {
            a.benchmarking_option_set = true;
            a.ext.server_stats_s = Some(match value {
                Some(_) => parse_int_option(&v, "--server-stats", 1, 3600)?,
                None => 1,
            });
        }
        Opt::Pin => ext::pin(a, value.map(|_| v.as_str()))?,
        Opt::SysbenchTables => {
            a.initialization_option_set = true;
            a.sysbench.0 = Some(parse_int_option(&v, "--sysbench-tables", 1, 100_000)?);
        }
        Opt::SysbenchTableSize => {
            a.initialization_option_set = true;
            a.sysbench.1 = Some(parse_int_option(&v, "--sysbench-table-size", 1, i32::MAX)?);
        }
        Opt::Repeat => {
            a.benchmarking_option_set = true;
            a.ext.repeat = Some(compare::repeat(&v)?);
        }
        Opt::SweepClients => {
            a.benchmarking_option_set = true;
            let list = compare::sweep_clients(&v)?;
            open_files::open_files_for(list.iter().copied().max().unwrap_or(1), a.pgbench)?;
            a.ext.sweep_clients = Some(list);
        }
        Opt::Force => {
            return Err(Error::new("--force can be used only with --compare or --merge").into());
        }
        Opt::FailIf => {
            let only = options::only_with(Mode::Compare, Opt::Compare);
            return Err(Error::new(format!("{only} can be used only with --compare")).into());
        }
        Opt::RateProfile => {
            a.benchmarking_option_set = true;
            a.ext.rate_profile = Some(reconnect::rate_profile(&v)?);
        }
        Opt::Reconnect | Opt::ReconnectBackoff | Opt::ReconnectTimeout => {
            a.benchmarking_option_set = true;
            reconnect::apply(&mut a.reconnect, opt, &v)?;
        }
        // Handled before the other options (see parse).
        Opt::Merge | Opt::Compare => {}
    }
    Ok(())
}

/// The checks and defaults of C's `main()` after the getopt loop, in its
/// order.
fn validate(mut a: LowArgs, positionals: Vec<String>, argv: Vec<String>) -> Result<Action, Exit> {
    if a.scripts.is_empty() && !a.is_init {
        let b = ext::find_builtin("tpcb-like")?;
        add_script(&mut a, b.desc, b.script.as_bytes(), 1)?;
        a.benchmarking_option_set = true;
        a.builtins.push(b);
    }
    if let Err(e) = script::finalize_scripts(&mut a.scripts, a.query_mode) {
        return Err(Error::new(e.to_string()).into());
    }
    let total_weight: i64 = a.scripts.iter().map(|s| i64::from(s.weight)).sum();
    if total_weight == 0 && !a.is_init {
        return Err(Error::new("total script weight must not be zero").into());
    }
    let per_script_stats = a.scripts.len() > 1;
    let threads_given = a.nthreads;
    a.ext.jobs = a.nthreads;
    if a.nthreads > a.nclients {
        a.nthreads = a.nclients;
    }
    reconnect::profile_rate(&mut a.throttle_delay_us, a.ext.rate_profile.as_ref())?;
    a.throttle_delay_us *= f64::from(a.nthreads);
    if let Some(s) = a.ext.shard.filter(|s| i64::from(s.count) > i64::from(a.nthreads)) {
        if threads_given > a.nthreads {
            // -j was enough, but a thread runs at least one client.
            {
                return Err(Error::new(format!("--shard={}/{} needs at least {} threads, but -c {} allows only {} (each thread runs at least one client)", s.index, s.count, s.count, a.nclients, a.nthreads)).into());
            };
        }
        {
            return Err(Error::new(format!(
                "--shard={}/{} needs at least {} threads (-j), not {}",
                s.index, s.count, s.count, a.nthreads
            ))
            .into());
        };
    }

    let mut rest = positionals.into_iter();
    let dbname = match a.dbname.take() {
        Some(d) => d,
        None => match rest.next() {
            Some(d) => d,
            None => default_dbname()?,
        },
    };
    if let Some(extra) = rest.next() {
        return Err(Error::new(format!("too many command-line arguments (first is \"{extra}\")"))
            .hint(format!("Try \"{} --help\" for more information.", log::progname()))
            .into());
    }
    let conn = ConnParams {
        host: a.host.clone(),
        port: a.port.clone(),
        user: a.user.clone(),
        dbname: Some(dbname),
        application_name: log::progname().to_string(),
    };

    if a.is_init {
        if a.benchmarking_option_set {
            return Err(Error::new(
                "some of the specified options cannot be used in initialization (-i) mode",
            )
            .into());
        }
        if a.partitions == 0 && a.partition_method != PartitionMethod::None {
            return Err(
                Error::new("--partition-method requires greater than zero --partitions").into()
            );
        }
        if a.partitions > 0 && a.partition_method == PartitionMethod::None {
            a.partition_method = PartitionMethod::Range;
        }
        let sysbench = ext::sysbench_init(a.sysbench, &ext::pgbench_table_options(&a))?;
        let mut steps = a.init_steps.take().unwrap_or_else(|| DEFAULT_INIT_STEPS.to_string());
        if a.no_vacuum {
            steps = steps.replace('v', " ");
        }
        if a.foreign_keys && !steps.contains('f') {
            steps.push('f');
        }
        return Ok(Action::Init(InitConfig {
            pgbench: a.pgbench,
            conn,
            steps,
            scale: a.scale,
            fillfactor: a.fillfactor,
            quiet: a.quiet,
            unlogged_tables: a.unlogged_tables,
            tablespace: a.tablespace,
            index_tablespace: a.index_tablespace,
            partitions: a.partitions,
            partition_method: a.partition_method,
            sysbench,
        }));
    }
    if a.initialization_option_set {
        return Err(Error::new(
            "some of the specified options cannot be used in benchmarking mode",
        )
        .into());
    }
    if a.nxacts > 0 && a.duration > 0 {
        return Err(Error::new(
            "specify either a number of transactions (-t) or a duration (-T), not both",
        )
        .into());
    }
    if a.nxacts <= 0 && a.duration <= 0 {
        a.nxacts = 10;
    }
    if a.sample_rate > 0.0 && !a.use_log {
        return Err(Error::new(
            "log sampling (--sampling-rate) is allowed only when logging transactions (-l)",
        )
        .into());
    }
    if a.sample_rate > 0.0 && a.agg_interval > 0 {
        return Err(Error::new("log sampling (--sampling-rate) and aggregation (--aggregate-interval) cannot be used at the same time").into());
    }
    if a.agg_interval > 0 && !a.use_log {
        return Err(Error::new(
            "log aggregation is allowed only when actually logging transactions",
        )
        .into());
    }
    if !a.use_log && a.log_prefix.is_some() {
        return Err(Error::new(
            "log file prefix (--log-prefix) is allowed only when logging transactions (-l)",
        )
        .into());
    }
    if a.duration > 0 && a.agg_interval > a.duration {
        return Err(Error::new(format!(
            "number of seconds for aggregation ({}) must not be higher than test duration ({})",
            a.agg_interval, a.duration
        ))
        .into());
    }
    if a.duration > 0 && a.agg_interval > 0 && a.duration % a.agg_interval != 0 {
        return Err(Error::new(format!(
            "duration ({}) must be a multiple of aggregation interval ({})",
            a.duration, a.agg_interval
        ))
        .into());
    }
    if a.progress_timestamp && a.progress == 0 {
        return Err(Error::new("--progress-timestamp is allowed only under --progress").into());
    }
    a.ext.reconnect = reconnect::finish(a.reconnect)?;
    if a.max_tries == 0 && a.latency_limit_us == 0 && a.duration <= 0 {
        return Err(Error::new("an unlimited number of transaction tries can only be used with --latency-limit or a duration (-T)").into());
    }
    compare::sweep_options(&a.ext, a.use_log)?;
    open_files::open_files_for_run(&a)?;
    Ok(Action::Bench(Box::new(BenchConfig {
        pgbench: a.pgbench,
        conn,
        scripts: a.scripts,
        total_weight,
        registry: a.registry,
        defines: a.defines,
        builtins: a.builtins,
        nclients: a.nclients,
        nthreads: a.nthreads,
        switches: switches::from_env(),
        length: if a.duration > 0 {
            RunLength::Seconds(a.duration)
        } else {
            RunLength::Transactions(a.nxacts)
        },
        is_connect: a.is_connect,
        use_log: a.use_log,
        log_prefix: a.log_prefix,
        sample_rate: a.sample_rate,
        agg_interval: (a.agg_interval > 0).then_some(a.agg_interval),
        latency_limit_us: (a.latency_limit_us != 0).then_some(a.latency_limit_us),
        throttle_delay_us: (a.throttle_delay_us > 0.0).then_some(a.throttle_delay_us),
        query_mode: a.query_mode,
        progress: (a.progress > 0).then_some(a.progress),
        progress_timestamp: a.progress_timestamp,
        report_per_command: a.report_per_command,
        per_script_stats,
        scale: a.scale,
        scale_given: a.scale_given,
        no_vacuum: a.no_vacuum,
        vacuum_accounts: a.vacuum_accounts,
        random_seed: a.random_seed,
        failures_detailed: a.failures_detailed,
        max_tries: a.max_tries,
        verbose_errors: a.verbose_errors,
        exit_on_abort: a.exit_on_abort,
        ext: a.ext,
        argv,
    })))
}

/// `ParseScript` + `addScript`: parses, checks and appends a script. C
/// reports an empty script before "too many scripts", and that before a
/// conditional-structure error.
fn add_script(a: &mut LowArgs, desc: &str, text: &[u8], weight: i32) -> Result<(), Exit> {
    let full = a.scripts.len() >= MAX_SCRIPTS;
    let mut s = match script::parse_script_of(a.pgbench, desc, text, &mut a.registry) {
        Ok(_) | Err(ScriptError::Condition { .. }) if full => {
            return Err(Error::new(format!("at most {MAX_SCRIPTS} SQL scripts are allowed")).into());
        }
        Ok(s) => s,
        Err(e) => {
            return Err(Error::new(e.to_string()).into());
        }
    };
    s.weight = weight;
    a.scripts.push(s);
    Ok(())
}
