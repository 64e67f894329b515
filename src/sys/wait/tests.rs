//! The wait set's contract, checked for every mechanism alike.

use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;

use super::{Interest, Mechanism, Token, Waiter, Waker};

const READ: Interest = Interest { write: false, reply_pending: true };
const READ_MAYBE_UNREAD: Interest = Interest { write: false, reply_pending: false };
const WRITE: Interest = Interest { write: true, reply_pending: true };

/// A wait set of each mechanism; io_uring only where the kernel allows it
/// (said on stderr when it does not).
fn each_mechanism(test: &str, capacity: usize, f: impl Fn(Waiter, &Waker)) {
    for m in [Mechanism::Uring, Mechanism::Epoll, Mechanism::Ppoll] {
        let waker = Waker::new().unwrap();
        let w = Waiter::new(m, capacity, &waker).unwrap();
        if w.mechanism() != m {
            eprintln!("skipped: {test} with {m:?}: the kernel refuses io_uring here");
            continue;
        }
        f(w, &waker);
    }
}

fn wait(w: &mut Waiter, timeout_us: Option<i64>) -> Vec<Token> {
    let mut ready = Vec::new();
    w.wait(timeout_us, &mut ready).unwrap();
    ready
}

#[test]
fn an_expected_socket_is_reported_once_when_readable() {
    each_mechanism("reported_once", 4, |mut w, _| {
        let m = w.mechanism();
        let (mut a, b) = UnixStream::pair().unwrap();
        w.watch(2, b.as_raw_fd()).unwrap();
        assert!(!w.expect(2, READ).unwrap(), "{m:?}");
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
        a.write_all(b"x").unwrap();
        assert_eq!(wait(&mut w, None), vec![2], "{m:?}");
        // Still readable, but no longer expected: not reported again.
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
    });
}

#[test]
fn readiness_while_not_expected_is_reported_when_expected() {
    each_mechanism("kept", 4, |mut w, _| {
        let m = w.mechanism();
        let (mut a, b) = UnixStream::pair().unwrap();
        w.watch(1, b.as_raw_fd()).unwrap();
        a.write_all(b"x").unwrap();
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
        // Expected now: reported at once, or by the next wait.
        let now = w.expect(1, READ).unwrap();
        if !now {
            assert_eq!(wait(&mut w, Some(1_000_000)), vec![1], "{m:?}");
        }
    });
}

#[test]
fn data_left_unread_is_reported_when_the_caller_says_so() {
    each_mechanism("unread", 4, |mut w, _| {
        let m = w.mechanism();
        let (mut a, mut b) = UnixStream::pair().unwrap();
        w.watch(0, b.as_raw_fd()).unwrap();
        w.expect(0, READ).unwrap();
        a.write_all(b"xy").unwrap();
        assert_eq!(wait(&mut w, None), vec![0], "{m:?}");
        // The caller reads part of it and waits for more.
        let mut one = [0u8; 1];
        b.read_exact(&mut one).unwrap();
        let now = w.expect(0, READ_MAYBE_UNREAD).unwrap();
        if !now {
            assert_eq!(wait(&mut w, Some(1_000_000)), vec![0], "{m:?}");
        }
    });
}

#[test]
fn writability_is_reported_when_asked_for() {
    each_mechanism("writable", 4, |mut w, _| {
        let m = w.mechanism();
        let (_a, b) = UnixStream::pair().unwrap();
        w.watch(3, b.as_raw_fd()).unwrap();
        w.expect(3, READ).unwrap();
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
        w.expect(3, WRITE).unwrap();
        assert_eq!(wait(&mut w, Some(1_000_000)), vec![3], "{m:?}");
    });
}

#[test]
fn a_peer_that_hangs_up_is_reported() {
    each_mechanism("hangup", 4, |mut w, _| {
        let m = w.mechanism();
        let (a, b) = UnixStream::pair().unwrap();
        w.watch(0, b.as_raw_fd()).unwrap();
        drop(a);
        // Hung up while not expected, then expected.
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
        if !w.expect(0, READ).unwrap() {
            assert_eq!(wait(&mut w, Some(1_000_000)), vec![0], "{m:?}");
        }
    });
}

#[test]
fn an_unwatched_socket_is_not_reported() {
    each_mechanism("unwatch", 4, |mut w, _| {
        let m = w.mechanism();
        let (mut a, b) = UnixStream::pair().unwrap();
        let (mut c, d) = UnixStream::pair().unwrap();
        w.watch(0, b.as_raw_fd()).unwrap();
        w.expect(0, READ).unwrap();
        w.unwatch(0);
        a.write_all(b"x").unwrap();
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
        // The token watches another socket: only that one counts.
        w.watch(0, d.as_raw_fd()).unwrap();
        w.expect(0, READ).unwrap();
        assert!(wait(&mut w, Some(1000)).is_empty(), "{m:?}");
        c.write_all(b"x").unwrap();
        assert_eq!(wait(&mut w, Some(1_000_000)), vec![0], "{m:?}");
    });
}

#[test]
fn a_token_without_a_socket_is_ready_at_once() {
    each_mechanism("no_socket", 4, |mut w, _| {
        assert!(w.expect(1, READ).unwrap());
        assert!(w.expect(100, READ).unwrap());
    });
}

#[test]
fn the_waker_ends_a_wait_and_reports_nothing() {
    each_mechanism("waker", 4, |mut w, waker| {
        let m = w.mechanism();
        let (_a, b) = UnixStream::pair().unwrap();
        w.watch(0, b.as_raw_fd()).unwrap();
        w.expect(0, READ).unwrap();
        waker.wake();
        assert!(wait(&mut w, None).is_empty(), "{m:?}");
    });
}

#[test]
fn a_zero_timeout_with_nothing_expected_returns_at_once() {
    each_mechanism("zero", 4, |mut w, waker| {
        waker.wake();
        assert!(wait(&mut w, Some(0)).is_empty());
    });
}

#[test]
fn many_sockets_are_all_reported_twice_over() {
    // More sockets than the io_uring completion ring has entries, and
    // more than a table made for four tokens: both grow or recover.
    each_mechanism("many", 4, |mut w, _| {
        let m = w.mechanism();
        let n: Token = 384;
        let pairs: Vec<(UnixStream, UnixStream)> =
            (0..n).map(|_| UnixStream::pair().unwrap()).collect();
        for (t, (_, b)) in (0..n).zip(&pairs) {
            w.watch(t, b.as_raw_fd()).unwrap();
        }
        for round in 0..2 {
            for t in 0..n {
                assert!(!w.expect(t, READ).unwrap(), "{m:?} round {round}");
            }
            for (a, _) in &pairs {
                let mut a = a;
                a.write_all(b"x").unwrap();
            }
            let mut seen = vec![false; n as usize];
            while seen.iter().any(|s| !s) {
                let ready = wait(&mut w, Some(1_000_000));
                assert!(!ready.is_empty(), "{m:?} round {round}: a socket was not reported");
                for t in ready {
                    assert!(!seen[t as usize], "{m:?}: {t} reported twice");
                    seen[t as usize] = true;
                }
            }
            for (_, b) in &pairs {
                let mut buf = [0u8; 1];
                let mut b = b;
                b.read_exact(&mut buf).unwrap();
            }
        }
    });
}
