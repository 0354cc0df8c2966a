#!/usr/bin/env bash
# The chart renderer (deploy/helm/render) against helm itself: what it prints for deploy/helm/toolmend (the
# values.yaml, each values-*.yaml, one --set) and for a chart that prints the default Capabilities must be, byte
# for byte, what helm v4.3.2 printed (recorded in testdata/); `lint --strict` must pass the chart as helm's did.
#   bash deploy/helm/render/check.sh            the renderer (deploy/helm/install.sh; HELM=path: that one) checked
#   bash deploy/helm/render/check.sh --record   testdata/ written anew by the full helm CLI (deploy/helm/install.sh
#                                               --cli, about 330 CPU-seconds once; HELM=path: that one): after a
#                                               change to the chart, review the diff and commit it
set -euo pipefail
cd "$(dirname "$0")/../../.."
DATA=deploy/helm/render/testdata
chart=deploy/helm/toolmend
if [ "${1:-}" = --record ]; then
  HELM="${HELM:-$(bash deploy/helm/install.sh --cli)}"
else
  [ $# = 0 ] || { echo "usage: deploy/helm/render/check.sh [--record]" >&2; exit 2; }
  HELM="${HELM:-$(bash deploy/helm/install.sh)}"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
out="$tmp/out"
mkdir "$out"
# a chart whose one template prints what helm gives every template besides the values
mkdir -p "$tmp/capabilities/templates"
printf 'apiVersion: v2\nname: capabilities\nversion: 0.1.0\n' >"$tmp/capabilities/Chart.yaml"
cat >"$tmp/capabilities/templates/capabilities.yaml" <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}
  namespace: {{ .Release.Namespace }}
data:
  release: {{ omit .Release "Name" "Namespace" | toJson | quote }}
  chart: {{ .Chart | toJson | quote }}
  kubeVersion: {{ .Capabilities.KubeVersion.Version | quote }}
  kubeMinor: {{ .Capabilities.KubeVersion.Minor | quote }}
  helmVersion: {{ .Capabilities.HelmVersion.Version | quote }}
  kubeClientVersion: {{ .Capabilities.HelmVersion.KubeClientVersion | quote }}
  apiVersions: |
    {{- range .Capabilities.APIVersions }}
    {{ . }}
    {{- end }}
EOF
"$HELM" template capabilities "$tmp/capabilities" >"$out/capabilities.yaml"
"$HELM" template toolmend "$chart" >"$out/base.yaml"
for values in "$chart"/values-*.yaml; do
  n="$(basename "$values" .yaml)"
  "$HELM" template toolmend "$chart" -f "$values" >"$out/$n.yaml"
done
"$HELM" template toolmend "$chart" --set settings.TOOLMEND_LABEL_CAP=51 >"$out/set.yaml"
"$HELM" lint --strict "$chart" >"$out/lint.txt"
if [ "${1:-}" = --record ]; then
  rm -rf "$DATA"
  mkdir -p "$DATA"
  cp "$out"/*.yaml "$out"/lint.txt "$DATA/"
  echo "recorded $(ls "$DATA" | wc -l) files into $DATA with $("$HELM" version --short)"
  exit 0
fi
[ -d "$DATA" ] || { echo "check.sh: nothing recorded in $DATA (check.sh --record)" >&2; exit 1; }
diff -u <(cd "$DATA" && ls) <(cd "$out" && ls) || { echo "check.sh: another set of cases than recorded" >&2; exit 1; }
for f in "$DATA"/*; do
  if ! cmp -s "$f" "$out/$(basename "$f")"; then
    diff -u "$f" "$out/$(basename "$f")" | head -40 >&2 || true
    echo "check.sh: $(basename "$f") differs from what helm printed (changed the chart? check.sh --record)" >&2
    exit 1
  fi
done
echo "the renderer prints what helm v4.3.2 printed: $(ls "$DATA" | wc -l) cases identical byte for byte"
