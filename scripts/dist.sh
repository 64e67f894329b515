#!/usr/bin/env bash
# Makes the release tarball target/dist/pgbench-rs-VERSION.tar.gz (make
# dist; DIST_DIR=... elsewhere) from the commit HEAD: every file git tracks
# (the sources, Cargo.lock, vendor/, .cargo/config.toml, LICENSE, the
# manual page) under pgbench-rs-VERSION/, plus VENDORED-CRATES, the list of
# the vendored crates with their versions and licences
# (scripts/vendored-crates.sh). It builds with
# `cargo build --release --offline --locked` and nothing else.
#
# The tarball is the same byte for byte for the same commit: names sorted,
# every entry dated at the commit's time, owner and group 0, modes 0644 or
# 0755, gzip without a name or time stamp. Uncommitted changes are not in
# it (a warning says so). Prints the tarball's path.
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
tarball=$out/$name.tar.gz
tar -C "$stage" --sort=name --mtime="@$mtime" --owner=0 --group=0 --numeric-owner \
    --mode='u+rw,go-w,a+rX' --format=gnu -cf - "$name" | gzip -9 -n >"$tarball.tmp"
mv "$tarball.tmp" "$tarball"
echo "$tarball"
