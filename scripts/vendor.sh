#!/usr/bin/env bash
# Refreshes vendor/ from Cargo.lock, the crates of the vendor tarball
# (scripts/dist.sh) and of the Makefile's offline builds, which use it with
# `--config` (see the Makefile's VENDOR_CONFIG); a plain `cargo build` uses
# the registry. Crates that no build of ours compiles are kept as stubs:
# their Cargo.toml stays (Cargo's resolver reads it for every target), their
# sources and bundled import libraries go. They are the crates of platforms
# pgbench-rs does not support (Windows, Hermit, Redox, MSVC's vcpkg), and crates
# the lock file names only because of dependencies no target enables:
# zlib-rs is an optional backend of flate2 that no build asks for;
# redox_syscall (and bitflags, which only it uses) is parking_lot_core's
# on Redox. Run
# through `make vendor` (it needs the registry; the build then does not).
set -euo pipefail
cd "$(dirname "$0")/.."

rm -rf vendor
cargo vendor --locked --versioned-dirs vendor >/dev/null

stub_patterns='^(winapi|winapi-i686-pc-windows-gnu|winapi-x86_64-pc-windows-gnu|windows-sys|windows-targets|windows_[a-z0-9_]+|windows-link|vcpkg|hermit-abi|redox_syscall|bitflags|zlib-rs)-[0-9]'
for dir in vendor/*/; do
    name=$(basename "$dir")
    [[ $name =~ $stub_patterns ]] || continue
    pkg=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["package"])' "$dir/.cargo-checksum.json")
    find "$dir" -mindepth 1 -maxdepth 1 ! -name Cargo.toml -exec rm -rf {} +
    mkdir -p "$dir/src"
    echo '// Stub: no build of pgbench-rs compiles this crate (see scripts/vendor.sh).' > "$dir/src/lib.rs"
    # A build script the manifest names must exist, even if it never runs here.
    build=$(sed -n 's/^build *= *"\(.*\)"/\1/p' "$dir/Cargo.toml")
    if [ -n "$build" ]; then
        mkdir -p "$dir/$(dirname "$build")"
        echo 'fn main() {}' > "$dir/$build"
    fi
    printf '{"files":{},"package":"%s"}' "$pkg" > "$dir/.cargo-checksum.json"
done

# Files no build of ours reads: test suites, benchmarks, examples, and the
# sources of other operating systems. Their checksum entries go with them
# (Cargo verifies only the files a checksum file lists).
for dir in vendor/*/; do
    rm -rf "$dir"/tests "$dir"/benches "$dir"/examples "$dir"/ci "$dir"/fixtures
done
rm -f vendor/pq-sys-*/src/bindings_windows*.rs
(cd vendor/libc-*/src && rm -rf windows fuchsia wasi solid teeos vxworks qurt \
    hermit.rs psp.rs sgx.rs switch.rs trusty.rs xous.rs helenos.rs)
python3 - <<'PY'
import glob, json, os
for f in glob.glob("vendor/*/.cargo-checksum.json"):
    d = os.path.dirname(f)
    data = json.load(open(f))
    data["files"] = {k: v for k, v in data["files"].items() if os.path.exists(os.path.join(d, k))}
    json.dump(data, open(f, "w"), separators=(",", ":"), sort_keys=True)
PY
du -sh vendor
