//! Build script: finds libpq, detects its major version and tells the
//! compiler which libpq functions newer than version 15 may be called.
//!
//! Linking itself is pq-sys's job (pkg-config, `PQ_LIB_DIR`, `pg_config`);
//! this script only answers "which libpq will we link, and how new is it?"
//! so that `src/pq/` can call `PQsendPipelineSync` (libpq 17) behind
//! `cfg(libpq_ge_17)` and fall back to `PQpipelineSync` otherwise.
//!
//! It also applies the build tricks, each only where it is known to work
//! and each with an off switch (see [`build_tricks`]): three link options
//! that keep the program small in memory, on x86_64 and aarch64 Linux with
//! glibc (the hot-text layout, `PGBENCH_RS_HOT_TEXT`; the static unwinder,
//! `PGBENCH_RS_STATIC_UNWIND`; packed relocations, `PGBENCH_RS_RELR`), and
//! the malloc tuning of `src/sys/malloc.rs`, on Linux with glibc
//! (`PGBENCH_RS_MALLOC_TUNING`). `PGBENCH_RS_BUILD_TRICKS=off` turns them
//! all off.

#![allow(clippy::print_stderr, clippy::print_stdout)]

use std::env;
use std::path::{Path, PathBuf};
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

// The build tricks. Three link options keep the program small in memory,
// and src/sys/malloc.rs tunes glibc's malloc (compiled in here). Each is
// applied only where it is known to work, announces itself with a
// `cargo::warning` line, and has a switch; `PGBENCH_RS_BUILD_TRICKS=off`
// turns them all off. A switch is off when its variable is `off`; unset,
// empty or `on` leave it on.

/// Where the three link tricks may apply. Within these targets each one
/// also needs its probe link to pass (see [`Probe`]), which GNU ld (2.38 or
/// newer for packed relocations) and lld (15 or newer, such as the rust-lld
/// that rustc links with by default on x86_64 since 1.90) pass; gold fails
/// the hot-text and packed-relocation probes.
const LINK_TARGETS: &str = "x86_64 or aarch64 (little-endian) Linux with glibc";

/// The switch that turns every trick off.
const ALL_OFF: &str = "PGBENCH_RS_BUILD_TRICKS";

/// Applies each trick that applies and is not switched off, and records
/// every trick's state for the tests: `PGBENCH_RS_TRICK_HOT_TEXT`,
/// `..._STATIC_UNWIND`, `..._RELR` and `..._MALLOC_TUNING` hold `on`, or
/// why not, starting with `switched off:`, `not applicable:` or `skipped:`
/// (the last with a warning: the trick applies here, but failed a check).
fn build_tricks() {
    let all_off = switched_off(ALL_OFF);
    let mut probe = Probe::default();
    let states = [
        ("HOT_TEXT", hot_text(all_off, &mut probe)),
        ("STATIC_UNWIND", static_unwinder(all_off, &mut probe)),
        ("RELR", packed_relocations(all_off, &mut probe)),
        ("MALLOC_TUNING", malloc_tuning(all_off)),
    ];
    let mut any = false;
    for (name, state) in states {
        let state = state.map_or_else(|why| why, |()| "on".to_string());
        any |= state == "on";
        println!("cargo::rustc-env=PGBENCH_RS_TRICK_{name}={state}");
    }
    if any {
        warn(&format!("{ALL_OFF}=off turns every build trick off"));
    }
}

/// Trick 1, the hot-text layout: links the program with `src/hot-text.ld`
/// (generated by `scripts/hot-text.sh`), which places the functions a
/// benchmark run executes together: the kernel maps text 64 kB around each
/// page that runs, so this lowers resident memory by about 250 kB. With it
/// comes `-z separate-code`, text on pages of its own as GNU ld lays it out
/// by default: valgrind finds no symbols in lld's packed layout once the
/// script moves `.init` ahead of the text.
///
/// Applies on [`LINK_TARGETS`] when the rustc release recorded in the
/// script's header (`rustc-version:`) is this build's (the script lists
/// mangled symbol names, std's among them, which change from one release
/// to the next), and a probe link with the script gains a `.text.hot`
/// section. Off: `PGBENCH_RS_HOT_TEXT=off` (for mold, say).
fn hot_text(all_off: bool, probe: &mut Probe) -> Result<(), String> {
    const WHAT: &str = "hot text";
    println!("cargo::rerun-if-changed=src/hot-text.ld");
    link_gate("PGBENCH_RS_HOT_TEXT", all_off)?;
    let dir = env::var("CARGO_MANIFEST_DIR").map_err(|_| skip(WHAT, "no CARGO_MANIFEST_DIR"))?;
    let script = Path::new(&dir).join("src").join("hot-text.ld");
    let text = std::fs::read_to_string(&script)
        .map_err(|e| skip(WHAT, &format!("{}: {e}", script.display())))?;
    let made_with = text
        .lines()
        .find_map(|l| l.trim_start_matches(['/', '*', ' ']).strip_prefix("rustc-version:"))
        .map(str::trim);
    let running = run(&rustc(), &["-V"]);
    match (made_with, running.as_deref()) {
        (Some(made), Some(now)) if release(made) == release(now) => {}
        (made, now) => {
            return Err(skip(
                WHAT,
                &format!(
                    "src/hot-text.ld was generated with {}, this build uses {} \
                     (`make hot-text` regenerates it)",
                    made.unwrap_or("an unrecorded rustc"),
                    now.unwrap_or("a rustc that `-V` does not name"),
                ),
            ));
        }
    }
    let args = [
        format!("-Clink-arg=-Wl,-T,{}", script.display()),
        "-Clink-arg=-Wl,-z,separate-code".to_string(),
    ];
    probe
        .check("hot-text", &args, |bin| contains(bin, b".text.hot\0"))
        .map_err(|w| skip(WHAT, &w))?;
    println!("cargo::rustc-link-arg-bins=-Wl,-T,{}", script.display());
    println!("cargo::rustc-link-arg-bins=-Wl,-z,separate-code");
    warn(
        "hot text: the code a run executes is linked together (src/hot-text.ld); off: PGBENCH_RS_HOT_TEXT=off",
    );
    Ok(())
}

/// Trick 2, the static unwinder: links std's unwinder from GCC's static
/// `libgcc_eh.a` instead of loading `libgcc_s.so.1`: the program aborts on
/// panic, so the unwinder only ever walks the stack to print a panic's
/// backtrace, and a shared library of its own costs about 100 kB of
/// resident memory and its start-up relocation. std asks for `-lgcc_s`; a
/// directory searched before the compiler's own, holding `libgcc_s.a` (a
/// link to `libgcc_eh.a`), answers that request with the static archive.
///
/// Applies on [`LINK_TARGETS`] when the C compiler that links has a
/// `libgcc_eh.a` (GCC's runtime; not clang with compiler-rt) and a probe
/// that unwinds through a panic links without `libgcc_s.so.1` (and runs).
/// Off: `PGBENCH_RS_STATIC_UNWIND=off`.
fn static_unwinder(all_off: bool, probe: &mut Probe) -> Result<(), String> {
    const WHAT: &str = "static unwinder";
    link_gate("PGBENCH_RS_STATIC_UNWIND", all_off)?;
    let archive = run(&linker(), &["-print-file-name=libgcc_eh.a"])
        .map(PathBuf::from)
        .filter(|a| a.is_absolute() && a.is_file())
        .ok_or_else(|| {
            skip(WHAT, &format!("`{} -print-file-name` finds no libgcc_eh.a", linker()))
        })?;
    let out = env::var("OUT_DIR").map_err(|_| skip(WHAT, "no OUT_DIR"))?;
    let dir = Path::new(&out).join("static-unwind");
    let link = dir.join("libgcc_s.a");
    let _ = std::fs::remove_file(&link);
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::os::unix::fs::symlink(&archive, &link))
        .map_err(|e| skip(WHAT, &format!("{}: {e}", link.display())))?;
    let args = [format!("-Lnative={}", dir.display())];
    probe
        .check("static-unwind", &args, |bin| !contains(bin, b"libgcc_s.so.1\0"))
        .map_err(|w| skip(WHAT, &w))?;
    println!("cargo::rustc-link-search=native={}", dir.display());
    warn(
        "static unwinder: std's unwinder is linked from libgcc_eh.a, not libgcc_s.so.1; off: PGBENCH_RS_STATIC_UNWIND=off",
    );
    Ok(())
}

/// Trick 3, packed relocations: links with `-z pack-relative-relocs`
/// (DT_RELR: GNU ld 2.38, lld 15, glibc 2.36 to run): the program's
/// 1,200 or so relative relocations, which the dynamic loader reads at
/// every start, fit in 400 bytes instead of 30 kB.
///
/// Applies on [`LINK_TARGETS`] when a probe link with the option gains a
/// `.relr.dyn` section (GNU ld leaves it out where the C library cannot
/// read it) and runs. Off: `PGBENCH_RS_RELR=off`.
fn packed_relocations(all_off: bool, probe: &mut Probe) -> Result<(), String> {
    const WHAT: &str = "packed relocations";
    link_gate("PGBENCH_RS_RELR", all_off)?;
    let args = ["-Clink-arg=-Wl,-z,pack-relative-relocs".to_string()];
    probe.check("relr", &args, |bin| contains(bin, b".relr.dyn\0")).map_err(|w| skip(WHAT, &w))?;
    println!("cargo::rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    warn(
        "packed relocations: linked with -z pack-relative-relocs (needs glibc 2.36); off: PGBENCH_RS_RELR=off",
    );
    Ok(())
}

/// Trick 4, the malloc tuning of `src/sys/malloc.rs` (see there), compiled
/// in as `cfg(malloc_tuning)` for Linux with glibc on any architecture (it
/// reads the page size at run time). Off at build time with
/// `PGBENCH_RS_MALLOC_TUNING=off` or `PGBENCH_RS_BUILD_TRICKS=off`, at run
/// time with `PGBENCH_RS_MALLOC_TUNING=off`.
fn malloc_tuning(all_off: bool) -> Result<(), String> {
    const VAR: &str = "PGBENCH_RS_MALLOC_TUNING";
    println!("cargo::rustc-check-cfg=cfg(malloc_tuning)");
    let off = switched_off(VAR);
    if !glibc_linux() {
        return Err(format!(
            "not applicable: the target is {}, the malloc tuning applies to Linux with glibc",
            target()
        ));
    }
    switch_gate(VAR, off, all_off)?;
    println!("cargo::rustc-cfg=malloc_tuning");
    warn(
        "malloc tuning: glibc's mmap threshold is lowered while connecting; off: PGBENCH_RS_MALLOC_TUNING=off (build or run time)",
    );
    Ok(())
}

/// Whether the link trick switched by `var` may apply: the target is one
/// of [`LINK_TARGETS`] and neither switch is off.
fn link_gate(var: &str, all_off: bool) -> Result<(), String> {
    let off = switched_off(var);
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let little = env::var("CARGO_CFG_TARGET_ENDIAN").is_ok_and(|e| e == "little");
    if !(glibc_linux() && little && (arch == "x86_64" || arch == "aarch64")) {
        return Err(format!(
            "not applicable: the target is {}, the link tricks apply to {LINK_TARGETS}",
            target()
        ));
    }
    switch_gate(var, off, all_off)
}

/// `Err` naming the switch that is off, if one is.
fn switch_gate(var: &str, off: bool, all_off: bool) -> Result<(), String> {
    if off {
        return Err(format!("switched off: {var}=off"));
    }
    if all_off {
        return Err(format!("switched off: {ALL_OFF}=off"));
    }
    Ok(())
}

/// Whether switch `var` is off (`off`); unset, empty or `on` is on, and
/// anything else is on with a warning.
fn switched_off(var: &str) -> bool {
    println!("cargo::rerun-if-env-changed={var}");
    match env::var_os(var) {
        None => false,
        Some(v) if v == "off" => true,
        Some(v) if v.is_empty() || v == "on" => false,
        Some(v) => {
            warn(&format!("{var}={}: neither `on` nor `off`, taken as on", v.to_string_lossy()));
            false
        }
    }
}

/// A `cargo::warning` line; cargo prefixes the package's name.
fn warn(msg: &str) {
    println!("cargo::warning={msg}");
}

/// Warns that trick `what` is not applied, and why; returns the recorded
/// state.
fn skip(what: &str, why: &str) -> String {
    warn(&format!("{what}: not applied: {why}"));
    format!("skipped: {why}")
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

/// The rustc that compiles the program (cargo names it).
fn rustc() -> String {
    env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

/// The C compiler that drives the link (cargo names it when one is
/// configured).
fn linker() -> String {
    env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_string())
}

/// A rustc release as `rustc -V` names it, without what distributions add
/// after it: "rustc 1.85.0 (4d91de4e4 2025-02-17) (built from a source
/// tarball)" -> "rustc 1.85.0 (4d91de4e4 2025-02-17)".
fn release(version: &str) -> &str {
    version.find(')').map_or(version, |i| &version[..=i]).trim()
}

/// Whether `needle` occurs in `hay`.
fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// The program that probe links build: it unwinds through a panic and
/// catches it, so that running it also tests the unwinder.
const PROBE_SOURCE: &str = "fn main() {\n    \
    std::panic::set_hook(Box::new(|_| {}));\n    \
    let caught = std::panic::catch_unwind(|| panic!(\"probe\")).is_err();\n    \
    std::process::exit(if caught { 0 } else { 1 });\n}\n";

/// Probe links: [`PROBE_SOURCE`] built by this build's rustc for its
/// target, with its linker and `RUSTFLAGS`, the link options of the tricks
/// accepted so far and those of the trick tried. The trick is accepted if
/// the program links, runs (where the build machine runs the target's
/// programs: host and target are the same) and its file bears the trick's
/// mark.
#[derive(Default)]
struct Probe {
    accepted: Vec<String>,
}

impl Probe {
    /// Tries trick `name` with rustc arguments `args`.
    fn check(
        &mut self,
        name: &str,
        args: &[String],
        mark: fn(&[u8]) -> bool,
    ) -> Result<(), String> {
        let out = PathBuf::from(env::var("OUT_DIR").map_err(|_| "no OUT_DIR".to_string())?);
        let src = out.join("probe.rs");
        std::fs::write(&src, PROBE_SOURCE).map_err(|e| format!("{}: {e}", src.display()))?;
        let bin = out.join(format!("probe-{name}"));
        let _ = std::fs::remove_file(&bin);
        let mut cmd = Command::new(rustc());
        cmd.args(["--crate-type=bin", "--edition=2021", "--crate-name=probe"]);
        cmd.arg(format!("--target={}", target()));
        if let Ok(l) = env::var("RUSTC_LINKER") {
            cmd.arg(format!("-Clinker={l}"));
        }
        if let Ok(flags) = env::var("CARGO_ENCODED_RUSTFLAGS") {
            cmd.args(flags.split('\x1f').filter(|f| !f.is_empty()));
        }
        cmd.arg("-Cpanic=unwind").args(&self.accepted).args(args).arg("-o").arg(&bin).arg(&src);
        let linked = cmd.output().map_err(|e| format!("cannot run {}: {e}", rustc()))?;
        if !linked.status.success() {
            let log = out.join(format!("probe-{name}.log"));
            let _ = std::fs::write(&log, &linked.stderr);
            return Err(format!("a probe link failed (see {})", log.display()));
        }
        if env::var("HOST").ok() == env::var("TARGET").ok() {
            let ran = Command::new(&bin).status();
            if !ran.is_ok_and(|s| s.success()) {
                return Err(format!("a probe program ({}) does not run", bin.display()));
            }
        }
        let file = std::fs::read(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;
        if !mark(&file) {
            return Err(format!("a probe link ({}) did not take effect", bin.display()));
        }
        self.accepted.extend(args.iter().cloned());
        Ok(())
    }
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
