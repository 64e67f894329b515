//! The password prompt: when the server asks for a password and none is
//! known (no `PGPASSWORD`, no password file), pgbench prompts `Password: `
//! on the terminal once and uses the answer for every later connection.
//!
//! A separate server requires a SCRAM password from one role; the binaries
//! run under `script(1)`, which gives them a terminal, and the test types
//! the password when the prompt appears.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::harness::cluster::{Cluster, extra_cluster};
use crate::harness::needs;
use crate::harness::runner::{self, c_pgbench_or_skip};

const ROLE: &str = "pw_user";
const PASSWORD: &str = "s3cret";

/// The server for these tests: trust for everyone but `pw_user`.
fn password_cluster() -> &'static Cluster {
    static C: std::sync::OnceLock<&'static Cluster> = std::sync::OnceLock::new();
    C.get_or_init(|| {
        let c = extra_cluster("password");
        let hba = c.dir.join("data").join("pg_hba.conf");
        std::fs::write(&hba, format!("local all {ROLE} scram-sha-256\nlocal all all trust\n"))
            .unwrap();
        c.exec("postgres", &format!("create role {ROLE} login password '{PASSWORD}'"));
        c.exec("postgres", &format!("grant create on schema public to {ROLE}"));
        c.exec("postgres", "select pg_reload_conf()");
        c
    })
}

/// Runs `binary args` on a terminal (through `script -qec`), answers the
/// first `Password: ` prompt with `answer`, and returns the exit status
/// and everything the terminal showed.
fn run_with_terminal(binary: &str, args: &str, answer: &str) -> (i32, String) {
    let c = password_cluster();
    let cmdline = format!("exec {binary} {args}");
    let mut child = Command::new("script")
        .args(["-qec", &cmdline, "/dev/null"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("LC_ALL", "C")
        .env("PGHOST", c.host())
        .env("PGPORT", c.port.to_string())
        .env("PGUSER", ROLE)
        .env("PGDATABASE", "postgres")
        .env("PGPASSFILE", "/nonexistent")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script(1) is needed for the password prompt test");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let mut answered = false;
    let deadline = Instant::now() + crate::harness::PATIENCE;
    while Instant::now() < deadline {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(chunk) => seen.extend_from_slice(&chunk),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if !answered && String::from_utf8_lossy(&seen).contains("Password: ") {
            stdin.write_all(format!("{answer}\n").as_bytes()).unwrap();
            answered = true;
        }
    }
    drop(stdin);
    let status = child.wait().unwrap().code().unwrap_or(-1);
    let text = String::from_utf8_lossy(&seen).replace("\r\n", "\n");
    (status, text)
}

/// Removes what differs between runs and binaries: timings, and the
/// version banner (it names each binary's own version).
fn mask(text: &str) -> String {
    let masked = crate::harness::normalize::mask_report(text);
    masked.lines().filter(|l| !l.starts_with("pgbench (")).flat_map(|l| [l, "\n"]).collect()
}

/// Runs `options` (three clients, six transactions of `SELECT 1;` saved
/// as `file`) on a terminal, answering the prompt: exit 0 after one
/// prompt, for the first connection only (the answer is remembered for
/// the others), all transactions done; with C pgbench 17, the same
/// output.
fn prompted_once(file: &str, options: &str) {
    let script = password_cluster().dir.join(file);
    std::fs::write(&script, "SELECT 1;\n").unwrap();
    let args = format!("{options} -f {}", script.display());
    let ours = runner::under_test_path();
    let (status, text) = run_with_terminal(&ours.display().to_string(), &args, PASSWORD);
    assert_eq!(status, 0, "pgbench-rs failed:\n{text}");
    assert_eq!(text.matches("Password: ").count(), 1, "{text}");
    assert!(text.contains("number of transactions actually processed: 6/6"), "{text}");
    if let Some(c) = c_pgbench_or_skip(17) {
        let (c_status, c_text) = run_with_terminal(&c.path.display().to_string(), &args, PASSWORD);
        assert_eq!(c_status, status);
        let strip = |t: &str| mask(t).replace(&c.path.display().to_string(), "pgbench");
        assert_eq!(strip(&c_text), strip(&text));
    }
}

#[test]
fn password_prompt_then_benchmark() {
    needs!(Server);
    prompted_once("one.sql", "-n -c 3 -j 2 -t 2");
}

/// The same under `-C`: one prompt, and each transaction's connection
/// (made without blocking the thread) uses the answer.
#[test]
fn password_prompt_then_connect_per_transaction() {
    needs!(Server);
    prompted_once("one-c.sql", "-n -C -c 3 -j 2 -t 2");
}

#[test]
fn wrong_password_fails_like_c() {
    needs!(Server);
    let ours = runner::under_test_path();
    let (status, text) = run_with_terminal(&ours.display().to_string(), "-i -I dt", "wrong");
    assert_eq!(status, 1, "{text}");
    assert!(text.contains("password authentication failed for user \"pw_user\""), "{text}");
    assert!(text.contains("could not create connection for initialization"), "{text}");
    if let Some(c) = c_pgbench_or_skip(17) {
        let (c_status, c_text) =
            run_with_terminal(&c.path.display().to_string(), "-i -I dt", "wrong");
        assert_eq!(c_status, status);
        let ours_msgs = text.replace("pgbench-rs:", "pgbench:");
        let c_msgs = c_text;
        assert_eq!(c_msgs.lines().count(), ours_msgs.lines().count(), "{c_msgs}\n---\n{ours_msgs}");
    }
}
