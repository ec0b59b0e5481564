#!/usr/bin/env bash
# Validates the deployment files without a cluster or a Docker engine:
#   1. every Kubernetes manifest in k8s/base against the Kubernetes $K8S_VERSION schemas (strict),
#   2. every overlay, rendered with kubectl/kustomize when one is installed (skipped otherwise),
#   3. every path named by a kustomization.yaml (resources, components, patches) exists,
#   4. deploy/docker-compose.yml parses and every service has an image or a build.
#
# Tools go to a Python venv in ${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv (created on
# first run). Needs python3 and python3-venv; without venv it falls back to `pip install --user`.
#
# Usage: scripts/validate-k8s.sh
set -euo pipefail

K8S_VERSION="${K8S_VERSION:-1.30}"
KV_VERSION="${KUBERNETES_VALIDATE_VERSION:-1.37.0}"
TOOLS_DIR="${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}"
VENV="$TOOLS_DIR/venv"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

die() {
    echo "error: $*" >&2
    exit 1
}

command -v python3 >/dev/null 2>&1 || die "python3 is required"

# --- tools -------------------------------------------------------------------------------------
PY=""
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
    PY="$VENV/bin/python"
else
    rm -rf "$VENV" # a half-made venv (e.g. python3-venv missing) is useless
    mkdir -p "$TOOLS_DIR"
    if python3 -m venv "$VENV" >/dev/null 2>&1 && "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
        PY="$VENV/bin/python"
    else
        rm -rf "$VENV"
        python3 -m pip --version >/dev/null 2>&1 ||
            die "neither 'python3 -m venv' nor pip works; install python3-venv (apt-get install python3-venv)"
        echo "python3 -m venv is unavailable; installing tools with pip --user" >&2
        PY="python3"
    fi
fi

installed_version() {
    "$PY" - <<'EOF' 2>/dev/null || true
import importlib.metadata as m
print(m.version("kubernetes-validate"))
EOF
}

if [ "$(installed_version)" != "$KV_VERSION" ]; then
    echo "installing kubernetes-validate $KV_VERSION ..." >&2
    if [ "$PY" = "python3" ]; then
        # Debian marks the system Python as externally managed; --user is what was asked for.
        PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet \
            --disable-pip-version-check --no-warn-script-location --user "kubernetes-validate==$KV_VERSION"
    else
        "$PY" -m pip install --quiet --disable-pip-version-check "kubernetes-validate==$KV_VERSION"
    fi
    [ "$(installed_version)" = "$KV_VERSION" ] || die "kubernetes-validate $KV_VERSION did not install"
fi

kubernetes_validate() {
    "$PY" -m kubernetes_validate "$@"
}

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Runs kubernetes-validate --strict on the given files. Its warnings (e.g. a kind it has no
# schema for, such as a typo in `kind:` or a CRD) count as failures too.
validate_files() {
    local out rc=0
    out="$(kubernetes_validate --strict --quiet -k "$K8S_VERSION" "$@" 2>&1)" || rc=$?
    if [ -n "$out" ]; then
        printf '%s\n' "$out" >&2
    fi
    [ "$rc" -eq 0 ] && ! grep -q '^WARN' <<<"$out"
}

# --- 1. base manifests -------------------------------------------------------------------------
mapfile -t MANIFESTS < <(find k8s/base -type f \( -name '*.yaml' -o -name '*.yml' \) \
    ! -name kustomization.yaml ! -name kustomization.yml ! -name Kustomization | sort)
[ "${#MANIFESTS[@]}" -gt 0 ] || die "no manifests found under k8s/base"

failed=0
validate_files "${MANIFESTS[@]}" || failed=1

OBJECTS="$("$PY" - "${MANIFESTS[@]}" <<'EOF'
import sys, yaml
print(sum(1 for f in sys.argv[1:] for d in yaml.safe_load_all(open(f)) if d))
EOF
)"

# --- 2. rendered overlays ----------------------------------------------------------------------
KUSTOMIZE=()
if command -v kubectl >/dev/null 2>&1; then
    KUSTOMIZE=(kubectl kustomize)
elif command -v kustomize >/dev/null 2>&1; then
    KUSTOMIZE=(kustomize build)
fi
rendered=()
for overlay in k8s/overlays/*/; do
    overlay="${overlay%/}"
    [ -f "$overlay/kustomization.yaml" ] || continue
    if [ "${#KUSTOMIZE[@]}" -eq 0 ]; then
        echo "overlays: not rendered (install kubectl or kustomize to check them)"
        break
    fi
    name="$(basename "$overlay")"
    if "${KUSTOMIZE[@]}" "$overlay" >"$WORK/$name.yaml" 2>"$WORK/$name.err"; then
        if validate_files "$WORK/$name.yaml"; then
            rendered+=("$name")
        else
            echo "overlay $overlay: rendered manifests are invalid" >&2
            failed=1
        fi
    else
        cat "$WORK/$name.err" >&2
        echo "overlay $overlay: ${KUSTOMIZE[*]} failed" >&2
        failed=1
    fi
done
if [ "${#rendered[@]}" -gt 0 ]; then
    echo "overlays: ${rendered[*]} render and validate"
fi

# --- 3 & 4. kustomization paths, compose file --------------------------------------------------
"$PY" - <<'EOF' || failed=1
import os, sys, glob, yaml

errors = []

def local(entry):
    return isinstance(entry, str) and "://" not in entry and not entry.startswith(("github.com/", "git@"))

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
        if local(p) and not os.path.exists(os.path.join(base, p)):
            errors.append(f"{kfile}: {p} does not exist")

compose_file = "deploy/docker-compose.yml"
try:
    compose = yaml.safe_load(open(compose_file)) or {}
except (OSError, yaml.YAMLError) as e:
    errors.append(f"{compose_file}: {e}")
    compose = {}
services = compose.get("services") or {}
if not services:
    errors.append(f"{compose_file}: no services")
for name, svc in services.items():
    svc = svc or {}
    if not svc.get("image") and not svc.get("build"):
        errors.append(f"{compose_file}: service {name} has neither image nor build")
    build = svc.get("build")
    if isinstance(build, dict):
        ctx = os.path.join("deploy", build.get("context", "."))
        dockerfile = os.path.join(ctx, build.get("dockerfile", "Dockerfile"))
        if not os.path.isfile(dockerfile):
            errors.append(f"{compose_file}: service {name}: {dockerfile} does not exist")
    deps = svc.get("depends_on") or []
    for dep in deps:
        if dep not in services:
            errors.append(f"{compose_file}: service {name} depends on unknown service {dep}")

for e in errors:
    print(e, file=sys.stderr)
if errors:
    sys.exit(1)
print(f"kustomize paths and {compose_file} ({len(services)} services) ok")
EOF

if [ "$failed" -ne 0 ]; then
    echo "k8s: validation FAILED" >&2
    exit 1
fi
echo "k8s: $OBJECTS manifests valid"
