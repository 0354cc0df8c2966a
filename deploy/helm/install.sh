#!/usr/bin/env bash
# helm, built from its Go module into $TOOLMEND_CACHE/helm/bin once (about 5 CPU-minutes; then cached): what
# deploy/k8s/validate.sh renders the chart with. Prints the binary's path.
#   HELM_VERSION=v4.x.y   another release of helm.sh/helm/v4
set -euo pipefail
cd "$(dirname "$0")/../.."
CACHE="${TOOLMEND_CACHE:-$PWD/.cache}"
VERSION="${HELM_VERSION:-v4.3.2}"
BIN="$CACHE/helm/$VERSION/bin"
if [ ! -x "$BIN/helm" ]; then
  command -v go >/dev/null || { echo "deploy/helm/install.sh: Go is needed to build helm (or set HELM=path)" >&2; exit 1; }
  echo "building helm $VERSION from its Go module into $BIN (once)" >&2
  GOBIN="$BIN" GOFLAGS=-mod=mod go install "helm.sh/helm/v4/cmd/helm@$VERSION" >&2
fi
echo "$BIN/helm"
