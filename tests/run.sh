#!/usr/bin/env bash
# Install everything into a fresh virtual environment and run the whole suite: lint, types, unit and property
# tests with the core as Python, then with the core compiled (mypyc) the same tests and the integration suite on
# the embedded Tansu broker, and the integration suite again on Apache Kafka 4.x (KRaft).
# Every service is started and stopped by the tests themselves, on free loopback ports.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${TOOLMEND_VENV:-.venv}"
PY="${PYTHON:-python3}"

step() { printf '\n==> %s\n' "$*"; }

step "virtual environment in $VENV"
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -e '.[dev]'

step "Prometheus and promtool (Debian package)"
bash deploy/prometheus/install.sh

step "Apache Kafka jars (Maven)"
bash deploy/kafka/kafka-local.sh fetch

step "ruff and mypy --strict"
"$VENV/bin/ruff" check processor tests bench setup.py
"$VENV/bin/mypy" processor

step "unit and property tests, core as Python"
TOOLMEND_NATIVE=0 "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests/unit

step "compile the core with mypyc (what the image runs)"
"$VENV/bin/python" -m processor.build_native
"$VENV/bin/python" -m processor.build_native --check

step "output identity: Python and compiled core against the recorded hashes"
TOOLMEND_NATIVE=0 "$VENV/bin/python" bench/check_outputs.py --quick
"$VENV/bin/python" bench/check_outputs.py --quick

step "unit, property and integration tests on Tansu, core compiled"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider --broker=tansu tests

step "integration tests on Apache Kafka"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider --broker=kafka -m "kafka or needs_kafka" tests/integration

step "fault-injection suite on Apache Kafka (kills, a zombie, an outage, lost state, poison records; table at the end)"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider --broker=kafka -m faults tests/integration/test_faults.py

step "deployment: Kubernetes manifests offline, the image built and run against a broker"
TOOLMEND_VENV="$VENV" bash deploy/check.sh
