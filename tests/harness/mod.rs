//! Test harness: a throwaway PostgreSQL server, a runner for pgbench-rs and
//! C pgbench, the list of known 15.18 → 17 differences, masks for measured
//! numbers, and comparison helpers that print both sides on mismatch.
//!
//! Environment:
//! * `PGBENCH_RS_UNDER_TEST=/path/to/binary` — test that binary instead of
//!   the `pgbench-rs` cargo built (point it at C pgbench to prove the
//!   expectations; only the cases that declare Δ15 differences then fail).
//! * `PGBENCH_C=/path/to/pgbench` — the C pgbench to compare with (default:
//!   `pgbench` in the server bindir).
//! * `PGBENCH_TEST_UNDER_TEST_IS_C15=1` — together with the previous one
//!   pointing at C pgbench 15.18: apply the declared Δ15 transforms to the
//!   tested binary's output too and skip the 17-only cases, so that the
//!   whole suite passes (a proof of the stored expectations and comparisons).
//! * `PGBENCH_TEST_KEEP=1` — keep the scratch directory after the run.
//!
//! API for test files (see the modules for details):
//! * `cluster()` — the shared server (started on first use): `host()`,
//!   `port`, `bindir`, `server_version`, `query(db, sql)`, `exec(db, sql)`,
//!   `create_tablespace(name)`, `create_role(name, extra)`.
//!   `create_db("prefix")` — a fresh database with a unique name (`Db`:
//!   `name`, `query`, `query_one`, `try_query`, `exec`).
//! * `Pgbench::new(args)` (against the server) / `Pgbench::no_server(args)`
//!   (PGHOST is an empty directory; no server is started), with `.file(name,
//!   contents)`, `.stdin(bytes)`, `.env(k, v)`, `.label(l)`, `.timeout(d)`;
//!   `.run_under_test()`, `.run_c()` → `Output { which, status, stdout,
//!   stderr, dir }` (`files()`, `read_file()`); `.expand(text)` fills
//!   `{PGHOST}`, `{PGPORT}`, `{NOFILE}` in expected texts.
//! * `under_test_output(case, &run, &deltas)` / `c_output(case, &run,
//!   &deltas)` — the outputs to compare, with the declared Δ15 differences
//!   handled (None after a visible `skipped:` line when a side cannot run).
//! * `Check::new(case).with_deltas(&deltas)` — collect mismatches with
//!   `.outputs()`, `.expected()`, `.text()`, `.eq()`, `.fail()`, then
//!   `.finish()` panics with every one of them, both sides between rulers.
//! * `delta15::*` — the known 15.18 → 17 differences; `normalize::*` — the
//!   masks for measured numbers (`mask_init_stderr`, `mask_report`,
//!   `mask_version`, `mask_banner_version`, `mask_random_seed`, `mask_counts`).
//! * `bench::{pgbench_db, Bench, Ran}` — benchmark runs of both
//!   implementations against one database, masked and compared;
//!   `shapes::*` — exact formats of progress, transaction log and aggregate
//!   log lines, and stderr messages grouped per client.
//! * `cluster::extra_cluster(name)` — a separate server that a test may stop
//!   (`stop_immediate`) and restart (`pg_ctl_start`).

pub(crate) mod bench;
pub(crate) mod cluster;
pub(crate) mod compare;
pub(crate) mod delta15;
pub(crate) mod normalize;
pub(crate) mod runner;
pub(crate) mod shapes;
pub(crate) mod tmp;

pub(crate) use cluster::{Db, cluster, create_db};
pub(crate) use compare::{Check, Expected, c_output, note, skipped, under_test_output};
pub(crate) use delta15::Delta;
pub(crate) use runner::{Impl, Output, Pgbench, Status, c_pgbench};

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// Says (visibly, even when the run passes) what this run compares.
    #[test]
    fn configuration() {
        note(&format!("harness: binary under test: {}", runner::under_test_path().display()));
        match c_pgbench() {
            Some(c) => {
                note(&format!("harness: C pgbench {} at {}", c.version, c.path.display()));
                if Delta::applies() {
                    let ids: Vec<&str> = delta15::ALL.iter().map(|d| d.id).collect();
                    note(&format!("harness: Δ15 differences handled: {}", ids.join(", ")));
                }
            }
            None => skipped(
                "harness::configuration",
                "C pgbench not found: every comparison is skipped",
            ),
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
            .env("PGBENCH_RANDOM_SEED", "3")
            .timeout(Duration::from_secs(60));
        let Some(out) = run.run_c() else {
            skipped("harness::runner_runs_c_pgbench_with_files", "C pgbench not found");
            return;
        };
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
