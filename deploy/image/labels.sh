#!/usr/bin/env bash
# The OCI labels of the worker image, one `--label=key=value` argument a line (deploy/image/build.sh passes them to
# `buildah bud`; tests/unit/test_deploy_release.py checks them):
#   org.opencontainers.image.version   the package version (pyproject.toml), as `toolmend --version` prints it
#   org.opencontainers.image.revision  the git commit built, with "-dirty" when the work tree had changes
#   org.opencontainers.image.source    SOURCE_URL if set, else [project.urls] Source (or Repository) of
#                                      pyproject.toml, else the `origin` remote when it is a network URL (its
#                                      credentials removed), else "unknown": set SOURCE_URL in a release build
# The title, description, licenses and base name are set in deploy/Dockerfile.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY="${PYTHON:-python3}"
read -r version urls < <("$PY" - <<'PYEOF'
import tomllib
p = tomllib.load(open("pyproject.toml", "rb"))["project"]
u = p.get("urls", {})
print(p["version"], u.get("Source") or u.get("Repository") or "")
PYEOF
)
revision=unknown
if git rev-parse --verify -q HEAD >/dev/null 2>&1; then
  revision="$(git rev-parse HEAD)"
  git diff --quiet HEAD -- 2>/dev/null || revision="$revision-dirty"
fi
source="${SOURCE_URL:-${urls:-}}"
if [ -z "$source" ]; then
  remote="$(git remote get-url origin 2>/dev/null || true)"
  case "$remote" in
    https://*|http://*|ssh://*|git@*) source="$(printf '%s' "$remote" | sed -E 's#://[^/@]*@#://#')" ;;
  esac
fi
printf -- '--label=org.opencontainers.image.version=%s\n' "$version"
printf -- '--label=org.opencontainers.image.revision=%s\n' "$revision"
printf -- '--label=org.opencontainers.image.source=%s\n' "${source:-unknown}"
