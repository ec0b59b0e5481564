#!/usr/bin/env bash
# Python tools the tests use, in a venv outside the clone: kubernetes-validate (manifests),
# jsonschema (the compose file against the Compose Specification schema), moto (an
# S3-compatible server for the S3 adapter's test), aiosmtpd (an SMTP sink for the email
# adapter's test), schemathesis (API fuzzing over the gateway's OpenAPI document),
# openapi-spec-validator and openapi-python-client (the document as third-party tools read it). Installed once; later
# runs only check.
set -euo pipefail
TOOLS_DIR="${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}"
VENV="$TOOLS_DIR/venv"
REQS=("kubernetes-validate==1.37.0" "jsonschema==4.26.0" "moto[server]==5.2.5" "aiosmtpd==1.4.6" "schemathesis==4.32.5" "openapi-spec-validator==0.9.0" "openapi-python-client==0.29.1")

if [ ! -x "$VENV/bin/python" ]; then
    mkdir -p "$TOOLS_DIR"
    if ! python3 -m venv "$VENV" 2>/dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        python3 -m venv "$VENV"
    fi
fi
if ! "$VENV/bin/python" -c 'import kubernetes_validate, jsonschema, moto, aiosmtpd, schemathesis, openapi_spec_validator, openapi_python_client' 2>/dev/null || [ ! -x "$VENV/bin/moto_server" ]; then
    echo "installing test tools: ${REQS[*]}"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${REQS[@]}"
fi
echo "test tools: ready"
