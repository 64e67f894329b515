#!/usr/bin/env bash
# docs/building.md's commands on fresh machines: for each Debian suite (default: trixie,
# that is Debian 13, and sid, Debian unstable) it makes a new minbase tree
# with debootstrap, installs in it only what docs/building.md's "A fresh machine" says a
# fresh machine needs first (make, git, ca-certificates), clones this
# repository at its current commit (HEAD; uncommitted changes are not in
# it) and runs its commands in the tree as root: `make demo`,
# `make reference` and `make test`. Everything else (Rust, libpq,
# PostgreSQL, ...) the commands install themselves. It ends with a summary
# per tree: the toolchain, the libpq linked, the servers the tests used,
# the result and how long each step took.
#
# `make test` runs with every PGBENCH_TEST_REQUIRE_ switch on
# (PGBENCH_TEST_REQUIRE_ALL=1, tests/harness/require.rs): after `make
# reference` a tree has everything the tests need, so a test that would
# skip a comparison fails instead. PGBENCH_TEST_REQUIRE_* variables of the
# caller's environment go into the tree as they are (PGBENCH_TEST_REQUIRE_ALL=0
# lets the tests skip). The script exits non-zero when a step fails, or a
# test said it skipped something.
#
#   scripts/fresh-debian.sh [--dir DIR] [--reuse] [--mirror URL] [--then TARGET]... [SUITE...]
#
# --dir DIR      where the trees go (DIR/SUITE; default /var/tmp/pgbench-rs-fresh)
# --reuse        keep a tree made by an earlier run (the clone is always new)
# --mirror URL   the Debian archive (default debootstrap's)
# --then TARGET  after the three commands, `make TARGET` in the same tree,
#                with the same PGBENCH_TEST_REQUIRE_ switches (CI:
#                test-versions, which reuses make test's build)
#
# As root (debootstrap, chroot and mounts). /proc, /sys, /dev and /dev/pts
# are bind-mounted into each tree and a tmpfs is put on /dev/shm, as
# PostgreSQL needs, and the tree is made a mount point of its own, as
# network namespaces need; a policy-rc.d keeps packages from starting services. The
# mounts (and any process left in the tree) go when the script ends, also
# on failure. Logs: DIR/SUITE.log (debootstrap: DIR/SUITE.debootstrap.log).
set -euo pipefail

# In braces: bash reads the whole script before it runs any of it, so a
# run that takes an hour is not disturbed by an edit of this file.
{
dir=/var/tmp/pgbench-rs-fresh
reuse=0
mirror=""
suites=()
thens=()
while [ $# -gt 0 ]; do
    case $1 in
        --dir) dir=$2; shift 2 ;;
        --reuse) reuse=1; shift ;;
        --mirror) mirror=$2; shift 2 ;;
        --then) thens+=("$2"); shift 2 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fresh-debian: unknown option $1" >&2; exit 2 ;;
        *) suites+=("$1"); shift ;;
    esac
done
[ ${#suites[@]} -gt 0 ] || suites=(trixie sid)
[ "$(id -u)" = 0 ] || { echo "fresh-debian: run as root (debootstrap, chroot, mounts)" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    echo "fresh-debian: note: uncommitted changes are not tested (the trees get $commit)" >&2
fi
mkdir -p "$dir"
dir=$(realpath "$dir")

log() { printf 'fresh-debian: %s\n' "$*" >&2; }

# What a failed step said: its tests' failures (libtest's "failures:"
# blocks), or else the log's last lines; at most 400 lines.
failure_lines() {  # LOG
    local lines
    lines=$(awk '/^failures:$/ {p = 1} p {print} /^test result: FAILED/ {p = 0}' "$1")
    [ -n "$lines" ] || lines=$(tail -n 40 "$1")
    printf '%s\n' "$lines" | head -n 400
}

# The PGBENCH_TEST_REQUIRE_ variables the tests get in the trees, as
# `export` lines for bash (in_tree's environment is a clean one).
: "${PGBENCH_TEST_REQUIRE_ALL=1}"
require_env=$(export PGBENCH_TEST_REQUIRE_ALL; export -p | sed -n 's/^declare -x \(PGBENCH_TEST_REQUIRE_[A-Z_]*=\)/export \1/p')

. "$repo/scripts/debian-tree.sh"

trees=()
cleanup() {
    local t
    for t in "${trees[@]}"; do tree_release "$t"; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

summaries=()
status=0
for suite in "${suites[@]}"; do
    tree=$dir/$suite
    out=$dir/$suite.log
    : >"$out"
    times=()
    result=passed
    # step NAME COMMAND: runs COMMAND in the tree, timed, output to the log.
    step() {
        local name=$1 start=$SECONDS rc=0
        log "$suite: $name"
        printf '\n===== %s: %s\n' "$name" "$2" >>"$out"
        in_tree "$tree" "$2" >>"$out" 2>&1 || rc=$?
        times+=("$name $((SECONDS - start))s")
        if [ $rc -ne 0 ]; then
            result="failed at $name (exit $rc)"
            log "$suite: $name failed (exit $rc), see $out"
            failure_lines "$out" >&2
        fi
        return $rc
    }
    total=$SECONDS
    tree_release "$tree"
    if [ $reuse = 1 ] && [ -x "$tree/usr/bin/apt-get" ]; then
        log "$suite: reusing $tree"
    else
        rm -rf --one-file-system "$tree"
        log "$suite: debootstrap --variant=minbase $suite $tree"
        start=$SECONDS
        if ! debootstrap_installed || ! debootstrap --variant=minbase "$suite" "$tree" ${mirror:+"$mirror"} \
            >"$dir/$suite.debootstrap.log" 2>&1; then
            summaries+=("$suite: debootstrap failed, see $dir/$suite.debootstrap.log")
            status=1
            continue
        fi
        times+=("debootstrap $((SECONDS - start))s")
    fi
    trees+=("$tree")
    # policy-rc.d, resolv.conf, Valid-Until, the host's added certificate
    # authorities (or pip could not reach the package index behind a TLS
    # proxy): see scripts/debian-tree.sh.
    tree_setup "$tree"
    tree_mount "$tree"

    # The clone, as a user would make it, of this repository's HEAD.
    rm -rf "$tree/root/pgbench-rs"
    git clone --quiet --no-hardlinks "$repo" "$tree/root/pgbench-rs"
    git -C "$tree/root/pgbench-rs" checkout --quiet --detach "$commit"

    if step tools 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends make git ca-certificates' &&
        { in_tree "$tree" 'update-ca-certificates' >>"$out" 2>&1 || true; } &&
        step demo 'cd /root/pgbench-rs && make demo' &&
        step reference 'cd /root/pgbench-rs && make reference' &&
        step test "$require_env
            cd /root/pgbench-rs && make test"; then
        for target in "${thens[@]}"; do
            step "$target" "$require_env
                cd /root/pgbench-rs && make $target" || { status=1; break; }
        done
    else
        status=1
    fi

    # What was used: toolchain, libpq, servers; and the tests' counts.
    facts=$(in_tree "$tree" '
        cd /root/pgbench-rs
        echo "rustc: $(rustc --version 2>/dev/null || echo none)"
        bin=target/release/pgbench-rs
        lib=$(ldd "$bin" 2>/dev/null | awk "/libpq/ {print \$3}")
        echo "libpq: ${lib:-not linked} ($(dpkg-query -W -f="\${Package} \${Version}" libpq5 2>/dev/null || echo ?), $(pg_config --version 2>/dev/null || echo no pg_config))"
        for p in /usr/lib/postgresql/*/bin/postgres; do [ -x "$p" ] && echo "server (host): $("$p" --version)"; done
        for v in 15 17 18 19; do
            b=/opt/pgbench-rs-ref/$v/bin
            [ -x "$b/pgbench" ] && echo "reference $v: $("$b/pgbench" --version), $("$b/postgres" --version)"
        done
        true' 2>/dev/null || true)
    counts=$(awk '/^test result:/ {p += $4; f += $6; i += $8} END {if (NR) printf "%d passed, %d failed, %d ignored", p, f, i}' "$out")
    skipped=$(grep -Ec '(^|[^a-z])skipped: [A-Za-z0-9_:]+: ' "$out" || true)
    if [ "$skipped" != 0 ] && [ "$result" = passed ]; then
        result="failed: $skipped skip(s) (the log's skipped: lines)"
        status=1
    fi
    times+=("total $((SECONDS - total))s")
    summaries+=("$(printf '== %s (%s): %s\n%s\ntests: %s; comparisons skipped: %s\ntimes: %s\nlog: %s' \
        "$suite" "$(cat "$tree/etc/debian_version" 2>/dev/null || echo ?)" "$result" "$facts" \
        "${counts:-none run}" "$skipped" "$(IFS=,; echo "${times[*]}" | sed 's/,/, /g')" "$out")")
    tree_release "$tree"
done

echo
echo "fresh-debian: commit $commit"
printf '%s\n\n' "${summaries[@]}"
exit $status
}
