#!/usr/bin/env bash
# `make bench`: the gateway-overhead benchmark of docs/PERFORMANCE.md. Builds release binaries,
# starts accounts and the gateway on spare ports, and measures verifyToken and gethost through
# the gateway (HTTP) and straight to the accounts service (gRPC) at 1 and 4 concurrent clients.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
GRPC_PORT=50151
HTTP_PORT=8181

scripts/ensure-services.sh >/dev/null
cargo build --release -q -p accounts -p gateway -p upcar-loadgen
BIN="$CARGO_TARGET_DIR/release"
mkdir -p .run/logs .run/bench-files

export APP_ENVIRONMENT=development RUST_LOG=warn
APP__GRPC__PORT=$GRPC_PORT APP__DATABASE__URL=postgres://postgres@127.0.0.1:5432/upcar_bench_accounts \
    "$BIN/accounts" >.run/logs/bench-accounts.log 2>&1 &
pids=($!)
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do (exec 3<>/dev/tcp/127.0.0.1/$GRPC_PORT) 2>/dev/null && break; sleep 0.5; done
APP__HTTP__PORT=$HTTP_PORT APP__SERVICES__ACCOUNTS=http://127.0.0.1:$GRPC_PORT APP__FILES__ROOT=.run/bench-files \
    APP__RATE_LIMITS__NAMESPACE=bench "$BIN/gateway" >.run/logs/bench-gateway.log 2>&1 &
pids+=($!)
# Only accounts runs here, so wait for liveness rather than full readiness.
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$HTTP_PORT/healthz" >/dev/null 2>&1 && break; sleep 0.5; done

TOKEN=$(curl -sf -X POST "http://127.0.0.1:$HTTP_PORT/v1/users/login" -H 'content-type: application/json' \
    -d '{"email":"guest@demo.local","password":"DemoGuest123!"}' | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
HOST_ID=01930000-0000-7000-8000-000000000002

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr)"
for call in verify-token get-host; do
    for c in 1 4; do
        "$BIN/loadgen" "$call" http "http://127.0.0.1:$HTTP_PORT" "$c" "$SECONDS_PER_RUN" "$TOKEN" "$HOST_ID"
        "$BIN/loadgen" "$call" grpc "http://127.0.0.1:$GRPC_PORT" "$c" "$SECONDS_PER_RUN" "$TOKEN" "$HOST_ID"
    done
done
