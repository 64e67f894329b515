#!/usr/bin/env bash
# Makes sure what building and testing pgbench-rs needs is installed:
# libpq and its headers (libpq-dev, pkg-config) to build, a PostgreSQL
# server (initdb, postgres, pg_ctl) for the tests and the demo, valgrind
# (one test runs pgbench-rs under it, and is skipped without it), groff (the
# manual page is rendered), and, as root, iproute2 (network namespaces for
# the shard test), chromium (the HTML report is checked in it), mandoc (it
# lints the manual page) and sysbench (its OLTP tests are compared with the
# sysbench builtins). As root on
# Debian/Ubuntu it installs what is missing with apt-get; otherwise it says
# exactly what to install and fails (valgrind missing only gets a note).
set -euo pipefail

missing=()
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
# ip(8): the shard test simulates client machines with network namespaces.
if [ "$(id -u)" = 0 ] && ! command -v ip >/dev/null 2>&1; then
    missing+=(iproute2)
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
