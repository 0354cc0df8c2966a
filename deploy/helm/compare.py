"""The Helm chart renders the same objects as kustomize (run by deploy/k8s/validate.sh, in its environment).

usage: compare.py --pair NAME=KUSTOMIZE.yaml,HELM.yaml ... --rolled BASE_HELM.yaml,CHANGED_HELM.yaml

Each --pair is one kustomization (the base or an overlay) rendered by `kubectl kustomize` and the chart rendered
by `helm template` with the matching values file: the two sets must hold the same objects, field for field. The
one difference allowed is the hash in the name of the workers' ConfigMap (kustomize's and the chart's hash the
same content differently); it is compared as "toolmend-worker-<hash>" in the ConfigMap and where the
StatefulSet names it. --rolled: the chart rendered with one setting changed must rename that ConfigMap (so the
workers roll), as kustomize does.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from typing import Any

import yaml

HASHED = re.compile(r"^toolmend-worker-[0-9a-z]{10}$")


def load(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [d for d in yaml.safe_load_all(f) if d]


def normalise(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    if isinstance(value, str) and HASHED.match(value):
        return "toolmend-worker-<hash>"
    return value


def key(doc: dict[str, Any]) -> str:
    return f"{doc['kind']}/{doc['metadata'].get('namespace', '')}/{normalise(doc['metadata']['name'])}"


def compare(name: str, kustomize: list[dict[str, Any]], helm: list[dict[str, Any]]) -> list[str]:
    a = {key(d): normalise(d) for d in kustomize}
    b = {key(d): normalise(d) for d in helm}
    errors = [f"{name}: only kustomize renders {k}" for k in sorted(a.keys() - b.keys())]
    errors += [f"{name}: only the chart renders {k}" for k in sorted(b.keys() - a.keys())]
    for k in sorted(a.keys() & b.keys()):
        if a[k] != b[k]:
            left = yaml.safe_dump(a[k], sort_keys=True).splitlines()
            right = yaml.safe_dump(b[k], sort_keys=True).splitlines()
            diff = "\n".join(difflib.unified_diff(left, right, "kustomize", "helm", lineterm="", n=2))
            errors.append(f"{name}: {k} differs:\n{diff}")
    return errors


def worker_config(docs: list[dict[str, Any]]) -> str:
    names = [d["metadata"]["name"] for d in docs if d["kind"] == "ConfigMap" and HASHED.match(d["metadata"]["name"])]
    if len(names) != 1:
        raise SystemExit(f"compare.py: expected one hashed workers' ConfigMap, found {names}")
    return names[0]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pair", action="append", required=True, metavar="NAME=KUSTOMIZE,HELM")
    ap.add_argument("--rolled", required=True, metavar="BASE_HELM,CHANGED_HELM")
    a = ap.parse_args(argv)
    errors: list[str] = []
    for pair in a.pair:
        name, files = pair.split("=", 1)
        k, h = files.split(",", 1)
        errors += compare(name, load(k), load(h))
    # the comparison itself: a field changed in the chart's render must be seen, or the check above proves nothing
    name, files = a.pair[0].split("=", 1)
    k, h = files.split(",", 1)
    tampered = load(h)
    sts = next(d for d in tampered if d["kind"] == "StatefulSet")
    sts["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] = 1
    if not compare(name, load(k), tampered):
        errors.append("compare.py: a changed field in the chart's render went unnoticed")
    base, changed = (load(p) for p in a.rolled.split(",", 1))
    if worker_config(base) == worker_config(changed):
        errors.append("rolled: a changed setting kept the workers' ConfigMap name (the workers would not roll)")
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        return 1
    print(f"the chart renders the same objects as kustomize in {len(a.pair)} set(s); a changed setting rolls the workers")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
