# Functions for the scripts that work in Debian trees made with debootstrap
# (scripts/fresh-debian.sh, scripts/cross-arch.sh): sourced, not run. As
# root. A tree is a mount point of its own, with /proc, /sys, /dev and
# /dev/pts bind-mounted and a tmpfs on /dev/shm, as PostgreSQL needs; its
# packages never start services (policy-rc.d) and a dated copy of the
# archive is accepted.

# Unmount everything at or below $1, deepest first.
umount_below() {
    local d m
    d=$(realpath -m "$1")
    awk -v d="$d" '$2 == d || index($2, d "/") == 1 {print $2}' /proc/self/mounts | sort -r |
        while read -r m; do umount "$m" 2>/dev/null || umount -l "$m"; done
}

# End the processes whose root is the tree (servers or helpers a failed
# step left behind), then unmount it.
release_tree() {  # TREE
    local tree=$1 p pids=()
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

mount_tree() {  # TREE
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

# Runs a command in the tree as root, in a login-like clean environment.
in_tree() {  # TREE COMMAND
    chroot "$1" /usr/bin/env -i HOME=/root USER=root LOGNAME=root TERM=dumb \
        LANG=C.UTF-8 PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "$2"
}

# Writes the certificates of the host's bundle that Debian's ca-certificates
# does not ship into DIR, one file each.
host_cas() {  # DIR
    mkdir -p "$1"
    [ -f /etc/ssl/certs/ca-certificates.crt ] || return 0
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

# Prepares a tree made by debootstrap for work in it: no service starts,
# the host's name servers and certificate authorities (a TLS proxy's, say),
# and a dated copy of the archive, whose Release files' Valid-Until (sid's)
# has passed, is accepted (signatures are still checked). NAME names the
# apt configuration file.
prepare_tree() {  # TREE NAME
    local tree=$1
    printf '#!/bin/sh\nexit 101\n' >"$tree/usr/sbin/policy-rc.d"
    chmod 755 "$tree/usr/sbin/policy-rc.d"
    cp -L /etc/resolv.conf "$tree/etc/resolv.conf"
    echo 'Acquire::Check-Valid-Until "false";' >"$tree/etc/apt/apt.conf.d/99$2"
    host_cas "$tree/usr/local/share/ca-certificates"
}
