#!/usr/bin/env bash
# The deployment checks (one step of tests/run.sh): the Kubernetes manifests offline, then the image built and run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/k8s/validate.sh
bash deploy/image/test.sh
