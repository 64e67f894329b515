#!/bin/bash
# One pgbench-rs run split over the client machines named on the command
# line, started with ssh and GNU parallel: machine K runs shard K of N,
# all starting to measure 30 seconds from now; their reports are copied
# back and merged. Edit the benchmark options (the same for every machine:
# -c, -j, -R, -t/-T are the whole run's) and the server.
#
#   deploy/ssh/pgbench-rs-shards.sh client1 client2 client3
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 HOST..." >&2; exit 1; }
n=$#
start_at=$(( $(date +%s) + 30 ))
opts="-h db.example -U postgres -n -c 4 -j 2 -T 2 -P 1 -l --latency-percentiles -b tpcb-like@2 -b select-only@1 pgbench"
parallel --jobs 0 --link --tag \
    ssh {1} pgbench-rs "$opts" --shard={2}/"$n" --start-at="$start_at" --report-json=shard-{2}.json \
    ::: "$@" ::: $(seq 0 $((n - 1)))
parallel --jobs 0 --link scp {1}:shard-{2}.json . ::: "$@" ::: $(seq 0 $((n - 1)))
pgbench-rs --merge $(seq -f 'shard-%g.json' 0 $((n - 1))) --report-json=run.json
