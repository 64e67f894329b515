#!/usr/bin/env bash
# Installs the Python packages of tests/tools/requirements.txt into
# target/pytools (PYTHONPATH for tests/tools/check_report.py), with the
# python3 on PATH; idempotent. Needs pip (installed with apt-get as root when
# missing) and the package index.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dest=$root/target/pytools
req=$root/tests/tools/requirements.txt
stamp=$dest/.installed
if [ -f "$stamp" ] && cmp -s "$stamp" "$req"; then
    exit 0
fi
if ! python3 -m pip --version >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing: python3-pip" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-pip >/dev/null
    else
        echo "pytools.sh: python3 has no pip; install it (Debian: python3-pip)" >&2
        exit 1
    fi
fi
rm -rf "$dest"
mkdir -p "$dest"
python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location \
    --root-user-action=ignore --target "$dest" -r "$req" 2>/dev/null ||
    python3 -m pip install --quiet --disable-pip-version-check --target "$dest" -r "$req"
cp "$req" "$stamp"
echo "pytools.sh: installed $(grep -v '^#' "$req" | tr '\n' ' ')into $dest" >&2
