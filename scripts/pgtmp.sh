#!/usr/bin/env bash
# A throwaway PostgreSQL server in a directory: Unix socket only, fsync off.
#
#   scripts/pgtmp.sh start DIR [PORT]   initdb (if needed) and start; prints
#                                       the environment to reach it
#   scripts/pgtmp.sh stop DIR           stop it (immediate shutdown)
#   scripts/pgtmp.sh env DIR [PORT]     print the environment again
#
# As root, the server runs as the `postgres` OS user (initdb refuses root).
# Clients connect as database user `postgres` over the socket in DIR.
set -euo pipefail

cmd=${1:-}; dir=${2:-}; port=${3:-5432}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
    echo "usage: $0 start|stop|env DIR [PORT]" >&2; exit 2
fi

bindir=""
if command -v pg_config >/dev/null 2>&1; then bindir=$(pg_config --bindir 2>/dev/null || true); fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "no PostgreSQL server binaries found (install the postgresql package)" >&2; exit 1
fi

as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

print_env() {
    echo "export PGHOST=$dir PGPORT=$port PGUSER=postgres PGDATABASE=postgres"
}

case $cmd in
start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust \
            --no-sync --locale=C -E UTF8 >"$dir/initdb.log" 2>&1 ||
            { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -s \
        -o "-k $dir -p $port -c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1100" \
        start
    print_env
    ;;
stop)
    dir=$(cd "$dir" && pwd)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w -s stop
    ;;
env)
    dir=$(cd "$dir" && pwd)
    print_env
    ;;
*)
    echo "usage: $0 start|stop|env DIR [PORT]" >&2; exit 2
    ;;
esac
