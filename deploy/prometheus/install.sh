#!/usr/bin/env bash
# Install Debian's `prometheus` package (it ships both `prometheus` and `promtool`) for the rule tests and the
# Prometheus proof test, without ever leaving the packaged service running.
#
# Idempotent: does nothing when both binaries are already on PATH. Needs root (CI and the dev machines run as
# root). The package's maintainer scripts try to start a daemon on :9090 through invoke-rc.d (or systemd);
# a temporary policy-rc.d forbids that, and any daemon that still got started is stopped and disabled, so the
# tests, which start their own Prometheus on a free loopback port, never clash with it.
set -euo pipefail

if command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1; then
    echo "install.sh: prometheus and promtool already installed ($(prometheus --version 2>&1 | head -n1))"
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: must run as root to apt-get install prometheus" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive

# Forbid service starts during the install (invoke-rc.d honours policy-rc.d; exit 101 = action forbidden).
policy=/usr/sbin/policy-rc.d
created_policy=0
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 0755 "$policy"
    created_policy=1
fi
cleanup() {
    if [ "$created_policy" -eq 1 ]; then
        rm -f "$policy"
    fi
}
trap cleanup EXIT

apt-get update -qq
# --no-install-recommends: the recommended prometheus-node-exporter would be one more daemon (:9100).
apt-get install -y -qq --no-install-recommends prometheus >/dev/null

# Belt and braces: if a packaged daemon was started anyway (e.g. systemd running as PID 1), stop it and keep
# it from coming back. Only the packaged service is touched, through its own service manager.
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    systemctl disable --now prometheus.service >/dev/null 2>&1 || true
elif [ -x /etc/init.d/prometheus ]; then
    /etc/init.d/prometheus stop >/dev/null 2>&1 || true
    if command -v update-rc.d >/dev/null 2>&1; then
        update-rc.d prometheus disable >/dev/null 2>&1 || true
    fi
fi

command -v prometheus >/dev/null && command -v promtool >/dev/null
echo "install.sh: installed $(prometheus --version 2>&1 | head -n1)"
