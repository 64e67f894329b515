# Debian trees made with debootstrap, for the scripts that check the
# project in one (sourced, not run: scripts/fresh-debian.sh,
# scripts/debian-package.sh, scripts/rpm-package.sh, scripts/cross-arch.sh).
# As root.
#
# tree_make TREE SUITE LOG [MIRROR]  a new minbase tree of SUITE, set up
#                                    with tree_setup (debootstrap is installed
#                                    on the host if missing)
# debootstrap_installed  installs debootstrap on the host if it is missing
# tree_setup TREE     a policy-rc.d that keeps packages from starting
#                     services, the host's resolv.conf, apt accepting a
#                     Release file past its Valid-Until (a dated copy of
#                     the archive; signatures are still checked), and the
#                     certificate authorities the host added to its bundle
#                     (a TLS proxy's, say), which ca-certificates takes from
#                     /usr/local/share/ca-certificates
# tree_mount TREE     /proc, /sys, /dev, /dev/pts, a tmpfs on /dev/shm (as
#                     PostgreSQL needs), the tree a mount point of its own
#                     (as network namespaces need)
# tree_release TREE   ends the processes whose root is the tree, unmounts it
# in_tree TREE CMD    runs CMD with bash in the tree as root, in a clean
#                     login-like environment
# tree_step NAME CMD  runs CMD in the tree $tree (in_tree), its output
#                     appended to the log $out after a `===== NAME: CMD`
#                     line and its time to the array times; says NAME, and
#                     a failure, with the caller's log function

# Unmount everything at or below $1, deepest first.
umount_below() {
    local d m
    d=$(realpath -m "$1")
    awk -v d="$d" '$2 == d || index($2, d "/") == 1 {print $2}' /proc/self/mounts | sort -r |
        while read -r m; do umount "$m" 2>/dev/null || umount -l "$m"; done
}

tree_release() {  # TREE
    local tree p pids=()
    tree=$(realpath -m "$1")
    for p in /proc/[0-9]*; do
        [ "$(readlink "$p/root" 2>/dev/null)" = "$tree" ] && pids+=("${p#/proc/}")
    done
    if [ ${#pids[@]} -gt 0 ]; then
        kill -TERM "${pids[@]}" 2>/dev/null || true
        sleep 2
        kill -KILL "${pids[@]}" 2>/dev/null || true
    fi
    umount_below "$tree"
}

tree_mount() {  # TREE
    local t=$1
    # The tree's root is a mount point of its own: `ip netns exec` (the
    # shard test's client machines) makes / a slave mount, which fails
    # in a chroot whose root is a plain directory.
    mount --bind "$t" "$t"
    mount --make-private "$t"
    mount -t proc proc "$t/proc"
    mount --bind /sys "$t/sys"
    mount --bind /dev "$t/dev"
    mount --make-private "$t/dev"
    mount --bind /dev/pts "$t/dev/pts"
    mkdir -p "$t/dev/shm"
    mount -t tmpfs -o mode=1777,nosuid,nodev shm "$t/dev/shm"
}

in_tree() {  # TREE COMMAND
    chroot "$1" /usr/bin/env -i HOME=/root USER=root LOGNAME=root TERM=dumb \
        LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "$2"
}

tree_step() {  # NAME COMMAND
    local name=$1 start=$SECONDS rc=0
    log "$name"
    printf '\n===== %s: %s\n' "$name" "$2" >>"$out"
    in_tree "$tree" "$2" >>"$out" 2>&1 || rc=$?
    times+=("$name $((SECONDS - start))s")
    [ $rc -eq 0 ] || log "$name failed (exit $rc), see $out"
    return $rc
}

# Writes the certificates of the host's bundle that Debian's ca-certificates
# does not ship into DIR, one file each.
host_cas() {  # DIR
    mkdir -p "$1"
    [ -f /etc/ssl/certs/ca-certificates.crt ] && command -v python3 >/dev/null || return 0
    python3 - "$1" <<'PY'
import glob, re, sys
def certs(text):
    return re.findall(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----", text, re.S)
shipped = set()
for f in glob.glob("/usr/share/ca-certificates/**/*.crt", recursive=True):
    shipped.update("".join(c.split()) for c in certs(open(f).read()))
bundle = certs(open("/etc/ssl/certs/ca-certificates.crt").read())
for i, c in enumerate(c for c in bundle if "".join(c.split()) not in shipped):
    open(f"{sys.argv[1]}/host-{i}.crt", "w").write(c + "\n")
PY
}

tree_setup() {  # TREE
    local t=$1
    printf '#!/bin/sh\nexit 101\n' >"$t/usr/sbin/policy-rc.d"
    chmod 755 "$t/usr/sbin/policy-rc.d"
    cp -L /etc/resolv.conf "$t/etc/resolv.conf"
    echo 'Acquire::Check-Valid-Until "false";' >"$t/etc/apt/apt.conf.d/99fresh-debian"
    host_cas "$t/usr/local/share/ca-certificates"
    mkdir -p "$t/usr/local/sbin"
    cat >"$t/usr/local/sbin/offline" <<'SH'
#!/bin/sh
# offline COMMAND...: COMMAND with the network off, as on Debian's build
# daemons: a network namespace of its own whose loopback is up (unshare -n
# alone leaves it down, and unit tests listen on 127.0.0.1). Needs iproute2.
exec unshare -n -- sh -c 'ip link set lo up && exec "$@"' offline "$@"
SH
    chmod 755 "$t/usr/local/sbin/offline"
}

debootstrap_installed() {
    command -v debootstrap >/dev/null 2>&1 && return 0
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
}

tree_make() {  # TREE SUITE LOG [MIRROR]
    local t=$1 suite=$2 log=$3 mirror=${4:-}
    debootstrap_installed || return 1
    tree_release "$t"
    rm -rf --one-file-system "$t"
    mkdir -p "$(dirname "$t")"
    debootstrap --variant=minbase "$suite" "$t" ${mirror:+"$mirror"} >"$log" 2>&1 || return 1
    tree_setup "$t"
}

# tree_open NAME ARG...: the options of a script that works in one tree
# (--dir DIR, --reuse, --mirror URL, --suite SUITE; -h prints the script's
# header), then the tree: $dir/$suite, new (debootstrap) unless --reuse
# finds one, set up and mounted, released when the script exits. Sets dir,
# suite, tree and tree_made (the seconds debootstrap took, or empty).
tree_open() {
    local name=$1 reuse=0 mirror="" start=$SECONDS
    shift
    dir=/var/tmp/pgbench-rs-debian
    suite=sid
    tree_made=""
    while [ $# -gt 0 ]; do
        case $1 in
            --dir) dir=$2; shift 2 ;;
            --reuse) reuse=1; shift ;;
            --mirror) mirror=$2; shift 2 ;;
            --suite) suite=$2; shift 2 ;;
            -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
            *) echo "$name: unknown argument $1" >&2; exit 2 ;;
        esac
    done
    [ "$(id -u)" = 0 ] || { echo "$name: run as root (debootstrap, chroot, mounts)" >&2; exit 1; }
    mkdir -p "$dir"
    dir=$(realpath "$dir")
    tree=$dir/$suite
    trap 'tree_release "$tree"' EXIT
    trap 'exit 130' INT TERM
    if [ $reuse = 1 ] && [ -x "$tree/usr/bin/apt-get" ]; then
        echo "$name: reusing $tree" >&2
        tree_release "$tree"
        tree_setup "$tree"
    else
        echo "$name: debootstrap --variant=minbase $suite $tree" >&2
        tree_make "$tree" "$suite" "$dir/$suite.debootstrap.log" "$mirror" ||
            { echo "$name: debootstrap failed, see $dir/$suite.debootstrap.log" >&2; exit 1; }
        tree_made=$((SECONDS - start))
    fi
    tree_mount "$tree"
}
