#!/usr/bin/env bash
# `make compose-up` / `make compose-down`: the product from its images (`make images`) under
# docker compose (deploy/docker-compose.yml), two replicas of every service and of the gateway
# behind HAProxy, on http://127.0.0.1:$UPCAR_HTTP_PORT (8080).
#
#   scripts/compose.sh up      # writes the stack's secrets if missing, starts, waits for health
#   scripts/compose.sh down    # stops and removes the containers (COMPOSE_VOLUMES=1: the data
#                              # and the secrets too)
#   scripts/compose.sh env     # the env file's path (writes it if missing)
#   scripts/compose.sh <docker compose arguments...>   # e.g. ps, logs gateway
#
# The secrets (database and broker passwords, token and file-link signing keys, the code
# pepper) are made for this stack and kept in .run/compose/compose.env (git-ignored, mode
# 600) while its volumes live. `up` starts one replica of each service first and waits for
# their health: that replica creates its database, runs the migrations (under the advisory
# lock every replica takes) and loads the demo data; the second replicas then start and find
# them done. TRACING=1 adds the `tracing` profile (collector and Jaeger, pulled images).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# A second stack beside the first one (the compose tests) sets COMPOSE_PROJECT_NAME, its own
# UPCAR_HTTP_PORT, UPCAR_PG_PORT, UPCAR_RABBITMQ_UI_PORT and UPCAR_SUBNET.
export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-upcar}"
ENV_DIR="$ROOT/.run/compose/$COMPOSE_PROJECT_NAME"
ENV_FILE="$ENV_DIR/compose.env"
SERVICES=(activity accounts pricing catalog-search messaging captains trips hosting-teams gateway)
export UPCAR_HTTP_PORT="${UPCAR_HTTP_PORT:-8080}"

write_env() {
    [ -s "$ENV_FILE" ] && return 0
    mkdir -p "$ENV_DIR"
    local tmp
    tmp="$(mktemp "$ENV_DIR/.env.XXXXXX")"
    chmod 600 "$tmp"
    python3 - >"$tmp" <<'PY'
import secrets
t = lambda: secrets.token_urlsafe(36)
print(f"UPCAR_DB_PASSWORD={t()}")
print(f"UPCAR_AMQP_PASSWORD={t()}")
print(f"APP__JWT__KEYRING=dev-1:{secrets.token_urlsafe(48)}")
print(f"APP__FILES__SIGNING_SECRET={secrets.token_urlsafe(48)}")
print(f"APP__OTP__PEPPER={secrets.token_urlsafe(48)}")
PY
    mv "$tmp" "$ENV_FILE"
}

profile=()
if [ "${TRACING:-0}" = 1 ]; then
    profile=(--profile tracing)
    export UPCAR_OTLP_ENDPOINT=http://otel-collector:4317
fi
dc() { docker compose -f deploy/docker-compose.yml --env-file "$ENV_FILE" "${profile[@]}" "$@"; }

case "${1:-up}" in
    env)
        write_env
        echo "$ENV_FILE"
        ;;
    up)
        scripts/ensure-docker.sh >/dev/null
        for img in "${SERVICES[@]}" lb; do
            docker image inspect "upcar/$img:${UPCAR_TAG:-dev}" >/dev/null 2>&1 ||
                { echo "no image upcar/$img:${UPCAR_TAG:-dev}: run make images first" >&2; exit 1; }
        done
        write_env
        started=$(date +%s.%N)
        one=()
        for svc in "${SERVICES[@]}"; do one+=(--scale "$svc=1"); done
        echo "== compose: infrastructure and one replica of each service"
        dc up -d --wait --wait-timeout 600 "${one[@]}"
        echo "== compose: the second replicas"
        dc up -d --wait --wait-timeout 600
        ready=$(date +%s.%N)
        curl -sf "http://127.0.0.1:$UPCAR_HTTP_PORT/readyz" >/dev/null ||
            { echo "the load balancer does not answer on 127.0.0.1:$UPCAR_HTTP_PORT" >&2; exit 1; }
        dc ps --format '{{.Service}}' | sort | uniq -c | awk '{ printf "%s x%s  ", $2, $1 } END { print "" }'
        printf 'up in %.0f s: http://127.0.0.1:%s (API under /v1)\n' "$(echo "$ready - $started" | awk '{ print $1 - $3 }')" "$UPCAR_HTTP_PORT"
        echo "Demo logins: guest@demo.local / DemoGuest123!, host@demo.local / DemoHost123!"
        ;;
    down)
        [ -f "$ENV_FILE" ] || write_env
        if [ "${COMPOSE_VOLUMES:-0}" = 1 ]; then
            dc --profile tracing down -v --remove-orphans
            rm -f "$ENV_FILE"
        else
            dc --profile tracing down --remove-orphans
        fi
        ;;
    *)
        write_env
        dc "$@"
        ;;
esac
