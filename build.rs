//! Build script: finds libpq, detects its major version and tells the
//! compiler which libpq functions newer than version 15 may be called.
//!
//! Linking itself is pq-sys's job (pkg-config, `PQ_LIB_DIR`, `pg_config`);
//! this script only answers "which libpq will we link, and how new is it?"
//! so that `src/pq/` can call `PQsendPipelineSync` (libpq 17) behind
//! `cfg(libpq_ge_17)` and fall back to `PQpipelineSync` otherwise.
//!
//! It also compiles in the one build trick, only when asked (see
//! [`malloc_tuning`]): the malloc tuning of `src/sys/malloc.rs`, on Linux
//! with glibc, with `PGBENCH_RS_BUILD_TRICKS=on` or
//! `PGBENCH_RS_MALLOC_TUNING=on` at build time. The default build is plain.

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
    // Before anything else: the program does not build elsewhere (the
    // same words as the compile_error! in src/sys/mod.rs).
    if env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os != "linux") {
        eprintln!(
            "error: the target is {}: pgbench-rs runs on Linux only (io_uring, epoll or ppoll, \
             eventfd, pidfd). Supported: Linux on x86_64, aarch64, arm (armv5te, armv7), i686, \
             powerpc64le, riscv64 and s390x, with glibc (Debian's release architectures).",
            target()
        );
        return ExitCode::FAILURE;
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
    build_tricks();
    ExitCode::SUCCESS
}

/// The switch that asks for every build trick (there is one).
const ALL_ON: &str = "PGBENCH_RS_BUILD_TRICKS";

/// The build trick, the malloc tuning of `src/sys/malloc.rs` (see there),
/// compiled in as `cfg(malloc_tuning)` for Linux with glibc on any
/// architecture (it reads the page size at run time) when asked for:
/// `PGBENCH_RS_MALLOC_TUNING=on` or `PGBENCH_RS_BUILD_TRICKS=on` at build
/// time (`PGBENCH_RS_MALLOC_TUNING=off` wins); off at run time with
/// `PGBENCH_RS_MALLOC_TUNING=off`. Records its state for the tests in
/// `PGBENCH_RS_TRICK_MALLOC_TUNING`: `on`, or why not.
fn build_tricks() {
    const VAR: &str = "PGBENCH_RS_MALLOC_TUNING";
    println!("cargo::rustc-check-cfg=cfg(malloc_tuning)");
    let state = match (switch(VAR), switch(ALL_ON)) {
        (Some(false), _) => format!("off: {VAR}=off"),
        (None, None | Some(false)) => {
            format!("off: not asked for ({VAR}=on or {ALL_ON}=on asks for it)")
        }
        _ if !glibc_linux() => {
            format!(
                "off: the target is {}, the malloc tuning applies to Linux with glibc",
                target()
            )
        }
        _ => {
            println!("cargo::rustc-cfg=malloc_tuning");
            warn(
                "malloc tuning (asked for): glibc's mmap threshold is lowered while connecting; \
                 off at run time: PGBENCH_RS_MALLOC_TUNING=off",
            );
            "on".to_string()
        }
    };
    println!("cargo::rustc-env=PGBENCH_RS_TRICK_MALLOC_TUNING={state}");
}

/// Switch `var`: `on` is Some(true), `off` Some(false), unset or empty
/// None; anything else is None with a warning.
fn switch(var: &str) -> Option<bool> {
    println!("cargo::rerun-if-env-changed={var}");
    match env::var_os(var) {
        None => None,
        Some(v) if v == "on" => Some(true),
        Some(v) if v == "off" => Some(false),
        Some(v) if v.is_empty() => None,
        Some(v) => {
            warn(&format!("{var}={}: neither `on` nor `off`, ignored", v.to_string_lossy()));
            None
        }
    }
}

/// A `cargo::warning` line; cargo prefixes the package's name.
fn warn(msg: &str) {
    println!("cargo::warning={msg}");
}

/// Whether the target is Linux with glibc.
fn glibc_linux() -> bool {
    env::var("CARGO_CFG_TARGET_OS").is_ok_and(|v| v == "linux")
        && env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|v| v == "gnu")
}

/// The target triple.
fn target() -> String {
    env::var("TARGET").unwrap_or_else(|_| "unknown".to_string())
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
