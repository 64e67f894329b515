//! The harness's own tests (of its masks, its parsers of C's formats,
//! its stored texts and its runner), once: the harness is compiled into
//! both test targets, its tests only into this one.

mod runner {

    use crate::harness::*;

    /// Says (visibly, even when the run passes) what this run compares.
    #[test]
    fn configuration() {
        note(&format!("harness: binary under test: {}", runner::under_test_path().display()));
        if let Some(c) = runner::c_pgbench_or_skip(17) {
            note(&format!(
                "harness: reference: pgbench (PostgreSQL) {} at {}",
                c.version,
                c.path.display()
            ));
        }
        if !require(Need::Server) {
            return;
        }
        let main = cluster();
        note(&format!("harness: shared server: PostgreSQL {}", main.server_version));
        for major in [17, 18] {
            if let Some(s) = cluster::server(major) {
                note(&format!("harness: server {major}: PostgreSQL {}", s.server_version));
            }
        }
        if let Some(c) = runner::c_pgbench_of(18) {
            note(&format!("harness: pgbench 18 (for -i on the 18 server): {}", c.version));
        }
    }

    /// The runner gives C pgbench its files, stdin and environment, and
    /// reports what happened; comparing an output with itself finds nothing.
    #[test]
    fn runner_runs_c_pgbench_with_files() {
        let run = Pgbench::no_server(["-f", "sub/script.sql", "-f", "-"])
            .label("selftest")
            .file("sub/script.sql", "\\set x 1\n")
            .stdin("\\set y 2\n")
            .env("PGBENCH_RANDOM_SEED", "3");
        let Some(out) = c_output(&run) else { return };
        assert_eq!(out.which, Impl::C);
        assert_eq!(out.which.name(), "C pgbench");
        assert_eq!(out.status, Status::Exit(1));
        assert_eq!(out.stdout, "");
        assert_eq!(
            out.stderr,
            run.expand(concat!(
                "pgbench: setting random seed to 3\n",
                "pgbench: error: connection to server on socket \"{PGHOST}/.s.PGSQL.{PGPORT}\" failed: ",
                "No such file or directory\n",
                "\tIs the server running locally and accepting connections on that socket?\n",
                "pgbench: error: could not create connection for setup\n",
            ))
        );
        assert_eq!(out.files(), vec!["sub".to_string()]);
        assert_eq!(out.read_file("sub/script.sql"), "\\set x 1\n");
        let mut check = Check::new("selftest");
        check.outputs("C pgbench", &out, "C pgbench", &out.clone());
        assert!(check.ok());
        check.finish();
    }

    /// `needs!` and `test_name!` name a test after its function, also
    /// from a closure in it; with nothing missing, `needs!` goes on.
    #[test]
    fn a_test_is_named_from_its_function() {
        assert_eq!(needs!(), "a_test_is_named_from_its_function");
        let in_closure = || test_name!();
        assert_eq!(in_closure(), "a_test_is_named_from_its_function");
        assert_eq!(require::function_of("integration::cli::tap::bad_option::here"), "bad_option");
        assert_eq!(require::function_of("timing::start::late::{{closure}}::here"), "late");
        assert_eq!(require::needs_of(&[], "x"), Some("x"));
    }

    #[test]
    fn text_diff_shows_both_sides_and_the_first_difference() {
        let d = compare::text_diff("stderr", "expected", "a\nb\n", "got", "a\nc").unwrap();
        assert!(d.contains("expected:\n-"), "{d}");
        assert!(d.contains("first difference at line 2:"), "{d}");
        assert!(d.contains("⏎(no newline at end)"), "{d}");
        assert_eq!(compare::text_diff("x", "l", "same", "r", "same"), None);
    }

    #[test]
    fn banner_version_is_masked_only_for_17() {
        assert_eq!(
            normalize::mask_banner_version(
                "pgbench (17.5 (Debian 17.5-1), server 15.18 (Debian 15.18-0+deb12u1))\n"
            ),
            "pgbench (17.<minor>, server 15.18 (Debian 15.18-0+deb12u1))\n"
        );
        assert_eq!(
            normalize::mask_banner_version("pgbench (17.12 (Debian 17.12-0+deb13u1))\n"),
            "pgbench (17.<minor>)\n"
        );
        assert_eq!(normalize::mask_banner_version("pgbench (15.18)\n"), "pgbench (15.18)\n");
        assert_eq!(
            normalize::mask_version("pgbench (PostgreSQL) 17.2\n"),
            "pgbench (PostgreSQL) 17.<minor>\n"
        );
        assert_eq!(
            normalize::mask_random_seed("pgbench: setting random seed to 123\n"),
            "pgbench: setting random seed to <t>\n"
        );
    }
}

mod expected {
    use crate::harness::expected::*;

    #[test]
    fn help_17_ends_with_postgresqls_places() {
        assert!(HELP_17.ends_with(HELP_17_END));
        assert!(HELP_OURS_END.ends_with(">\n") && HELP_OURS_END.contains(REPORT_BUGS_OURS));
    }

    #[test]
    fn ambiguous_lines_follow_the_17_table() {
        assert_eq!(
            ambiguous_line_17("d"),
            "pgbench: option '--d' is ambiguous; possibilities: '--dbname' '--define' '--debug'"
        );
        assert_eq!(
            ambiguous_line_17("f=5"),
            "pgbench: option '--f=5' is ambiguous; possibilities: '--file' '--fillfactor' \
             '--foreign-keys' '--failures-detailed'"
        );
    }
}

mod normalize {
    use crate::harness::normalize::*;

    #[test]
    fn progress_lines_are_parsed_and_masked() {
        let raw = "100000 of 300000 tuples (33%) of pgbench_accounts done (elapsed 5.00 s, remaining 10.00 s)\n\
                   200000 of 300000 tuples (66%) of pgbench_accounts done (elapsed 7.50 s, remaining 3.75 s) \n\
                   done in 1.51 s (drop tables 0.01 s, create tables 0.03 s, client-side generate 10.87 s).\n";
        let masked = mask_init_stderr(raw).unwrap();
        assert_eq!(
            masked,
            "100000 of 300000 tuples (33%) of pgbench_accounts done (elapsed <t> s, remaining <t> s)\n\
             200000 of 300000 tuples (66%) of pgbench_accounts done (elapsed <t> s, remaining <t> s)\n\
             done in <t> s (drop tables <t> s, create tables <t> s, client-side generate <t> s).\n"
        );
    }

    #[test]
    fn wrong_padding_is_reported() {
        let raw = "100000 of 300000 tuples (33%) of pgbench_accounts done (elapsed 5.00 s, remaining 10.00 s)\n\
                   200000 of 300000 tuples (66%) of pgbench_accounts done (elapsed 7.50 s, remaining 3.75 s)\n";
        assert!(mask_init_stderr(raw).is_err());
    }

    #[test]
    fn timed_counts_are_masked() {
        assert_eq!(
            mask_counts("number of transactions actually processed: 393\n"),
            "number of transactions actually processed: <t>\n"
        );
        assert_eq!(
            mask_counts("number of transactions actually processed: 9/10\n"),
            "number of transactions actually processed: <t>/10\n"
        );
        assert_eq!(
            mask_counts("number of transactions skipped: 29 (6.872%)\n"),
            "number of transactions skipped: <t> (<t>%)\n"
        );
        assert_eq!(
            mask_counts("number of transactions above the 5.0 ms latency limit: 8/393 (2.036%)\n"),
            "number of transactions above the 5.0 ms latency limit: <t>/<t> (<t>%)\n"
        );
        assert_eq!(
            mask_counts(" - 7 transactions (70.0% of total, tps = <t>)\n"),
            " - <t> transactions (<t>% of total, tps = <t>)\n"
        );
        assert_eq!(
            mask_counts("number of failed transactions: 0 (0.000%)\n"),
            "number of failed transactions: 0 (0.000%)\n"
        );
    }

    #[test]
    fn report_lines_keep_their_shape() {
        assert_eq!(mask_report("latency average = 2.640 ms\n"), "latency average = <t> ms\n");
        assert_eq!(
            mask_report("tps = 757.618804 (without initial connection time)\n"),
            "tps = <t> (without initial connection time)\n"
        );
        assert_eq!(
            mask_report("         0.376           0  SELECT 1;\n"),
            "           <t>           0  SELECT 1;\n"
        );
        assert_eq!(
            mask_report("number of transactions actually processed: 40/40\n"),
            "number of transactions actually processed: 40/40\n"
        );
    }
}

mod shapes {
    use crate::harness::shapes::*;

    #[test]
    fn progress_lines_follow_the_c_format() {
        let o = ProgressOpts::default();
        let p = parse_progress_line(
            "progress: 1.0 s, 899.8 tps, lat 2.207 ms stddev 1.086, 0 failed",
            o,
        )
        .unwrap();
        assert_eq!(p.failed, 0);
        assert!(
            parse_progress_line("progress: 1.0 s, 899.8 tps, lat 2.207 ms stddev 1.086", o)
                .is_err()
        );
        assert!(
            parse_progress_line(
                "progress: 1.00 s, 899.8 tps, lat 2.207 ms stddev 1.086, 0 failed",
                o
            )
            .is_err()
        );
        let o = ProgressOpts { lag: true, skipped: true, timestamp: true, retries: false };
        let p = parse_progress_line(
            "progress: 1795976671.918 s, 186.0 tps, lat 2.699 ms stddev 7.084, 0 failed, lag 0.522 ms, 29 skipped",
            o,
        )
        .unwrap();
        assert_eq!(p.skipped, Some(29));
    }

    #[test]
    fn log_lines_follow_the_c_format() {
        let now =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
        let l = parse_log_line(&format!("0 1 1307 0 {now} 5432"), LogOpts::default()).unwrap();
        assert_eq!(l.latency, Latency::Micros(1307));
        let o = LogOpts { lag: true, retries: true };
        let l = parse_log_line(&format!("3 12 serialization 1 {now} 99 101 0"), o).unwrap();
        assert_eq!((l.client, l.cnt, l.script, l.lag, l.retries), (3, 12, 1, Some(101), Some(0)));
        assert!(parse_log_line(&format!("0 1 1307 0 {now} 05432"), LogOpts::default()).is_err());
        assert!(parse_log_line(&format!("0 1 13.07 0 {now} 5432"), LogOpts::default()).is_err());
        assert!(parse_log_line(&format!("0 1 1307 0 {now} 5432 7"), LogOpts::default()).is_err());
    }

    #[test]
    fn aggregate_lines_have_fifteen_integer_fields() {
        // (17's and 18's count; 19 has 16, see versions.rs.)
        let a = parse_agg_line_of("1795976671 3 300 30000 90 110 0 0 0 0 0 0 0 0 0", 15).unwrap();
        assert_eq!((a.start(), a.cnt()), (1795976671, 3));
        assert!(
            parse_agg_line_of("1795976671 3 300 30000 90 110 0 0 0 0 0 0 0 0 0 0", 15).is_err()
        );
        assert!(parse_agg_line_of("1795976671 3 300 30000 120 110 0 0 0 0 0 0 0 0 0", 15).is_err());
    }

    #[test]
    fn messages_are_grouped_per_client() {
        let err = "pgbench: client 0 sending SELECT\n  1;\npgbench: client 1 receiving\n\
                   pgbench: client 0 receiving\npgbench: client 0 receiving\n\
                   pgbench: error: client 1 aborted\nWARNING:  x\n";
        let m = messages_per_client(err);
        assert_eq!(
            m[&Some(0)],
            vec!["pgbench: client 0 sending SELECT\n  1;\n", "pgbench: client 0 receiving\n"]
        );
        assert_eq!(m[&Some(1)].len(), 2);
        assert_eq!(m[&None], vec!["WARNING:  x\n"]);
    }
}
