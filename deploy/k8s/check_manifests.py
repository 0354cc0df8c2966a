"""Checks of the Kubernetes manifests that need no cluster (run by validate.sh, in its own environment).

usage: check_manifests.py RENDERED.yaml [MANIFEST.yaml ...]

1. Schemas: every object of every file is validated, strict (unknown fields are errors), against Kubernetes 1.30
   and the newest version kubernetes-validate ships. Custom resources have no schema there; the kinds listed in
   CRDS are skipped by name, with the reason printed, and any other unknown kind is an error.
2. What schemas cannot see, on the rendered set: the ScaledObject scales the worker StatefulSet, reads the same
   group, topic and brokers as the workers, between 1 and its maximum, and the StatefulSet leaves `replicas` to
   it; the workers are static members named after their pods; the PodMonitor selects the worker and replay pods
   on a port they expose, and no pod also carries prometheus.io scrape annotations (one scrape path).
3. The validator itself: a StatefulSet with an unknown field must fail, or the checks above prove nothing.
"""

from __future__ import annotations

import copy
import sys
from typing import Any

import yaml
from kubernetes_validate.utils import SchemaNotFoundError, ValidationError, latest_version, validate

VERSIONS = ("1.30", latest_version())
CRDS = {
    ("keda.sh/v1alpha1", "ScaledObject"): "KEDA's CRD (its schema ships with KEDA); checked in part 2",
    ("monitoring.coreos.com/v1", "PodMonitor"): "the Prometheus Operator's CRD (its schema ships with the "
    "operator); checked in part 2",
}

errors: list[str] = []


def fail(msg: str) -> None:
    errors.append(msg)


def load(path: str) -> list[dict[str, Any]]:
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d]


def name(doc: dict[str, Any]) -> str:
    meta = doc.get("metadata") or {}
    return f"{doc.get('kind')}/{meta.get('name') or meta.get('generateName') or '?'}"


def schemas(path: str, docs: list[dict[str, Any]]) -> None:
    for doc in docs:
        if "name" not in (doc.get("metadata") or {}):
            fail(f"{path}: {name(doc)} has no metadata.name (generateName is not valid for `kubectl apply`)")
            continue
        for version in VERSIONS:
            try:
                validate(doc, version, strict=True)
            except SchemaNotFoundError:
                reason = CRDS.get((doc["apiVersion"], doc["kind"]))
                if reason is None:
                    fail(f"{path}: {name(doc)}: no schema for {doc['apiVersion']} {doc['kind']} in {version}")
                elif version == VERSIONS[0]:
                    print(f"skipped {path}: {name(doc)}: {reason}")
                continue
            except ValidationError as e:
                where = ".".join(str(p) for p in e.path)
                fail(f"{path}: {name(doc)} against {version}: {where}: {e.message}")
                continue
            print(f"valid   {path}: {name(doc)} against {version} (strict)")


def env_of(container: dict[str, Any]) -> dict[str, Any]:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in container.get("env") or ()}


def matches(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


def semantics(docs: list[dict[str, Any]], extra: list[dict[str, Any]]) -> None:
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for d in docs:
        by_kind.setdefault(d["kind"], []).append(d)
    (cm,) = by_kind["ConfigMap"]
    data = cm["data"]
    (sts,) = by_kind["StatefulSet"]
    (so,) = by_kind["ScaledObject"]
    (pm,) = by_kind["PodMonitor"]
    (svc,) = by_kind["Service"]
    (pdb,) = by_kind["PodDisruptionBudget"]
    (netpol,) = by_kind["NetworkPolicy"]

    spec = so["spec"]
    ref = spec["scaleTargetRef"]
    if (ref.get("kind"), ref.get("name")) != ("StatefulSet", sts["metadata"]["name"]):
        fail(f"ScaledObject scales {ref.get('kind')}/{ref.get('name')}, not the worker StatefulSet")
    lo, hi = spec.get("minReplicaCount", 0), spec.get("maxReplicaCount", 100)
    if not 1 <= lo <= hi:
        fail(f"ScaledObject replicas {lo}..{hi}: the minimum must be at least 1 and at most the maximum")
    (trigger,) = spec["triggers"]
    meta = trigger["metadata"]
    if trigger["type"] != "kafka":
        fail(f"ScaledObject trigger {trigger['type']}: expected kafka (consumer lag)")
    for key, setting in (("bootstrapServers", "TOOLMEND_BOOTSTRAP_SERVERS"), ("consumerGroup", "TOOLMEND_GROUP_ID"),
                         ("topic", "TOOLMEND_INPUT_TOPIC")):
        if meta.get(key) != data.get(setting):
            fail(f"ScaledObject {key}={meta.get(key)!r} but the ConfigMap's {setting}={data.get(setting)!r}")
    if not str(meta.get("lagThreshold", "")).isdigit() or int(meta["lagThreshold"]) <= 0:
        fail(f"ScaledObject lagThreshold {meta.get('lagThreshold')!r}: expected a positive integer")
    if meta.get("allowIdleConsumers", "false") != "false":
        fail("ScaledObject allowIdleConsumers must stay false: more replicas than partitions would idle")
    if "replicas" in sts["spec"]:
        fail("StatefulSet sets spec.replicas: KEDA owns the count, and every apply would reset it")

    if sts["spec"].get("serviceName") != svc["metadata"]["name"] or not matches(
            svc["spec"]["selector"], sts["spec"]["template"]["metadata"]["labels"]):
        fail("the StatefulSet's serviceName and the headless Service do not belong together")
    (worker,) = sts["spec"]["template"]["spec"]["containers"]
    env = env_of(worker)
    if env.get("TOOLMEND_GROUP_INSTANCE_ID") != {"fieldRef": {"fieldPath": "metadata.name"}}:
        fail("the workers' TOOLMEND_GROUP_INSTANCE_ID must come from the pod name (static membership)")
    session = int(env.get("TOOLMEND_SESSION_TIMEOUT_MS") or data.get("TOOLMEND_SESSION_TIMEOUT_MS") or 10000)
    budget = float(env.get("TOOLMEND_SHUTDOWN_BUDGET_S") or data.get("TOOLMEND_SHUTDOWN_BUDGET_S") or 20)
    if session < budget * 1000 + 10000:
        fail(f"session timeout {session} ms: a static member's restart (shutdown {budget} s + start) would not fit")

    pods = [sts["spec"]["template"]]
    pods += [d["spec"]["template"] for d in extra if d.get("kind") == "Job"]
    selector = pm["spec"]["selector"]["matchLabels"]
    ports = {ep["port"] for ep in pm["spec"]["podMetricsEndpoints"]}
    for tpl in pods:
        labels = tpl["metadata"]["labels"]
        if not matches(selector, labels):
            fail(f"the PodMonitor does not select pods labelled {labels}")
        if "toolmend.io/mode" not in labels:
            fail(f"pods labelled {labels} lack toolmend.io/mode (the `mode` target label)")
        exposed = {p.get("name") for c in tpl["spec"]["containers"] for p in c.get("ports") or ()}
        if not ports <= exposed:
            fail(f"the PodMonitor scrapes ports {ports}, pods labelled {labels} expose {exposed}")
        scrape = [k for k in (tpl["metadata"].get("annotations") or {}) if k.startswith("prometheus.io/")]
        if scrape:
            fail(f"pods labelled {labels} carry {scrape} as well as the PodMonitor: scraped twice")
    worker_labels = sts["spec"]["template"]["metadata"]["labels"]
    if not matches(pdb["spec"]["selector"]["matchLabels"], worker_labels):
        fail("the PodDisruptionBudget does not select the worker pods")
    if pdb["spec"].get("unhealthyPodEvictionPolicy") != "AlwaysAllow":
        fail("the PodDisruptionBudget must set unhealthyPodEvictionPolicy: AlwaysAllow (NotReady pods, e.g. during a "
             "broker outage, must never block a node drain)")
    np_spec = netpol["spec"]
    for tpl in pods:
        if not matches(np_spec["podSelector"].get("matchLabels", {}), tpl["metadata"]["labels"]):
            fail(f"the NetworkPolicy does not cover pods labelled {tpl['metadata']['labels']}")
    if "Ingress" not in np_spec.get("policyTypes", []):
        fail("the NetworkPolicy must restrict ingress")
    for rule in np_spec.get("ingress", []):
        allowed = {p.get("port") for p in rule.get("ports") or [{}]}
        if allowed != ports:
            fail(f"the NetworkPolicy lets in ports {allowed}; only the metrics port {ports} should be reachable")
        peers = rule.get("from") or [{}]
        if any("podSelector" not in peer or "ipBlock" in peer for peer in peers):
            fail("the NetworkPolicy lets in peers other than selected (Prometheus) pods")
    print(f"checked {name(so)}, {name(sts)}, {name(pm)}, {name(svc)}, {name(pdb)}, {name(netpol)} against each other "
          f"and {name(cm)}")
    for job in (d for d in extra if d.get("kind") == "Job" and d["spec"].get("completionMode") == "Indexed"):
        indexed(job, extra)


def indexed(job: dict[str, Any], extra: list[dict[str, Any]]) -> None:
    """An Indexed replay Job: one pod per shard (--shard $(index)/N with N its completions), each its own
    metrics file, on a claim that exists."""
    spec = job["spec"]
    n = spec.get("completions")
    if spec.get("parallelism") != n:
        fail(f"{name(job)}: parallelism {spec.get('parallelism')} != completions {n}: the shards run together")
    (c,) = spec["template"]["spec"]["containers"]
    args = c.get("args") or []
    env = env_of(c)
    index = [k for k, v in env.items()
             if v == {"fieldRef": {"fieldPath": "metadata.annotations['batch.kubernetes.io/job-completion-index']"}}]
    if len(index) != 1 or "--shard" not in args or args[args.index("--shard") + 1] != f"$({index[0]})/{n}":
        fail(f"{name(job)}: --shard must be $(<completion index>)/{n} (the completions), got {args}")
    if "--metrics-file" in args and f"$({index[0]})" not in args[args.index("--metrics-file") + 1]:
        fail(f"{name(job)}: each shard needs its own --metrics-file (put $({index[0]}) in its name)")
    claims = {d["metadata"]["name"] for d in extra if d.get("kind") == "PersistentVolumeClaim"}
    for v in spec["template"]["spec"].get("volumes") or ():
        claim = (v.get("persistentVolumeClaim") or {}).get("claimName")
        if claim is not None and claim not in claims:
            fail(f"{name(job)}: volume {v['name']} names claim {claim}, which no manifest defines")
    print(f"checked {name(job)}: {n} shards, one metrics file each")


def self_test(docs: list[dict[str, Any]]) -> None:
    (sts,) = [d for d in docs if d["kind"] == "StatefulSet"]
    bad = copy.deepcopy(sts)
    bad["spec"]["template"]["spec"]["containers"][0]["imagePullPolicyy"] = "Always"
    try:
        validate(bad, VERSIONS[0], strict=True)
    except ValidationError:
        return
    fail("strict validation accepted an unknown field: the validator checks nothing")


def main(argv: list[str]) -> int:
    rendered, *files = argv
    docs = load(rendered)
    schemas("kustomize output", docs)
    extra: list[dict[str, Any]] = []
    for path in files:
        file_docs = load(path)
        schemas(path, file_docs)
        extra += file_docs
    semantics(docs, extra)
    self_test(docs)
    for e in errors:
        print(f"ERROR {e}", file=sys.stderr)
    print(f"{'FAILED' if errors else 'ok'}: {len(errors)} errors; Kubernetes {', '.join(VERSIONS)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
