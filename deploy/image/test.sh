#!/usr/bin/env bash
# Build the image (deploy/image/build.sh) and run it against a real broker: tests/image (pytest -m image) runs
# its entrypoint with `buildah run --isolation chroot` against the embedded Tansu broker on a free loopback port,
# produces events, reads the repaired topic, and checks /healthz, a graceful SIGTERM and what the image holds.
# Takes 2-3 minutes with the base root filesystem cached, about 5 without (mmdebstrap: Debian packages).
# TOOLMEND_IMAGE=archive: test that archive instead of building one (tests/run.sh builds it in the background).
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV="${TOOLMEND_VENV:-.venv}"
start=$SECONDS
if [ -n "${TOOLMEND_IMAGE:-}" ]; then  # built already (tests/run.sh builds it in the background)
  archive="$TOOLMEND_IMAGE"
  [ -f "$archive" ] || { echo "deploy/image/test.sh: TOOLMEND_IMAGE=$archive: no such archive" >&2; exit 1; }
else
  archive="$(PYTHON="$VENV/bin/python" bash deploy/image/build.sh | tail -1)"
  echo "image built in $((SECONDS - start)) s: $archive"
fi
TOOLMEND_IMAGE="$archive" "$VENV/bin/python" -m pytest -q -p no:cacheprovider -m image tests/image
echo "image built and tested in $((SECONDS - start)) s"
