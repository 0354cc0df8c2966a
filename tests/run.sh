#!/usr/bin/env bash
# The whole suite, as CI runs it (.ci/run), in stages; a table of the stages, their durations and budgets at the end.
#
#   bash tests/run.sh                  every stage, from a fresh virtual environment up (what CI runs)
#   bash tests/run.sh STAGE [STAGE…]   those stages only, with the installs they need first
#   bash tests/run.sh --list           the stages, their budgets and what each one runs
#
# What each stage tests, and why the core as Python gets a narrow pass. Only processor/core is compiled (mypyc,
# setup.py); the compiled wheel is what the image installs, so the full unit, property and integration suites
# run against it. Both builds run the same sources: a unit or property test that passes on the compiled core
# cannot fail on the interpreted one for any reason but mypyc's semantics, and those are stricter when compiled
# (native classes, runtime type checks), so a second full pass on the interpreted core repeats the compiled one's
# verdict. What only the interpreted core can show is (a) that both cores write the same bytes: check_outputs
# on the Python core against the recorded hashes (the compiled core is held to the same hashes); (b) that the
# editable install a developer and a library user run from works: the core it imports is the checkout's sources,
# its version and entry point come from the installed metadata. No unit test patches the core's internals (a
# patch that only the interpreted core would honour), so nothing else needs the interpreted core.
#
# Every pytest stage runs with --durations=25 (the slowest tests), strict markers and config (pyproject.toml);
# the broker stages run on two pytest-xdist workers, each with its own broker (a session fixture is one per
# worker), every test on its own topics, group ids, ports and files. Each pytest run knows which core it must
# test (TOOLMEND_EXPECT_CORE: tests/conftest.py stops the run if the other one is imported) and fails on any
# skip not in tests/skips_allowed.txt (the summary prints the count); a stage in which no test ran fails.
#
# What runs at once in a full run (CI's machine has 2 cores): the wheel's compiler (one process) from the start,
# beside venv, tools, lint, python and stack on the other core; the manifests stage niced in the background from
# the start (it first builds the chart renderer, helm's packages without the Kubernetes client, on a cold cache:
# ~60 CPU-seconds; the full helm CLI took ~330, which had filled the idle CPU the broker stages leave); the Tansu
# stage and the librdkafka subset beside the Apache Kafka stage, each pytest run on its own share of the test ports
# (TOOLMEND_TEST_PORTS); the image built, niced, from then on, and tested at the end. The unit stage and outputs
# use both cores and run alone; so do the faults,
# whose cases pause members past short session and transaction timeouts.
#
# Budgets: each stage has one; a stage over it is marked OVER BUDGET in the table, which does not fail the run
# (timing depends on the machine's other load: a timed failure would be a flaky test). The whole run is held to
# 20 minutes (TOOLMEND_SUITE_BUDGET) and FAILS only over its hard ceiling (TOOLMEND_SUITE_CEILING, 30 minutes):
# ten stages' load noise does not add half again to their sum, a new slow test or a stage that lost its
# parallelism does; and the ceiling fires well inside CI's 90-minute limit, so the table is printed, not killed.
# Figures: bench/results/suite_time.json. Every service is started and stopped by the tests themselves, on free
# loopback ports.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${TOOLMEND_VENV:-.venv}"                    # editable install: the core as Python
CVENV="${TOOLMEND_COMPILED_VENV:-.venv-compiled}" # the compiled wheel, as the image installs it
PY="${PYTHON:-python3}"
LOCK=requirements/lock.txt                        # the exact set every install takes (tools/lock.py writes it)
UV_DIR=.uv                                        # the lock's uv, which the suite installs with (ensure_uv)
UV="$UV_DIR/bin/uv"
export CI="${CI:-1}"  # tests/support/{prometheus,chromium}.py: a missing prometheus or chromium fails, not skips
BUDGET_TOTAL="${TOOLMEND_SUITE_BUDGET:-1200}"
CEILING="${TOOLMEND_SUITE_CEILING:-1800}"
PYTEST=(-q -p no:cacheprovider -rfE --durations=25)
XDIST=(-n 2 --dist loadgroup)   # unit and property tests: as below, a module with a module-scoped fixture (the engine's
                                # passes over the labelled conversations, a Prometheus, recorded spans) is one work unit
# broker stages: the tests of a module with a module-scoped service (a SASL broker, a Prometheus stack, a
# backfill) are one work unit, so it starts once; every other test is a unit of its own for whichever worker is
# free (tests/support/module_groups.py: xdist's own loadgroup does not group under pytest 9.2, pytest-xdist#1386)
BROKER_XDIST=(-n 2 --dist loadgroup)

# name|budget seconds|dependencies|what it runs
STAGES=(
  "venv|90||virtual environment $VENV, editable install (the core as Python)"
  "tools|60||Prometheus and promtool, headless Chromium (Debian), Apache Kafka jars (Maven) and their CDS archive"
  "lint|60|venv|ruff, mypy --strict"
  "python|60|venv|the core as Python: output identity against the recorded hashes; the editable install's own tests"
  "wheel|180||the compiled wheel (TOOLMEND_COMPILE=1 uv build: mypyc), installed into $CVENV"
  "outputs|30|wheel|the core compiled: output identity against the recorded hashes"
  "unit|210|wheel tools|unit and property tests, core compiled (2 workers)"
  "tansu|210|wheel tools|integration tests on Tansu, core compiled (2 workers)"
  "rdkafka|90|wheel tools|the librdkafka transport on Tansu: the worker, a SIGKILL, a rebalance, OTLP (all: pytest --client=librdkafka)"
  "kafka|210|wheel tools|integration tests on Apache Kafka 4.x, core compiled (2 workers)"
  "faults|300|wheel tools|fault-injection suite on Apache Kafka, core compiled (2 workers; table of cases at the end)"
  "manifests|45||Kubernetes manifests and the Helm chart rendered and validated offline, the chart renderer against helm's recorded output (in a full run: in the background from the start, after the renderer is built)"
  "stack|90|venv|sdist and wheel (python -m build, twine check); the library, no extra, beside a current agent stack and on its ranges' oldest versions"
  "image|120|venv wheel|the image built with the tested wheel (in a full run: in the background from the kafka stage on), run against a broker"
)
ORDER=()
declare -A BUDGET DEPS WHAT
for spec in "${STAGES[@]}"; do
  IFS='|' read -r name budget deps what <<<"$spec"
  ORDER+=("$name"); BUDGET[$name]=$budget; DEPS[$name]=$deps; WHAT[$name]=$what
done

usage() {
  echo "usage: bash tests/run.sh [--list] [STAGE ...]   (no stage: all of them, as CI)"
  echo "stages: ${ORDER[*]}"
}

list() {
  printf '%-10s %7s  %-12s %s\n' stage budget needs runs
  for s in "${ORDER[@]}"; do printf '%-10s %6ss  %-12s %s\n' "$s" "${BUDGET[$s]}" "${DEPS[$s]:--}" "${WHAT[$s]}"; done
  local sum=0; for s in "${ORDER[@]}"; do sum=$((sum + BUDGET[$s])); done
  echo "sum of the budgets ${sum}s (some stages overlap in a full run); the whole run: budget ${BUDGET_TOTAL}s, hard ceiling ${CEILING}s"
}

# -- which stages --------------------------------------------------------------------------------------------------
FULL=1
declare -A WANT
if [ $# -gt 0 ]; then
  case "$1" in
    --list) list; exit 0 ;;
    -h|--help) usage; exit 0 ;;
  esac
  FULL=0
  add() {  # a stage and, first, what it needs
    local s=$1 d
    [ -n "${BUDGET[$s]:-}" ] || { echo "tests/run.sh: no stage named '$s'" >&2; usage >&2; exit 2; }
    for d in ${DEPS[$s]}; do add "$d"; done
    WANT[$s]=1
  }
  for s in "$@"; do add "$s"; done
else
  for s in "${ORDER[@]}"; do WANT[$s]=1; done
fi

# -- the table -------------------------------------------------------------------------------------------------
LOGS="$(mktemp -d "${TMPDIR:-/tmp}/toolmend-suite.XXXXXX")"
declare -A SECS STATUS NOTE CPU BGPID BGT0 JOBPID
RAN=()
CURRENT=""
START=$SECONDS
LOAD0="$(cut -d' ' -f1-3 /proc/loadavg)"

stage_begin() { CURRENT=$1; RAN+=("$1"); STATUS[$1]=running; printf '\n==> [%ds] %s: %s\n' "$((SECONDS - START))" "$1" "${WHAT[$1]}"; }
stage_end() { STATUS[$1]=${2:-passed}; CURRENT=""; }

table() {
  local rc=$1 s total=$((SECONDS - START)) passed=0 failed=0 over=0 sum=0 mark
  printf '\n%s\n' "============================== stage table (seconds; budget per stage) =============================="
  printf '%-10s %7s %7s %5s  %-8s %s\n' stage seconds budget cpu status tests
  for s in "${RAN[@]}"; do
    mark=""
    if [ "${SECS[$s]:-0}" -gt "${BUDGET[$s]}" ]; then mark="  OVER BUDGET (+$((SECS[$s] - BUDGET[$s]))s)"; over=$((over + 1)); fi
    printf '%-10s %7s %7s %5s  %-8s %s%s\n' "$s" "${SECS[$s]:-?}" "${BUDGET[$s]}" "${CPU[$s]:-?}" "${STATUS[$s]}" \
      "${NOTE[$s]:-}" "$mark"
    case "${STATUS[$s]}" in FAILED) failed=$((failed + 1)) ;; *) passed=$((passed + 1)) ;; esac
    sum=$((sum + BUDGET[$s]))
  done
  local budget=$sum; [ $FULL = 1 ] && budget=$BUDGET_TOTAL
  mark=""; [ "$total" -gt "$budget" ] && mark="  OVER BUDGET (+$((total - budget))s)"
  children_cpu
  printf '%-10s %7s %7s %5s%s\n' total "$total" "$budget" "$CPU_NOW" "$mark"
  echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)  (logs of each stage: $LOGS)"
  local verdict
  if [ "$rc" -ne 0 ] || [ $failed -gt 0 ]; then
    for s in "${RAN[@]}"; do [ "${STATUS[$s]}" = FAILED ] && echo "FAILED stage $s: ${WHAT[$s]} (its output is above)"; done
    verdict="FAILED: $failed stage(s) failed, $passed passed"
  else
    verdict="$passed stage(s) passed"
  fi
  [ $over -gt 0 ] && verdict="$verdict, $over over budget"
  printf '%s\n' "========================= $verdict in ${total}s (budget ${budget}s) ========================="
  record "$total" "$budget" >"$LOGS/stages.json" || true
  if [ -n "${TOOLMEND_SUITE_JSON:-}" ]; then cp "$LOGS/stages.json" "$TOOLMEND_SUITE_JSON"; fi
}

# the table as JSON (TOOLMEND_SUITE_JSON=path keeps a copy: bench/results/suite_time.json is made of such runs)
record() {
  local s
  for s in "${RAN[@]}"; do
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "${SECS[$s]:-0}" "${BUDGET[$s]}" "${CPU[$s]:-}" "${STATUS[$s]}" "${NOTE[$s]:-}"
  done \
    | "$PY" -c '
import datetime, json, subprocess, sys
total, budget, full, load0 = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
stages = {}
for line in sys.stdin:
    name, secs, bud, cpu, status, note = line.rstrip("\n").split("\t")
    stages[name] = {"seconds": int(secs), "budget": int(bud), "cpu_seconds": int(cpu) if cpu else None,
                    "status": status, "tests": note}
git = lambda *a: subprocess.run(["git", *a], capture_output=True, text=True).stdout.strip()
print(json.dumps({"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                  "commit": git("rev-parse", "--short", "HEAD"), "dirty": bool(git("status", "--porcelain")),
                  "full_run": full, "total_seconds": total, "budget_seconds": budget,
                  "load_average_at_start": load0, "load_average_at_end": " ".join(open("/proc/loadavg").read().split()[:3]),
                  "nproc": len(__import__("os").sched_getaffinity(0)), "stages": stages}, indent=2))
' "$1" "$2" "$FULL" "$LOAD0"
}

# a process and its descendants, by pid (the background wheel build when a foreground stage failed)
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

finish() {
  local rc=$?
  trap - EXIT
  if [ -n "$CURRENT" ]; then  # a stage did not finish (failed, or the run was stopped by a signal)
    SECS[$CURRENT]=$(( SECONDS - ${T0:-$SECONDS} )); STATUS[$CURRENT]=FAILED
    [ "$rc" -ne 0 ] || rc=1
  fi
  local s pid
  for s in "${!BGPID[@]}"; do  # a stage failed: stop what runs in the background
    pid=${BGPID[$s]}
    [ -n "$pid" ] || continue
    if kill -0 "$pid" 2>/dev/null; then kill_tree "$pid"; fi
    wait "$pid" 2>/dev/null || true
    SECS[$s]=$((SECONDS - BGT0[$s])); STATUS[$s]=stopped
  done
  for s in "${!JOBPID[@]}"; do
    pid=${JOBPID[$s]}
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill_tree "$pid"; wait "$pid" 2>/dev/null || true; fi
  done
  table "$rc"
  if [ "$rc" -eq 0 ] && [ $FULL = 1 ] && [ $((SECONDS - START)) -gt "$CEILING" ]; then
    echo "FAILED: the suite took $((SECONDS - START))s, over its hard ceiling of ${CEILING}s (tests/run.sh's header says why)"
    rc=1
  fi
  exit "$rc"
}
trap finish EXIT

# CPU seconds (user + system) of this shell's finished child processes so far: a stage's share of it, beside
# its wall-clock seconds, says how busy it kept the two cores (2 x seconds: both, all the time)
# (into CPU_NOW: `times` must run in this shell, not in a pipeline or $(...), whose fork has no children yet)
children_cpu() {
  local f="$LOGS/times.$BASHPID"  # this shell's own file: stages in the background call it too
  times >"$f"
  CPU_NOW="$(tail -1 "$f" | "$PY" -c 'import re, sys
print(round(sum(int(m) * 60 + float(s) for m, s in re.findall(r"(\d+)m([\d.]+)s", sys.stdin.read()))))')"
}

# run one stage: its function, timed
run() {
  local s=$1 cpu0
  [ -n "${WANT[$s]:-}" ] || return 0
  stage_begin "$s"
  T0=$SECONDS
  children_cpu; cpu0=$CPU_NOW
  "stage_$s"
  children_cpu; CPU[$s]=$((CPU_NOW - cpu0))
  SECS[$s]=$((SECONDS - T0))
  stage_end "$s" "${STATUS_OVERRIDE:-passed}"
  STATUS_OVERRIDE=""
}

# pytest with the stage's log; the last summary line goes into the table; exit 5 (no tests ran) fails loudly
pytest_in() {
  local log="$LOGS/$CURRENT.log" rc line
  set +e
  "$@" 2>&1 | tee -a "$log"
  rc=${PIPESTATUS[0]}
  set -e
  line="$(grep -E '^(=+ )?[0-9]+ (passed|failed|error|errors|skipped|deselected|xfailed|xpassed)\b.* in [0-9.]+s' "$log" \
          | tail -1 | sed -E 's/^=+ //; s/ =+$//; s/ in [0-9.]+s.*//' || true)"
  NOTE[$CURRENT]="${NOTE[$CURRENT]:+${NOTE[$CURRENT]}; }${line:-no summary}"
  if [ "$rc" -eq 5 ]; then
    echo "tests/run.sh: no test ran in stage $CURRENT (pytest exit 5): a path or marker expression selects nothing" >&2
    return 5
  fi
  return "$rc"
}

# a fingerprint of what the wheel is built from (single-stage runs reuse an up-to-date wheel; a full run rebuilds)
source_hash() {
  {
    find processor setup.py -type f ! -path '*/__pycache__/*' ! -name '*.pyc' -print0 | sort -z | xargs -0 sha256sum
    sed '/^\[tool\.pytest/,/^\[/d' pyproject.toml  # all of it but the test settings
    cat "$LOCK"
  } | sha256sum | cut -d' ' -f1
}

# The suite's installs run uv (the lock's version), bootstrapped here with nothing but python3's pip: into a
# directory of its own (pip install --target), before the venv and wheel stages, which use it at once. uv resolves
# and installs the lock's set as pip does (same versions, `pip check` and `uv pip check` agree) with a fraction of
# its CPU (bench/results/install_cut.json); pip stays where uv has no equivalent (the image's `pip wheel`). uv does
# not byte-compile at install: the first test run compiles what it imports, less CPU than compiling everything as
# pip does. uv's cache: its default (~/.cache/uv; none on CI's clean machine).
ensure_uv() {
  local pin
  pin="$(grep -E '^uv==' "$LOCK")"
  if [ -x "$UV" ] && [ "$("$UV" --version | cut -d' ' -f2)" = "${pin#uv==}" ]; then return 0; fi
  rm -rf "$UV_DIR"
  "$PY" -m pip install -q --disable-pip-version-check --target "$UV_DIR" "$pin"
  "$UV" --version
}
UV_INSTALL=("$UV" pip install -q)

# -- the stages ------------------------------------------------------------------------------------------------
stage_venv() {
  local stamp="$VENV/.toolmend-install" want
  want="$(cat pyproject.toml setup.py "$LOCK" | sha256sum | cut -d' ' -f1)"
  if [ $FULL = 0 ] && [ -x "$VENV/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    NOTE[venv]="up to date"; return 0
  fi
  # the environment as `python -m venv` makes it (ensurepip's setuptools: tests/unit/core/test_native.py runs
  # setup.py), its pip upgraded to the newest (deploy/image/build.sh's `pip wheel` runs it)
  [ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
  "${UV_INSTALL[@]}" --python "$VENV/bin/python" --upgrade-package pip pip -e '.[dev]' -c "$LOCK"
  echo "$want" >"$stamp"
}

stage_tools() {
  bash deploy/prometheus/install.sh
  bash tests/support/install_chromium.sh
  # the jars, and the broker's class data sharing archive (a broker started and stopped once per cache): every
  # broker JVM of the kafka and faults stages then maps Kafka's classes instead of loading them
  bash deploy/kafka/kafka-local.sh cds
}

stage_lint() {
  "$VENV/bin/ruff" check processor tests bench setup.py
  "$VENV/bin/mypy" processor tests/support/oracle.py
}

# what only the interpreted core can show (the header): the output identity, and the editable install itself
PYTHON_CORE_TESTS=(
  tests/unit/core/test_native.py            # the core imported is the checkout's sources, every module of it
  tests/unit/deploy/test_deploy_release.py  # version and `toolmend --version` from the installed metadata
  tests/unit/shell/test_cli.py         # the entry point and its commands, as installed
)
# the demo (a broker and a worker for a few seconds) is the entry point's most expensive test and proves nothing
# more about the install: the compiled pass runs it
PYTHON_CORE_SKIP=tests/unit/shell/test_cli.py::test_the_demo_reads_the_environment_prints_its_port_and_writes_whole_lines
stage_python() {
  TOOLMEND_EXPECT_CORE=python "$VENV/bin/python" bench/check_outputs.py --quick
  TOOLMEND_EXPECT_CORE=python pytest_in "$VENV/bin/pytest" "${PYTEST[@]}" "${PYTHON_CORE_TESTS[@]}" \
    --deselect "$PYTHON_CORE_SKIP"
}

WHEEL=""
# The requirements of the compiled venv (the wheel's own and its test extra's, "toolmend[x]" expanded), read from
# pyproject.toml: they install while mypyc compiles; uv then installs the wheel with them already there.
extra_requirements() { "$PY" tools/extra_requirements.py "$1"; }

stage_wheel() {
  local stamp="$CVENV/.toolmend-source" want src="$LOGS/wheel-src" deps dpid rc=0
  want="$(source_hash)"
  if [ $FULL = 0 ] && [ -x "$CVENV/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] \
     && { ls dist/toolmend-*.whl >/dev/null 2>&1 || [ -z "${WANT[image]:-}" ]; }; then
    WHEEL="$(ls dist/toolmend-*.whl 2>/dev/null || true)"
    NOTE[wheel]="up to date: $CVENV has the wheel of these sources"; return 0
  fi
  # Needs no other stage: uv builds the wheel in an isolated environment (its build requirements), from a copy
  # of the sources (the editable install of the venv stage, alongside, writes toolmend.egg-info in the checkout;
  # a fresh copy has no stale build/ to carry deleted modules into the wheel).
  rm -rf dist "$src"; mkdir -p "$src" dist
  tar --exclude=__pycache__ -cf - pyproject.toml setup.py README.md LICENSE processor | tar -xf - -C "$src"
  # uv builds the wheel (its isolated build environment: setup.py's build requirements) and installs the
  # dependencies meanwhile (into an environment made as the venv stage's, the same pip and setuptools), then the wheel
  [ -x "$CVENV/bin/python" ] || "$PY" -m venv "$CVENV"
  mapfile -t deps < <(extra_requirements test)
  "${UV_INSTALL[@]}" --python "$CVENV/bin/python" --upgrade-package pip pip "${deps[@]}" -c "$LOCK" &
  dpid=$!
  # mypyc's own cache, apart from the lint stage's mypy that may run alongside
  MYPY_CACHE_DIR="$LOGS/mypyc-cache" TOOLMEND_COMPILE=1 "$UV" build -q --wheel --python "$CVENV/bin/python" \
    --out-dir dist "$src" || rc=$?
  wait "$dpid" || rc=$?
  [ "$rc" -eq 0 ] || return "$rc"
  WHEEL="$(ls dist/toolmend-*.whl)"
  echo "$WHEEL"
  # same version as an earlier build: the new one wins (--reinstall-package)
  "${UV_INSTALL[@]}" --python "$CVENV/bin/python" --reinstall-package toolmend "$WHEEL[test]" -c "$LOCK"
  echo "$want" >"$stamp"
}

# From the compiled stages on, the checkout must not shadow the installed package: `pytest` (not `python -m
# pytest`) and --import-mode=append (pyproject.toml) put the checkout last on sys.path, PYTHONSAFEPATH keeps it
# out of the `python -m processor.shell.cli` workers the tests start; bench scripts run by path.
stage_outputs() {  # alone in the foreground: both cores (the python stage shares its cores with the wheel's build)
  TOOLMEND_EXPECT_CORE=compiled "$CVENV/bin/python" bench/check_outputs.py --quick --jobs 2
}

compiled_pytest() {
  TOOLMEND_EXPECT_CORE=compiled PYTHONSAFEPATH=1 pytest_in "$CVENV/bin/pytest" "${PYTEST[@]}" "$@"
}

stage_unit() { compiled_pytest "${XDIST[@]}" tests/unit; }
# broker contact on a member that fetches nothing: librdkafka's case (its coordinator's own handle) runs in the
# rdkafka stage on Tansu, aiokafka's in the kafka stage
stage_tansu() {
  compiled_pytest "${BROKER_XDIST[@]}" --broker=tansu -m "not faults" tests/integration \
    --deselect tests/integration/test_broker_contact.py
}
# the librdkafka transport (kafka_client=librdkafka): a representative subset on Tansu, kept small; the whole
# integration and fault suites run on it on demand with --client=librdkafka (docs/development.md)
RDKAFKA_TESTS=(
  "tests/integration/test_worker.py::test_repaired_stream_matches_offline_engine_and_passes_rules"
  "tests/integration/test_worker.py::test_sigkill_mid_stream_loses_nothing"
  "tests/integration/test_worker.py::test_two_workers_one_leaves_state_moves"
  "tests/integration/test_exactly_once.py::test_exactly_once_is_refused_without_transactions"
  "tests/integration/test_otlp_worker.py::test_collector_records_come_out_repaired_by_conversation"
  "tests/integration/test_broker_contact.py::test_a_member_without_partitions_hears_the_broker"
)
stage_rdkafka() { compiled_pytest "${BROKER_XDIST[@]}" --broker=tansu --client=librdkafka "${RDKAFKA_TESTS[@]}"; }
stage_kafka() {
  compiled_pytest "${BROKER_XDIST[@]}" --broker=kafka -m "(kafka or needs_kafka) and not faults" tests/integration
}
stage_faults() { compiled_pytest "${BROKER_XDIST[@]}" --broker=kafka -m faults tests/integration/test_faults.py; }

stage_manifests() { bash deploy/k8s/validate.sh; bash deploy/helm/render/check.sh; }

# The library as an agent project installs it: the package built as it is published (sdist, then the wheel from
# it, both checked by twine), installed with no extra into two fresh environments that run the tests marked
# `library` (the core's dependencies only): one beside a current agent stack (the newest releases on PyPI: uv
# must resolve them together, `pip check` must agree), one with the core's dependencies at the lower bounds of
# pyproject.toml's ranges (tools/lock.py --lower-bounds). The test tools are the lock's versions in both. The
# sources are built from a copy: the compiled wheel may be building in this tree at the same time (setuptools'
# build/; its isolated build environment installed by uv: build --installer uv). The environments have no pip of
# their own: uv installs into them, both at once, resolving the newest stack as pip does; `pip check` ($VENV's) and
# `uv pip check` must both agree (cold caches: bench/results/install_cut.json).
AGENT_STACK=(pydantic-ai-slim openai anthropic)
TEST_TOOLS='^(pytest|pytest-asyncio|pytest-timeout|pytest-xdist|hypothesis)=='
stage_stack() {
  local dir="$LOGS/stack" tools libtests v wheel pids=() pid
  local pip=("$VENV/bin/python" -m pip --disable-pip-version-check)
  rm -rf "$dir"; mkdir -p "$dir/src"
  tar --exclude=__pycache__ -cf - pyproject.toml setup.py README.md LICENSE processor | tar -xf - -C "$dir/src"
  TOOLMEND_COMPILE=0 "$VENV/bin/python" -m build -q --installer uv --outdir "$dir/dist" "$dir/src" >"$dir/build.log" 2>&1 \
    || { cat "$dir/build.log"; return 1; }
  "$VENV/bin/twine" check --strict "$dir"/dist/*
  wheel="$(ls "$dir"/dist/toolmend-*.whl)"
  "$VENV/bin/python" - "$wheel" <<'PY'  # the package data (pyproject.toml) went through the sdist into the wheel
import fnmatch, sys, tomllib, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
data = tomllib.load(open("pyproject.toml", "rb"))["tool"]["setuptools"]["package-data"]["processor"]
missing = [g for g in data if not fnmatch.filter(names, f"processor/{g}")]
sys.exit(f"the wheel lacks package data: {', '.join(missing)}" if missing else None)
PY
  mapfile -t tools < <(grep -E "$TEST_TOOLS" "$LOCK")
  "$VENV/bin/python" tools/lock.py --lower-bounds >"$dir/lower-bounds.txt"
  for v in agents oldest; do "$PY" -m venv --without-pip "$dir/$v"; done
  "${UV_INSTALL[@]}" --python "$dir/agents/bin/python" "$wheel" "${AGENT_STACK[@]}" "${tools[@]}" & pids+=($!)
  "${UV_INSTALL[@]}" --python "$dir/oldest/bin/python" "$wheel" "${tools[@]}" -c "$dir/lower-bounds.txt" &
  pids+=($!)
  for pid in "${pids[@]}"; do wait "$pid"; done
  mapfile -t libtests < <(grep -rlE '^pytestmark = pytest\.mark\.library' tests/unit | sort)
  for v in agents oldest; do
    "${pip[@]}" --python "$dir/$v/bin/python" check
    "$UV" pip check --python "$dir/$v/bin/python"
    NOTE[stack]="${NOTE[stack]:+${NOTE[stack]}; }$v: $("${pip[@]}" --python "$dir/$v/bin/python" list --format=freeze \
      2>/dev/null | grep -iE '^(orjson|pydantic|pydantic-ai-slim|openai|anthropic)==' | tr '\n' ' ')"
    TOOLMEND_EXPECT_CORE=python PYTHONSAFEPATH=1 pytest_in "$dir/$v/bin/pytest" "${PYTEST[@]}" -m library \
      "${libtests[@]}"
  done
}

stage_image() {
  # the image tests' pytest runs in $VENV (the image is what they test; in-process, the core is the checkout's)
  local log="$LOGS/image.log" rc archive=""
  if [ -n "${IMAGE_BUILT:-}" ]; then  # a full run built it in the background (deploy/image/build.sh)
    job_join image-build >"$log"  # (not in a pipeline: its `wait` must run in this shell)
    cat "$log"
    archive="$(tail -1 "$log")"
    NOTE[image]="built in the background during kafka and faults; "
  fi
  set +e
  TOOLMEND_IMAGE="$archive" TOOLMEND_EXPECT_CORE=python WHEEL="$WHEEL" TOOLMEND_VENV="$VENV" bash deploy/image/test.sh \
    2>&1 | tee -a "$log"
  rc=${PIPESTATUS[0]}
  set -e
  NOTE[image]="${NOTE[image]:-}$(grep -E '^(=+ )?[0-9]+ (passed|failed).* in [0-9.]+s' "$log" | tail -1 \
                 | sed -E 's/^=+ //; s/ in [0-9.]+s.*//' || true)"
  return "$rc"
}

# -- the run ---------------------------------------------------------------------------------------------------
# A stage in the background (full runs): its output goes to a file, printed when the stage is joined; its row in
# the table is its own duration and CPU seconds (it overlaps the rows of the stages run meanwhile).
bg_begin() {  # $1 the stage; $2 (optional) a command run first, outside the stage's figures
  local s=$1 prep=${2:-}
  [ -n "${WANT[$s]:-}" ] || return 0
  RAN+=("$s"); STATUS[$s]=running; BGT0[$s]=$SECONDS
  printf '\n==> [%ds] %s, in the background: %s\n' "$((SECONDS - START))" "$s" "${WHAT[$s]}"
  ( set -euo pipefail; CURRENT=$s
    if [ -n "${NICE:-}" ]; then renice -n 19 -p "$BASHPID" >/dev/null; fi
    if [ -n "$prep" ]; then bash -c "$prep"; fi
    t=$SECONDS; children_cpu; c0=$CPU_NOW
    "stage_$s"
    children_cpu; echo "$((SECONDS - t)) $((CPU_NOW - c0))" >"$LOGS/$s.figures"; printf '%s' "${NOTE[$s]:-}" >"$LOGS/$s.note"
  ) >"$LOGS/$s.out" 2>&1 &
  BGPID[$s]=$!
}
bg_join() {  # $1 the stage, $2 what it ran alongside
  local s=$1 rc=0 secs cpu note
  [ -n "${BGPID[$s]:-}" ] || return 0
  CURRENT=$s; T0=${BGT0[$s]}
  printf '\n==> [%ds] %s (in the background since %ds; its output follows)\n' "$((SECONDS - START))" "$s" \
    "$((BGT0[$s] - START))"
  wait "${BGPID[$s]}" || rc=$?
  BGPID[$s]=""
  cat "$LOGS/$s.out"
  [ "$rc" -eq 0 ] || exit "$rc"
  read -r secs cpu <"$LOGS/$s.figures"
  SECS[$s]=$secs; CPU[$s]=$cpu
  note="$(cat "$LOGS/$s.note")"
  NOTE[$s]="${note:+$note; }in the background, alongside $2 ($((SECONDS - BGT0[$s]))s until joined)"
  stage_end "$s"
}
# background work that is no stage of its own (the image build), niced: the stages in the foreground keep the cores
job_begin() { ( nice -n 19 bash -c "$2" ) >"$LOGS/$1.job.log" 2>&1 & JOBPID[$1]=$!; }
job_join() {
  local rc=0
  wait "${JOBPID[$1]}" || rc=$?
  JOBPID[$1]=""
  cat "$LOGS/$1.job.log"
  return "$rc"
}

if [ -n "${WANT[venv]:-}${WANT[wheel]:-}${WANT[stack]:-}" ]; then ensure_uv; fi  # outside any stage's figures
if [ $FULL = 1 ]; then
  # The wheel needs no other stage (uv builds it in an isolated environment): its compiler runs on one core from
  # the start, while the other runs the venv, tools, lint, the Python-core pass and stack.
  bg_begin wheel
  # The manifests stage, after the chart renderer is built from helm's Go module on a cold cache (about 60
  # CPU-seconds, outside the stage's figures; the full helm CLI took 330), niced from the start: its module
  # download overlaps the venv's, and its compiler takes what the foreground leaves; CI's clean clone has no cache.
  NICE=1 bg_begin manifests "bash deploy/helm/install.sh >\"$LOGS/helm-build.log\" 2>&1 || { cat \"$LOGS/helm-build.log\"; exit 1; }"
  run venv; run tools; run lint; run python; run stack
  bg_join wheel "venv, tools, lint, python, stack"
  WHEEL="$(ls dist/toolmend-*.whl)"
  run outputs; run unit
  # The three broker stages at once, each pytest run on its own share of the test ports (tests/support/brokers.py):
  # alone, each used about half of the two cores (their wall is broker start-ups, group joins and session
  # timeouts), and no test of theirs pauses a member on purpose (the faults do, alone, after them). The image is
  # built (niced) from then on, for the image stage to test at the end.
  TOOLMEND_TEST_PORTS=2/3 bg_begin tansu
  TOOLMEND_TEST_PORTS=1/3 bg_begin rdkafka
  job_begin image-build "PYTHON=$VENV/bin/python WHEEL=$WHEEL bash deploy/image/build.sh"
  TOOLMEND_TEST_PORTS=0/3 run kafka
  bg_join rdkafka kafka
  bg_join tansu "kafka and rdkafka"
  run faults
  bg_join manifests "every stage from venv to faults"
  IMAGE_BUILT=1 run image
else
  run venv; run tools; run lint; run python; run wheel; run manifests; run stack
  run outputs; run unit; run tansu; run rdkafka; run kafka; run faults; run image
fi
