#!/usr/bin/env bash
# Build the worker image from deploy/Dockerfile where no base-image registry is reachable (this repository's CI):
#   1. mmdebstrap: a Debian bookworm root filesystem with Python 3.11 from Debian's packages (cached);
#   2. buildah: that tree becomes the base image, referred to by its digest (BASE=...@sha256:...);
#   3. the toolmend wheel (and its dependencies' wheels: its worker and otlp extras, the versions of
#      requirements/lock.txt) into dist/wheels;
#   4. buildah bud deploy/Dockerfile --build-arg BASE=<digest> (chroot isolation: no daemon, no runtime);
#   5. an OCI archive, loadable with `skopeo copy oci-archive:... docker-daemon:...`, `podman load` or pushed to
#      a registry with `buildah push`.
# Elsewhere, build the same Dockerfile on a Python 3.11 bookworm image pinned by digest (README, Deploy).
#
# Usage: deploy/image/build.sh            environment:
#   COMPILE=1            compile the core with mypyc into the wheel (TOOLMEND_COMPILE=1 pip wheel .); default 0
#   WHEEL=path           install this toolmend wheel (e.g. the compiled one tests/run.sh built and tested)
#                        instead of building one; its dependencies are still fetched as wheels
#   IMAGE_DIR            output and buildah's storage while it runs (default build/image, gitignored)
#   TOOLMEND_IMAGE_CACHE where the base root filesystem is cached (default ~/.cache/toolmend-image: outside the
#                        checkout, so a fresh clone on the same machine reuses it)
#   BASE_MAX_AGE_DAYS    rebuild the cached root filesystem when older (default 7: security updates)
#   DEBIAN_MIRROR        a mirror URI or sources.list line for mmdebstrap (default: its own, with updates
#                        and security)
#   SOURCE_URL           the org.opencontainers.image.source label (default: deploy/image/labels.sh)
#   PYTHON               the Python that builds the wheels (default python3; 3.11 on linux x86_64 so that the
#                        dependencies' binary wheels fit the image)
# Prints the OCI archive's path last. Needs root (mmdebstrap's root mode, buildah's vfs storage).
set -euo pipefail
if [ -n "${WHEEL:-}" ]; then WHEEL="$(realpath "$WHEEL")"; fi
cd "$(dirname "$0")/../.."
REPO="$PWD"
OUT="${IMAGE_DIR:-build/image}"
CACHE="${TOOLMEND_IMAGE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/toolmend-image}"
COMPILE="${COMPILE:-0}"
PY="${PYTHON:-python3}"
MAX_AGE="${BASE_MAX_AGE_DAYS:-7}"
LOCK=requirements/lock.txt  # the dependencies' exact versions, as CI tests them (tools/lock.py)
EXTRAS="${EXTRAS:-worker,otlp,librdkafka}"
SUITE=bookworm
VERSION="$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
NAME="localhost/toolmend:$VERSION"
mkdir -p "$OUT" "$CACHE"
OUT="$(cd "$OUT" && pwd)"
# a storage of its own, new each time (vfs: plain copies, no overlay mounts, works in any container or VM)
B=(buildah --storage-driver vfs --root "$OUT/storage" --runroot "$OUT/run")
rm -rf "$OUT/storage" "$OUT/run"
trap 'rm -rf "$OUT/storage" "$OUT/run"' EXIT

t0=$SECONDS
step() { printf '==> [%3ss] %s\n' "$((SECONDS - t0))" "$*" >&2; }

if ! command -v mmdebstrap >/dev/null || ! command -v buildah >/dev/null; then
  step "installing mmdebstrap and buildah (Debian packages)"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q mmdebstrap buildah >/dev/null
fi

# 1. the root filesystem: minbase + python3 (3.11 in bookworm) + venv (ensurepip) + CA certificates (SASL_SSL)
ROOTFS="$CACHE/rootfs-$SUITE.tar"
if [ -f "$ROOTFS" ] && [ -z "$(find "$ROOTFS" -mtime +"$MAX_AGE")" ]; then
  step "base root filesystem: cached $ROOTFS"
else
  step "base root filesystem: mmdebstrap $SUITE (python3, python3-venv, ca-certificates)"
  mirrors=()
  [ -n "${DEBIAN_MIRROR:-}" ] && mirrors=("$DEBIAN_MIRROR")
  # mmdebstrap picks its output format from the name: the partial file must end in .tar too (a `.tar.part`
  # target became a directory, which the cache check never found and the next run could not move)
  PART="$CACHE/rootfs-$SUITE.part.tar"
  rm -rf "$PART" "$ROOTFS.part" "$ROOTFS"
  mmdebstrap --variant=minbase --include=python3,python3-venv,ca-certificates \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    "$SUITE" "$PART" "${mirrors[@]}" >"$OUT/mmdebstrap.log" 2>&1 \
    || { tail -20 "$OUT/mmdebstrap.log" >&2; exit 1; }
  mv "$PART" "$ROOTFS"
fi

# 2. the base image, then its digest: the Dockerfile is built on exactly this tree
step "base image from the root filesystem"
ctr="$("${B[@]}" from scratch)"
"${B[@]}" add "$ctr" "$ROOTFS" / >/dev/null
"${B[@]}" config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env LANG=C.UTF-8 \
  --cmd /bin/bash --label org.opencontainers.image.description="Debian $SUITE minbase with python3" "$ctr"
"${B[@]}" commit -q --rm --timestamp 0 "$ctr" "localhost/toolmend-base:$SUITE" >/dev/null
base_digest="$("${B[@]}" images --digests --format '{{.Digest}}' "localhost/toolmend-base:$SUITE" | head -1)"
BASE="localhost/toolmend-base@$base_digest"
echo "$BASE" >"$OUT/base.ref"

# 3. the wheels: toolmend's and every dependency's (the worker and otlp extras, at the lock's versions), so the
#    image build needs no index (PIP_NO_INDEX=1)
rm -rf dist/wheels
if [ -n "${WHEEL:-}" ]; then
  step "wheels into dist/wheels: $(basename "$WHEEL") and its dependencies"
  "$PY" -m pip wheel -q --disable-pip-version-check "$WHEEL[$EXTRAS]" -c "$LOCK" -w dist/wheels
elif [ "$COMPILE" = 1 ]; then
  step "wheels into dist/wheels (the core compiled)"
  TOOLMEND_COMPILE=1 "$PY" -m pip wheel -q --disable-pip-version-check ".[$EXTRAS]" -c "$LOCK" -w dist/wheels
else
  step "wheels into dist/wheels (pure Python; COMPILE=1 for the compiled core)"
  TOOLMEND_COMPILE=0 "$PY" -m pip wheel -q --disable-pip-version-check ".[$EXTRAS]" -c "$LOCK" -w dist/wheels
fi

# 4. the image, labelled with its version, git revision and source (deploy/image/labels.sh)
mapfile -t labels < <(PYTHON="$PY" bash deploy/image/labels.sh)
step "buildah bud deploy/Dockerfile on $BASE (${labels[*]#--label=org.opencontainers.image.})"
"${B[@]}" bud -q --isolation chroot --layers=false -f deploy/Dockerfile "${labels[@]}" \
  --build-arg BASE="$BASE" --build-arg PIP_NO_INDEX=1 -t "$NAME" . >/dev/null

# 5. the OCI archive
ARCHIVE="$OUT/toolmend-$VERSION.oci.tar"
step "OCI archive $ARCHIVE"
rm -f "$ARCHIVE"
"${B[@]}" push -q --digestfile "$OUT/image.digest" "$NAME" "oci-archive:$ARCHIVE:toolmend:$VERSION"
size="$("${B[@]}" images --format '{{.Size}}' "$NAME" | head -1)"
step "done: $NAME ($size unpacked, archive $(du -m "$ARCHIVE" | cut -f1) MB, $(cat "$OUT/image.digest")) on $BASE"
echo "$ARCHIVE"
