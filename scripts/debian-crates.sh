#!/usr/bin/env bash
# Builds pgbench-rs against Debian unstable's packaged crates, as dh-cargo
# does: in a Debian unstable tree (debootstrap, minbase) with cargo, rustc,
# libpq-dev and the librust-*-dev packages packaging/debian/control names,
# the sources of HEAD (git archive) with Cargo.lock removed build offline
# (a network namespace with only the loopback) from the directory registry
# those packages install, /usr/share/cargo/registry, and the unit tests run.
# Checks that Cargo.toml's dependency ranges are satisfiable by Debian's
# crates. Prints the versions the build resolved.
#
#   scripts/debian-crates.sh [--dir DIR] [--reuse] [--mirror URL] [--suite SUITE]
#
# --dir DIR      where the tree goes (DIR/SUITE; default /var/tmp/pgbench-rs-debian,
#                the tree of scripts/debian-package.sh)
# --reuse        keep a tree made by an earlier run (the sources are always new)
# --mirror URL   the Debian archive (default debootstrap's)
# --suite SUITE  default sid (Debian unstable)
#
# As root (debootstrap, chroot, mounts). Log: DIR/SUITE.crates.log.
set -euo pipefail

{
start=$SECONDS
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/debian-tree.sh"
tree_open debian-crates "$@"
log() { printf 'debian-crates: %s\n' "$*" >&2; }
out=$dir/$suite.crates.log
: >"$out"

# The packages of debian/control's Build-Depends that hold crates, and
# what the build needs besides.
crates=$(sed -n '/^Build-Depends:/,/^[A-Z]/p' "$repo/packaging/debian/control" |
    grep -o 'librust-[a-z0-9.+-]*-dev' | sort -u | tr '\n' ' ')
src=/build/crates
rm -rf "${tree:?}$src"
mkdir -p "$tree$src"
git -C "$repo" archive --format=tar HEAD | tar -x -C "$tree$src" --exclude=vendor
rm -f "$tree$src/Cargo.lock"
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    log "note: uncommitted changes are not built (the sources are HEAD's)"
fi

rc=0
in_tree "$tree" "set -e
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends cargo rustc libpq-dev pkgconf groff-base iproute2 $crates
mkdir -p $src/.cargo-home
cat >$src/.cargo-home/config.toml <<CONFIG
[source.crates-io]
replace-with = \"debian\"

[source.debian]
directory = \"/usr/share/cargo/registry\"

[net]
offline = true
CONFIG
cd $src
export CARGO_HOME=$src/.cargo-home
rustc --version
/usr/local/sbin/offline nice cargo build --bins
/usr/local/sbin/offline nice cargo test --lib
echo 'resolved:'
grep -A1 '^name = ' Cargo.lock | grep -v '^--' | paste - - | sed 's/name = \"\\(.*\\)\"\\tversion = \"\\(.*\\)\"/  \\1 \\2/'
" >>"$out" 2>&1 || rc=$?
grep -E '^rustc |^test result:|^  [a-z]' "$out" || true
# The unit tests ran (a test selector that finds none passes with 0).
if [ $rc = 0 ] && ! grep -q '^test result: ok\. [1-9]' "$out"; then
    log "no unit test ran"
    rc=1
fi
if [ $rc = 0 ]; then
    log "passed in $((SECONDS - start)) s (log: $out)"
else
    log "failed (exit $rc), see $out"
fi
exit $rc
}
