#!/usr/bin/env bash
# Validates the deployment files without a cluster or a Docker engine:
#   1. every Kubernetes manifest in k8s/base against the Kubernetes $K8S_VERSION schemas (strict),
#   2. the base and every overlay rendered (with kubectl/kustomize when one is installed, else
#      with the small renderer of deploy/validate.py; with both, they must agree) and the result
#      validated the same way,
#   3. cross-references of each rendering (deploy/validate.py k8s): every Deployment has one
#      HorizontalPodAutoscaler (unless the overlay has none), one PodDisruptionBudget that never
#      blocks a drain and its own NetworkPolicy; every selector and scaleTargetRef names an
#      existing Deployment; each service is reachable only from the peers that name it in
#      APP__SERVICES__*, the ingress controller and Prometheus; the Ingress fits the gateway,
#   4. what each kustomization.yaml names exists; each overlay gives every service a replica
#      count and an image tag,
#   5. deploy/docker-compose.yml: `docker compose config -q` where the compose plugin is
#      installed, and always against the Compose Specification schema (deploy/schema/), with the
#      same services, ports and peers as Kubernetes and traces through the collector to Jaeger.
#
# Tools go to a Python venv in ${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv (created on
# first run). Needs python3 and python3-venv; without venv it falls back to `pip install --user`.
#
# Usage: scripts/validate-k8s.sh
set -euo pipefail

K8S_VERSION="${K8S_VERSION:-1.30}"
KV_VERSION="${KUBERNETES_VALIDATE_VERSION:-1.37.0}"
JS_VERSION="${JSONSCHEMA_VERSION:-4.26.0}"
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

installed_versions() {
    "$PY" - <<'EOF' 2>/dev/null || true
import importlib.metadata as m
print(m.version("kubernetes-validate"), m.version("jsonschema"))
EOF
}

if [ "$(installed_versions)" != "$KV_VERSION $JS_VERSION" ]; then
    echo "installing kubernetes-validate $KV_VERSION and jsonschema $JS_VERSION ..." >&2
    if [ "$PY" = "python3" ]; then
        # Debian marks the system Python as externally managed; --user is what was asked for.
        PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet \
            --disable-pip-version-check --no-warn-script-location --user \
            "kubernetes-validate==$KV_VERSION" "jsonschema==$JS_VERSION"
    else
        "$PY" -m pip install --quiet --disable-pip-version-check \
            "kubernetes-validate==$KV_VERSION" "jsonschema==$JS_VERSION"
    fi
    [ "$(installed_versions)" = "$KV_VERSION $JS_VERSION" ] ||
        die "kubernetes-validate $KV_VERSION and jsonschema $JS_VERSION did not install"
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

# --- 2. rendered base and overlays ------------------------------------------------------------
KUSTOMIZE=()
if command -v kubectl >/dev/null 2>&1; then
    KUSTOMIZE=(kubectl kustomize)
elif command -v kustomize >/dev/null 2>&1; then
    KUSTOMIZE=(kustomize build)
fi
checks=()
rendered=()
for dir in k8s/base k8s/overlays/*/; do
    dir="${dir%/}"
    [ -f "$dir/kustomization.yaml" ] || continue
    name="$(basename "$dir")"
    out="$WORK/$name.yaml"
    if ! "$PY" deploy/validate.py render "$dir" >"$WORK/$name.offline.yaml"; then
        echo "$dir: the offline renderer (deploy/validate.py) failed" >&2
        failed=1
        continue
    fi
    if [ "${#KUSTOMIZE[@]}" -gt 0 ]; then
        if ! "${KUSTOMIZE[@]}" "$dir" >"$out" 2>"$WORK/$name.err"; then
            cat "$WORK/$name.err" >&2
            echo "$dir: ${KUSTOMIZE[*]} failed" >&2
            failed=1
            continue
        fi
        if ! "$PY" deploy/validate.py compare "$out" "$WORK/$name.offline.yaml"; then
            echo "$dir: deploy/validate.py renders it unlike ${KUSTOMIZE[*]}; teach its renderer" >&2
            failed=1
        fi
    else
        cp "$WORK/$name.offline.yaml" "$out"
    fi
    if validate_files "$out"; then
        rendered+=("$name")
    else
        echo "$dir: rendered manifests are invalid" >&2
        failed=1
    fi
    checks+=("$name=$out")
done
if [ "${#KUSTOMIZE[@]}" -gt 0 ]; then
    echo "rendered with ${KUSTOMIZE[*]}, the offline renderer agreeing: ${rendered[*]-}"
else
    echo "rendered with the offline renderer (no kubectl or kustomize here): ${rendered[*]-}"
fi

# --- 3. cross-references -----------------------------------------------------------------------
[ "${#checks[@]}" -gt 0 ] && { "$PY" deploy/validate.py k8s "${checks[@]}" || failed=1; }

# --- 4. kustomizations -------------------------------------------------------------------------
if "$PY" deploy/validate.py kustomizations; then
    echo "kustomizations: every path exists; each overlay gives every service a count and a tag"
else
    failed=1
fi

# --- 5. compose --------------------------------------------------------------------------------
if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
    # With the stack's env file (here one of made-up values, as scripts/compose.sh writes it),
    # and refused without one: the secrets come from nowhere else.
    env_file="$(mktemp)"
    python3 -c 'import secrets
for k in ("UPCAR_DB_PASSWORD", "UPCAR_AMQP_PASSWORD", "APP__JWT__KEYRING", "APP__FILES__SIGNING_SECRET", "APP__OTP__PEPPER"):
    print(f"{k}={secrets.token_urlsafe(24)}")' >"$env_file"
    if docker compose -f deploy/docker-compose.yml --env-file "$env_file" config -q; then
        echo "deploy/docker-compose.yml: docker compose config accepts it with the stack's env file"
    else
        failed=1
    fi
    if (unset UPCAR_DB_PASSWORD UPCAR_AMQP_PASSWORD APP__JWT__KEYRING APP__FILES__SIGNING_SECRET APP__OTP__PEPPER
        docker compose -f deploy/docker-compose.yml --env-file /dev/null config -q) 2>/dev/null; then
        echo "deploy/docker-compose.yml: docker compose config accepts it without the env file's secrets" >&2
        failed=1
    else
        echo "deploy/docker-compose.yml: refused without the env file's secrets"
    fi
    rm -f "$env_file"
else
    echo "deploy/docker-compose.yml: no docker compose plugin here; checked against the bundled schema"
fi
"$PY" deploy/validate.py compose || failed=1

if [ "$failed" -ne 0 ]; then
    echo "k8s: validation FAILED" >&2
    exit 1
fi
echo "k8s: $OBJECTS manifests valid"
