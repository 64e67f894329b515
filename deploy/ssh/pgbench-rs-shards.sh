#!/bin/bash
# One pgbench-rs run split over the client machines named on the command
# line, started with ssh and GNU parallel: machine K runs shard K of N,
# all starting to measure at START_AT; their reports are copied back and
# merged here. Set the server and the benchmark options below (opts: the
# same for every machine; -c, -j, -R, -t/-T are the whole run's), or give
# them after --:
#
#   deploy/ssh/pgbench-rs-shards.sh client1 client2 [-- PGBENCH-RS-OPTION...]
#
# Each machine needs pgbench-rs on its PATH and ssh access without a
# prompt (keys, ~/.ssh/config); the options may hold spaces and quotes.
# START_AT (seconds since the epoch) is 30 seconds from now unless set in
# the environment. Machine K writes shard-K.json in its home directory;
# here the reports that exist are copied to shard-K.json and merged into
# run.json and run.txt, also when a shard failed. The exit status is not
# 0 when a shard failed (each is named), the merge failed, or a shard
# started after START_AT.
#
# With METRICS_PORT set in the environment, machine K serves its shard's
# live metrics for Prometheus on port METRICS_PORT+K, all addresses
# (--metrics-listen; one port per shard, so that two shards on one
# machine do not collide), for METRICS_LINGER seconds after its report
# (30 by default; --metrics-linger):
# scrape MACHINE:METRICS_PORT+K.
set -uo pipefail
me=${0##*/}
hosts=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do hosts+=("$1"); shift; done
[ $# -eq 0 ] || shift
[ ${#hosts[@]} -ge 1 ] || { echo "usage: $me HOST... [-- PGBENCH-RS-OPTION...]" >&2; exit 1; }
opts=(-h db.example -U postgres -n -c 4 -j 2 -T 2 -P 1 -l --latency-percentiles
    -b tpcb-like@2 -b select-only@1 pgbench)
[ $# -eq 0 ] || opts=("$@")
n=${#hosts[@]}
start_at=${START_AT:-$(( $(date +%s) + 30 ))}
# The options quoted for the remote shell, each in '...' (' as '\''):
# the quotes are for that shell to remove.
remote_opts=
# shellcheck disable=SC2089,SC2090
for o in "${opts[@]}"; do remote_opts+=" '${o//\'/\'\\\'\'}'"; done
# shellcheck disable=SC2090
metrics_port=${METRICS_PORT:-} metrics_linger=${METRICS_LINGER:-30}
export remote_opts start_at n metrics_port metrics_linger
shard() {
    ssh -- "$1" "rm -f shard-$2.json && exec pgbench-rs$remote_opts --shard=$2/$n --start-at=$start_at --report-json=shard-$2.json${metrics_port:+ --metrics-listen=0.0.0.0:$((metrics_port + $2)) --metrics-linger=$metrics_linger}"
}
export -f shard
joblog=$(mktemp)
trap 'rm -f "$joblog"' EXIT
# Every shard at once.
parallel --jobs "$n" --link --tag --joblog "$joblog" shard ::: "${hosts[@]}" ::: $(seq 0 $((n - 1)))
# The shards that failed, one line each, in shard order.
failed=$(awk -F'\t' -v n="$n" 'NR > 1 && ($7 != 0 || $8 != 0) { split($9, c, " ")
    printf "%s shard %s of %s on %s failed (%s)\n", c[3], c[3], n, c[2], $8 ? "signal " $8 : "exit status " $7 }' "$joblog" |
    sort -n | cut -d' ' -f2-)
rm -f run.json run.txt
reports=()
for k in $(seq 0 $((n - 1))); do
    rm -f "shard-$k.json"
    scp -q -- "${hosts[$k]}:shard-$k.json" "shard-$k.json" && reports+=("shard-$k.json")
done
merge=1
if [ ${#reports[@]} -gt 0 ]; then
    pgbench-rs --merge "${reports[@]}" --report-json=run.json | tee run.txt
    merge=${PIPESTATUS[0]}
fi
if [ -n "$failed" ]; then
    while read -r line; do echo "$me: $line"; done <<<"$failed" >&2
    exit 1
fi
[ "$merge" -eq 0 ] || exit "$merge"
if grep -q '^late start: ' run.txt; then
    echo "$me: a shard started after START_AT=$start_at: choose it further ahead" >&2
    exit 1
fi
