#!/usr/bin/env bash
# Writes the API's OpenAPI document (services/gateway/openapi.json, from the gateway's one
# route table), the web app's types generated from it (frontend/src/api/schema.d.ts) and the
# web app's policy values from the domains' constants (frontend/src/api/policy.ts).
# `scripts/gen-api.sh --check` changes nothing and fails when either is stale (`make test`
# runs it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
DOC=services/gateway/openapi.json

# (After `cargo test --workspace` this build has nothing left to do.)
cargo build -q -p gateway -p upcar-web-policy
gateway="$CARGO_TARGET_DIR/debug/gateway"
policy="$CARGO_TARGET_DIR/debug/web-policy"
POLICY=frontend/src/api/policy.ts
(cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; })

if [ "${1:-}" = "--check" ]; then
    fresh="$(mktemp)"
    trap 'rm -f "$fresh"' EXIT
    "$gateway" openapi >"$fresh"
    if ! cmp -s "$fresh" "$DOC"; then
        echo "$DOC is stale: the routes changed; run scripts/gen-api.sh and commit the result" >&2
        diff -u "$DOC" "$fresh" | head -40 >&2 || true
        exit 1
    fi
    (cd frontend && npm run --silent gen:api -- --check)
    "$policy" >"$fresh"
    if ! cmp -s "$fresh" "$POLICY"; then
        echo "$POLICY is stale: a policy constant changed; run scripts/gen-api.sh and commit the result" >&2
        diff -u "$POLICY" "$fresh" | head -40 >&2 || true
        exit 1
    fi
    # The document as tools no one here wrote read it (OpenAPI 3.1 rules).
    "${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv/bin/python" - "$DOC" <<'PY'
import json, sys
from openapi_spec_validator import OpenAPIV31SpecValidator
errors = list(OpenAPIV31SpecValidator(json.load(open(sys.argv[1]))).iter_errors())
for e in errors[:10]:
    print(f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}", file=sys.stderr)
if errors:
    sys.exit(f"{sys.argv[1]}: {len(errors)} errors by openapi-spec-validator")
PY
    echo "OpenAPI document and web app API types are current; the document validates"
else
    "$gateway" openapi >"$DOC"
    (cd frontend && npm run --silent gen:api)
    "$policy" >"$POLICY"
    echo "wrote $DOC, frontend/src/api/schema.d.ts and $POLICY"
fi
