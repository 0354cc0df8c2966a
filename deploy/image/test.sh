#!/usr/bin/env bash
# Build the image (deploy/image/build.sh) and run it against a real broker: tests/image (pytest -m image) runs
# its entrypoint with `buildah run --isolation chroot` against the embedded Tansu broker on a free loopback port,
# produces events, reads the repaired topic, and checks /healthz, a graceful SIGTERM and what the image holds.
# Takes 2-3 minutes with the base root filesystem cached, about 5 without (mmdebstrap: Debian packages).
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV="${TOOLMEND_VENV:-.venv}"
start=$SECONDS
archive="$(PYTHON="$VENV/bin/python" bash deploy/image/build.sh | tail -1)"
echo "image built in $((SECONDS - start)) s: $archive"
TOOLMEND_IMAGE="$archive" "$VENV/bin/python" -m pytest -q -p no:cacheprovider -m image tests/image
echo "image built and tested in $((SECONDS - start)) s"
