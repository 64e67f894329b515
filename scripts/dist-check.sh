#!/usr/bin/env bash
# Checks the release tarballs (make dist-check): makes them twice and
# compares (the tarballs are reproducible), unpacks the source tarball and
# the vendor tarball over it in two directories of different names and
# depths, builds each with `make release` (offline, from vendor/, Cargo.lock's
# versions, the source directory written as `.`: see the Makefile)
# in an environment holding only PATH, HOME and rustup's variables, with an
# empty CARGO_HOME and, where `unshare -n` works (as root), no network at
# all, then compares the two binaries byte for byte and checks that neither
# holds the name of the directory it was built in. Prints the sha256 of
# each. The two release builds run side by side: most of each is the one
# crate's compile and link, on one core (codegen-units = 1, fat LTO). The
# directories are removed when the check passes and kept when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d "${TMPDIR:-/tmp}/pgbench-rs-dist-check.XXXXXX")
mapfile -t tarballs < <(DIST_DIR="$work/dist1" scripts/dist.sh)
mapfile -t again < <(DIST_DIR="$work/dist2" scripts/dist.sh 2>/dev/null)
sum() { sha256sum "$1" | cut -d' ' -f1; }
for i in 0 1; do
    if ! cmp -s "${tarballs[$i]}" "${again[$i]}"; then
        echo "dist-check: two tarballs of the same commit differ: ${tarballs[$i]} ${again[$i]}" >&2
        exit 1
    fi
    echo "dist-check: tarball $(basename "${tarballs[$i]}") $(sum "${tarballs[$i]}") (made twice, identical)"
done

# Network off where we can: a network namespace of our own.
offline=()
if unshare -n true 2>/dev/null; then
    offline=(unshare -n)
fi
build() { # build DIR: unpack and build there, print the binary's path
    local dir=$1 home
    mkdir -p "$dir"
    tar -xzf "${tarballs[0]}" -C "$dir"
    tar -xzf "${tarballs[1]}" -C "$dir"
    home=$(mktemp -d "$work/cargo-home.XXXXXX")
    local src=("$dir"/pgbench-rs-*)
    (cd "${src[0]}" && "${offline[@]}" env -i PATH="$PATH" HOME="$HOME" \
        ${RUSTUP_HOME:+RUSTUP_HOME="$RUSTUP_HOME"} ${RUSTUP_TOOLCHAIN:+RUSTUP_TOOLCHAIN="$RUSTUP_TOOLCHAIN"} \
        CARGO_HOME="$home" CARGO_NET_OFFLINE=true \
        nice make release) >"$dir.log" 2>&1 ||
        { echo "dist-check: the build in ${src[0]} failed (log: $dir.log)" >&2; return 1; }
    echo "${src[0]}/target/release/pgbench-rs"
}
start=$SECONDS
build "$work/one" >"$work/one.path" &
first=$!
build "$work/second-build/in/a/deeper/directory" >"$work/two.path" &
second=$!
built=1
wait $first || built=0
wait $second || built=0
[ $built = 1 ] || { echo "dist-check: kept in $work" >&2; exit 1; }
one=$(cat "$work/one.path")
two=$(cat "$work/two.path")
echo "dist-check: two builds took $((SECONDS - start)) s${offline:+ (no network: unshare -n)}"
# What the build script said (a build trick, if asked for), from the first build.
grep -h '^warning: pgbench-rs@' "$work/one.log" | sed 's/^/dist-check: /' || true
for b in "$one" "$two"; do
    dir=$(cd "$(dirname "$b")/../.." && pwd -P)
    if grep -q -a -F "$dir" "$b"; then
        echo "dist-check: $b holds its build directory's name $dir" >&2
        exit 1
    fi
    echo "dist-check: $(sum "$b")  $b"
done
if ! cmp "$one" "$two"; then
    echo "dist-check: the two builds differ (kept in $work)" >&2
    exit 1
fi
echo "dist-check: the two builds are identical"
rm -rf "$work"
