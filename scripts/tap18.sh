#!/usr/bin/env bash
# PostgreSQL 18's own pgbench TAP suite (src/bin/pgbench/t/*.pl of the
# postgresql-18 source package, unmodified) with pgbench-rs first on PATH as
# `pgbench`, against PostgreSQL 18's server programs as scripts/pgref.sh
# installs them. Exits as prove does (0: every test passed).
#
#   scripts/tap18.sh [BINARY]
#   scripts/tap18.sh --fetch      only get the suite and what it needs
#
# BINARY defaults to target/release/pgbench-rs, else target/debug/pgbench-rs.
# The source comes from Debian's archive: `apt-get source --download-only
# postgresql-18` in the tree pgref.sh made for 18 (a deb-src line of its own
# archive added there), unpacked on the host with its Debian patches
# (dpkg-source -x); the suite's files (src/bin/pgbench and src/test/perl, whose
# PostgreSQL::Test::Cluster and Utils it uses) are kept in target/tap18/src,
# so only the first run needs the network. Needs perl's prove and IPC::Run
# (Debian: libipc-run-perl), and dpkg-source (dpkg-dev) for the first run;
# as root it installs them. The suite's servers are started by its own
# PostgreSQL::Test::Cluster, from 18's bindir; as root it runs as the
# postgres OS user (initdb refuses root).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
REF=${PGBENCH_RS_REF:-/opt/pgbench-rs-ref}
KEEP=$ROOT/target/tap18

log() { printf 'tap18: %s\n' "$*" >&2; }
die() { printf 'tap18: error: %s\n' "$*" >&2; exit 1; }

host_install() {  # PROGRAM-CHECK PACKAGE
    eval "$1" >/dev/null 2>&1 && return
    [ "$(id -u)" -eq 0 ] || die "$2 is missing (Debian: apt-get install $2)"
    log "installing $2 on the host"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}

FETCH=0 BIN=
case ${1:-} in
    --fetch) FETCH=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    "")
        for b in "$ROOT/target/release/pgbench-rs" "$ROOT/target/debug/pgbench-rs"; do
            if [ -x "$b" ]; then BIN=$b; break; fi
        done ;;
    *) BIN=$1 ;;
esac
[ "$FETCH" = 1 ] || [ -x "$BIN" ] || die "no pgbench-rs binary (make release, or give its path)"
BIN18=$("$ROOT/scripts/pgref.sh" bindir 18) ||
    die "no PostgreSQL 18 reference (scripts/pgref.sh install 18, as root)"
TREE=$REF/18/root

host_install 'command -v prove' perl
host_install 'perl -MIPC::Run -e1' libipc-run-perl

# The suite's files, once.
SRC=$KEEP/src
if [ ! -f "$SRC/src/bin/pgbench/t/001_pgbench_with_server.pl" ]; then
    [ "$(id -u)" -eq 0 ] || die "the postgresql-18 source is not in $SRC yet: run this once as root"
    host_install 'command -v dpkg-source' dpkg-dev
    [ -x "$TREE/usr/bin/apt-get" ] || die "no Debian tree for 18 in $TREE (scripts/pgref.sh)"
    srclist=$TREE/etc/apt/sources.list.d/pgref-src.list
    if [ ! -s "$srclist" ]; then
        sed -n 's/^deb \([^ ]* [^ ]* main\).*/deb-src \1/p' "$TREE/etc/apt/sources.list" | head -n 1 >"$srclist"
        [ -s "$srclist" ] || die "no archive line in $TREE/etc/apt/sources.list"
    fi
    log "apt-get source --download-only postgresql-18 in $TREE"
    chroot "$TREE" apt-get update -q >/dev/null
    rm -rf "$TREE/tmp/tap18-src"
    mkdir -p "$TREE/tmp/tap18-src"
    chroot "$TREE" sh -c 'cd /tmp/tap18-src && apt-get source -q --download-only postgresql-18' >/dev/null
    dsc=$(ls "$TREE"/tmp/tap18-src/postgresql-18_*.dsc)
    rm -rf "$KEEP/unpack" "$SRC"
    mkdir -p "$KEEP"
    log "dpkg-source -x $(basename "$dsc")"
    dpkg-source -q -x "$dsc" "$KEEP/unpack" >/dev/null
    mkdir -p "$SRC/src/bin" "$SRC/src/test"
    cp -a "$KEEP/unpack/src/bin/pgbench" "$SRC/src/bin/"
    cp -a "$KEEP/unpack/src/test/perl" "$SRC/src/test/"
    cp "$dsc" "$SRC/"
    rm -rf "$KEEP/unpack" "$TREE/tmp/tap18-src"
fi

[ "$FETCH" = 0 ] || exit 0

# A run directory the suite may write in, and pgbench-rs as `pgbench`; the
# suite's logs are kept in target/tap18/log.
RUN=$(mktemp -d /tmp/pgbench-rs-tap18.XXXXXX)
finish() {
    rm -rf "$KEEP/log"
    if [ -d "$RUN/tmp_check/log" ]; then cp -r "$RUN/tmp_check/log" "$KEEP/log"; fi
    rm -rf "$RUN"
}
trap finish EXIT
cp -a "$SRC/src" "$RUN/"
mkdir -p "$RUN/bin"
cp "$BIN" "$RUN/bin/pgbench"
chmod -R a+rX "$RUN"
as=()
if [ "$(id -u)" -eq 0 ]; then
    chown -R postgres "$RUN"
    as=(runuser -u postgres --)
fi
log "$("$RUN/bin/pgbench" -V), $("$BIN18/postgres" -V)"
# PG_REGRESS: the Cluster module runs `$PG_REGRESS --config-auth DATADIR`,
# which on a system without SSPI only exits 0 (pg_regress.c), so `true`.
cd "$RUN/src/bin/pgbench"
"${as[@]}" env -u PGHOST -u PGPORT -u PGUSER -u PGDATABASE \
    PATH="$RUN/bin:$BIN18:/usr/bin:/bin" PG_REGRESS=/bin/true \
    TESTDATADIR="$RUN/tmp_check" TESTLOGDIR="$RUN/tmp_check/log" \
    PERL5LIB="$RUN/src/test/perl" \
    prove ${PROVE_FLAGS:-} t/*.pl
