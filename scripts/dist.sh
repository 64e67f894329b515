#!/usr/bin/env bash
# Makes the release tarballs (make dist; DIST_DIR=... elsewhere; default
# target/dist) from the commit HEAD, both under pgbench-rs-VERSION/:
#   pgbench-rs-VERSION.tar.gz         every file git tracks but vendor/ (the
#                                     sources, Cargo.lock, LICENSE, the manual
#                                     page, packaging/): what a distribution
#                                     takes, building with its own crates
#   pgbench-rs-VERSION-vendor.tar.gz  vendor/ and VENDORED-CRATES, the list of
#                                     the vendored crates with their versions
#                                     and licences (scripts/vendored-crates.sh),
#                                     to unpack over the first: then `make
#                                     release` builds offline, with nothing else
#
# Each tarball is the same byte for byte for the same commit: names sorted,
# every entry dated at the commit's time, owner and group 0, modes 0644 or
# 0755, gzip without a name or time stamp. Uncommitted changes are not in
# them (a warning says so). Prints the two tarballs' paths, one a line.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ -n "$version" ] || { echo "dist: no version in Cargo.toml" >&2; exit 1; }
name=pgbench-rs-$version
out=${DIST_DIR:-target/dist}
mtime=$(git log -1 --format=%ct HEAD)
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
    echo "dist: warning: uncommitted changes are not in the tarball (it is made from HEAD)" >&2
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
git archive --format=tar --prefix="$name/" HEAD | tar -x -C "$stage"
scripts/vendored-crates.sh "$stage/$name/vendor" "$stage/$name/Cargo.lock" >"$stage/$name/VENDORED-CRATES"

mkdir -p "$out"
# pack NAME.tar.gz PATH...: the paths below the stage, reproducibly.
pack() {
    local tarball=$out/$1
    shift
    tar -C "$stage" --sort=name --mtime="@$mtime" --owner=0 --group=0 --numeric-owner \
        --mode='u+rw,go-w,a+rX' --format=gnu -cf - "$@" | gzip -9 -n >"$tarball.tmp"
    mv "$tarball.tmp" "$tarball"
    echo "$tarball"
}
pack "$name.tar.gz" --exclude="$name/vendor" --exclude="$name/VENDORED-CRATES" "$name"
pack "$name-vendor.tar.gz" "$name/vendor" "$name/VENDORED-CRATES"
