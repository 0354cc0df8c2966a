#!/usr/bin/env bash
# Install everything and run the whole suite, as CI does (.ci/run):
#   1. lint and types;
#   2. an editable install (the core as Python): the unit and property tests, and the output identity check;
#   3. the compiled wheel, built the one way there is (TOOLMEND_COMPILE=1 pip wheel: mypyc through setup.py) and
#      installed into a second virtual environment: the output identity check, unit, property and integration
#      tests on the embedded Tansu broker, then the integration tests on Apache Kafka 4.x (KRaft);
#   4. the deployment: Kubernetes manifests offline, and the image built with that same wheel file and run.
# Each pytest run knows which core it must test (TOOLMEND_EXPECT_CORE; tests/conftest.py stops the run if the
# other one is imported) and fails on any skip not in tests/skips_allowed.txt (the summary prints the count).
# Every service is started and stopped by the tests themselves, on free loopback ports.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${TOOLMEND_VENV:-.venv}"                    # editable install: the core as Python
CVENV="${TOOLMEND_COMPILED_VENV:-.venv-compiled}" # the compiled wheel, as the image installs it
PY="${PYTHON:-python3}"
export CI="${CI:-1}"  # tests/support/{prometheus,chromium}.py: a missing prometheus or chromium fails, not skips
PYTEST=(-q -p no:cacheprovider -rfE)
UNIT=(-n 2)  # pytest-xdist: unit and property tests share no service, two workers halve their time

step() { printf '\n==> [%ds] %s\n' "$SECONDS" "$*"; }

step "virtual environment in $VENV (editable: the core as Python)"
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -e '.[dev]'

step "Prometheus and promtool (Debian package)"
bash deploy/prometheus/install.sh

step "Chromium, headless (Debian package): the report page tests"
bash tests/support/install_chromium.sh

step "Apache Kafka jars (Maven)"
bash deploy/kafka/kafka-local.sh fetch

step "ruff and mypy --strict"
"$VENV/bin/ruff" check processor tests bench setup.py
"$VENV/bin/mypy" processor tests/support/oracle.py

step "unit and property tests, core as Python"
TOOLMEND_EXPECT_CORE=python "$VENV/bin/pytest" "${PYTEST[@]}" "${UNIT[@]}" tests/unit

step "output identity, core as Python, against the recorded hashes"
TOOLMEND_EXPECT_CORE=python "$VENV/bin/python" bench/check_outputs.py --quick

step "the compiled wheel: TOOLMEND_COMPILE=1 pip wheel (mypyc; the wheel the image installs)"
rm -rf build dist  # setuptools' build/ would carry modules deleted since into the wheel
TOOLMEND_COMPILE=1 "$VENV/bin/python" -m pip wheel -q --no-deps -w dist .
WHEEL="$(ls dist/toolmend-*.whl)"
echo "$WHEEL"

step "virtual environment in $CVENV: the compiled wheel and the test requirements"
[ -x "$CVENV/bin/python" ] || "$PY" -m venv "$CVENV"
"$CVENV/bin/python" -m pip install -q --upgrade pip
"$CVENV/bin/python" -m pip install -q "$WHEEL[test]"
"$CVENV/bin/python" -m pip install -q --force-reinstall --no-deps "$WHEEL"  # same version: the new build wins

# From here on the checkout must not shadow the installed package: `pytest` (not `python -m pytest`) and
# --import-mode=append (pyproject.toml) put the checkout last on sys.path, PYTHONSAFEPATH keeps it out of the
# `python -m processor.shell.cli` workers the tests start; bench scripts run by path (their own folder first).
export TOOLMEND_EXPECT_CORE=compiled

step "output identity, core compiled, against the recorded hashes"
"$CVENV/bin/python" bench/check_outputs.py --quick

step "unit and property tests, core compiled"
PYTHONSAFEPATH=1 "$CVENV/bin/pytest" "${PYTEST[@]}" "${UNIT[@]}" tests/unit

step "integration tests on Tansu, core compiled (the fault suite runs on Apache Kafka below)"
PYTHONSAFEPATH=1 "$CVENV/bin/pytest" "${PYTEST[@]}" --broker=tansu -m "not faults" tests/integration

step "integration tests on Apache Kafka, core compiled"
PYTHONSAFEPATH=1 "$CVENV/bin/pytest" "${PYTEST[@]}" --broker=kafka -m "(kafka or needs_kafka) and not faults" tests/integration

step "fault-injection suite on Apache Kafka, core compiled (kills, a zombie, an outage, lost state, poison records; table at the end)"
PYTHONSAFEPATH=1 "$CVENV/bin/pytest" "${PYTEST[@]}" --broker=kafka -m faults tests/integration/test_faults.py

step "deployment: Kubernetes manifests offline, the image (with the wheel tested above) built and run against a broker"
# the image tests' pytest runs in $VENV (the image is what they test; in-process, the core is the checkout's)
TOOLMEND_EXPECT_CORE=python WHEEL="$WHEEL" TOOLMEND_VENV="$VENV" bash deploy/check.sh

step "done: every stage passed"
