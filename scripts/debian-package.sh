#!/usr/bin/env bash
# The Debian package, checked as Debian would build it: in a new Debian
# unstable tree (debootstrap, minbase) it builds the source and binary
# packages from the release tarball of HEAD (scripts/dist.sh: the one
# without vendor/, as pgbench-rs_VERSION.orig.tar.gz, with packaging/debian/
# as debian/) with dpkg-buildpackage, the network off (a network namespace
# with only the loopback, as on Debian's build daemons), against Debian's
# packaged crates with Cargo.lock removed (as dh-cargo builds: Cargo.toml's
# ranges must hold for Debian unstable's crates; the versions resolved are
# printed), the unit tests among the build's tests; runs lintian (an
# error or a warning fails); installs the .deb; runs `pgbench-rs -i` and a
# short run (with the HTML report) against the tree's PostgreSQL; and runs
# the package's autopkgtest
# (debian/tests) with autopkgtest's null runner in the tree. Ends with
# lintian's output, the autopkgtest summary and each step's time.
#
#   scripts/debian-package.sh [--dir DIR] [--reuse] [--mirror URL] [--suite SUITE]
#
# --dir DIR      where the tree goes (DIR/SUITE; default /var/tmp/pgbench-rs-debian)
# --reuse        keep a tree made by an earlier run (the sources are always new)
# --mirror URL   the Debian archive (default debootstrap's)
# --suite SUITE  default sid (Debian unstable)
#
# As root (debootstrap, chroot, mounts). DEB_BUILD_OPTIONS is passed to the
# build (nocheck skips the build's tests). Logs: DIR/SUITE.package.log.
set -euo pipefail

# In braces: bash reads the whole script before running any of it.
{
start=$SECONDS
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/debian-tree.sh"
tree_open debian-package "$@"
log() { printf 'debian-package: %s\n' "$*" >&2; }
out=$dir/$suite.package.log
: >"$out"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
debversion=$(sed -n '1s/^pgbench-rs (\(.*\)).*/\1/p' "$repo/packaging/debian/changelog")
[ "${debversion%-*}" = "$version" ] ||
    { log "packaging/debian/changelog is at $debversion, Cargo.toml at $version"; exit 1; }
mapfile -t tarballs < <(DIST_DIR="$dir/dist" "$repo/scripts/dist.sh")

times=()
status=0
[ -z "$tree_made" ] || times+=("debootstrap ${tree_made}s")
# A section of the log: what the tree_step NAME printed.
section() { awk -v s="===== $1:" 'index($0, s) == 1 {p = 1; next} /^===== / {p = 0} p' "$out"; }
# The build ran the unit tests (a selector that finds none passes with 0).
unit_tests_ran() {
    section build | awk '/^test result: ok\. [1-9]/ {n++} END {exit !n}' ||
        { log "the build ran no unit test"; return 1; }
}

# The source package's parts: the orig tarball and debian/.
build=/build
src=$build/pgbench-rs-$version
rm -rf "${tree:?}$build"
mkdir -p "$tree$build"
cp "${tarballs[0]}" "$tree$build/pgbench-rs_$version.orig.tar.gz"
tar -xzf "${tarballs[0]}" -C "$tree$build"
cp -a "$tree$src/packaging/debian" "$tree$src/debian"

apt='DEBIAN_FRONTEND=noninteractive apt-get -y -q --no-install-recommends'
smoke='set -e
pg_ctlcluster "$(ls /etc/postgresql | sort -V | tail -n 1)" main start
cd /tmp
as_pg() { runuser -u postgres -- "$@"; }
as_pg pgbench-rs -V
as_pg pgbench-rs -i -s 2 postgres
as_pg pgbench-rs -c 4 -j 2 -T 5 --report-html=/tmp/pgbench-rs-report.html postgres
grep -c "<svg" /tmp/pgbench-rs-report.html
pg_ctlcluster "$(ls /etc/postgresql | sort -V | tail -n 1)" main stop'
if tree_step tools "apt-get update -q && $apt install ca-certificates dpkg-dev lintian autopkgtest iproute2 && (update-ca-certificates || true)" &&
    tree_step build-deps "cd $src && $apt build-dep ./" &&
    tree_step build "cd $src && DEB_BUILD_OPTIONS='${DEB_BUILD_OPTIONS:-}' /usr/local/sbin/offline dpkg-buildpackage -us -uc" &&
    { [[ " ${DEB_BUILD_OPTIONS:-} " == *" nocheck "* ]] || unit_tests_ran; } &&
    { tree_step lintian "cd $build && lintian --fail-on error,warning --info --display-info --show-overrides pgbench-rs_${debversion}_*.changes" || status=1; } &&
    tree_step install "cd $build && $apt install ./pgbench-rs_${debversion}_*.deb postgresql" &&
    tree_step smoke "$smoke" &&
    tree_step autopkgtest "cd $build && autopkgtest --summary-file=$build/autopkgtest.summary ./pgbench-rs_${debversion}_*.deb $src -- null"; then
    :
else
    status=1
fi
times+=("total $((SECONDS - start))s")

echo
echo "debian-package: commit $(git -C "$repo" rev-parse HEAD), tarball $(basename "${tarballs[0]}")"
echo "== lintian:"
awk '/^===== lintian/ {p = 1; next} /^===== / {p = 0} p' "$out"
echo "== crates resolved (Debian unstable's, Cargo.lock removed):"
{ section build | sed -n 's/^ *Compiling \([^ ]*\) v\([^ ]*\).*/\1@\2/p' | grep -v '^pgbench-rs@' |
    sort -u | paste -sd' ' | fold -s -w 76 | sed 's/^/  /'; } || echo "  (none: the build did not get that far)"
echo "== autopkgtest summary:"
cat "$tree$build/autopkgtest.summary" 2>/dev/null || echo "(none)"
grep -h '^test result:' "$out" | sed 's/^/  /' || true
echo "== times: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
echo "== result: $([ $status = 0 ] && echo passed || echo failed), log: $out"
exit $status
}
