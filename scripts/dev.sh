#!/usr/bin/env bash
# `make dev`: builds and runs the whole product on this machine: the local Postgres, Redis and
# RabbitMQ (started if stopped), every service with its database, migrations and demo data,
# the built web app, and the gateway. Prints the URL; Ctrl-C stops everything.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
PROFILE="${PROFILE:-dev}"
BIN_DIR="$CARGO_TARGET_DIR/$([ "$PROFILE" = dev ] && echo debug || echo "$PROFILE")"
PORT="${APP__HTTP__PORT:-8080}"
# Links the services hand out (demo photos, uploads, the Google callback) point at this stack.
export APP__FILES__PUBLIC_BASE_URL="${APP__FILES__PUBLIC_BASE_URL:-http://127.0.0.1:$PORT}"
export APP__WEB__PUBLIC_BASE_URL="${APP__WEB__PUBLIC_BASE_URL:-$APP__FILES__PUBLIC_BASE_URL}"
export APP_ENVIRONMENT="${APP_ENVIRONMENT:-development}"
# What this stack keeps apart from another one on the same machine (the browser tests run a
# second stack beside `make dev`): database names (`${DB_PREFIX}_accounts`, ...), the event
# exchange (queues are named after it), the Redis database, the folder of files and logs, and
# the gateway's metrics port.
DB_PREFIX="${DB_PREFIX:-upcar}"
export APP__AMQP__EXCHANGE="${APP__AMQP__EXCHANGE:-upcar.events}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"
export APP__REDIS__URL="$REDIS_URL"
RUN_DIR="${RUN_DIR:-.run}"
export APP__FILES__ROOT="${APP__FILES__ROOT:-$RUN_DIR/files}"
export APP__METRICS__PORT="${APP__METRICS__PORT:-9464}"
# The other services' /metrics: 9465 and up in the order they start (SERVICE_METRICS_BASE=0
# lets each take a free port, as the browser tests' stack does).
SERVICE_METRICS_BASE="${SERVICE_METRICS_BASE:-9465}"
metrics_n=0
# The services' gRPC ports (the browser tests give the stack free ones) and the addresses each
# service calls the others at. The usual ports lie in the kernel's range for outgoing
# connections, so one may be held by a connection of another program: then the service takes
# a free port below that range instead. A port something listens on is kept (the service will
# say it is in use), so a second stack never starts beside a running one.
grpc_port() { python3 scripts/ports.py usual "$1"; }
ACCOUNTS_PORT="${ACCOUNTS_PORT:-$(grpc_port 50051)}"
CATALOG_PORT="${CATALOG_PORT:-$(grpc_port 50052)}"
PRICING_PORT="${PRICING_PORT:-$(grpc_port 50053)}"
TRIPS_PORT="${TRIPS_PORT:-$(grpc_port 50054)}"
MESSAGING_PORT="${MESSAGING_PORT:-$(grpc_port 50056)}"
HOSTING_PORT="${HOSTING_PORT:-$(grpc_port 50055)}"
CAPTAINS_PORT="${CAPTAINS_PORT:-$(grpc_port 50057)}"
ACTIVITY_PORT="${ACTIVITY_PORT:-$(grpc_port 50058)}"
export APP__SERVICES__ACCOUNTS="${APP__SERVICES__ACCOUNTS:-http://127.0.0.1:$ACCOUNTS_PORT}"
export APP__SERVICES__CATALOG="${APP__SERVICES__CATALOG:-http://127.0.0.1:$CATALOG_PORT}"
export APP__SERVICES__PRICING="${APP__SERVICES__PRICING:-http://127.0.0.1:$PRICING_PORT}"
export APP__SERVICES__TRIPS="${APP__SERVICES__TRIPS:-http://127.0.0.1:$TRIPS_PORT}"
export APP__SERVICES__MESSAGING="${APP__SERVICES__MESSAGING:-http://127.0.0.1:$MESSAGING_PORT}"
# The real-time socket's Redis channels (messaging publishes, the gateway subscribes): Redis
# pub/sub ignores the database number, so each stack names its own.
export APP__REALTIME__PREFIX="${APP__REALTIME__PREFIX:-${DB_PREFIX}:rt}"
export APP__SERVICES__HOSTING="${APP__SERVICES__HOSTING:-http://127.0.0.1:$HOSTING_PORT}"
export APP__SERVICES__CAPTAINS="${APP__SERVICES__CAPTAINS:-http://127.0.0.1:$CAPTAINS_PORT}"
export APP__SERVICES__ACTIVITY="${APP__SERVICES__ACTIVITY:-http://127.0.0.1:$ACTIVITY_PORT}"

scripts/ensure-services.sh
# NHTSA's vPIC data for decoding VINs offline (fetched once into a cache folder).
export APP__VIN__OFFLINE_DB="${APP__VIN__OFFLINE_DB:-$(scripts/vpic-data.sh)}"

if [ -f frontend/package.json ]; then
    echo "building the web app"
    (cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
fi

# NO_BUILD=1 starts the binaries already built (used by the browser tests, which run after the
# Rust tests have built everything).
if [ "${NO_BUILD:-0}" != 1 ]; then
    echo "building the services ($PROFILE)"
    cargo build --profile "$PROFILE" -p accounts -p pricing -p catalog-search -p messaging -p captains -p trips -p hosting-teams -p activity -p gateway
fi

mkdir -p "$RUN_DIR/logs" "$APP__FILES__ROOT"
# This stack's own signing keys (made on its first run, kept in its run folder).
. scripts/run-secrets.sh "$RUN_DIR"
pids=()
cleanup() {
    trap - INT TERM EXIT
    echo
    echo "stopping"
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap cleanup INT TERM EXIT

start() { # name [grpc-port]
    local db="${DB_PREFIX}_${1//-/_}" metrics=""
    if [ -n "${2:-}" ]; then
        metrics=$((SERVICE_METRICS_BASE == 0 ? 0 : SERVICE_METRICS_BASE + metrics_n))
        metrics_n=$((metrics_n + 1))
    fi
    env ${2:+APP__GRPC__PORT="$2"} ${metrics:+APP__TELEMETRY__METRICS_PORT="$metrics"} \
        APP__DATABASE__URL="postgres://postgres@127.0.0.1:5432/$db" \
        "$BIN_DIR/$1" >"$RUN_DIR/logs/$1.log" 2>&1 &
    pids+=($!)
    echo "started $1 (log: $RUN_DIR/logs/$1.log${metrics:+, metrics: port $metrics})"
}

wait_port() { # name port pid-index
    for _ in $(seq 1 120); do
        (exec 3<>"/dev/tcp/127.0.0.1/$2") 2>/dev/null && return 0
        kill -0 "${pids[$3]}" 2>/dev/null || { echo "$1 failed; see $RUN_DIR/logs/$1.log" >&2; tail -20 "$RUN_DIR/logs/$1.log" >&2; exit 1; }
        sleep 0.5
    done
    echo "$1 did not open port $2; see $RUN_DIR/logs/$1.log" >&2
    exit 1
}

# Activity first: its queue must exist before the other services publish the funnel's events
# (a sign-up, a car page view, a booking).
start activity "$ACTIVITY_PORT"
wait_port activity "$ACTIVITY_PORT" 0
start accounts "$ACCOUNTS_PORT"
# Pricing first: its queue must exist before catalog-search publishes the fleet's rates.
start pricing "$PRICING_PORT"
wait_port pricing "$PRICING_PORT" 2
start catalog-search "$CATALOG_PORT"
wait_port accounts "$ACCOUNTS_PORT" 1
wait_port catalog-search "$CATALOG_PORT" 3
# Messaging after accounts (it reads names there) and before trips: its queue must exist
# before the first booking's events.
start messaging "$MESSAGING_PORT"
wait_port messaging "$MESSAGING_PORT" 4
# Captains before trips too: the demo delivery trips' events make the demo captain's tasks.
start captains "$CAPTAINS_PORT"
wait_port captains "$CAPTAINS_PORT" 5
start trips "$TRIPS_PORT"
wait_port trips "$TRIPS_PORT" 6
# Hosting after catalog-search: its queue must exist before the first approved listing.
start hosting-teams "$HOSTING_PORT"
wait_port hosting-teams "$HOSTING_PORT" 7
start gateway
for _ in $(seq 1 60); do
    curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
    sleep 0.5
done
curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null || { echo "gateway not ready; see $RUN_DIR/logs/gateway.log" >&2; exit 1; }

echo
echo "Upcar is running at http://127.0.0.1:$PORT  (API under /v1, OpenAPI at /v1/openapi.json)"
echo "Demo logins: guest@demo.local / DemoGuest123!, host@demo.local / DemoHost123!, captain@demo.local / DemoCaptain123! (captains), invitation code DEMO-INVITE"
echo "Press Ctrl-C to stop."
wait -n "${pids[@]}" || true
echo "a process exited; see $RUN_DIR/logs" >&2
