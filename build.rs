//! Build script: finds libpq, detects its major version and tells the
//! compiler which libpq functions newer than version 15 may be called.
//!
//! Linking itself is pq-sys's job (pkg-config, `PQ_LIB_DIR`, `pg_config`);
//! this script only answers "which libpq will we link, and how new is it?"
//! so that `src/pq/` can call `PQsendPipelineSync` (libpq 17) behind
//! `cfg(libpq_ge_17)` and fall back to `PQpipelineSync` otherwise.

#![allow(clippy::print_stderr, clippy::print_stdout)]

use std::env;
use std::process::{Command, ExitCode};

/// The oldest libpq major version pgbench-rs supports.
const MIN_LIBPQ_MAJOR: u32 = 15;

/// Newer-than-minimum versions for which a `libpq_ge_N` cfg is emitted.
const CFG_VERSIONS: &[u32] = &[16, 17, 18];

fn main() -> ExitCode {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PG_CONFIG");
    println!("cargo::rerun-if-env-changed=PQ_LIB_DIR");
    println!("cargo::rerun-if-env-changed=PKG_CONFIG_PATH");
    println!("cargo::rerun-if-env-changed=PKG_CONFIG");
    for v in CFG_VERSIONS {
        println!("cargo::rustc-check-cfg=cfg(libpq_ge_{v})");
    }
    let Some((major, source)) = libpq_version() else {
        eprintln!(
            "error: pgbench-rs needs libpq (the PostgreSQL client library) and its headers.\n\
             Neither `pkg-config --modversion libpq` nor `pg_config --version` found one.\n\
             Install it, e.g.:\n  \
             Debian/Ubuntu: apt-get install libpq-dev pkg-config\n  \
             Fedora/RHEL:   dnf install libpq-devel\n  \
             Arch:          pacman -S postgresql-libs\n  \
             macOS:         brew install libpq\n\
             or point PG_CONFIG at a pg_config binary."
        );
        return ExitCode::FAILURE;
    };
    if major < MIN_LIBPQ_MAJOR {
        eprintln!(
            "error: libpq {major} found through {source}, but pgbench-rs needs libpq \
             {MIN_LIBPQ_MAJOR} or newer (pipeline mode)."
        );
        return ExitCode::FAILURE;
    }
    for v in CFG_VERSIONS {
        if major >= *v {
            println!("cargo::rustc-cfg=libpq_ge_{v}");
        }
    }
    println!("cargo::rustc-env=PGBENCH_RS_LIBPQ_MAJOR={major}");
    ExitCode::SUCCESS
}

/// The libpq major version and how it was found: pkg-config first (what
/// pq-sys links by default), then `pg_config`.
fn libpq_version() -> Option<(u32, &'static str)> {
    let pkg_config = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".to_string());
    if let Some(v) = run(&pkg_config, &["--modversion", "libpq"]).and_then(|s| major_of(&s)) {
        return Some((v, "pkg-config"));
    }
    let pg_config = env::var("PG_CONFIG").unwrap_or_else(|_| "pg_config".to_string());
    run(&pg_config, &["--version"])
        .and_then(|s| major_of(s.trim_start_matches("PostgreSQL").trim()))
        .map(|v| (v, "pg_config"))
}

/// Runs a command and returns its trimmed stdout if it succeeded.
fn run(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// "15.18" -> 15, "17devel" -> 17, "9.6.24" -> 9.
fn major_of(version: &str) -> Option<u32> {
    let digits: String = version.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}
