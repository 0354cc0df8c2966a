#!/usr/bin/env bash
# Offline checks of deploy/k8s (no cluster): render the kustomization, validate every manifest (the rendered set
# and each file, replay-job.yaml included) against Kubernetes 1.30 and the newest schemas kubernetes-validate
# ships, in strict mode (unknown fields are errors), and check what the schemas cannot: CRDs (KEDA's
# ScaledObject, the Prometheus Operator's PodMonitor) against the objects they name, one scrape path, static
# membership. The tools are pinned in deploy/k8s/requirements.txt and installed into their own environment.
#   KUBECTL=path   use this kubectl for `kubectl kustomize` (default: the pinned one)
set -euo pipefail
cd "$(dirname "$0")/../.."
CACHE="${TOOLMEND_CACHE:-$PWD/.cache}"
VENV="$CACHE/k8s-validate-venv"
REQ=deploy/k8s/requirements.txt
if [ ! -x "$VENV/bin/python" ] || ! cmp -s "$REQ" "$VENV/requirements.txt"; then
  rm -rf "$VENV"
  "${PYTHON:-python3}" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$REQ"
  cp "$REQ" "$VENV/requirements.txt"
fi
KUBECTL="${KUBECTL:-$VENV/bin/kubectl}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$KUBECTL" kustomize deploy/k8s >"$out/rendered.yaml"
echo "rendered deploy/k8s with $("$KUBECTL" version --client 2>/dev/null | head -1)"
files=()
for f in deploy/k8s/*.yaml; do
  [ "$(basename "$f")" = kustomization.yaml ] || files+=("$f")
done
"$VENV/bin/python" deploy/k8s/check_manifests.py "$out/rendered.yaml" "${files[@]}"
