//! Which options go with initialization (`-i`) and which with a
//! benchmark: each one refused in the other mode, and those that are
//! neutral reaching the connection.

use super::*;

cases! {
    no_server_bench: error(NO_ARGS, NO_SERVER_SETUP);
    no_server_init: error(["-i"], NO_SERVER_INIT);
    no_server_init_steps_with_spaces: error(["-i", "-I", "d t g"], NO_SERVER_INIT);
    random_seed_is_a_benchmarking_option: error(["-i", "--random-seed=1"],
        &format!("pgbench: setting random seed to 1\n{NOT_IN_INIT}"));
    define_in_init_mode: error(["-i", "-D", "a=1"], NOT_IN_INIT);
    init_rejects_clients: error(["-i", "-c", "2"], NOT_IN_INIT);
    init_rejects_connect: error(["-i", "-C"], NOT_IN_INIT);
    init_rejects_define: error(["-i", "-D", "a=1"], NOT_IN_INIT);
    init_rejects_file: error(["-i", "-f", "ok.sql"], NOT_IN_INIT)
        .file("ok.sql", "select 1;\n");
    init_rejects_jobs: error(["-i", "-j", "2"], NOT_IN_INIT);
    init_rejects_log: error(["-i", "-l"], NOT_IN_INIT);
    init_rejects_latency_limit: error(["-i", "-L", "5"], NOT_IN_INIT);
    init_rejects_protocol: error(["-i", "-M", "simple"], NOT_IN_INIT);
    init_rejects_skip_some_updates: error(["-i", "-N"], NOT_IN_INIT);
    init_rejects_progress: error(["-i", "-P", "1"], NOT_IN_INIT);
    init_rejects_report_per_command: error(["-i", "-r"], NOT_IN_INIT);
    init_rejects_rate: error(["-i", "-R", "10"], NOT_IN_INIT);
    init_rejects_select_only: error(["-i", "-S"], NOT_IN_INIT);
    init_rejects_transactions: error(["-i", "-t", "5"], NOT_IN_INIT);
    init_rejects_time: error(["-i", "-T", "5"], NOT_IN_INIT);
    init_rejects_vacuum_all: error(["-i", "-v"], NOT_IN_INIT);
    init_rejects_builtin: error(["-i", "-b", "se"], NOT_IN_INIT);
    init_rejects_aggregate_interval: error(["-i", "--aggregate-interval=5"], NOT_IN_INIT);
    init_rejects_failures_detailed: error(["-i", "--failures-detailed"], NOT_IN_INIT);
    init_rejects_log_prefix: error(["-i", "--log-prefix=x"], NOT_IN_INIT);
    init_rejects_max_tries: error(["-i", "--max-tries=2"], NOT_IN_INIT);
    init_rejects_progress_timestamp: error(["-i", "--progress-timestamp"], NOT_IN_INIT);
    init_rejects_sampling_rate: error(["-i", "--sampling-rate=0.5"], NOT_IN_INIT);
    init_rejects_verbose_errors: error(["-i", "--verbose-errors"], NOT_IN_INIT);
    bench_rejects_init_steps: error(["-n", "-I", "dt"], NOT_IN_BENCH);
    bench_rejects_fillfactor: error(["-n", "-F", "90"], NOT_IN_BENCH);
    bench_rejects_quiet: error(["-n", "-q"], NOT_IN_BENCH);
    bench_rejects_foreign_keys: error(["-n", "--foreign-keys"], NOT_IN_BENCH);
    bench_rejects_unlogged_tables: error(["-n", "--unlogged-tables"], NOT_IN_BENCH);
    bench_rejects_tablespace: error(["-n", "--tablespace=x"], NOT_IN_BENCH);
    bench_rejects_index_tablespace: error(["-n", "--index-tablespace=x"], NOT_IN_BENCH);
    bench_rejects_partitions: error(["-n", "--partitions=2"], NOT_IN_BENCH);
    bench_rejects_partition_method: error(["-n", "--partition-method=hash"], NOT_IN_BENCH);
    init_neutral_options_reach_connection: error(["-i", "-n", "-q", "-s", "2", "--debug", "-U", "postgres", "-p", "5432"],
        NO_SERVER_INIT);
    bench_neutral_options_reach_connection: error(["-n", "-s", "2", "--debug", "-U", "postgres"],
        NO_SERVER_SETUP);
    exit_on_abort_is_a_benchmarking_option: error(["-i", "--exit-on-abort"], NOT_IN_INIT);
}
