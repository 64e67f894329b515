#!/usr/bin/env bash
# The reference PostgreSQL builds the tests compare with: the real C pgbench 17,
# 18 and 19 with their servers and client programs, and PostgreSQL 15 (the
# oldest server pgbench-rs supports, which some tests run against when the
# host's is another), taken from Debian's archive, without touching the
# host's own packages or apt sources.
#
#   scripts/pgref.sh [install] [VERSION...]   install (as root; default 15 17 18 19)
#   scripts/pgref.sh bindir VERSION           print the bindir of an installed version
#
# For each VERSION it makes, under $PGBENCH_RS_REF (default /opt/pgbench-rs-ref):
#   VERSION/root   a Debian minbase tree (debootstrap) of the suite that carries
#                  postgresql-VERSION (15: bookworm, 17: trixie, 18: sid, 19: sid with the two
#                  packages from experimental, where its release candidates are;
#                  SUITE_<V>=... and EXPERIMENTAL_FOR="V..." override), with
#                  postgresql-VERSION and postgresql-client-VERSION in it
#   VERSION/bin    the tree's /usr/lib/postgresql/VERSION/bin, whose programs are
#                  patched (patchelf) to load the tree's dynamic loader and
#                  libraries, so they run on the host as ordinary programs: any
#                  user, host paths, argv[0] as given, no chroot
# and prints one line per version: "VERSION BINDIR VERSION-STRING".
#
# Idempotent: a tree whose packages are installed is only re-checked. The
# test harness (tests/harness) uses these when they are there; .ci/run always
# installs them first.
set -euo pipefail

REF=${PGBENCH_RS_REF:-/opt/pgbench-rs-ref}
MIRROR=${MIRROR:-}

log() { printf 'pgref: %s\n' "$*" >&2; }
die() { printf 'pgref: error: %s\n' "$*" >&2; exit 1; }

suite_for() {
    local var="SUITE_$1"
    if [ -n "${!var:-}" ]; then echo "${!var}"; return; fi
    case $1 in
        15) echo bookworm ;;
        17) echo trixie ;;
        18 | 19) echo sid ;;
        *) die "no Debian suite known for PostgreSQL $1 (set SUITE_$1)" ;;
    esac
}

triplet() {
    case $(uname -m) in
        x86_64) echo "x86_64-linux-gnu ld-linux-x86-64.so.2" ;;
        aarch64) echo "aarch64-linux-gnu ld-linux-aarch64.so.1" ;;
        *) die "unsupported architecture $(uname -m)" ;;
    esac
}

# Prints "VERSION BINDIR VERSION-STRING" if VERSION is installed and runs.
describe() {  # V
    local v=$1 bin=$REF/$1/bin out
    [ -x "$bin/pgbench" ] || return 1
    out=$("$bin/pgbench" --version 2>/dev/null) || return 1
    # (17.12, or a release candidate's 19rc1)
    [[ $out =~ ^"pgbench (PostgreSQL) $v"(\.|rc|beta) ]] || return 1
    printf '%s %s %s\n' "$v" "$bin" "$out"
}

pkgs_installed() {  # ROOT PKG...
    local root=$1 st; shift
    [ -x "$root/usr/bin/dpkg-query" ] || return 1
    st=$(chroot "$root" dpkg-query -W -f='${db:Status-Abbrev}\n' "$@" 2>/dev/null) || return 1
    [ "$(grep -c '^ii' <<<"$st")" -eq $# ]
}

# Unmount everything at or below $1, deepest first.
umount_below() {
    local dir m
    dir=$(realpath -m "$1")
    awk -v d="$dir" '$2 == d || index($2, d "/") == 1 {print $2}' /proc/self/mounts | sort -r |
        while read -r m; do umount "$m" || umount -l "$m"; done
}

host_install() {  # PROGRAM PACKAGE
    command -v "$1" >/dev/null 2>&1 && return
    log "installing $2 on the host"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}

make_tree() {  # V
    local v=$1 suite root part
    suite=$(suite_for "$v")
    root=$REF/$v/root
    local pkgs=("postgresql-$v" "postgresql-client-$v")
    if pkgs_installed "$root" "${pkgs[@]}"; then
        return
    fi
    if [ ! -x "$root/usr/bin/apt-get" ]; then
        host_install debootstrap debootstrap
        # Bootstrap into a scratch directory and move it into place when it is
        # complete, so that an interrupted run never leaves half a tree.
        part=$root.partial
        if [ -e "$part" ]; then
            umount_below "$part"
            rm -rf --one-file-system "$part"
        fi
        [ ! -e "$root" ] || die "$root exists but is not a usable tree; remove it and rerun"
        mkdir -p "$REF/$v"
        log "debootstrap --variant=minbase $suite $root"
        debootstrap --variant=minbase "$suite" "$part" ${MIRROR:+"$MIRROR"} >"$part.log" 2>&1 ||
            die "debootstrap failed, see $part.log"
        mv "$part" "$root"
        mv "$part.log" "$root/var/log/pgref-debootstrap.log"
    fi
    # Inside the tree: no service ever starts, no default cluster is created,
    # and a dated archive snapshot is accepted (signatures are still checked).
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
    chmod 755 "$root/usr/sbin/policy-rc.d"
    mkdir -p "$root/etc/postgresql-common/createcluster.d"
    echo 'create_main_cluster = false' >"$root/etc/postgresql-common/createcluster.d/00-pgref.conf"
    echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99pgref"

    # A version that only Debian experimental carries (19 while it is a
    # release candidate): its two packages from there, nothing else.
    local want=("${pkgs[@]}")
    if [[ " ${EXPERIMENTAL_FOR-19} " == *" $v "* ]]; then
        sed -n 's/^\(deb [^ ]*\) [^ ]* main.*/\1 experimental main/p' "$root/etc/apt/sources.list" |
            head -n 1 >"$root/etc/apt/sources.list.d/experimental.list"
        [ -s "$root/etc/apt/sources.list.d/experimental.list" ] ||
            die "no archive line in $root/etc/apt/sources.list to take experimental from"
        want=("${pkgs[@]/%//experimental}")
    fi
    log "installing ${want[*]} into $root"
    local aptlog=$root/var/log/pgref-apt.log
    local aptenv=(env DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8)
    # maintainer scripts need /proc
    mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
    trap 'umount_below "'"$root"'/proc"' EXIT
    chroot "$root" "${aptenv[@]}" apt-get update -q >"$aptlog" 2>&1 ||
        die "apt-get update failed in $root, see $aptlog"
    chroot "$root" "${aptenv[@]}" dpkg --configure -a >>"$aptlog" 2>&1 || true
    chroot "$root" "${aptenv[@]}" apt-get install -y -q --no-install-recommends "${want[@]}" \
        >>"$aptlog" 2>&1 || die "apt-get install failed in $root, see $aptlog"
    chroot "$root" apt-get clean
    umount_below "$root/proc"
    trap - EXIT
    pkgs_installed "$root" "${pkgs[@]}" || die "${pkgs[*]} not installed in $root"
}

# Point every program of the tree's bindir at the tree's loader and libraries,
# then check that each one resolves all its libraries inside the tree.
patch_programs() {  # V
    local v=$1 root=$REF/$1/root trip ldso f lib
    read -r trip ldso <<<"$(triplet)"
    local bindir=$root/usr/lib/postgresql/$v/bin
    local interp=$root/lib/$trip/$ldso
    local rpath=$root/usr/lib/$trip:$root/lib/$trip
    [ -x "$interp" ] || interp=$root/usr/lib/$trip/$ldso
    [ -x "$interp" ] || die "no dynamic loader in $root"
    host_install patchelf patchelf
    for f in "$bindir"/*; do
        [ -f "$f" ] && [ ! -L "$f" ] || continue
        head -c 4 "$f" | grep -q 'ELF' || continue
        if [ "$(patchelf --print-interpreter "$f")" != "$interp" ] ||
            [ "$(patchelf --print-rpath "$f")" != "$rpath" ]; then
            patchelf --set-interpreter "$interp" --force-rpath --set-rpath "$rpath" "$f"
        fi
        # every library the program loads must come from the tree
        while read -r lib; do
            case $lib in
                "$root"/*) ;;
                *) die "$f loads $lib from outside $root" ;;
            esac
        done < <("$interp" --list "$f" | awk '$2 == "=>" {print $3} $1 ~ /^\// {print $1}')
    done
    ln -sfn "$bindir" "$REF/$v/bin"
}

cmd=install
case ${1:-} in
    install) shift ;;
    bindir)
        [ $# -eq 2 ] || die "usage: $0 bindir VERSION"
        line=$(describe "$2") || die "PostgreSQL $2 is not installed under $REF (run $0 install $2 as root)"
        read -r _ bin _ <<<"$line"
        echo "$bin"
        exit 0 ;;
    -h|--help)
        sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
        exit 0 ;;
esac
[ "$cmd" = install ] || die "unknown command $cmd"
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(15 17 18 19)

for v in "${versions[@]}"; do
    [[ $v =~ ^[0-9]+$ ]] || die "bad version '$v'"
    if [ "$(id -u)" -ne 0 ]; then
        describe "$v" || die "PostgreSQL $v is not installed under $REF; run $0 as root to install it"
        continue
    fi
    make_tree "$v"
    patch_programs "$v"
    describe "$v" || die "$REF/$v/bin/pgbench does not run"
done
