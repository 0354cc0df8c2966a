"""Checks of the Kubernetes manifests that need no cluster (run by validate.sh, in its own environment).

usage: check_manifests.py --set NAME=RENDERED.yaml ... --strimzi RENDERED.yaml --rolled RENDERED.yaml
                          --topics-doc docs/deploy.md [MANIFEST.yaml ...]

Each --set is one rendered kustomization: `base` (deploy/k8s) and each overlay (deploy/overlays/NAME);
--strimzi the rendered deploy/strimzi; --rolled the base rendered again with one setting changed; the
MANIFEST files are the ones applied on their own (the replay Jobs).

1. Schemas: every object is validated, strict (unknown fields are errors): the Kubernetes kinds against
   Kubernetes 1.30 and the newest version kubernetes-validate ships, the custom resources (KEDA, the Prometheus
   Operator, Strimzi) against schemas/crds.yaml. Any other kind is an error.
2. What schemas cannot see, in each rendered set: the ScaledObject scales the worker StatefulSet, reads the same
   group, topic and brokers as the workers (with their SASL and TLS, authenticated by a TriggerAuthentication of
   the set), between 1 and its maximum, and the StatefulSet leaves `replicas` to it (without a ScaledObject, the
   StatefulSet sets them); the replica bound of an overlay is the input topic's partition count; the workers are
   static members named after their pods, read the ConfigMap whose name carries the hash of the settings (so a
   change of settings rolls them; --rolled proves it), under a ServiceAccount whose token is not mounted (the
   replay Jobs too, reading the fixed-name ConfigMap of the set); every
   object is in the set's namespace; an overlay names its image by digest; the PodMonitor selects the worker and
   replay pods on a port they expose, and no pod also carries prometheus.io scrape annotations (one scrape path);
   the PodDisruptionBudget selects the workers and evicts unhealthy ones; a NetworkPolicy lets only selected
   (Prometheus) pods reach the worker and replay pods, on the metrics port only. An Indexed replay Job runs one
   shard per pod, each with its own metrics file, on a claim that exists.
3. The Strimzi set: the five topics are the ones the workers' settings name, with one partition count, the
   changelog compacted and the others not, outputs at least as large as the input; the KafkaUser may do what the
   worker does on each of them; the topics table of --topics-doc says the same.
4. The validators themselves: an unknown field in a StatefulSet, a ScaledObject and a KafkaTopic must fail, or the checks
   above prove nothing.
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
from typing import Any

import jsonschema
import yaml
from kubernetes_validate.utils import SchemaNotFoundError, ValidationError, latest_version, validate

VERSIONS = ("1.30", latest_version())
HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "schemas", "crds.yaml")) as f:
    CRDS: dict[str, Any] = yaml.safe_load(f)["kinds"]
CLUSTER_SCOPED = {"Namespace"}
# the Kafka scaler's parameters (KEDA 2.x); KEDA ignores a misspelt one silently
KEDA_KAFKA = {"bootstrapServers", "consumerGroup", "topic", "lagThreshold", "activationLagThreshold",
              "offsetResetPolicy", "allowIdleConsumers", "scaleToZeroOnInvalidOffset", "excludePersistentLag",
              "limitToPartitionsWithLag", "partitionLimitation", "version", "sasl", "tls", "unsafeSsl"}
KEDA_SASL = {"PLAIN": "plaintext", "SCRAM-SHA-256": "scram_sha256", "SCRAM-SHA-512": "scram_sha512",
             "OAUTHBEARER": "oauthbearer", "GSSAPI": "gssapi"}

errors: list[str] = []


def fail(msg: str) -> None:
    errors.append(msg)


def load(path: str) -> list[dict[str, Any]]:
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d]


def name(doc: dict[str, Any]) -> str:
    meta = doc.get("metadata") or {}
    return f"{doc.get('kind')}/{meta.get('name') or meta.get('generateName') or '?'}"


def crd_errors(doc: dict[str, Any]) -> list[str] | None:
    """None if the kind has no schema in schemas/crds.yaml, else the schema's complaints."""
    schema = CRDS.get(f"{doc.get('apiVersion')}/{doc.get('kind')}")
    if schema is None:
        return None
    found = jsonschema.Draft7Validator(schema).iter_errors(doc)
    return [f"{'.'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}" for e in found]


def schemas(where: str, docs: list[dict[str, Any]]) -> None:
    for doc in docs:
        if "name" not in (doc.get("metadata") or {}):
            fail(f"{where}: {name(doc)} has no metadata.name (generateName is not valid for `kubectl apply`)")
            continue
        crd = crd_errors(doc)
        if crd is not None:
            for e in crd:
                fail(f"{where}: {name(doc)} against schemas/crds.yaml: {e}")
            if not crd:
                print(f"valid   {where}: {name(doc)} against schemas/crds.yaml (strict)")
            continue
        for version in VERSIONS:
            try:
                validate(doc, version, strict=True)
            except SchemaNotFoundError:
                fail(f"{where}: {name(doc)}: no schema for {doc['apiVersion']} {doc['kind']} in {version}")
                continue
            except ValidationError as e:
                at = ".".join(str(p) for p in e.path)
                fail(f"{where}: {name(doc)} against {version}: {at}: {e.message}")
                continue
            print(f"valid   {where}: {name(doc)} against {version} (strict)")


def env_of(container: dict[str, Any]) -> dict[str, Any]:
    return {e["name"]: e.get("value", e.get("valueFrom")) for e in container.get("env") or ()}


def matches(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


def one(by_kind: dict[str, list[dict[str, Any]]], kind: str, where: str) -> dict[str, Any] | None:
    found = by_kind.get(kind, [])
    if len(found) != 1:
        fail(f"{where}: {len(found)} {kind} objects, expected one")
        return None
    return found[0]


def worker_config(where: str, by_kind: dict[str, list[dict[str, Any]]], sts: dict[str, Any]) -> dict[str, str]:
    """The settings the workers read: the hashed ConfigMap, equal to the fixed-name one the Jobs read."""
    cms = {c["metadata"]["name"]: c for c in by_kind.get("ConfigMap", [])}
    (worker,) = sts["spec"]["template"]["spec"]["containers"]
    refs = [e["configMapRef"]["name"] for e in worker.get("envFrom") or () if "configMapRef" in e]
    if len(refs) != 1 or refs[0] not in cms:
        fail(f"{where}: the workers read ConfigMaps {refs}, expected one of the set ({sorted(cms)})")
        return {}
    if not re.fullmatch(r"toolmend-worker-[a-z0-9]{10}", refs[0]):
        fail(f"{where}: the workers read ConfigMap {refs[0]}, not a generated toolmend-worker-<hash>: a change of "
             "settings would not roll them")
    data: dict[str, str] = cms[refs[0]]["data"]
    fixed = cms.get("toolmend")
    if fixed is None or fixed["data"] != data:
        fail(f"{where}: ConfigMap toolmend (read by the replay Jobs) differs from the workers' {refs[0]}")
    return data


def validate_first(where: str, pod: dict[str, Any], worker: dict[str, Any]) -> None:
    """The init container runs `toolmend validate --connect` in the workers' image with exactly their settings
    (the same envFrom, variables and mounts: a CA mounted for the worker is there for the check)."""
    inits = [c for c in pod.get("initContainers") or () if c.get("name") == "validate"]
    if len(inits) != 1:
        fail(f"{where}: no init container `validate` before the workers")
        return
    (init,) = inits
    if [*init.get("command", ()), *init.get("args", ())] != ["toolmend", "validate", "--connect"]:
        fail(f"{where}: the init container runs {init.get('command')} {init.get('args')}, not toolmend validate "
             "--connect")
    for key in ("image", "envFrom", "env", "volumeMounts"):
        if init.get(key) != worker.get(key):
            fail(f"{where}: the init container's {key} differs from the worker's: it would check other settings")


def semantics(where: str, docs: list[dict[str, Any]], extra: list[dict[str, Any]], partitions: int | None,
              overlay: bool) -> None:
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for d in docs:
        by_kind.setdefault(d["kind"], []).append(d)
    sts, pm, svc, ns = (one(by_kind, k, where) for k in ("StatefulSet", "PodMonitor", "Service", "Namespace"))
    if sts is None or pm is None or svc is None or ns is None:
        return
    data = worker_config(where, by_kind, sts)
    namespace = ns["metadata"]["name"]
    for d in docs:
        if d["kind"] not in CLUSTER_SCOPED and d["metadata"].get("namespace") != namespace:
            fail(f"{where}: {name(d)} is in namespace {d['metadata'].get('namespace')!r}, not {namespace!r}")

    pod = sts["spec"]["template"]["spec"]
    (worker,) = pod["containers"]
    if overlay and "@sha256:" not in worker["image"]:
        fail(f"{where}: the workers' image {worker['image']!r} is not named by digest")
    validate_first(where, pod, worker)
    sa = {s["metadata"]["name"]: s for s in by_kind.get("ServiceAccount", [])}
    account = pod.get("serviceAccountName")
    if account not in sa or sa[account].get("automountServiceAccountToken") is not False \
            or pod.get("automountServiceAccountToken") is not False:
        fail(f"{where}: the workers must run as a ServiceAccount of the set ({account!r}) with no token mounted "
             "(automountServiceAccountToken: false on both)")

    cms = {c["metadata"]["name"] for c in by_kind.get("ConfigMap", [])}
    for job in (d for d in extra if d.get("kind") == "Job"):
        job_pod = job["spec"]["template"]["spec"]
        if job_pod.get("serviceAccountName") != account or job_pod.get("automountServiceAccountToken") is not False:
            fail(f"{where}: {name(job)} must run as the workers' ServiceAccount {account!r} with no token mounted")
        refs = {e["configMapRef"]["name"] for c in job_pod["containers"] for e in c.get("envFrom") or ()
                if "configMapRef" in e}
        if not refs <= cms:
            fail(f"{where}: {name(job)} reads ConfigMaps {sorted(refs - cms)} that the set does not make")

    scaled = by_kind.get("ScaledObject", [])
    if scaled:
        (so,) = scaled
        keda(where, so, sts, data, by_kind)
        bound = so["spec"].get("maxReplicaCount", 100)
    else:
        bound = sts["spec"].get("replicas")
        if bound is None:
            fail(f"{where}: no ScaledObject and no StatefulSet replicas: one worker by default, whatever the "
                 "partitions")
    if overlay and partitions is not None and bound != partitions:
        fail(f"{where}: the replica bound {bound} differs from the input topic's {partitions} partitions "
             "(deploy/strimzi/topics.yaml): fewer leaves partitions to share, more would idle")

    if sts["spec"].get("serviceName") != svc["metadata"]["name"] or not matches(
            svc["spec"]["selector"], sts["spec"]["template"]["metadata"]["labels"]):
        fail(f"{where}: the StatefulSet's serviceName and the headless Service do not belong together")
    env = env_of(worker)
    if env.get("TOOLMEND_GROUP_INSTANCE_ID") != {"fieldRef": {"fieldPath": "metadata.name"}}:
        fail(f"{where}: the workers' TOOLMEND_GROUP_INSTANCE_ID must come from the pod name (static membership)")
    session = int(env.get("TOOLMEND_SESSION_TIMEOUT_MS") or data.get("TOOLMEND_SESSION_TIMEOUT_MS") or 10000)
    budget = float(env.get("TOOLMEND_SHUTDOWN_BUDGET_S") or data.get("TOOLMEND_SHUTDOWN_BUDGET_S") or 20)
    if session < budget * 1000 + 10000:
        fail(f"{where}: session timeout {session} ms: a static member's restart (shutdown {budget} s + start) "
             "would not fit")

    labels = sts["spec"]["template"]["metadata"]["labels"]
    pdbs = [p for p in by_kind.get("PodDisruptionBudget", []) if matches(p["spec"]["selector"]["matchLabels"],
                                                                          labels)]
    if len(pdbs) != 1:
        fail(f"{where}: {len(pdbs)} PodDisruptionBudgets select the workers, expected one")
    elif pdbs[0]["spec"].get("unhealthyPodEvictionPolicy") != "AlwaysAllow":
        fail(f"{where}: the PodDisruptionBudget must allow evicting unhealthy workers "
             "(unhealthyPodEvictionPolicy: AlwaysAllow): a crash-looping pod would block every node drain")
    pods = [sts["spec"]["template"]]
    pods += [d["spec"]["template"] for d in extra if d.get("kind") == "Job"]
    selector = pm["spec"]["selector"]["matchLabels"]
    ports = {ep["port"] for ep in pm["spec"]["podMetricsEndpoints"]}
    network(where, by_kind.get("NetworkPolicy", []), pods, ports)
    for tpl in pods:
        tpl_labels = tpl["metadata"]["labels"]
        if not matches(selector, tpl_labels):
            fail(f"{where}: the PodMonitor does not select pods labelled {tpl_labels}")
        if "toolmend.io/mode" not in tpl_labels:
            fail(f"{where}: pods labelled {tpl_labels} lack toolmend.io/mode (the `mode` target label)")
        exposed = {p.get("name") for c in tpl["spec"]["containers"] for p in c.get("ports") or ()}
        if not ports <= exposed:
            fail(f"{where}: the PodMonitor scrapes ports {ports}, pods labelled {tpl_labels} expose {exposed}")
        scrape = [k for k in (tpl["metadata"].get("annotations") or {}) if k.startswith("prometheus.io/")]
        if scrape:
            fail(f"{where}: pods labelled {tpl_labels} carry {scrape} as well as the PodMonitor: scraped twice")
    print(f"checked {where}: {len(docs)} objects against each other (namespace {namespace}, replica bound {bound})")


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


def network(where: str, policies: list[dict[str, Any]], pods: list[dict[str, Any]], ports: set[str]) -> None:
    """A NetworkPolicy restricts ingress to every toolmend pod: only selected pods (Prometheus) on the metrics
    port (the kubelet's probes come from the node, which a NetworkPolicy always lets through)."""
    for tpl in pods:
        tpl_labels = tpl["metadata"]["labels"]
        if not any(matches(p["spec"].get("podSelector", {}).get("matchLabels", {}), tpl_labels) for p in policies):
            fail(f"{where}: no NetworkPolicy covers pods labelled {tpl_labels}")
    for p in policies:
        spec = p["spec"]
        if "Ingress" not in spec.get("policyTypes", []):
            fail(f"{where}: {name(p)} must restrict ingress")
        for rule in spec.get("ingress", []):
            allowed = {q.get("port") for q in rule.get("ports") or [{}]}
            if allowed != ports:
                fail(f"{where}: {name(p)} lets in ports {allowed}; only the metrics port {ports} should be reachable")
            if any("podSelector" not in peer or "ipBlock" in peer for peer in rule.get("from") or [{}]):
                fail(f"{where}: {name(p)} lets in peers other than selected (Prometheus) pods")


def keda(where: str, so: dict[str, Any], sts: dict[str, Any], data: dict[str, str],
         by_kind: dict[str, list[dict[str, Any]]]) -> None:
    spec = so["spec"]
    ref = spec["scaleTargetRef"]
    if (ref.get("kind"), ref.get("name")) != ("StatefulSet", sts["metadata"]["name"]):
        fail(f"{where}: ScaledObject scales {ref.get('kind')}/{ref.get('name')}, not the worker StatefulSet")
    lo, hi = spec.get("minReplicaCount", 0), spec.get("maxReplicaCount", 100)
    if not 1 <= lo <= hi:
        fail(f"{where}: ScaledObject replicas {lo}..{hi}: the minimum must be at least 1 and at most the maximum")
    (trigger,) = spec["triggers"]
    meta = trigger["metadata"]
    if trigger["type"] != "kafka":
        fail(f"{where}: ScaledObject trigger {trigger['type']}: expected kafka (consumer lag)")
    unknown = set(meta) - KEDA_KAFKA
    if unknown:
        fail(f"{where}: ScaledObject trigger parameters {sorted(unknown)} are not the Kafka scaler's")
    for key, setting in (("bootstrapServers", "TOOLMEND_BOOTSTRAP_SERVERS"), ("consumerGroup", "TOOLMEND_GROUP_ID"),
                         ("topic", "TOOLMEND_INPUT_TOPIC")):
        if meta.get(key) != data.get(setting):
            fail(f"{where}: ScaledObject {key}={meta.get(key)!r} but the ConfigMap's {setting}="
                 f"{data.get(setting)!r}")
    protocol = data.get("TOOLMEND_SECURITY_PROTOCOL", "PLAINTEXT")
    want_sasl = KEDA_SASL.get(data.get("TOOLMEND_SASL_MECHANISM", ""), "?") if "SASL" in protocol else "none"
    want_tls = "enable" if "SSL" in protocol else "disable"
    if (meta.get("sasl", "none"), meta.get("tls", "disable")) != (want_sasl, want_tls):
        fail(f"{where}: the scaler connects with sasl={meta.get('sasl', 'none')}, tls={meta.get('tls', 'disable')}; "
             f"the workers with {protocol} {data.get('TOOLMEND_SASL_MECHANISM', '')}: expected sasl={want_sasl}, "
             f"tls={want_tls}")
    auth = trigger.get("authenticationRef")
    auths = {a["metadata"]["name"]: a for a in by_kind.get("TriggerAuthentication", [])}
    if want_sasl != "none":
        if auth is None or auth["name"] not in auths:
            fail(f"{where}: the scaler uses SASL but names no TriggerAuthentication of the set ({auth})")
        else:
            params = {r["parameter"] for r in auths[auth["name"]]["spec"].get("secretTargetRef", ())}
            if not {"username", "password"} <= params:
                fail(f"{where}: TriggerAuthentication {auth['name']} gives {sorted(params)}, not username and "
                     "password")
    if not str(meta.get("lagThreshold", "")).isdigit() or int(meta["lagThreshold"]) <= 0:
        fail(f"{where}: ScaledObject lagThreshold {meta.get('lagThreshold')!r}: expected a positive integer")
    if meta.get("allowIdleConsumers", "false") != "false":
        fail(f"{where}: ScaledObject allowIdleConsumers must stay false: more replicas than partitions would idle")
    if "replicas" in sts["spec"]:
        fail(f"{where}: StatefulSet sets spec.replicas: KEDA owns the count, and every apply would reset it")


def strimzi(docs: list[dict[str, Any]], data: dict[str, str]) -> int | None:
    """The topic specs against the workers' settings; returns the input topic's partition count."""
    topics = {t["spec"].get("topicName", t["metadata"]["name"]): t["spec"] for t in docs if t["kind"] == "KafkaTopic"}
    group = data["TOOLMEND_GROUP_ID"]
    changelog = data.get("TOOLMEND_STATE_TOPIC") or f"{group}-state"
    inp = data["TOOLMEND_INPUT_TOPIC"]
    outputs = [data["TOOLMEND_OUTPUT_TOPIC"], data["TOOLMEND_FINDINGS_TOPIC"], data["TOOLMEND_DLQ_TOPIC"]]
    if set(topics) != {inp, changelog, *outputs}:
        fail(f"strimzi: topics {sorted(topics)}, the workers' settings name {sorted({inp, changelog, *outputs})}")
        return None
    counts = {t: s["partitions"] for t, s in topics.items()}
    if len(set(counts.values())) != 1:
        fail(f"strimzi: partition counts {counts}: every topic needs the input's (state and outputs are kept in "
             "the partition of their input)")
    for t, s in topics.items():
        policy = s["config"].get("cleanup.policy")
        if policy != ("compact" if t == changelog else "delete"):
            fail(f"strimzi: {t} has cleanup.policy {policy}: the changelog is compacted, the others are not")
        if s["replicas"] < int(s["config"].get("min.insync.replicas", 1)) + 1:
            fail(f"strimzi: {t}: replicas {s['replicas']} leave no broker to lose above min.insync.replicas")
    limit = {t: int(topics[t]["config"].get("max.message.bytes", 1048588)) for t in topics}
    for t in outputs:
        if limit[t] < max(8 << 20, limit[inp]):
            fail(f"strimzi: {t} max.message.bytes {limit[t]}: below the input's ({limit[inp]}) or 8 MiB, so a "
                 "repaired history of a large input would be dead-lettered")
    users = [u for u in docs if u["kind"] == "KafkaUser"]
    if len(users) != 1:
        fail(f"strimzi: {len(users)} KafkaUsers, expected the workers' one")
        return counts[inp]
    granted: dict[tuple[str, str], set[str]] = {}
    for acl in users[0]["spec"]["authorization"]["acls"]:
        r = acl["resource"]
        if acl.get("type", "allow") == "allow" and r.get("patternType", "literal") == "literal":
            granted.setdefault((r["type"], r.get("name", "")), set()).update(acl["operations"])
    need = {("topic", inp): {"Read", "Describe"}, ("topic", changelog): {"Read", "Write", "Describe"},
            ("group", group): {"Read"}}
    need.update({("topic", t): {"Write", "Describe"} for t in outputs})
    for res, ops in need.items():
        if not ops <= granted.get(res, set()):
            fail(f"strimzi: the KafkaUser lacks {sorted(ops - granted.get(res, set()))} on {res[0]} {res[1]}")
    print(f"checked strimzi: {len(topics)} topics of {counts[inp]} partitions and the KafkaUser's ACLs")
    return counts[inp]


def topics_table(docs: list[dict[str, Any]], path: str) -> None:
    """docs/deploy.md's table of the topics says what deploy/strimzi creates and allows."""
    topics = {t["spec"].get("topicName", t["metadata"]["name"]): t["spec"] for t in docs if t["kind"] == "KafkaTopic"}
    acls: dict[str, set[str]] = {}
    for u in docs:
        for acl in u["spec"]["authorization"]["acls"] if u["kind"] == "KafkaUser" else ():
            r = acl["resource"]
            if r["type"] == "topic" and r.get("patternType", "literal") == "literal":
                acls.setdefault(r["name"], set()).update(acl["operations"])
    with open(path) as f:
        text = f.read()
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and re.fullmatch(r"`[\w.-]+`", cells[0]):
            rows[cells[0].strip("`")] = cells
    before = len(errors)
    if set(rows) != set(topics):
        fail(f"{path}: the topics table lists {sorted(rows)}, deploy/strimzi creates {sorted(topics)}")
        return
    for t, (_, _, parts, policy, size, retention, ops) in rows.items():
        spec, cfg = topics[t], topics[t]["config"]
        days = re.fullmatch(r"(\d+) days?", retention)
        want = {"partitions": spec["partitions"], "cleanup.policy": cfg.get("cleanup.policy"),
                "max.message.bytes": int(cfg.get("max.message.bytes", 1048588)),
                "retention.ms": cfg.get("retention.ms"), "ACLs": acls.get(t, set())}
        got = {"partitions": int(parts) if parts.isdigit() else parts, "cleanup.policy": policy,
               "max.message.bytes": int(size.split()[0]) if size.split()[0].isdigit() else size,
               "retention.ms": int(days[1]) * 86400000 if days else None,
               "ACLs": {o.strip() for o in ops.split(",")}}
        for k in want:
            if want[k] != got[k]:
                fail(f"{path}: topic {t}: the table says {k} {got[k]}, deploy/strimzi {want[k]}")
    if len(errors) == before:
        print(f"checked {path}: the topics table equals deploy/strimzi")


def rolled(base: list[dict[str, Any]], changed: list[dict[str, Any]]) -> None:
    def template(docs: list[dict[str, Any]]) -> Any:
        return next(d for d in docs if d["kind"] == "StatefulSet")["spec"]["template"]

    if template(base) == template(changed):
        fail("a change of settings (toolmend.env) leaves the workers' pod template as it was: it would not roll them")
    else:
        print("checked a change of settings changes the workers' pod template (they roll)")


def self_test(docs: list[dict[str, Any]], topics: list[dict[str, Any]]) -> None:
    (sts,) = [d for d in docs if d["kind"] == "StatefulSet"]
    bad = copy.deepcopy(sts)
    bad["spec"]["template"]["spec"]["containers"][0]["imagePullPolicyy"] = "Always"
    pod = copy.deepcopy(sts["spec"]["template"]["spec"])
    pod["initContainers"][0]["envFrom"] = pod["initContainers"][0]["envFrom"][1:]
    before = len(errors)
    validate_first("self-test", pod, pod["containers"][0])
    if len(errors) == before:
        fail("an init container reading other settings than the workers passed the check: it checks nothing")
    del errors[before:]
    try:
        validate(bad, VERSIONS[0], strict=True)
        fail("strict validation accepted an unknown field: the validator checks nothing")
    except ValidationError:
        pass
    (so,) = [d for d in docs if d["kind"] == "ScaledObject"]
    bad = copy.deepcopy(so)
    bad["spec"]["maxReplicaCont"] = 3
    if not crd_errors(bad):
        fail("schemas/crds.yaml accepted an unknown field in a ScaledObject: it checks nothing")
    bad = copy.deepcopy(next(d for d in topics if d["kind"] == "KafkaTopic"))
    bad["spec"]["partition"] = bad["spec"].pop("partitions")
    if not crd_errors(bad):
        fail("schemas/crds.yaml accepted a misspelt field in a KafkaTopic: it checks nothing")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", action="append", default=[], metavar="NAME=FILE", required=True)
    ap.add_argument("--strimzi", required=True)
    ap.add_argument("--rolled", required=True)
    ap.add_argument("--topics-doc", required=True, help="the doc whose table lists the topics (docs/deploy.md)")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv)
    sets = dict(s.split("=", 1) for s in a.set)
    rendered = {k: load(v) for k, v in sets.items()}
    for k, docs in rendered.items():
        schemas(f"rendered {k}", docs)
    topics = load(a.strimzi)
    schemas("rendered strimzi", topics)
    extra: list[dict[str, Any]] = []
    for path in a.files:
        file_docs = load(path)
        schemas(path, file_docs)
        extra += file_docs
    base = rendered["base"]
    base_sts = next(d for d in base if d["kind"] == "StatefulSet")
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for d in base:
        by_kind.setdefault(d["kind"], []).append(d)
    partitions = strimzi(topics, worker_config("base", by_kind, base_sts))
    topics_table(topics, a.topics_doc)
    for k, docs in rendered.items():
        semantics(k, docs, extra, partitions, overlay=k != "base")
    for job in (d for d in extra if d.get("kind") == "Job" and d["spec"].get("completionMode") == "Indexed"):
        indexed(job, extra)
    rolled(base, load(a.rolled))
    self_test(base, topics)
    for e in errors:
        print(f"ERROR {e}", file=sys.stderr)
    print(f"{'FAILED' if errors else 'ok'}: {len(errors)} errors; Kubernetes {', '.join(VERSIONS)}; "
          f"rendered {', '.join(rendered)}, strimzi")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
