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
pub(crate) mod record;
mod switches;
mod usage;
mod values;

use crate::error::Error;
use std::ffi::OsString;

use crate::config::{
    Action, BenchConfig, Extensions, InitConfig, MergeConfig, PartitionMethod, RunLength,
};
use crate::log;
use crate::pq::ConnParams;
use crate::script::{self, QueryMode, Script, ScriptError, Slot, VarRegistry, builtin};

use getopt::Opt;
use options::{Apply, Given, Mode};
use values::{default_dbname, set_random_seed};

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
    // --help and --version count only as the first argument (or after
    // --compat).
    if let Some(first) = compat::first_after_compat(&argv) {
        let help = first == "--help" || first == "-?";
        if help || first == "--version" || first == "-V" {
            let pgbench = match compat::last_compat(&argv) {
                Some(v) => values::compat_value(&v, &Opt::Compat.def().name())?,
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
    let command_line = record::command_line(&argv);
    let (pgbench, items, getopt_error) = compat::read_options(argv.into_iter().skip(1).collect());
    let mut a = LowArgs::new(seed, pgbench);

    let (given, positionals) = getopt::split(items);
    let has = |opt: Opt| given.iter().any(|g| g.def.opt == opt);
    if getopt_error.is_none() && has(Opt::Merge) {
        return merge_action(given, positionals);
    }
    if getopt_error.is_none() && has(Opt::Compare) {
        return compare::compare_action(given, positionals).map(Action::Compare);
    }
    for g in &given {
        options::apply(&mut a, g)?;
    }
    if let Some(e) = getopt_error {
        return Err(Error::raw(format!("{argv0}: {e}\n"))
            .hint(format!("Try \"{progname} --help\" for more information."))
            .into());
    }
    validate(a, positionals, command_line)
}

/// `--merge FILE...`, with only `--latency-percentiles`, `--force` and
/// the report options besides.
fn merge_action(given: Vec<Given>, files: Vec<String>) -> Result<Action, Exit> {
    let mut m = MergeConfig {
        files,
        latency_percentiles: None,
        reports: crate::config::ReportFiles::default(),
        force: false,
    };
    for g in &given {
        match (g.def.opt, g.def.apply) {
            (Opt::Merge, _) => {}
            (Opt::Force, _) => m.force = true,
            (Opt::LatencyPercentiles, _) => {
                m.latency_percentiles = Some(ext::percentiles(g.optional().as_deref(), &g.name())?);
            }
            (_, Apply::Report(file)) => g.report_file(file(&mut m.reports))?,
            _ => {
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

/// The checks and defaults of C's `main()` after the getopt loop, in its
/// order.
fn validate(mut a: LowArgs, positionals: Vec<String>, argv: Vec<String>) -> Result<Action, Exit> {
    if a.scripts.is_empty() && !a.is_init {
        add_builtin(&mut a, ext::find_builtin("tpcb-like")?, 1)?;
        a.benchmarking_option_set = true;
    }
    if let Err(e) = script::finalize_scripts(&mut a.scripts, a.query_mode) {
        return Err(Error::new(e.to_string()).into());
    }
    let total_weight: i64 = a.scripts.iter().map(|s| i64::from(s.weight)).sum();
    if total_weight == 0 && !a.is_init {
        return Err(Error::new("total script weight must not be zero").into());
    }
    let threads_given = a.nthreads;
    a.ext.jobs = a.nthreads;
    if a.nthreads > a.nclients {
        a.nthreads = a.nclients;
    }
    reconnect::profile_rate(&mut a.throttle_delay_us, a.ext.rate_profile.as_ref())?;
    a.throttle_delay_us *= f64::from(a.nthreads);
    if let Some(s) = a.ext.shard.filter(|s| i64::from(s.count) > i64::from(a.nthreads)) {
        let (k, n) = (s.index, s.count);
        let why = if threads_given > a.nthreads {
            // -j was enough, but a thread runs at least one client.
            format!(
                "--shard={k}/{n} needs at least {n} threads, but -c {} allows only {} (each thread runs at least one client)",
                a.nclients, a.nthreads
            )
        } else {
            format!("--shard={k}/{n} needs at least {n} threads (-j), not {}", a.nthreads)
        };
        return Err(Error::new(why).into());
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
        return init_action(a, conn);
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
    ext::metrics_options(&mut a.ext)?;
    if a.max_tries == 0 && a.latency_limit_us == 0 && a.duration <= 0 {
        return Err(Error::new("an unlimited number of transaction tries can only be used with --latency-limit or a duration (-T)").into());
    }
    ext::sweep_options(&a.ext, a.use_log)?;
    open_files::open_files_for_run(&a)?;
    Ok(Action::Bench(Box::new(bench_config(a, conn, total_weight, argv))))
}

/// The checks and defaults of C's `main()` in initialization mode, in
/// its order.
fn init_action(mut a: LowArgs, conn: ConnParams) -> Result<Action, Exit> {
    if a.benchmarking_option_set {
        return Err(Error::new(
            "some of the specified options cannot be used in initialization (-i) mode",
        )
        .into());
    }
    if a.partitions == 0 && a.partition_method != PartitionMethod::None {
        return Err(Error::new("--partition-method requires greater than zero --partitions").into());
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
    Ok(Action::Init(InitConfig {
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
    }))
}

/// What a run is given: the options gathered, checked.
fn bench_config(a: LowArgs, conn: ConnParams, total_weight: i64, argv: Vec<String>) -> BenchConfig {
    let per_script_stats = a.scripts.len() > 1;
    BenchConfig {
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
    }
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

/// `process_builtin`: adds builtin script `b`.
fn add_builtin(a: &mut LowArgs, b: &'static builtin::Builtin, weight: i32) -> Result<(), Exit> {
    add_script(a, b.desc, b.script.as_bytes(), weight)?;
    a.builtins.push(b);
    Ok(())
}
