#!/usr/bin/env bash
# Makes sure what building and testing pgbench-rs needs is installed:
# Rust 1.85 or newer (cargo, rustc; with `lint`, also cargo fmt and cargo
# clippy), libpq and its headers (libpq-dev, pkg-config) to build, a
# PostgreSQL server (initdb, postgres, pg_ctl) for the tests and the demo,
# valgrind (one test runs pgbench-rs under it, and is skipped without it),
# groff (the manual page is rendered), and, as root, iproute2 (network
# namespaces for the shard test), chromium (the HTML report is checked in
# it), mandoc (it lints the manual page), sysbench (its OLTP tests are
# compared with the sysbench builtins), prometheus (Debian's server
# scrapes --metrics-listen's endpoint), and Slurm (slurmctld, slurmd,
# slurm-client, munge), OpenSSH (openssh-server, openssh-client) and GNU
# parallel (the launch files of deploy/ run under them, on simulated
# hosts). As root on Debian/Ubuntu it
# installs what is missing with apt-get (Rust only where the distribution's
# is new enough); otherwise it says exactly what to install and fails
# (valgrind missing only gets a note).
#
#   scripts/deps.sh [lint]
set -euo pipefail

MIN_RUST=1.85
want_lint=${1:-}
is_root_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
# version_ge A B: A >= B, for dotted version numbers
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]; }
# The upstream part of a Debian version: 1.85.1+dfsg1-1 -> 1.85.1
upstream() { sed -e 's/^[0-9]*://' -e 's/[+~-].*//' <<<"$1"; }
apt_candidate() { apt-cache policy "$1" 2>/dev/null | awk '$1 == "Candidate:" && $2 != "(none)" {print $2}'; }

# Rust: cargo and rustc on PATH, 1.85 or newer.
rust_version=""
if command -v cargo >/dev/null 2>&1 && command -v rustc >/dev/null 2>&1; then
    rust_version=$(rustc --version 2>/dev/null | awk '{print $2}')
fi
rust_pkgs=()
if [ -z "$rust_version" ] || ! version_ge "$rust_version" "$MIN_RUST"; then
    have=${rust_version:+rustc $rust_version is too old}
    have=${have:-cargo and rustc not found}
    if command -v rustup >/dev/null 2>&1; then
        echo "deps.sh: $have; pgbench-rs needs Rust $MIN_RUST or newer: run 'rustup update stable'" >&2
        exit 1
    fi
    if is_root_apt; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        # Debian 13 and newer, Ubuntu 25.10: the distribution's own Rust;
        # Debian 12: its rustc is 1.63, but the "-web" toolchain (kept
        # current by Debian for the browsers) installs cargo and rustc too.
        for set in "cargo rustc rustfmt rust-clippy" "cargo-web rustc-web rustfmt-web rust-web-clippy"; do
            read -r c r _ <<<"$set"
            cand=$(apt_candidate "$r")
            if [ -n "$cand" ] && [ -n "$(apt_candidate "$c")" ] &&
                version_ge "$(upstream "$cand")" "$MIN_RUST"; then
                read -r -a rust_pkgs <<<"$set"
                break
            fi
        done
    fi
    if [ ${#rust_pkgs[@]} -eq 0 ]; then
        cat >&2 <<MSG
deps.sh: $have; pgbench-rs needs Rust $MIN_RUST or newer (cargo and rustc,
and for make test rustfmt and clippy). Install it, for example:
  Debian 13 or newer:  apt-get install cargo rustc rustfmt rust-clippy
  Debian 12:           apt-get install cargo-web rustc-web rustfmt-web rust-web-clippy
  anywhere else:       rustup (https://rustup.rs), then
                       rustup component add rustfmt clippy
MSG
        exit 1
    fi
elif [ "$want_lint" = lint ] &&
    ! { cargo fmt --version >/dev/null 2>&1 && cargo clippy --version >/dev/null 2>&1; }; then
    # cargo is there, but not the linters make test runs.
    owner=""
    if command -v dpkg >/dev/null 2>&1; then
        owner=$(dpkg -S "$(readlink -f "$(command -v cargo)")" 2>/dev/null | cut -d: -f1 || true)
    fi
    if is_root_apt && [ "$owner" = cargo ]; then
        rust_pkgs=(rustfmt rust-clippy)
    elif is_root_apt && [ "$owner" = cargo-web ]; then
        rust_pkgs=(rustfmt-web rust-web-clippy)
    elif command -v rustup >/dev/null 2>&1; then
        echo "deps.sh: cargo fmt or cargo clippy is missing: run 'rustup component add rustfmt clippy'" >&2
        exit 1
    else
        echo "deps.sh: cargo fmt or cargo clippy is missing: install rustfmt and clippy for $(command -v cargo)" >&2
        echo "  (Debian: apt-get install rustfmt rust-clippy)" >&2
        exit 1
    fi
fi

missing=("${rust_pkgs[@]}")
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if ! pkg-config --exists libpq 2>/dev/null && ! command -v pg_config >/dev/null 2>&1; then
    missing+=(libpq-dev)
fi
bindir=""
if command -v pg_config >/dev/null 2>&1; then bindir=$(pg_config --bindir 2>/dev/null || true); fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/postgres" ]; then
    missing+=(postgresql)
fi
if ! command -v valgrind >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        missing+=(valgrind)
    else
        echo "note: valgrind not found: the test that runs pgbench-rs under it is skipped" >&2
    fi
fi
# groff: the manual page must render without warnings (groff -man -ww);
# mandoc, as root: its lint checks the page too (skipped without it).
command -v groff >/dev/null 2>&1 || missing+=(groff-base)
if [ "$(id -u)" = 0 ] && ! command -v mandoc >/dev/null 2>&1; then
    missing+=(mandoc)
fi
# Chromium: the HTML report is rendered in it (headless).
if [ "$(id -u)" = 0 ] && ! command -v chromium >/dev/null 2>&1; then
    missing+=(chromium)
fi
# sysbench 1.0.20: the sysbench builtins are compared with it.
if [ "$(id -u)" = 0 ] && ! command -v sysbench >/dev/null 2>&1; then
    missing+=(sysbench)
fi
# Prometheus: a test has Debian's server scrape a run's metrics.
if [ "$(id -u)" = 0 ] && ! command -v prometheus >/dev/null 2>&1; then
    missing+=(prometheus)
fi
# ip(8): the shard test simulates client machines with network namespaces.
if [ "$(id -u)" = 0 ] && ! command -v ip >/dev/null 2>&1; then
    missing+=(iproute2)
fi
# The schedulers deploy/ is for: Slurm (with munge), ssh and GNU parallel
# (not moreutils' parallel); their daemons are started by the tests.
if [ "$(id -u)" = 0 ]; then
    for p in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge \
        sshd:openssh-server ssh:openssh-client; do
        PATH=$PATH:/usr/sbin:/sbin command -v "${p%%:*}" >/dev/null 2>&1 || missing+=("${p#*:}")
    done
    parallel --version 2>/dev/null | grep -q 'GNU parallel' || missing+=(parallel)
fi
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    missing+=(postgresql)   # the package creates the postgres OS user
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
# shellcheck disable=SC2207
missing=($(printf '%s\n' "${missing[@]}" | sort -u))
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing: ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    exit 0
fi
cat >&2 <<MSG
pgbench-rs needs: ${missing[*]}
Install them, for example:
  Debian/Ubuntu: sudo apt-get install ${missing[*]}
  Fedora/RHEL:   sudo dnf install libpq-devel postgresql-server pkgconf valgrind
MSG
exit 1
