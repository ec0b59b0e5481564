#!/usr/bin/env bash
# Sourced by the scripts that run the product on this machine (`make dev`, the browser tests'
# stack, the benchmarks): gives the run its own signing secrets and exports them. The
# settings files in the repository hold test values only, which every process refuses at
# start (anyone with the source could sign tokens and file links with them). The secrets are
# made once per run folder (`$1`, never committed) and kept there, so tokens and file links
# outlive a restart of the same stack.
#   . scripts/run-secrets.sh .run
run_secrets() {
    local dir="$1" file="$1/secrets.env"
    mkdir -p "$dir"
    if [ ! -s "$file" ]; then
        local tmp
        tmp="$(mktemp "$dir/.secrets.XXXXXX")"
        chmod 600 "$tmp"
        python3 - >"$tmp" <<'PY'
import secrets
print(f"APP__JWT__KEYRING=dev-1:{secrets.token_urlsafe(48)}")
print(f"APP__FILES__SIGNING_SECRET={secrets.token_urlsafe(48)}")
print(f"APP__OTP__PEPPER={secrets.token_urlsafe(48)}")
PY
        mv "$tmp" "$file"
    fi
    set -a
    # shellcheck disable=SC1090
    . "$file"
    set +a
}
run_secrets "${1:?the run folder}"
