#!/usr/bin/env bash
# The RPM package, packaging/rpm/pgbench-rs.spec, checked with Debian's rpm
# and rpmlint in a Debian unstable tree (debootstrap, minbase): from the two
# release tarballs of HEAD (scripts/dist.sh) rpmbuild makes the source and
# binary RPMs with the spec and filters of the tarball, the network off
# (a network namespace with only the loopback), with --nodeps (Debian's RPM
# database is empty: neither BuildRequires nor the package's dependencies
# are checked) and no debuginfo package; rpmlint checks the spec and both
# RPMs with packaging/rpm/pgbench-rs.rpmlintrc (an error or a warning it
# does not filter fails); the binary RPM's bundled(crate()) provides must be those
# scripts/rpm-spec.sh finds in Cargo.lock; the binary RPM is installed into
# a scratch root (rpm --root DIR --nodeps -i); and the installed binary runs
# -V and the smoke set of the Debian package's autopkgtest (the test filters
# of packaging/debian/tests/integration), integration tests built from the
# same tarballs and pointed at it (PGBENCH_RS_UNDER_TEST), against servers
# they start with the tree's PostgreSQL. Ends with the binary RPM's licence
# and provides, rpmlint's output, the tests' results and each step's time.
#
#   scripts/rpm-package.sh [--dir DIR] [--reuse] [--mirror URL] [--suite SUITE]
#
# --dir DIR      where the tree goes (DIR/SUITE; default /var/tmp/pgbench-rs-debian,
#                the tree of scripts/debian-package.sh)
# --reuse        keep a tree made by an earlier run (the sources are always new)
# --mirror URL   the Debian archive (default debootstrap's)
# --suite SUITE  default sid (Debian unstable)
#
# As root (debootstrap, chroot, mounts). Log: DIR/SUITE.rpm.log; the RPMs
# stay in the tree, under /build/rpm/rpmbuild/SRPMS and RPMS.
set -euo pipefail

# In braces: bash reads the whole script before running any of it.
{
start=$SECONDS
repo=$(cd "$(dirname "$0")/.." && pwd)
. "$repo/scripts/debian-tree.sh"
tree_open rpm-package "$@"
log() { printf 'rpm-package: %s\n' "$*" >&2; }
out=$dir/$suite.rpm.log
: >"$out"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
mapfile -t tarballs < <(DIST_DIR="$dir/dist" "$repo/scripts/dist.sh")

times=()
status=0
[ -z "$tree_made" ] || times+=("debootstrap ${tree_made}s")

# rpmbuild's tree with the tarballs as its sources, and beside it the
# sources unpacked, for the spec, the filters and the smoke tests.
build=/build/rpm
top=$build/rpmbuild
src=$build/pgbench-rs-$version
root=$build/root
rm -rf "${tree:?}$build"
mkdir -p "$tree$top/SOURCES"
cp "${tarballs[@]}" "$tree$top/SOURCES/"
tar -xzf "${tarballs[0]}" -C "$tree$build"
tar -xzf "${tarballs[1]}" -C "$tree$build"
spec=$src/packaging/rpm/pgbench-rs.spec

# The autopkgtest's smoke set: the filters its `cargo test` line ends with.
smoke=$(sed -n '/cargo test --test integration/,/[^\\]$/p' "$tree$src/packaging/debian/tests/integration" |
    grep -o '[a-z_]*::' | tr '\n' ' ')
[ -n "$smoke" ] || { log "no smoke set in packaging/debian/tests/integration"; exit 1; }

apt='DEBIAN_FRONTEND=noninteractive apt-get -y -q --no-install-recommends'
vendored="--config 'source.crates-io.replace-with=\"vendored-sources\"' --config 'source.vendored-sources.directory=\"vendor\"'"
rpms="$top/SRPMS/pgbench-rs-$version-*.src.rpm $top/RPMS/*/pgbench-rs-$version-*.rpm"
rpm_bin="$top/RPMS/*/pgbench-rs-$version-*.rpm"
# rpmlint fails on an error; a warning it does not filter fails here.
lint="rpmlint -r $src/packaging/rpm/pgbench-rs.rpmlintrc $spec $rpms | tee $build/rpmlint.out; \
grep -q ' 0 errors, 0 warnings,' $build/rpmlint.out"
# What rpm-spec.sh finds linked, against what the binary RPM provides.
provides="cd $src && diff -u <(scripts/rpm-spec.sh | sed -n 's/^Provides: *//p' | sort) \
<(rpm -qp --provides $rpm_bin | grep '^bundled(crate(' | sort)"
tests="set -e
cd $src
export CARGO_HOME=$build/cargo-home CARGO_TARGET_DIR=$build/target
$root/usr/bin/pgbench-rs -V | grep -F 'pgbench-rs $version)'
PGBENCH_RS_UNDER_TEST=$root/usr/bin/pgbench-rs PGBENCH_TEST_REQUIRE_SERVER=1 \
    nice cargo test --offline --locked $vendored --test integration -- --test-threads=4 $smoke"
if tree_step tools "apt-get update -q && $apt install ca-certificates rpm rpmlint file cargo rustc gcc make pkgconf libpq-dev postgresql groff-base iproute2 python3 && (update-ca-certificates || true)" &&
    tree_step rpmbuild "cd $build && /usr/local/sbin/offline rpmbuild --define '_topdir $top' --define 'debug_package %{nil}' --nodeps -ba $spec" &&
    { tree_step rpmlint "$lint" || status=1; } &&
    tree_step provides "$provides" &&
    tree_step install "rm -rf $root && mkdir -p $root && rpm --root $root --nodeps -i $rpm_bin && rpm --root $root -V --nodeps pgbench-rs" &&
    tree_step smoke "$tests"; then
    :
else
    status=1
fi
times+=("total $((SECONDS - start))s")

echo
echo "rpm-package: commit $(git -C "$repo" rev-parse HEAD), tarballs $(basename -a "${tarballs[@]}" | paste -sd' ')"
echo "== binary RPM: $(in_tree "$tree" "ls $rpm_bin" 2>/dev/null || echo '(none)')"
in_tree "$tree" "rpm -qp --qf 'License: %{LICENSE}\n' $rpm_bin && rpm -qp --provides $rpm_bin" 2>/dev/null |
    sed 's/^/  /' || true
section() { awk -v s="===== $1:" 'index($0, s) == 1 {p = 1; next} /^===== / {p = 0} p' "$out"; }
echo "== rpmlint:"
section rpmlint
echo "== %check, the unit tests:"
section rpmbuild | grep '^test result:' | sed 's/^/  /' || true
echo "== the installed binary, and the smoke set ($smoke) against it:"
section smoke | grep "^pgbench (PostgreSQL) .*(pgbench-rs $version)$\|^test result:\|^harness:" |
    sed 's/^/  /' || true
echo "== times: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g')"
echo "== result: $([ $status = 0 ] && echo passed || echo failed), log: $out"
exit $status
}
