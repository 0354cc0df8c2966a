#!/usr/bin/env bash
# What deploy/k8s/validate.sh renders and lints the chart with, built from Go modules into $TOOLMEND_CACHE once
# (then cached). Prints the binary's path.
#   (default)  the chart renderer of deploy/helm/render: `helm template` and `helm lint` of helm v4.3.2, built
#              from helm's own packages without the Kubernetes client (about 60 CPU-seconds on a cold Go cache)
#   --cli      the full helm CLI, `go install helm.sh/helm/v4/cmd/helm` (about 330 CPU-seconds on a cold cache);
#              HELM_VERSION=v4.x.y: another release. deploy/helm/render/record.sh records its output with it.
set -euo pipefail
cd "$(dirname "$0")/../.."
CACHE="${TOOLMEND_CACHE:-$PWD/.cache}"
command -v go >/dev/null || { echo "deploy/helm/install.sh: Go is needed to build helm (or set HELM=path)" >&2; exit 1; }
if [ "${1:-}" = --cli ]; then
  VERSION="${HELM_VERSION:-v4.3.2}"
  BIN="$CACHE/helm/$VERSION/bin"
  if [ ! -x "$BIN/helm" ]; then
    echo "building helm $VERSION from its Go module into $BIN (once)" >&2
    GOBIN="$BIN" GOFLAGS=-mod=mod go install "helm.sh/helm/v4/cmd/helm@$VERSION" >&2
  fi
  echo "$BIN/helm"
  exit 0
fi
[ $# = 0 ] || { echo "usage: deploy/helm/install.sh [--cli]" >&2; exit 2; }
SRC=deploy/helm/render
# the build is keyed by the renderer's sources: a change to them builds it anew
KEY="$(cd "$SRC" && find go.mod go.sum main.go overlay -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-12)"
BIN="$CACHE/helm/render-$KEY/helm"
if [ ! -x "$BIN" ]; then
  echo "building the chart renderer ($SRC, helm v4.3.2's packages) into $(dirname "$BIN") (once)" >&2
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  cp "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" "$work/"
  # helm's module as go.sum pins it, with the files of overlay/ in place of helm's own (main.go says why)
  dir="$(cd "$work" && go mod download -json helm.sh/helm/v4 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -d "$dir" ] || { echo "deploy/helm/install.sh: helm.sh/helm/v4 was not downloaded" >&2; exit 1; }
  cp -r "$dir" "$work/helm"
  chmod -R u+w "$work/helm"
  cp -r "$SRC/overlay/." "$work/helm/"
  (
    cd "$work"
    go mod edit -replace helm.sh/helm/v4=./helm
    # its speed does not matter (a few renders): no optimisation or inlining, no symbols, no cgo
    CGO_ENABLED=0 GOFLAGS=-mod=readonly go build -trimpath -gcflags='all=-N -l' -ldflags='-s -w' -o bin/helm .
  ) >&2
  mkdir -p "$(dirname "$BIN")"
  mv "$work/bin/helm" "$BIN.tmp"
  mv "$BIN.tmp" "$BIN"
fi
echo "$BIN"
