"""Checks of the deployment files behind scripts/validate-k8s.sh (offline, no cluster).

    python deploy/validate.py render DIR             print DIR's kustomization, rendered
    python deploy/validate.py compare A B            two renderings hold the same objects
    python deploy/validate.py k8s NAME=FILE...       cross-references of rendered manifests
    python deploy/validate.py kustomizations         what each kustomization.yaml names
    python deploy/validate.py compose                deploy/docker-compose.yml and its files

`render` is a small kustomize: resources, namespace, labels, replicas, images and patches
(strategic merge, JSON 6902, `$patch: delete`), which is all this repository's
kustomizations use. It refuses any other field, so an overlay that outgrows it fails loudly
instead of being checked half. Where kubectl or kustomize is installed the script renders with
it and `compare`s the two, which keeps this one honest.

Every command prints its findings and exits 1 when there is any. Run from the repository root.
"""

from __future__ import annotations

import copy
import json
import os
import re
import sys

import yaml

# --- small helpers ---------------------------------------------------------------------------


def load_docs(path):
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d]


def name_of(obj):
    return (obj.get("metadata") or {}).get("name", "")


def key_of(obj):
    return (obj.get("kind", ""), name_of(obj))


def labels_match(selector, labels):
    """A label selector (matchLabels and matchExpressions, or a plain map) against labels."""
    if selector is None:
        return False
    if "matchLabels" not in selector and "matchExpressions" not in selector:
        selector = {"matchLabels": selector}
    for k, v in (selector.get("matchLabels") or {}).items():
        if labels.get(k) != v:
            return False
    for expr in selector.get("matchExpressions") or []:
        key, op, values = expr["key"], expr["operator"], expr.get("values") or []
        if op == "In" and labels.get(key) not in values:
            return False
        if op == "NotIn" and labels.get(key) in values:
            return False
        if op == "Exists" and key not in labels:
            return False
        if op == "DoesNotExist" and key in labels:
            return False
    return True


def is_empty_selector(selector):
    return not (selector or {}).get("matchLabels") and not (selector or {}).get("matchExpressions")


# --- render: a small kustomize ---------------------------------------------------------------

KUSTOMIZATION_FIELDS = {
    "apiVersion", "kind", "resources", "namespace", "labels", "replicas", "images", "patches",
    "patchesStrategicMerge", "patchesJson6902",
}
CLUSTER_SCOPED = {
    "Namespace", "ClusterRole", "ClusterRoleBinding", "PersistentVolume", "StorageClass",
    "CustomResourceDefinition", "PriorityClass", "IngressClass",
}
WORKLOADS = {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job"}
# Strategic-merge keys of the lists these manifests patch; other lists are replaced whole.
MERGE_KEYS = {
    "containers": "name", "initContainers": "name", "ephemeralContainers": "name", "env": "name",
    "volumes": "name", "volumeMounts": "mountPath", "imagePullSecrets": "name",
}
DELETE = object()


class RenderError(Exception):
    pass


def kustomization_file(directory):
    for n in ("kustomization.yaml", "kustomization.yml", "Kustomization"):
        p = os.path.join(directory, n)
        if os.path.isfile(p):
            return p
    return None


def render(directory):
    kfile = kustomization_file(directory)
    if not kfile:
        raise RenderError(f"{directory}: no kustomization.yaml")
    with open(kfile) as f:
        k = yaml.safe_load(f) or {}
    unknown = set(k) - KUSTOMIZATION_FIELDS
    if unknown:
        raise RenderError(f"{kfile}: the offline renderer does not handle {sorted(unknown)}")

    objs = []
    for res in k.get("resources") or []:
        path = os.path.join(directory, res)
        if os.path.isdir(path):
            objs += render(path)
        elif os.path.isfile(path):
            objs += load_docs(path)
        else:
            raise RenderError(f"{kfile}: resource {res} does not exist")

    for p in k.get("patchesStrategicMerge") or []:
        objs = apply_patch(objs, {"path": p}, directory, kfile)
    for p in k.get("patches") or []:
        objs = apply_patch(objs, p, directory, kfile)
    for p in k.get("patchesJson6902") or []:
        objs = apply_patch(objs, p, directory, kfile)

    if k.get("namespace"):
        for o in objs:
            if o.get("kind") not in CLUSTER_SCOPED:
                o.setdefault("metadata", {})["namespace"] = k["namespace"]

    for entry in k.get("labels") or []:
        pairs = entry.get("pairs") or {}
        for o in objs:
            o.setdefault("metadata", {}).setdefault("labels", {}).update(pairs)
            spec = o.get("spec") or {}
            if entry.get("includeTemplates") and isinstance(spec.get("template"), dict):
                spec["template"].setdefault("metadata", {}).setdefault("labels", {}).update(pairs)
            if entry.get("includeSelectors"):
                if o.get("kind") == "Service":
                    spec.setdefault("selector", {}).update(pairs)
                elif isinstance(spec.get("selector"), dict):
                    spec["selector"].setdefault("matchLabels", {}).update(pairs)

    for entry in k.get("replicas") or []:
        if "count" not in entry:
            raise RenderError(f"{kfile}: replicas entry {entry.get('name')} has no count")
        hits = [o for o in objs if o.get("kind") in WORKLOADS and name_of(o) == entry["name"]]
        if not hits:
            raise RenderError(f"{kfile}: replicas names {entry['name']}, which is no workload")
        for o in hits:
            o["spec"]["replicas"] = entry["count"]

    for entry in k.get("images") or []:
        for o in objs:
            for c in pod_containers(o):
                image = c.get("image", "")
                base, tag = split_image(image)
                if base != entry["name"]:
                    continue
                base = entry.get("newName", base)
                if entry.get("digest"):
                    tag = "@" + entry["digest"]
                elif entry.get("newTag"):
                    tag = ":" + str(entry["newTag"])
                c["image"] = base + tag
    return objs


def split_image(image):
    if "@" in image:
        base, digest = image.split("@", 1)
        return base, "@" + digest
    slash = image.rfind("/")
    colon = image.rfind(":")
    if colon > slash:
        return image[:colon], image[colon:]
    return image, ""


def pod_spec(obj):
    spec = obj.get("spec") or {}
    if obj.get("kind") == "CronJob":
        spec = ((spec.get("jobTemplate") or {}).get("spec")) or {}
    return ((spec.get("template") or {}).get("spec")) or {}


def pod_containers(obj):
    ps = pod_spec(obj)
    return list(ps.get("containers") or []) + list(ps.get("initContainers") or [])


def target_matches(obj, target):
    if not target:
        return True
    if target.get("kind") and obj.get("kind") != target["kind"]:
        return False
    if target.get("name") and not re.fullmatch(target["name"], name_of(obj)):
        return False
    if target.get("namespace") and (obj.get("metadata") or {}).get("namespace") != target["namespace"]:
        return False
    if target.get("labelSelector"):
        want = dict(pair.split("=", 1) for pair in target["labelSelector"].split(","))
        if not labels_match({"matchLabels": want}, (obj.get("metadata") or {}).get("labels") or {}):
            return False
    return True


def apply_patch(objs, entry, directory, kfile):
    if isinstance(entry, str):
        entry = {"path": entry}
    if "path" in entry:
        with open(os.path.join(directory, entry["path"])) as f:
            text = f.read()
    elif "patch" in entry:
        text = entry["patch"]
    else:
        raise RenderError(f"{kfile}: a patch without path or patch")
    target = entry.get("target")
    docs = [d for d in yaml.safe_load_all(text) if d is not None]
    if len(docs) == 1 and isinstance(docs[0], list):
        if not target:
            raise RenderError(f"{kfile}: a JSON 6902 patch needs a target")
        hits = [o for o in objs if target_matches(o, target)]
        if not hits:
            raise RenderError(f"{kfile}: patch target {target} matches nothing")
        for o in hits:
            json6902(o, docs[0], kfile)
        return objs
    out = objs
    for doc in docs:
        if target:
            hits = [o for o in out if target_matches(o, target)]
        else:
            hits = [o for o in out if key_of(o) == key_of(doc)]
        if not hits:
            raise RenderError(f"{kfile}: patch for {key_of(doc)} (target {target}) matches nothing")
        kept = []
        for o in out:
            if any(o is h for h in hits):
                p = copy.deepcopy(doc)
                if target:  # the patch's own name does not count with a target
                    p.setdefault("metadata", {})["name"] = name_of(o)
                merged = strategic_merge(o, p, None)
                if merged is not DELETE:
                    kept.append(merged)
            else:
                kept.append(o)
        out = kept
    return out


def strip_directives(value):
    if isinstance(value, dict):
        return {k: strip_directives(v) for k, v in value.items() if not k.startswith("$")}
    if isinstance(value, list):
        return [strip_directives(v) for v in value]
    return value


def strategic_merge(base, patch, field):
    if isinstance(patch, dict):
        directive = patch.get("$patch")
        if directive == "delete":
            return DELETE
        if directive == "replace":
            return strip_directives(patch)
        if not isinstance(base, dict):
            return strip_directives(patch)
        for k, v in patch.items():
            if k.startswith("$"):
                continue
            if v is None:
                base.pop(k, None)
            elif k in base:
                merged = strategic_merge(base[k], v, k)
                if merged is DELETE:
                    base.pop(k, None)
                else:
                    base[k] = merged
            else:
                base[k] = strip_directives(v)
        return base
    if isinstance(patch, list) and isinstance(base, list):
        key = MERGE_KEYS.get(field)
        if field == "ports" and all(isinstance(i, dict) and "containerPort" in i for i in patch):
            key = "containerPort"
        if not key or not all(isinstance(i, dict) and key in i for i in patch):
            return strip_directives(patch)
        out = list(base)
        for item in patch:
            idx = next((n for n, b in enumerate(out) if isinstance(b, dict) and b.get(key) == item[key]), None)
            if item.get("$patch") == "delete":
                if idx is not None:
                    out.pop(idx)
            elif idx is None:
                # kustomize puts the items a patch adds ahead of the existing ones
                out.insert(0, strip_directives(item))
            else:
                out[idx] = strategic_merge(out[idx], item, None)
        return out
    return strip_directives(patch)


def json6902(obj, ops, kfile):
    def walk(path):
        parts = [p.replace("~1", "/").replace("~0", "~") for p in path.split("/")[1:]]
        parent = obj
        for p in parts[:-1]:
            parent = parent[int(p)] if isinstance(parent, list) else parent[p]
        return parent, parts[-1]

    for op in ops:
        parent, last = walk(op["path"])
        kind = op["op"]
        try:
            if kind in ("add", "replace"):
                if isinstance(parent, list):
                    if last == "-":
                        parent.append(op["value"])
                    elif kind == "add":
                        parent.insert(int(last), op["value"])
                    else:
                        parent[int(last)] = op["value"]
                else:
                    if kind == "replace" and last not in parent:
                        raise KeyError(last)
                    parent[last] = op["value"]
            elif kind == "remove":
                if isinstance(parent, list):
                    parent.pop(int(last))
                else:
                    del parent[last]
            elif kind == "test":
                value = parent[int(last)] if isinstance(parent, list) else parent[last]
                if value != op["value"]:
                    raise RenderError(f"{kfile}: test {op['path']} failed on {key_of(obj)}")
            else:
                raise RenderError(f"{kfile}: JSON patch op {kind} is not handled")
        except (KeyError, IndexError, ValueError) as e:
            raise RenderError(f"{kfile}: {kind} {op['path']} on {key_of(obj)}: no {e}") from e


# --- compare ---------------------------------------------------------------------------------


def normalize(value):
    """Order-free form: maps sorted, lists of named items keyed by name, scalars as text."""
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        if value and all(isinstance(i, dict) and "name" in i for i in value):
            return {"[named]": {i["name"]: normalize(i) for i in value}}
        return [normalize(v) for v in value]
    if value is None:
        return None
    return str(value)


def compare(a_path, b_path):
    a = {key_of(o): normalize(o) for o in load_docs(a_path)}
    b = {key_of(o): normalize(o) for o in load_docs(b_path)}
    errors = []
    for k in sorted(set(a) | set(b)):
        if k not in a:
            errors.append(f"{k[0]}/{k[1]} only in {b_path}")
        elif k not in b:
            errors.append(f"{k[0]}/{k[1]} only in {a_path}")
        elif a[k] != b[k]:
            errors.append(f"{k[0]}/{k[1]} differs: {first_difference(a[k], b[k])}")
    return errors


def first_difference(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}/{k} present in one only"
            if a[k] != b[k]:
                return first_difference(a[k], b[k], f"{path}/{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for n, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}/{n}")
    return f"{path}: {json.dumps(a)[:120]} != {json.dumps(b)[:120]}"


# --- k8s cross-references --------------------------------------------------------------------

INGRESS_NAMESPACE = "ingress-nginx"
MONITORING_NAMESPACE = "monitoring"
METRICS_PORT = 9464
DEPENDENCY_PORTS = {"APP__DATABASE__URL": 5432}
OTLP_PORT = 4317
# Renderings that must never run a service on a single pod.
MIN_REPLICAS = {"production": 2}
UPLOAD_LIMIT_SOURCE = "services/gateway/src/routes/files.rs"


def quantity_bytes(text):
    m = re.fullmatch(r"(\d+)([kKmMgG]?)", str(text).strip())
    if not m:
        return None
    return int(m.group(1)) * {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}[m.group(2).lower()]


def upload_limit():
    """MAX_UPLOAD_BYTES of the gateway's files routes, when the source says it plainly."""
    try:
        src = open(UPLOAD_LIMIT_SOURCE).read()
    except OSError:
        return None
    m = re.search(r"MAX_UPLOAD_BYTES\s*:\s*u64\s*=\s*([0-9_ *]+);", src)
    if not m:
        return None
    value = 1
    for factor in m.group(1).replace("_", "").split("*"):
        value *= int(factor.strip())
    return value


def container_ports(dep):
    ports = {}
    for c in pod_spec(dep).get("containers") or []:
        for p in c.get("ports") or []:
            ports[p["containerPort"]] = p
    return ports


def resolve_port(dep, port):
    """A Service targetPort or NetworkPolicy port (number or name) as the container's number."""
    for number, p in container_ports(dep).items():
        if port == number or port == p.get("name"):
            return number
    return None


def env_of(dep):
    out = {}
    for c in pod_spec(dep).get("containers") or []:
        for e in c.get("env") or []:
            out[e["name"]] = e.get("value")
    return out


def policy_peers(rule, direction):
    return rule.get("from" if direction == "ingress" else "to")


def rule_ports(rule, dep):
    """The container port numbers a rule opens on dep (None: every port)."""
    if not rule.get("ports"):
        return None
    out = set()
    for p in rule["ports"]:
        if "port" not in p:
            return None
        n = resolve_port(dep, p["port"]) if dep is not None else p["port"]
        out.add(n if n is not None else p["port"])
    return out


def check_k8s(name, objs, secret_keys, errors, notes):
    def err(msg):
        errors.append(f"{name}: {msg}")

    seen = {}
    for o in objs:
        k = key_of(o)
        if k in seen:
            err(f"{k[0]}/{k[1]} is defined twice")
        seen[k] = o
    deps = {name_of(o): o for o in objs if o.get("kind") == "Deployment"}
    if not deps:
        err("no Deployment")
        return
    services = [o for o in objs if o.get("kind") == "Service"]
    hpas = [o for o in objs if o.get("kind") == "HorizontalPodAutoscaler"]
    pdbs = [o for o in objs if o.get("kind") == "PodDisruptionBudget"]
    policies = [o for o in objs if o.get("kind") == "NetworkPolicy"]
    ingresses = [o for o in objs if o.get("kind") == "Ingress"]
    configmap_keys = set()
    for o in objs:
        if o.get("kind") == "ConfigMap":
            configmap_keys |= set((o.get("data") or {}).keys())

    def pod_labels(dep):
        return ((dep["spec"].get("template") or {}).get("metadata") or {}).get("labels") or {}

    def selected(selector):
        return [d for d in deps.values() if labels_match(selector, pod_labels(d))]

    # Deployments themselves.
    for dname, dep in deps.items():
        labels = pod_labels(dep)
        if not labels_match(dep["spec"].get("selector"), labels):
            err(f"Deployment/{dname}: its selector does not match its pod template's labels")
        annotations = ((dep["spec"]["template"].get("metadata") or {}).get("annotations")) or {}
        if annotations.get("prometheus.io/scrape") != "true" or annotations.get("prometheus.io/port") != str(METRICS_PORT):
            err(f"Deployment/{dname}: pods lack prometheus.io/scrape \"true\" and prometheus.io/port \"{METRICS_PORT}\"")
        metrics = container_ports(dep).get(METRICS_PORT)
        if not metrics or metrics.get("name") != "metrics":
            err(f"Deployment/{dname}: no containerPort {METRICS_PORT} named metrics")
        # Rolling updates never take a pod away before its successor is ready, and a stopping
        # pod keeps serving through its preStop pause, then drains within the grace period.
        rolling = ((dep["spec"].get("strategy") or {}).get("rollingUpdate")) or {}
        if str(rolling.get("maxUnavailable", "25%")) not in ("0", "0%"):
            err(f"Deployment/{dname}: rollingUpdate.maxUnavailable is not 0")
        grace = pod_spec(dep).get("terminationGracePeriodSeconds", 30)
        pod_sc = pod_spec(dep).get("securityContext") or {}
        for c in pod_spec(dep).get("containers") or []:
            command = ((((c.get("lifecycle") or {}).get("preStop") or {}).get("exec")) or {}).get("command") or []
            pause = int(command[1]) if len(command) == 2 and command[0] == "sleep" and str(command[1]).isdigit() else 0
            if pause < RESOLVE_EVERY_S:
                err(f"Deployment/{dname} container {c.get('name')}: no preStop pause of at least {RESOLVE_EVERY_S} s (callers look names up every {RESOLVE_EVERY_S} s)")
            if grace <= pause + LONGEST_DRAIN_S:
                err(f"Deployment/{dname}: terminationGracePeriodSeconds {grace} is not above the preStop pause ({pause} s) and the longest drain ({LONGEST_DRAIN_S} s)")
            sc = c.get("securityContext") or {}
            where = f"Deployment/{dname} container {c.get('name')}"
            if not (sc.get("runAsNonRoot") or pod_sc.get("runAsNonRoot")):
                err(f"{where}: runAsNonRoot is not set")
            if sc.get("readOnlyRootFilesystem") is not True:
                err(f"{where}: the root filesystem is not read-only")
            for probe in ("readinessProbe", "livenessProbe"):
                if not c.get(probe):
                    err(f"{where}: no {probe}")
            if not ((c.get("resources") or {}).get("requests") or {}).get("cpu"):
                err(f"{where}: no CPU request (CPU autoscaling is measured against it)")
            defined = set(configmap_keys) | set(secret_keys)
            for e in c.get("env") or []:
                for ref in re.findall(r"\$\(([A-Za-z0-9_]+)\)", str(e.get("value") or "")):
                    if ref not in defined:
                        err(f"{where}: {e['name']} refers to $({ref}), which no ConfigMap, Secret key or earlier variable defines")
                defined.add(e["name"])

    # Selectors and references point at something.
    for svc in services:
        sel = (svc.get("spec") or {}).get("selector")
        hits = selected(sel) if sel else []
        if not hits:
            err(f"Service/{name_of(svc)}: its selector matches no Deployment")
        for p in svc["spec"].get("ports") or []:
            for d in hits:
                if resolve_port(d, p.get("targetPort", p["port"])) is None:
                    err(f"Service/{name_of(svc)}: targetPort {p.get('targetPort')} is no port of Deployment/{name_of(d)}")
    for pdb in pdbs:
        if not selected(pdb["spec"].get("selector")):
            err(f"PodDisruptionBudget/{name_of(pdb)}: its selector matches no Deployment")
    for hpa in hpas:
        ref = hpa["spec"].get("scaleTargetRef") or {}
        if ref.get("kind") != "Deployment" or ref.get("apiVersion") != "apps/v1" or ref.get("name") not in deps:
            err(f"HorizontalPodAutoscaler/{name_of(hpa)}: scaleTargetRef {ref} is no Deployment here")
    for pol in policies:
        sel = pol["spec"].get("podSelector")
        if not is_empty_selector(sel) and not selected(sel):
            err(f"NetworkPolicy/{name_of(pol)}: its podSelector matches no Deployment")
        for direction in ("ingress", "egress"):
            for rule in pol["spec"].get(direction) or []:
                for peer in policy_peers(rule, direction) or []:
                    if "podSelector" in peer and "namespaceSelector" not in peer and not selected(peer["podSelector"]):
                        err(f"NetworkPolicy/{name_of(pol)}: a {direction} peer {peer['podSelector']} matches no Deployment")

    # Namespace-wide: default deny both ways, DNS out.
    deny = [p for p in policies if is_empty_selector(p["spec"].get("podSelector"))
            and set(p["spec"].get("policyTypes") or []) >= {"Ingress", "Egress"}
            and not p["spec"].get("ingress") and not p["spec"].get("egress")]
    if not deny:
        err("no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rules)")
    dns = any(is_empty_selector(p["spec"].get("podSelector"))
              and any(any(pt.get("port") == 53 and pt.get("protocol") == "UDP" for pt in r.get("ports") or [])
                      for r in p["spec"].get("egress") or [])
              for p in policies)
    if not dns:
        err("no NetworkPolicy lets every pod look names up (egress UDP 53)")

    def policies_of(dep):
        return [p for p in policies if not is_empty_selector(p["spec"].get("podSelector"))
                and labels_match(p["spec"]["podSelector"], pod_labels(dep))]

    def allowed(dep, direction, predicate_peer, port):
        """Does any policy of dep allow, in direction, a peer matching predicate on port?"""
        for pol in policies_of(dep):
            if direction.capitalize() not in (pol["spec"].get("policyTypes") or []):
                continue
            for rule in pol["spec"].get(direction) or []:
                ports = rule_ports(rule, dep if direction == "ingress" else None)
                if ports is not None and port not in ports:
                    continue
                peers = policy_peers(rule, direction)
                if peers is None:
                    if predicate_peer(None):
                        return True
                    continue
                if any(predicate_peer(p) for p in peers):
                    return True
        return False

    def pod_peer(target):
        def pred(peer):
            return (peer is not None and "podSelector" in peer and "namespaceSelector" not in peer
                    and labels_match(peer["podSelector"], pod_labels(target)))
        return pred

    def namespace_peer(ns):
        def pred(peer):
            sel = (peer or {}).get("namespaceSelector")
            return sel is not None and "podSelector" not in peer and labels_match(
                sel, {"kubernetes.io/metadata.name": ns})
        return pred

    def anywhere(peer):
        return peer is None

    # Each Deployment: one autoscaler, one budget, its own policy.
    floor = MIN_REPLICAS.get(name, 1)
    for dname, dep in deps.items():
        mine = [h for h in hpas if (h["spec"].get("scaleTargetRef") or {}).get("name") == dname]
        replicas = dep["spec"].get("replicas", 1)
        if replicas < floor or any(h["spec"].get("minReplicas", 1) < floor for h in mine):
            err(f"Deployment/{dname}: fewer than {floor} replicas possible ({name} runs every service on {floor} pods at least)")
        if hpas:
            if len(mine) != 1:
                err(f"Deployment/{dname}: {len(mine)} HorizontalPodAutoscalers (one expected)")
            for h in mine:
                lo, hi = h["spec"].get("minReplicas", 1), h["spec"]["maxReplicas"]
                if not 1 <= lo <= hi:
                    err(f"HorizontalPodAutoscaler/{dname}: minReplicas {lo}, maxReplicas {hi}")
                if not lo <= replicas <= hi:
                    err(f"Deployment/{dname}: replicas {replicas} outside its autoscaler's {lo}..{hi}")
                cpu = [m for m in h["spec"].get("metrics") or [] if m.get("type") == "Resource"
                       and m["resource"]["name"] == "cpu" and m["resource"]["target"]["type"] == "Utilization"]
                if not cpu:
                    err(f"HorizontalPodAutoscaler/{dname}: no CPU utilisation metric")
        mine = [p for p in pdbs if labels_match(p["spec"].get("selector"), pod_labels(dep))]
        if len(mine) != 1:
            err(f"Deployment/{dname}: {len(mine)} PodDisruptionBudgets (one expected)")
        for p in mine:
            spec = p["spec"]
            fewest = min([h["spec"].get("minReplicas", 1) for h in hpas
                          if (h["spec"].get("scaleTargetRef") or {}).get("name") == dname] or [replicas])
            if "maxUnavailable" in spec:
                if str(spec["maxUnavailable"]) in ("0", "0%"):
                    err(f"PodDisruptionBudget/{name_of(p)}: maxUnavailable 0 blocks every drain")
            elif isinstance(spec.get("minAvailable"), int) and spec["minAvailable"] >= fewest:
                err(f"PodDisruptionBudget/{name_of(p)}: minAvailable {spec['minAvailable']} blocks a drain at {fewest} replica(s)")
        if not policies_of(dep):
            err(f"Deployment/{dname}: no NetworkPolicy of its own")
        if not allowed(dep, "ingress", namespace_peer(MONITORING_NAMESPACE), METRICS_PORT):
            err(f"Deployment/{dname}: Prometheus ({MONITORING_NAMESPACE} namespace) cannot reach port {METRICS_PORT}")
        env = env_of(dep)
        for var, port in DEPENDENCY_PORTS.items():
            if var in env and not allowed(dep, "egress", anywhere, port):
                err(f"Deployment/{dname}: sets {var} but may not connect out on {port}")
        if not allowed(dep, "egress", anywhere, OTLP_PORT):
            err(f"Deployment/{dname}: may not send spans to the collector (egress {OTLP_PORT})")

    # Callers: the peers each Deployment names (APP__SERVICES__*) and nobody else.
    svc_by_name = {name_of(s): s for s in services}
    callers = {d: {} for d in deps}  # callee -> {container port: {callers}}
    for dname, dep in deps.items():
        for var, value in env_of(dep).items():
            if not var.startswith("APP__SERVICES__"):
                continue
            m = re.fullmatch(r"https?://([a-z0-9.-]+):(\d+)/?", str(value or ""))
            if not m:
                err(f"Deployment/{dname}: {var}={value} is not http://host:port")
                continue
            host, port = m.group(1).split(".")[0], int(m.group(2))
            svc = svc_by_name.get(host)
            if not svc:
                err(f"Deployment/{dname}: {var} names {host}, which is no Service")
                continue
            sport = next((p for p in svc["spec"].get("ports") or [] if p["port"] == port), None)
            if not sport:
                err(f"Deployment/{dname}: {var} uses port {port}, which Service/{host} does not have")
                continue
            for callee in selected(svc["spec"].get("selector")):
                cport = resolve_port(callee, sport.get("targetPort", port))
                callers[name_of(callee)].setdefault(cport, set()).add(dname)
                if not allowed(dep, "egress", pod_peer(callee), cport):
                    err(f"NetworkPolicy: {dname} calls {name_of(callee)} ({var}) but may not connect to it on {cport}")
                if not allowed(callee, "ingress", pod_peer(dep), cport):
                    err(f"NetworkPolicy: {name_of(callee)} does not let its caller {dname} in on {cport}")

    exposed = set()
    for ing in ingresses:
        spec = ing.get("spec") or {}
        backends = [spec["defaultBackend"]] if spec.get("defaultBackend") else []
        for rule in spec.get("rules") or []:
            backends += [p["backend"] for p in (rule.get("http") or {}).get("paths") or []]
        for b in backends:
            svc = svc_by_name.get((b.get("service") or {}).get("name"))
            if not svc:
                err(f"Ingress/{name_of(ing)}: backend {b} is no Service")
                continue
            want = b["service"].get("port") or {}
            sport = next((p for p in svc["spec"]["ports"] if p["port"] == want.get("number")
                          or p.get("name") == want.get("name")), None)
            if not sport:
                err(f"Ingress/{name_of(ing)}: Service/{name_of(svc)} has no port {want}")
                continue
            for d in selected(svc["spec"].get("selector")):
                cport = resolve_port(d, sport.get("targetPort", sport["port"]))
                exposed.add((name_of(d), cport))
                if not allowed(d, "ingress", namespace_peer(INGRESS_NAMESPACE), cport):
                    err(f"NetworkPolicy: the ingress controller ({INGRESS_NAMESPACE} namespace) cannot reach {name_of(d)} on {cport}")
        for rule in spec.get("rules") or []:
            for path in (rule.get("http") or {}).get("paths") or []:
                if path.get("pathType") not in ("Exact", "Prefix", "ImplementationSpecific"):
                    err(f"Ingress/{name_of(ing)}: pathType {path.get('pathType')!r} of {path.get('path')}")
        if spec.get("ingressClassName") != "nginx":
            err(f"Ingress/{name_of(ing)}: ingressClassName is not nginx")
        ann = (ing.get("metadata") or {}).get("annotations") or {}
        for a in ("proxy-read-timeout", "proxy-send-timeout"):
            v = ann.get(f"nginx.ingress.kubernetes.io/{a}")
            if not (v and str(v).isdigit() and int(v) >= 3600):
                err(f"Ingress/{name_of(ing)}: nginx.ingress.kubernetes.io/{a} must be at least 3600 (the /v1/ws socket)")
        size = quantity_bytes(ann.get("nginx.ingress.kubernetes.io/proxy-body-size", ""))
        limit = upload_limit()
        if size is None:
            err(f"Ingress/{name_of(ing)}: no nginx.ingress.kubernetes.io/proxy-body-size")
        elif limit and size < limit:
            err(f"Ingress/{name_of(ing)}: proxy-body-size {size} bytes is below the gateway's upload limit {limit}")
    if not ingresses:
        err("no Ingress")

    # Whoever may reach a Deployment's ports: its callers, the ingress controller, Prometheus.
    for dname, dep in deps.items():
        for pol in policies_of(dep):
            for rule in pol["spec"].get("ingress") or []:
                peers = rule.get("from")
                ports = rule_ports(rule, dep) or set(container_ports(dep))
                if peers is None:
                    err(f"NetworkPolicy/{name_of(pol)}: an ingress rule open to every source")
                    continue
                for peer in peers:
                    for port in ports:
                        if "namespaceSelector" in peer:
                            ok = (port == METRICS_PORT and namespace_peer(MONITORING_NAMESPACE)(peer)) or (
                                (dname, port) in exposed and namespace_peer(INGRESS_NAMESPACE)(peer))
                            if not ok:
                                err(f"NetworkPolicy/{name_of(pol)}: lets {peer} in on {port}")
                        elif "podSelector" in peer:
                            for src in selected(peer["podSelector"]):
                                if name_of(src) not in callers[dname].get(port, set()):
                                    err(f"NetworkPolicy/{name_of(pol)}: lets {name_of(src)} in on {port}, which it does not call")
                        else:
                            err(f"NetworkPolicy/{name_of(pol)}: lets {peer} in on {port}")

    table = ", ".join(f"{d}<-{'+'.join(sorted(c))}" for d in sorted(callers) for c in callers[d].values())
    scaling = ("autoscaled " + ", ".join(f"{name_of(h)} {h['spec'].get('minReplicas', 1)}-{h['spec']['maxReplicas']}"
                                         for h in sorted(hpas, key=name_of))) if hpas else "fixed replicas, no autoscalers"
    notes.append(f"{name}: {len(objs)} objects, {len(deps)} Deployments; {scaling}; callers {table}")


# --- kustomizations --------------------------------------------------------------------------


def local_path(entry):
    return isinstance(entry, str) and "://" not in entry and not entry.startswith(("github.com/", "git@"))


def check_kustomizations(errors):
    import glob

    base_images = {}
    for f in glob.glob("k8s/base/*.y*ml"):
        if os.path.basename(f).startswith("kustomization"):
            continue
        for o in load_docs(f):
            if o.get("kind") == "Deployment":
                for c in pod_containers(o):
                    base_images[split_image(c["image"])[0]] = name_of(o)
    for kfile in sorted(glob.glob("k8s/**/kustomization.y*ml", recursive=True)):
        base = os.path.dirname(kfile)
        try:
            k = yaml.safe_load(open(kfile)) or {}
        except yaml.YAMLError as e:
            errors.append(f"{kfile}: does not parse: {e}")
            continue
        paths = list(k.get("resources") or []) + list(k.get("components") or [])
        paths += list(k.get("patchesStrategicMerge") or [])
        for p in k.get("patches") or []:
            if isinstance(p, dict) and "path" in p:
                paths.append(p["path"])
            elif isinstance(p, str):
                paths.append(p)
        for p in paths:
            if local_path(p) and not os.path.exists(os.path.join(base, p)):
                errors.append(f"{kfile}: {p} does not exist")
        if not kfile.startswith("k8s/overlays/"):
            continue
        # An overlay names every service once, with a count and a tag.
        for entry in k.get("replicas") or []:
            if not isinstance(entry.get("count"), int) or entry["count"] < 1:
                errors.append(f"{kfile}: replicas {entry.get('name')} has no count of at least 1")
            if entry.get("name") not in base_images.values():
                errors.append(f"{kfile}: replicas names {entry.get('name')}, which is no Deployment of the base")
        named = {e.get("name") for e in k.get("replicas") or []}
        for dep in sorted(set(base_images.values()) - named):
            errors.append(f"{kfile}: no replicas entry for {dep}")
        images = {}
        for entry in k.get("images") or []:
            images[entry.get("name")] = entry
            if not entry.get("newTag") and not entry.get("digest"):
                errors.append(f"{kfile}: image {entry.get('name')} has no newTag or digest")
            if entry.get("name") not in base_images:
                errors.append(f"{kfile}: image {entry.get('name')} is used by no Deployment of the base")
        for image in sorted(set(base_images) - set(images)):
            errors.append(f"{kfile}: no images entry for {image}")


# crates/grpc RESOLVE_EVERY, and the gateway's shutdown_timeout (services/gateway/src/startup.rs).
RESOLVE_EVERY_S = 10
LONGEST_DRAIN_S = 10

# --- compose ---------------------------------------------------------------------------------

COMPOSE_FILE = "deploy/docker-compose.yml"
COMPOSE_SCHEMA = "deploy/schema/compose-spec.json"
# Properties the bundled schema predates (see deploy/schema/README.md).
COMPOSE_SCHEMA_ADDITIONS = {"name": {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]*$"}}
COLLECTOR_IMAGE = "otel/opentelemetry-collector-contrib"
JAEGER_IMAGE = "jaegertracing/all-in-one"
# The services' collector address: empty (no traces) unless the tracing profile runs.
OTLP_FROM_ENV = "${UPCAR_OTLP_ENDPOINT:-}"


def check_compose(errors, notes):
    try:
        compose = yaml.safe_load(open(COMPOSE_FILE)) or {}
    except (OSError, yaml.YAMLError) as e:
        errors.append(f"{COMPOSE_FILE}: {e}")
        return

    import jsonschema

    schema = json.load(open(COMPOSE_SCHEMA))
    schema.setdefault("properties", {}).update(COMPOSE_SCHEMA_ADDITIONS)
    validator = jsonschema.Draft201909Validator(schema)
    for e in sorted(validator.iter_errors(compose), key=lambda e: [str(p) for p in e.absolute_path]):
        while e.context:  # "not valid under any of the given schemas": say why, at the deepest
            e = max(e.context, key=lambda c: (len(c.absolute_path), c.validator != "type"))
        where = "/".join(str(p) for p in e.absolute_path) or "(top)"
        message = e.message if len(e.message) <= 200 else e.message[:200] + "..."
        errors.append(f"{COMPOSE_FILE}: {where}: {message}")

    services = compose.get("services") or {}
    volumes = compose.get("volumes") or {}
    for name, svc in services.items():
        svc = svc or {}
        if not svc.get("image") and not svc.get("build"):
            errors.append(f"{COMPOSE_FILE}: service {name} has neither image nor build")
        build = svc.get("build")
        if isinstance(build, dict):
            ctx = os.path.join("deploy", build.get("context", "."))
            dockerfile = os.path.join(ctx, build.get("dockerfile", "Dockerfile"))
            if not os.path.isfile(dockerfile):
                errors.append(f"{COMPOSE_FILE}: service {name}: {dockerfile} does not exist")
        for dep in svc.get("depends_on") or []:
            if dep not in services:
                errors.append(f"{COMPOSE_FILE}: service {name} depends on unknown service {dep}")
        for v in svc.get("volumes") or []:
            source = v.split(":", 1)[0] if isinstance(v, str) else v.get("source", "")
            if source.startswith((".", "/")):
                if source.startswith(".") and not os.path.exists(os.path.join("deploy", source)):
                    errors.append(f"{COMPOSE_FILE}: service {name} mounts {source}, which does not exist")
            elif source and source not in volumes:
                errors.append(f"{COMPOSE_FILE}: service {name} uses volume {source}, which is not declared")

    # The same services as Kubernetes, on the same ports, calling the same peers.
    deps = {}
    for f in sorted(os.listdir("k8s/base")):
        if f.endswith((".yaml", ".yml")) and not f.startswith("kustomization"):
            for o in load_docs(os.path.join("k8s/base", f)):
                if o.get("kind") == "Deployment":
                    deps[name_of(o)] = o
    for dname, dep in sorted(deps.items()):
        svc = services.get(dname)
        if svc is None:
            errors.append(f"{COMPOSE_FILE}: no service {dname} (Kubernetes has one)")
            continue
        env = svc.get("environment") or {}
        if isinstance(env, list):
            env = dict(item.split("=", 1) if "=" in item else (item, "") for item in env)
        env = {k: str(v) for k, v in env.items()}
        kenv = env_of(dep)
        peers_k8s = {k: v for k, v in kenv.items() if k.startswith("APP__SERVICES__")}
        peers_compose = {k: v for k, v in env.items() if k.startswith("APP__SERVICES__")}
        if peers_k8s != peers_compose:
            errors.append(f"{COMPOSE_FILE}: {dname} calls {sorted(peers_compose.items())}, in Kubernetes {sorted(peers_k8s.items())}")
        for var in ("APP__GRPC__PORT", "APP__HTTP__PORT"):
            if var in kenv and env.get(var) != str(kenv[var]):
                errors.append(f"{COMPOSE_FILE}: {dname} {var}={env.get(var)}, in Kubernetes {kenv[var]}")
        endpoint = env.get("APP__TELEMETRY__OTLP_ENDPOINT", "")
        if endpoint != OTLP_FROM_ENV:
            errors.append(f"{COMPOSE_FILE}: {dname}: APP__TELEMETRY__OTLP_ENDPOINT={endpoint!r}, expected {OTLP_FROM_ENV!r} (scripts/compose.sh sets it with the tracing profile)")
        replicas = ((svc.get("deploy") or {}).get("replicas"))
        if replicas != 2:
            errors.append(f"{COMPOSE_FILE}: {dname} runs {replicas or 1} replica(s), 2 expected")
    extra = {n for n, s in services.items() if (s or {}).get("build")} - set(deps)
    for n in sorted(extra):
        errors.append(f"{COMPOSE_FILE}: service {n} is built here but Kubernetes has no Deployment for it")

    # Published ports on the loopback address only; secrets never written in the file.
    for name, svc in services.items():
        for port in (svc or {}).get("ports") or []:
            if not (isinstance(port, str) and port.startswith("127.0.0.1:")):
                errors.append(f"{COMPOSE_FILE}: service {name} publishes {port!r}, not on 127.0.0.1")
        env = (svc or {}).get("environment") or {}
        if isinstance(env, list):
            env = dict(item.split("=", 1) if "=" in item else (item, "") for item in env)
        for key, value in env.items():
            value = str(value)
            secret = any(w in key for w in ("PASSWORD", "PASS", "SECRET", "KEYRING", "PEPPER"))
            if secret and not re.fullmatch(r"\$\{[A-Z0-9_]+:\?[^}]*\}", value):
                errors.append(f"{COMPOSE_FILE}: service {name}: {key} is written in the file (take it from the stack's env file)")
            for m in re.finditer(r"://[^:/@]+:([^@]+)@", value):
                if not re.fullmatch(r"\$\{[A-Z0-9_]+(:\?[^}]*)?\}", m.group(1)):
                    errors.append(f"{COMPOSE_FILE}: service {name}: {key} has a password written in the file")
    collector = services.get("otel-collector") or {}
    if "tracing" not in (collector.get("profiles") or []):
        errors.append(f"{COMPOSE_FILE}: the collector is not in the optional profile tracing")
    check_collector(services, errors)
    notes.append(f"{COMPOSE_FILE}: {len(services)} services valid against the Compose schema; "
                 f"{len(deps)} services match Kubernetes, two replicas each; ports on 127.0.0.1, no secrets in the file; "
                 f"traces (profile tracing) go through the collector to Jaeger")


def check_collector(services, errors):
    collectors = [(n, s) for n, s in services.items() if str((s or {}).get("image", "")).startswith(COLLECTOR_IMAGE + ":")]
    if len(collectors) != 1:
        errors.append(f"{COMPOSE_FILE}: {len(collectors)} services run {COLLECTOR_IMAGE} (one expected)")
        return
    name, svc = collectors[0]
    mounts = [v for v in svc.get("volumes") or [] if isinstance(v, str) and v.startswith("./")]
    if not mounts:
        errors.append(f"{COMPOSE_FILE}: {name} mounts no configuration file")
        return
    path = os.path.normpath(os.path.join("deploy", mounts[0].split(":")[0]))
    try:
        cfg = yaml.safe_load(open(path)) or {}
    except (OSError, yaml.YAMLError) as e:
        errors.append(f"{path}: {e}")
        return
    grpc = (((cfg.get("receivers") or {}).get("otlp") or {}).get("protocols") or {}).get("grpc") or {}
    if not str(grpc.get("endpoint", "")).endswith(":4317") or str(grpc.get("endpoint", "")).startswith(("localhost", "127.")):
        errors.append(f"{path}: the otlp receiver does not listen for gRPC on 0.0.0.0:4317")
    pipeline = ((cfg.get("service") or {}).get("pipelines") or {}).get("traces")
    if not pipeline:
        errors.append(f"{path}: no traces pipeline")
        return
    for section, kind in (("receivers", "receivers"), ("processors", "processors"), ("exporters", "exporters")):
        for comp in pipeline.get(section) or []:
            if comp not in (cfg.get(kind) or {}):
                errors.append(f"{path}: the traces pipeline uses {section[:-1]} {comp}, which is not defined")
    jaeger_ok = False
    for comp in pipeline.get("exporters") or []:
        exp = (cfg.get("exporters") or {}).get(comp) or {}
        host = str(exp.get("endpoint", "")).split("://")[-1].split(":")[0]
        target = services.get(host) or {}
        if str(target.get("image", "")).startswith(JAEGER_IMAGE + ":"):
            jaeger_ok = True
            env = target.get("environment") or {}
            if str(env.get("COLLECTOR_OTLP_ENABLED", "")).lower() != "true":
                errors.append(f"{COMPOSE_FILE}: {host}: COLLECTOR_OTLP_ENABLED is not true")
            if not any(str(p).endswith(":16686") for p in target.get("ports") or []):
                errors.append(f"{COMPOSE_FILE}: {host}: the UI port 16686 is not published")
    if not jaeger_ok:
        errors.append(f"{path}: no traces exporter points at a {JAEGER_IMAGE} service")


# --- main ------------------------------------------------------------------------------------


def secret_keys():
    keys = set()
    path = "k8s/base/secrets.example.yaml"
    if os.path.exists(path):
        for o in load_docs(path):
            keys |= set((o.get("stringData") or {}).keys()) | set((o.get("data") or {}).keys())
        # Commented keys are documented, optional ones.
        keys |= set(re.findall(r"^\s*#\s*(APP__[A-Z0-9_]+|UPCAR_[A-Z0-9_]+):", open(path).read(), re.M))
    return keys


def main(argv):
    errors, notes = [], []
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "render":
        try:
            objs = render(args[0])
        except (RenderError, OSError, yaml.YAMLError) as e:
            print(f"render: {e}", file=sys.stderr)
            return 1
        yaml.safe_dump_all(objs, sys.stdout, sort_keys=False)
        return 0
    if cmd == "compare":
        errors = compare(args[0], args[1])
    elif cmd == "k8s":
        keys = secret_keys()
        for arg in args:
            name, path = arg.split("=", 1)
            check_k8s(name, load_docs(path), keys, errors, notes)
    elif cmd == "kustomizations":
        check_kustomizations(errors)
    elif cmd == "compose":
        check_compose(errors, notes)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for n in notes:
        print(n)
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
