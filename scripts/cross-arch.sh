#!/usr/bin/env bash
# pgbench-rs on every release architecture of Debian 13, with Debian's own
# toolchain: in a Debian unstable tree (debootstrap) with multiarch, it
# installs Debian's rustc and cargo, and for each architecture its Rust
# standard library (libstd-rust-dev:ARCH), the cross C compiler
# (gcc-TRIPLE, libc6-dev-ARCH-cross) and libpq (libpq5:ARCH and a libpq.so
# link: libpq-dev is not co-installable for a second architecture), and
# qemu-user and the tree's PostgreSQL server. Then for each architecture
# (default: amd64 arm64 armel armhf i386 ppc64el riscv64 s390x) it builds
# pgbench-rs and its unit tests (offline, from vendor/; debug builds at
# opt-level 1), runs the unit tests under qemu-user (qemu-ARCH -L
# /usr/TRIPLE, not binfmt_misc), and runs the program under qemu-user
# against the server
# (a Unix socket): `-i -s 1`, the three builtins under the three
# protocols, a pipeline, `--latency-percentiles --report-json` (the
# histograms are decoded with HdrHistogram's Python library), `--shard`
# and `--merge` (also of a shard of this architecture with one of amd64's),
# `-l` logs, and random streams: with `--random-seed`, every random
# function, permute and the hashes, and the builtins' statements, must give
# exactly what they give on amd64 (which is always checked, first, as the
# reference). amd64 runs natively; when it is not named, it is only
# that reference: built and run, its unit tests neither built nor run
# (the other tests run them natively). It ends with a table: per architecture
# the build, the unit tests, the live checks, whether the random streams
# equal amd64's, the wait mechanism the program used (`--debug` says what
# it fell back to under qemu-user, which has no io_uring) and the times.
# An architecture that Debian unstable no longer carries (armel) is checked
# in a Debian 13 tree, with Debian 13's Rust, against amd64's results from
# Debian unstable; one that neither carries is named with the reason, and
# is not a failure. Any failure makes the exit status 1.
#
#   scripts/cross-arch.sh [--dir DIR] [--reuse] [--mirror URL] [ARCH...]
#
# --dir DIR     where the trees go (DIR/sid, DIR/trixie; default /var/tmp/pgbench-rs-cross)
# --reuse       keep the trees (and their build directories) made by an earlier run
# --mirror URL  the Debian archive (default debootstrap's)
#
# As root (debootstrap, chroot and mounts; see scripts/debian-tree.sh). The
# tree gets a clone of this repository's HEAD (uncommitted changes are not
# in it). Logs: DIR/cross-arch.log, and per architecture DIR/SUITE/root/out/ARCH/.
set -euo pipefail

# In braces: bash reads the whole script before it runs any of it.
{
all_arches=(amd64 arm64 armel armhf i386 ppc64el riscv64 s390x)

# Debian architecture -> "Rust target, GNU triple (the cross compiler's),
# qemu-user's name, multiarch directory".
triples() {
    case $1 in
        amd64) echo "x86_64-unknown-linux-gnu x86_64-linux-gnu x86_64 x86_64-linux-gnu" ;;
        arm64) echo "aarch64-unknown-linux-gnu aarch64-linux-gnu aarch64 aarch64-linux-gnu" ;;
        armel) echo "armv5te-unknown-linux-gnueabi arm-linux-gnueabi arm arm-linux-gnueabi" ;;
        armhf) echo "armv7-unknown-linux-gnueabihf arm-linux-gnueabihf arm arm-linux-gnueabihf" ;;
        i386) echo "i686-unknown-linux-gnu i686-linux-gnu i386 i386-linux-gnu" ;;
        ppc64el) echo "powerpc64le-unknown-linux-gnu powerpc64le-linux-gnu ppc64le powerpc64le-linux-gnu" ;;
        riscv64) echo "riscv64gc-unknown-linux-gnu riscv64-linux-gnu riscv64 riscv64-linux-gnu" ;;
        s390x) echo "s390x-unknown-linux-gnu s390x-linux-gnu s390x s390x-linux-gnu" ;;
        loong64) echo "loongarch64-unknown-linux-gnu loongarch64-linux-gnu loongarch64 loongarch64-linux-gnu" ;;
        *) return 1 ;;
    esac
}

# ---------------------------------------------------------------------------
# Inside the tree: `cross-arch.sh --inside ARCH` builds and checks one
# architecture; `--inside-server` starts the server. Run by the part below.
# ---------------------------------------------------------------------------
src=/root/pgbench-rs
out_root=/root/out
pg=/var/tmp/cross-pg

inside_server() {
    # initdb as the postgres user, fsync off, a Unix socket only.
    "$src/scripts/pgtmp.sh" start "$pg" 5432 >/dev/null
}

inside() {  # ARCH [unit|no-unit]
    local arch=$1 unit=${2:-unit} rt gt qemu ma
    read -r rt gt qemu ma <<<"$(triples "$arch")"
    local out=$out_root/$arch
    rm -rf "$out"
    mkdir -p "$out"
    chmod 755 /root "$out_root" "$out"
    local up=${rt^^}
    up=${up//-/_}
    # Debug builds (debug assertions, overflow checks) optimized a little:
    # the heavier unit tests take minutes without, under qemu-user.
    export CARGO_TARGET_DIR=/root/target CARGO_PROFILE_DEV_OPT_LEVEL=1
    export PGHOST=$pg PGPORT=5432 PGUSER=postgres
    export "PQ_LIB_DIR_$up=/usr/lib/$ma"
    local runner=()
    if [ "$arch" != amd64 ]; then
        export "CARGO_TARGET_${up}_LINKER=$gt-gcc"
        runner=("qemu-$qemu" -L "/usr/$gt")
    fi
    res() { echo "$1=$2" >>"$out/result"; }
    local t0=$SECONDS
    cd "$src"
    # Offline, from vendor/, as the Makefile builds.
    local vendor=(--offline --locked --config 'source.crates-io.replace-with="vendored-sources"'
        --config 'source.vendored-sources.directory="vendor"')
    if ! cargo build "${vendor[@]}" --target "$rt" --bins >"$out/build.log" 2>&1 ||
        { [ "$unit" = unit ] && ! cargo test "${vendor[@]}" --target "$rt" --lib --no-run >>"$out/build.log" 2>&1; }; then
        res build "failed (see build.log)"
        res build_s $((SECONDS - t0))
        return 1
    fi
    res build ok
    res build_s $((SECONDS - t0))
    local bin=$CARGO_TARGET_DIR/$rt/debug/pgbench-rs tests
    tests=$(sed -n 's/^ *Executable unittests.*(\(.*\))$/\1/p' "$out/build.log" | tail -n 1)
    file -b "$bin" >"$out/file.txt" 2>&1 || true

    # The unit tests, under qemu-user (amd64: natively).
    t0=$SECONDS
    if [ "$unit" = unit ]; then
        local rc=0
        (cd "$out" && "${runner[@]}" "$tests" --test-threads=2) >"$out/unit.log" 2>&1 || rc=$?
        local counts
        counts=$(awk '/^test result:/ {printf "%d passed, %d failed", $4, $6}' "$out/unit.log")
        [ $rc = 0 ] && res unit "${counts:-?}" || res unit "FAILED: ${counts:-exit $rc} (see unit.log)"
    else
        res unit "not run (reference only)"
    fi
    res unit_s $((SECONDS - t0))

    # Live checks against the server.
    t0=$SECONDS
    local db=cross_$arch passed=0 failed=() name
    local pgb=("${runner[@]}" "$bin")
    dropdb --if-exists "$db" && createdb "$db"
    # check NAME COMMAND...: runs the command, output to NAME.out.
    check() {
        name=$1
        shift
        if "$@" >"$out/$name.out" 2>&1; then
            passed=$((passed + 1))
        else
            failed+=("$name")
        fi
    }
    # processed N FILE: the run completed N transactions.
    processed() { grep -q "^number of transactions actually processed: $1/$1\$" "$2"; }
    run() {  # NAME TXNS ARGS...: a run that must process TXNS transactions
        local n=$1 txns=$2
        shift 2
        check "$n" "${pgb[@]}" "$@"
        if [[ " ${failed[*]} " != *" $n "* ]] && ! processed "$txns" "$out/$n.out"; then
            passed=$((passed - 1))
            failed+=("$n")
        fi
    }
    check init "${pgb[@]}" -i -s 1 -q "$db"
    if [ "$(psql -XAtc 'SELECT count(*) FROM pgbench_accounts' "$db" 2>&1)" != 100000 ]; then
        failed+=(init-rows)
    fi
    local b m
    for b in tpcb-like simple-update select-only; do
        for m in simple extended prepared; do
            run "$b-$m" 40 -n -b "$b" -M "$m" -c 2 -j 2 -t 20 "$db"
        done
    done
    printf '\\startpipeline\n%s\\endpipeline\n' "$(printf 'SELECT %d;\n' 1 2 3 4 5)" >"$out/pipe.sql"
    run pipeline 20 -n -M extended -f "$out/pipe.sql" -c 2 -j 2 -t 10 "$db"
    run report-json 100 -n -S -c 2 -j 2 -t 50 --latency-percentiles --report-json="$out/report.json" "$db"
    # shards NAME COMMAND...: shard 0 of this architecture and shard 1 of
    # COMMAND, measuring at the same time (--start-at), then merged.
    shards() {
        local n=$1 at s p0 p1 ok=1
        shift
        at=$(($(date +%s) + 5))
        local common=(-n -S -c 4 -j 2 -t 20 --random-seed=7 --start-at=$at)
        "${pgb[@]}" "${common[@]}" --shard=0/2 --report-json="$out/$n-0.json" "$db" >"$out/$n-0.out" 2>&1 &
        p0=$!
        "$@" "${common[@]}" --shard=1/2 --report-json="$out/$n-1.json" "$db" >"$out/$n-1.out" 2>&1 &
        p1=$!
        wait $p0 || ok=0
        wait $p1 || ok=0
        for s in 0 1; do processed 40 "$out/$n-$s.out" || ok=0; done
        [ $ok = 1 ] || failed+=("$n-shards")
        run "$n" 80 --merge "$out/$n-0.json" "$out/$n-1.json" --report-json="$out/$n.json"
    }
    shards merged "${pgb[@]}"
    local amd64_bin=$CARGO_TARGET_DIR/x86_64-unknown-linux-gnu/debug/pgbench-rs
    if [ "$arch" != amd64 ] && [ -x "$amd64_bin" ]; then
        # This architecture's shard 0 with amd64's shard 1.
        shards merged-amd64 "$amd64_bin"
    fi
    run log 40 -n -S -c 2 -j 2 -t 20 -l --log-prefix="$out/txlog" "$db"
    if [ "$(cat "$out"/txlog.* 2>/dev/null | awk 'NF >= 6' | wc -l)" != 40 ]; then
        failed+=(log-lines)
    fi
    # What --debug says of the wait (under qemu-user: the fallback).
    check debug "${pgb[@]}" -n -S -c 1 -t 1 --debug "$db"
    local wait
    wait=$(sed -n 's/^[a-z-]*: thread 0 waiting with \([a-z_0-9]*\).*/\1 (fallback)/p' "$out/debug.out" | head -n 1)
    res wait "${wait:-io_uring}"
    res live "$passed passed${failed:+, failed: ${failed[*]}}"
    [ ${#failed[@]} = 0 ] || res live_failed 1

    # Random streams: every function, from the seed, and the builtins'
    # statements, as the server was sent them (--debug, simple protocol).
    cat >"$out/rand.sql" <<'SQL'
\set r random(-1000000000, 1000000000)
\set u random(1, 10)
\set e random_exponential(1, 1000000, 2.5)
\set g random_gaussian(1, 1000000, 3.0)
\set z random_zipfian(1, 100000, 1.07)
\set z2 random_zipfian(1, 1000, 2.5)
\set p permute(:r, 1000000)
\set p2 permute(:u, 97, :default_seed)
\set h hash(:r)
\set h2 hash_murmur2(:r, 42)
\set h3 hash_fnv1a(:r, :default_seed)
\set d random(1, 1000000) * 1.0 / 7 + sqrt(:u) + ln(:e) + exp(:u) + pow(:u, 0.3)
SELECT :r, :u, :e, :g, :z, :z2, :p, :p2, :h, :h2, :h3, :d, :client_id;
SQL
    : >"$out/rand.txt"
    local args
    for args in "-f $out/rand.sql -c 3 -j 3 -t 50" "-b tpcb-like -c 2 -j 2 -t 20" "-b simple-update -c 2 -t 10"; do
        # shellcheck disable=SC2086 # the words of $args
        if "${pgb[@]}" -n $args -M simple --random-seed=5432 --debug "$db" >"$out/rand.run" 2>&1; then
            # Each client's statements, in its order.
            grep -E '^pgbench-rs: client [0-9]+ sending ' "$out/rand.run" |
                sed 's/^pgbench-rs: //' | sort -s -t' ' -k2,2n >>"$out/rand.txt" || true
        else
            echo "run failed: $args" >>"$out/rand.txt"
        fi
    done
    res rand_lines "$(wc -l <"$out/rand.txt")"
    if [ "$arch" = amd64 ]; then
        res random reference
    elif cmp -s "$out/rand.txt" "$out_root/amd64/rand.txt"; then
        res random "equal"
    else
        diff "$out_root/amd64/rand.txt" "$out/rand.txt" >"$out/rand.diff" || true
        res random "DIFFERENT (see rand.diff)"
    fi
    res live_s $((SECONDS - t0))
}

case ${1:-} in
    --inside) inside "$2" "${3:-unit}"; exit $? ;;
    --inside-server) inside_server; exit $? ;;
esac

# ---------------------------------------------------------------------------
# On the host.
# ---------------------------------------------------------------------------
dir=/var/tmp/pgbench-rs-cross
reuse=0
mirror=""
arches=()
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --reuse) reuse=1; shift ;;
        --mirror) mirror=$2; shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "cross-arch: unknown option $1" >&2; exit 2 ;;
        *) triples "$1" >/dev/null || { echo "cross-arch: unknown architecture $1" >&2; exit 2; }
           arches+=("$1"); shift ;;
    esac
done
[ ${#arches[@]} -gt 0 ] || arches=("${all_arches[@]}")
# amd64 first: the reference of the random streams and the merges, its
# unit tests run only when it is named.
amd64_unit=no-unit
[[ " ${arches[*]} " != *" amd64 "* ]] || amd64_unit=unit
list=(amd64)
for a in "${arches[@]}"; do [[ " ${list[*]} " == *" $a "* ]] || list+=("$a"); done
[ "$(id -u)" = 0 ] || { echo "cross-arch: run as root (debootstrap, chroot, mounts)" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    echo "cross-arch: note: uncommitted changes are not tested (the tree gets $commit)" >&2
fi
mkdir -p "$dir"
dir=$(realpath "$dir")
logf=$dir/cross-arch.log
: >"$logf"
log() { printf 'cross-arch: %s\n' "$*" >&2; }

# tree_release, tree_mount, tree_setup, in_tree
. "$repo/scripts/debian-tree.sh"
trees=()
trap 'for t in "${trees[@]}"; do tree_release "$t"; done' EXIT
trap 'exit 130' INT TERM

# The Python tools that decode the histograms, on the host.
"$repo/scripts/pytools.sh"

total=$SECONDS
setup_times=()
declare -A note=() tree_of=() rust_of=()

# setup_tree SUITE ARCH...: DIR/SUITE made (or reused) and mounted, with
# the toolchain, the packages of each ARCH that its archive carries, a
# clone of HEAD and a running server. Sets `carried` (the archive's
# architectures) and `ready` (the ARCHes set up); notes the others.
setup_tree() {
    local suite=$1 a rt gt qemu ma start v std_lib rust_version
    shift
    tree=$dir/$suite
    trees+=("$tree")
    tree_release "$tree"
    if [ $reuse = 1 ] && [ -x "$tree/usr/bin/apt-get" ]; then
        log "$suite: reusing $tree"
    else
        rm -rf --one-file-system "$tree"
        log "$suite: debootstrap --variant=minbase $suite $tree"
        start=$SECONDS
        debootstrap --variant=minbase "$suite" "$tree" ${mirror:+"$mirror"} >"$dir/$suite.debootstrap.log" 2>&1 ||
            { log "debootstrap failed, see $dir/$suite.debootstrap.log"; exit 1; }
        setup_times+=("$suite: debootstrap $((SECONDS - start))s")
    fi
    tree_setup "$tree"
    tree_mount "$tree"
    start=$SECONDS
    for a in "$@"; do [ "$a" = amd64 ] || in_tree "$tree" "dpkg --add-architecture $a"; done
    apt_in_tree 'apt-get update -q' || { log "apt-get update failed, see $logf"; exit 1; }
    carried=$(in_tree "$tree" "sed -n 's/^Architectures: //p' /var/lib/apt/lists/*_dists_${suite}_InRelease | head -n 1")
    log "$suite: the archive's architectures: $carried"
    apt_in_tree 'apt-get install -y -q --no-install-recommends rustc cargo libpq-dev pkg-config postgresql qemu-user file' ||
        { log "installing the toolchain failed, see $logf"; exit 1; }
    rust_version=$(in_tree "$tree" "dpkg-query -W -f='\${Version}' rustc")
    v=${rust_version%%+*}
    std_lib=libstd-rust-${v%.*}
    ready=()
    for a in "$@"; do
        read -r rt gt qemu ma <<<"$(triples "$a")"
        if [[ " $carried " != *" $a "* ]]; then
            note[$a]="not in Debian $suite's archive (it carries: $carried)"
            continue
        fi
        unset 'note[$a]'
        tree_of[$a]=$tree
        rust_of[$a]="$suite's rustc $rust_version"
        [ "$a" = amd64 ] && { ready+=("$a"); continue; }
        log "$a: installing gcc-$gt, libc6-dev-$a-cross, libpq5:$a, libstd-rust-dev:$a ($suite)"
        if ! apt_in_tree "apt-get install -y -q --no-install-recommends gcc-$gt libc6-dev-$a-cross libpq5:$a"; then
            note[$a]="FAILED: its cross compiler or libpq5:$a does not install: $(grep '^E: ' "$logf" | tail -n 1) (see $logf)"
            continue
        fi
        if ! in_tree "$tree" "ln -sf libpq.so.5 /usr/lib/$ma/libpq.so" >>"$logf" 2>&1; then
            note[$a]="FAILED: no /usr/lib/$ma/libpq.so.5 (see $logf)"
            continue
        fi
        if ! apt_in_tree "apt-get install -y -q --no-install-recommends libstd-rust-dev:$a=$rust_version"; then
            # Not co-installable (its dependencies' versions differ from the
            # host's, riscv64's libllvm say): the same version's files beside
            # the host's rustc, which needs only the libraries.
            log "$a: libstd-rust-dev:$a is not co-installable: unpacking it"
            if ! apt_in_tree "cd /tmp && rm -f libstd-rust*.deb &&
                apt-get download libstd-rust-dev:$a=$rust_version $std_lib:$a=$rust_version &&
                for d in libstd-rust*.deb; do dpkg-deb -x \$d /; done"; then
                note[$a]="FAILED: libstd-rust-dev:$a $rust_version is neither installable nor downloadable (see $logf)"
                continue
            fi
            rust_of[$a]+=" (its std unpacked)"
        fi
        ready+=("$a")
    done
    setup_times+=("$suite: packages $((SECONDS - start))s")

    # The clone, of HEAD, and the server.
    rm -rf "$tree/root/pgbench-rs"
    git clone --quiet --no-hardlinks "$repo" "$tree/root/pgbench-rs"
    git -C "$tree/root/pgbench-rs" checkout --quiet --detach "$commit"
    [ $reuse = 1 ] || rm -rf "$tree/root/target"
    rm -rf "$tree/var/tmp/cross-pg" "$tree/root/out"
    in_tree "$tree" "/root/pgbench-rs/scripts/cross-arch.sh --inside-server" >>"$logf" 2>&1 ||
        { log "$suite: the server did not start, see $logf"; exit 1; }
}

apt_in_tree() {  # COMMAND: apt-get's, logged
    in_tree "$tree" "export DEBIAN_FRONTEND=noninteractive; $1" >>"$logf" 2>&1
}

# check_arch ARCH: the checks in the tree, then the JSON reports: valid,
# and their histograms decode (on the host, with target/pytools), with as
# many latencies as transactions.
check_arch() {
    local a=$1 o=$tree/root/out/$1 jsons=() j
    log "$a: building and checking"
    local unit=unit
    [ "$a" != amd64 ] || unit=$amd64_unit
    in_tree "$tree" "/root/pgbench-rs/scripts/cross-arch.sh --inside $a $unit" >>"$logf" 2>&1 || true
    for j in report merged merged-amd64; do [ -f "$o/$j.json" ] && jsons+=("$o/$j.json"); done
    if [ ${#jsons[@]} -gt 0 ] &&
        PYTHONPATH=$repo/target/pytools python3 "$repo/tests/tools/check_report.py" \
            "$repo/schema/report.schema.json" "${jsons[@]}" >"$o/decoded.json" 2>&1 &&
        python3 - "$o/decoded.json" >"$o/decoded.check" 2>&1 <<'PY'
import json, sys
want = {"report.json": 100, "merged.json": 80, "merged-amd64.json": 80}
bad = []
for line in open(sys.argv[1]):
    d = json.loads(line)
    name = d["file"].rsplit("/", 1)[-1]
    total = d["histograms"].get("totals.latency_ms", {}).get("count")
    if d["errors"] or total != want[name]:
        bad.append(f"{name}: {d['errors']} latencies {total}")
print("\n".join(bad) or "ok")
sys.exit(1 if bad else 0)
PY
    then
        echo "histogram=decoded (${#jsons[@]} reports)" >>"$o/result"
    else
        echo "histogram=FAILED (see decoded.json, decoded.check)" >>"$o/result"
    fi
}

# Debian unstable for every architecture it carries (amd64 first).
setup_tree sid "${list[@]}"
sid_tree=$tree
for a in "${ready[@]}"; do check_arch "$a"; done
# The others (armel, which Debian 13 still carries) in a Debian 13 tree,
# with its Rust; amd64's results from Debian unstable are the reference.
rest=()
for a in "${list[@]}"; do [[ ${note[$a]:-} != "not in "* ]] || rest+=("$a"); done
if [ ${#rest[@]} -gt 0 ]; then
    setup_tree trixie "${rest[@]}"
    mkdir -p "$tree/root/out"
    cp -a "$sid_tree/root/out/amd64" "$tree/root/out/"
    for a in "${ready[@]}"; do check_arch "$a"; done
fi

get() { sed -n "s/^$2=//p" "${tree_of[$1]}/root/out/$1/result" 2>/dev/null | tail -n 1; }
status=0
echo
echo "cross-arch: commit $commit; $(in_tree "$sid_tree" 'qemu-aarch64 --version | head -n 1')"
printf '%-8s %-6s %-26s %-38s %-10s %-10s %-24s %-22s %s\n' arch build "unit tests" "live checks" histograms random wait "times (build, unit, live)" toolchain
for a in "${list[@]}"; do
    if [ -n "${note[$a]:-}" ]; then
        printf '%-8s not checked: %s\n' "$a" "${note[$a]}"
        [[ ${note[$a]} != FAILED* ]] || status=1
        continue
    fi
    b=$(get "$a" build)
    printf '%-8s %-6s %-26s %-38s %-10s %-10s %-24s %-22s %s\n' "$a" "${b:-none}" "$(get "$a" unit)" \
        "$(get "$a" live)" "$(get "$a" histogram | cut -d' ' -f1)" "$(get "$a" random)" "$(get "$a" wait)" \
        "$(get "$a" build_s)s, $(get "$a" unit_s)s, $(get "$a" live_s)s" "${rust_of[$a]}"
    if [ "$b" != ok ] || [[ "$(get "$a" unit)" != @(*" 0 failed"|"not run (reference only)") ]] || [ -n "$(get "$a" live_failed)" ] ||
        [[ "$(get "$a" histogram)" != decoded* ]] || [[ "$(get "$a" random)" != @(equal|reference) ]]; then
        status=1
    fi
done
echo "setup: $(IFS=,; echo "${setup_times[*]}" | sed 's/,/, /g'); total $((SECONDS - total))s"
echo "logs: $logf, and per architecture DIR/SUITE/root/out/ARCH/"
exit $status
}
