#!/usr/bin/env bash
# Checks that pgbench-rs's own code allocates nothing per transaction in
# the steady state of a workload (default: the select-only builtin in
# prepared mode). It runs the workload under valgrind's callgrind twice,
# with N and 3N transactions, and compares the number of calls to the
# allocator (malloc, calloc, realloc, posix_memalign) made from
# pgbench-rs's code; libpq's own allocations (it builds one PGresult per
# query) are counted separately. Equal counts mean zero allocations per
# transaction. Needs valgrind; uses PGHOST/PGPORT or starts a throwaway
# server.
#
#   scripts/alloc-check.sh [N] [pgbench options...]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
shift || true
opts=("$@")
[ ${#opts[@]} -gt 0 ] || opts=(-n -S -M prepared -c 1)

command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
make --no-print-directory -s release  # offline, from vendor/ (see the Makefile)
bin=$PWD/target/release/pgbench-rs

if [ -z "${PGHOST:-}" ]; then
    dir=$(mktemp -d /tmp/pgbench-rs-alloc.XXXXXX)
    trap 'scripts/pgtmp.sh stop "$dir" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
    eval "$(scripts/pgtmp.sh start "$dir" 54331)"
    "$bin" -i -q >/dev/null 2>&1
fi

count() {
    local out=$1
    callgrind_annotate --tree=caller --auto=no --threshold=100 "$out" | python3 -c '
import re, sys
# In the caller tree, each function is a block: its callers ("<" lines),
# then the function itself ("*" line), then a blank line.
target = re.compile(r"^\s*[\d,]+ \(.*\)\s+\*\s+.*:(malloc|calloc|realloc|posix_memalign) \[")
caller = re.compile(r"^\s*[\d,]+ \(.*\)\s+<\s+(.*) \(([\d,]+)x\)")
own = lib = 0
callers = []
for line in sys.stdin:
    if not line.strip():
        callers = []
        continue
    m = caller.match(line)
    if m:
        callers.append((m.group(1), int(m.group(2).replace(",", ""))))
    elif target.match(line):
        for name, k in callers:
            # Rust code (ours and the standard library it calls) runs from
            # the pgbench-rs binary; everything else is a C library.
            if "pgbench-rs" in name or "/rustc/" in name or "/work/" in name or ".rs:" in name:
                own += k
            elif ":malloc" in name or ":realloc" in name:
                continue
            else:
                lib += k
print(own, lib)
'
}


tmp=$(mktemp -d)
valgrind --tool=callgrind --callgrind-out-file="$tmp/a" "$bin" "${opts[@]}" -t "$n" >/dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file="$tmp/b" "$bin" "${opts[@]}" -t $((3 * n)) >/dev/null 2>&1
read -r own_a lib_a < <(count "$tmp/a")
read -r own_b lib_b < <(count "$tmp/b")
rm -rf "$tmp"
txns=$((2 * n))
printf 'workload: pgbench-rs %s\n' "${opts[*]}"
printf '%-36s %10s %10s %14s\n' "allocator calls" "-t $n" "-t $((3 * n))" "per transaction"
printf '%-36s %10d %10d %14s\n' "from pgbench-rs code" "$own_a" "$own_b" "$(python3 -c "print(f'{($own_b-$own_a)/$txns:.3f}')")"
printf '%-36s %10d %10d %14s\n' "from libpq / libc" "$lib_a" "$lib_b" "$(python3 -c "print(f'{($lib_b-$lib_a)/$txns:.3f}')")"
if [ "$own_a" -ne "$own_b" ]; then
    echo "FAIL: pgbench-rs allocates per transaction" >&2
    exit 1
fi
echo "ok: no allocation per transaction in pgbench-rs's code"
