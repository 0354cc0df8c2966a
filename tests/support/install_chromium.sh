#!/usr/bin/env bash
# Install Debian's `chromium` for the report page tests (tests/integration/test_backfill.py), as
# deploy/prometheus/install.sh installs prometheus. Idempotent: does nothing when chromium is on PATH. Needs root.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
    echo "install_chromium.sh: chromium already installed ($(chromium --version 2>/dev/null | head -n1))"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install_chromium.sh: must run as root to apt-get install chromium" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium >/dev/null
echo "install_chromium.sh: installed $(chromium --version 2>/dev/null | head -n1)"
