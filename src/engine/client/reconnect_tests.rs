//! `--reconnect` driven through the scripted connection of [`super::tests`]:
//! a connection lost in the middle of a transaction and during its
//! COMMIT, attempts to connect that fail then succeed with the backoff,
//! statements prepared again on the new connection, and the `-R`
//! schedule kept through the outage; and a constant `--rate-profile`
//! that makes `-R`'s schedule.

use super::State;
use super::tests::{Answer, TX, all_ok, run, run_refused};

/// The UPDATE's second sending finds the connection lost.
fn update_lost_once(text: &str, n: usize) -> Answer {
    if text.starts_with("UPDATE") && n == 1 { Answer::Lost } else { all_ok(text, n) }
}

/// The END's first sending finds the connection lost: the COMMIT was sent.
fn end_lost_once(text: &str, n: usize) -> Answer {
    if text.starts_with("END") && n == 0 { Answer::Lost } else { all_ok(text, n) }
}

#[test]
fn a_connection_lost_mid_transaction_fails_it_and_the_client_goes_on() {
    let ran = run(&["-t", "3", "--reconnect"], TX, update_lost_once);
    assert_eq!(ran.state, State::Finished);
    let s = &ran.stats;
    // Three transactions, each counted once: two succeeded, one failed.
    assert_eq!((s.cnt, s.failures(), s.connection_failures, s.commit_unknown), (2, 1, 1, 0));
    assert_eq!(ran.connects, 1, "one new connection");
    let on: Vec<(u64, &str)> = ran.sent.iter().map(|(c, t)| (*c, t.as_str())).collect();
    assert_eq!(
        on,
        [
            (1, "BEGIN;"),
            (1, "UPDATE t SET x = 1;"),
            (1, "END;"),
            (1, "BEGIN;"),
            (1, "UPDATE t SET x = 1;"),
            // The failed transaction is not retried: the next one starts
            // on the new connection.
            (101, "BEGIN;"),
            (101, "UPDATE t SET x = 1;"),
            (101, "END;"),
        ]
    );
    let o = ran.outage.expect("the outage notes");
    let rows = crate::report::outages::rows(&o, 0, i64::MAX / 2, 0);
    assert_eq!(rows.len(), 1);
    assert!(rows[0].end_us.is_some_and(|e| e >= rows[0].start_us), "{rows:?}");
    // Without --reconnect the client aborts there, as C's does.
    let ran = run(&["-t", "3"], TX, update_lost_once);
    assert_eq!(ran.state, State::Aborted);
    assert_eq!((ran.stats.cnt, ran.stats.failures()), (1, 0));
}

#[test]
fn a_connection_lost_during_commit_is_an_unknown_outcome() {
    let ran = run(&["-t", "2", "--reconnect", "--failures-detailed"], TX, end_lost_once);
    assert_eq!(ran.state, State::Finished);
    let s = &ran.stats;
    assert_eq!((s.cnt, s.connection_failures, s.commit_unknown), (1, 1, 1));
    assert_eq!(ran.texts().iter().filter(|t| **t == "END;").count(), 2);
}

#[test]
fn failed_attempts_wait_the_doubling_backoff_until_one_succeeds() {
    let args = ["-t", "2", "--reconnect", "--reconnect-backoff=2,6"];
    let ran = run_refused(&args, "SELECT 1;\n", lost_first, 3);
    assert_eq!(ran.state, State::Finished);
    assert_eq!((ran.stats.cnt, ran.stats.connection_failures), (1, 1));
    // The first attempt at once, then 2, 4 and 6 ms (the bound) later.
    assert_eq!(ran.attempts.len(), 4);
    let gaps: Vec<i64> = ran.attempts.windows(2).map(|w| w[1] - w[0]).collect();
    for (gap, least) in gaps.iter().zip([2_000, 4_000, 6_000]) {
        assert!(*gap >= least, "{gaps:?}");
    }
    // A timeout shorter than the outage: the client gives up.
    fn lost_first(text: &str, n: usize) -> Answer {
        if n == 0 { Answer::Lost } else { all_ok(text, n) }
    }
    let args = ["-T", "5", "--reconnect", "--reconnect-backoff=500", "--reconnect-timeout=1"];
    let ran = run_refused(&args, "SELECT 1;\n", lost_first, 100);
    assert_eq!(ran.state, State::Aborted);
    assert_eq!(ran.attempts.len(), 3, "at 0, 0.5 and 1 s");
}

#[test]
fn statements_are_prepared_again_on_the_new_connection() {
    fn lost_second(text: &str, n: usize) -> Answer {
        if n == 1 { Answer::Lost } else { all_ok(text, n) }
    }
    let ran = run(&["-t", "3", "-M", "prepared", "--reconnect"], "SELECT 1;\n", lost_second);
    assert_eq!(ran.state, State::Finished);
    let on: Vec<(u64, &str)> = ran.sent.iter().map(|(c, t)| (*c, t.as_str())).collect();
    assert_eq!(
        on,
        [(1, "PREPARE P_0"), (1, "P_0"), (1, "P_0"), (101, "PREPARE P_0"), (101, "P_0")]
    );
    assert_eq!((ran.stats.cnt, ran.stats.connection_failures), (2, 1));
}

#[test]
fn the_rate_schedule_goes_on_through_the_outage() {
    fn lost_third(text: &str, n: usize) -> Answer {
        if n == 2 { Answer::Lost } else { all_ok(text, n) }
    }
    // At 1000 tps, 20 and 40 ms of refused attempts leave the next slots
    // far behind: under -L 5 they are skipped, and every slot of -t is
    // counted once (successful, failed or skipped).
    let args = ["-t", "40", "-R", "1000", "-L", "5", "--reconnect", "--reconnect-backoff=20,40"];
    let ran = run_refused(&args, "SELECT 1;\n", lost_third, 2);
    assert_eq!(ran.state, State::Finished);
    let s = &ran.stats;
    assert_eq!(s.connection_failures, 1);
    assert!(s.skipped > 0, "{s:?}");
    assert_eq!(s.cnt + s.skipped + s.failures(), 40);
    // Without -L the late slots run, late: the lag shows the outage.
    let args = ["-t", "10", "-R", "1000", "--reconnect", "--reconnect-backoff=20,40"];
    let ran = run_refused(&args, "SELECT 1;\n", lost_third, 2);
    let s = &ran.stats;
    assert_eq!((s.cnt, s.skipped, s.connection_failures), (9, 0, 1));
    assert!(s.lag.max >= 40_000.0, "the lag of the first slot after it: {s:?}");
}

#[test]
fn a_constant_rate_profile_is_the_schedule_of_r() {
    let seed = "--random-seed=7";
    let r = run(&["-t", "200", "-R", "20000", seed], "\\set x 1\n", all_ok);
    let p = run(&["-t", "200", "--rate-profile=0:20000", seed], "\\set x 1\n", all_ok);
    assert_eq!((r.state, p.state), (State::Finished, State::Finished));
    assert!(r.schedule_end > 0);
    assert_eq!(r.schedule_end, p.schedule_end, "the same 200 delays");
    assert_eq!(p.stats.cnt, 200);
}
