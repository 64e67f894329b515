#!/usr/bin/env bash
# Prints the list of the crates in a vendor directory (default vendor/):
# name, version, licence (the `license` field of each crate's Cargo.toml,
# an SPDX expression) and the licence files that come with it. Crates that
# scripts/vendor.sh reduced to their manifest (no build of pgbench-rs
# compiles them) say so. `make dist` puts the list in the tarball as
# VENDORED-CRATES. Fails if a package of Cargo.lock has no directory there.
set -euo pipefail
vendor=${1:-vendor}
lock=${2:-$(dirname "$vendor")/Cargo.lock}

field() { # field FILE NAME: NAME = "..." in the [package] table
    awk -v want="$2" '
        /^\[/ { table = $0; next }
        table == "[package]" && $1 == want && $2 == "=" {
            sub(/^[^=]*= *"/, ""); sub(/" *$/, ""); print; exit
        }' "$1"
}

echo "Crates vendored in pgbench-rs's vendor/: name, version, licence (SPDX),"
echo "licence files. \"stub\": only the manifest is kept, no build compiles it."
echo
printf '%-32s %-10s %-36s %s\n' crate version licence files
for dir in "$vendor"/*/; do
    manifest=$dir/Cargo.toml
    name=$(field "$manifest" name)
    version=$(field "$manifest" version)
    licence=$(field "$manifest" license)
    [ -n "$licence" ] || licence="see $(field "$manifest" license-file)"
    files=$(cd "$dir" && find . -maxdepth 1 -type f \
        \( -iname 'licen[cs]e*' -o -iname 'copying*' -o -iname 'unlicense*' \) \
        -printf '%f\n' | LC_ALL=C sort | paste -sd, -)
    if grep -q '"files":{}' "$dir/.cargo-checksum.json" 2>/dev/null; then
        files=stub
    fi
    printf '%-32s %-10s %-36s %s\n' "$name" "$version" "$licence" "${files:--}"
done

# Every package Cargo.lock names, but pgbench-rs itself, must be vendored.
awk '/^\[/ { pkg = ($0 == "[[package]]"); next }
     pkg && /^name = / { gsub(/"/, "", $3); n = $3 }
     pkg && /^version = / { gsub(/"/, "", $3); print n "-" $3 }' "$lock" |
    while read -r pkg; do
        [ "$pkg" = "pgbench-rs-$(field "$(dirname "$vendor")/Cargo.toml" version)" ] && continue
        [ -d "$vendor/$pkg" ] || { echo "vendored-crates.sh: $pkg is in Cargo.lock, not in $vendor" >&2; exit 1; }
    done
