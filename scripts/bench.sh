#!/usr/bin/env bash
# `make bench`: the benchmarks of docs/PERFORMANCE.md. Builds release binaries, starts
# accounts, catalog-search and the gateway on spare ports with their own bench databases, and
# measures with crates/loadgen:
#   accounts: verifyToken and gethost through the gateway (HTTP) and straight to accounts (gRPC);
#   search:   the car search as SQL alone, over gRPC, and through the gateway, on a fleet of
#             100k cars and 500k bookings (generated once into upcar_bench_catalog).
# Each at 1 and 4 concurrent clients. BENCH=accounts|search|all (default all).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
WHICH="${BENCH:-all}"
ACCOUNTS_PORT=50151
CATALOG_PORT=50152
HTTP_PORT=8181
PG=postgres://postgres@127.0.0.1:5432
CATALOG_DB="$PG/upcar_bench_catalog"

scripts/ensure-services.sh >/dev/null
cargo build --release -q -p accounts -p catalog-search -p gateway -p upcar-loadgen
BIN="$CARGO_TARGET_DIR/release"
mkdir -p .run/logs .run/bench-files

export APP_ENVIRONMENT=development RUST_LOG=warn APP__AMQP__EXCHANGE=bench.events
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
wait_port() { for _ in $(seq 1 240); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.5; done; echo "port $1 never opened" >&2; exit 1; }

APP__GRPC__PORT=$ACCOUNTS_PORT APP__DATABASE__URL="$PG/upcar_bench_accounts" \
    "$BIN/accounts" >.run/logs/bench-accounts.log 2>&1 &
pids+=($!)
if [ "$WHICH" != accounts ]; then
    cars=$(psql "$CATALOG_DB" -Atc "SELECT count(*) FROM cars" 2>/dev/null || echo 0)
    if [ "${cars:-0}" -lt 100000 ]; then
        echo "generating 100k cars and 500k bookings (once)"
        APP__DATABASE__URL="$CATALOG_DB" "$BIN/catalog-search" generate 100000 500000
    fi
    APP__GRPC__PORT=$CATALOG_PORT APP__DATABASE__URL="$CATALOG_DB" \
        "$BIN/catalog-search" >.run/logs/bench-catalog.log 2>&1 &
    pids+=($!)
    wait_port $CATALOG_PORT
fi
wait_port $ACCOUNTS_PORT
APP__HTTP__PORT=$HTTP_PORT APP__SERVICES__ACCOUNTS=http://127.0.0.1:$ACCOUNTS_PORT \
    APP__SERVICES__CATALOG=http://127.0.0.1:$CATALOG_PORT APP__FILES__ROOT=.run/bench-files \
    APP__RATE_LIMITS__NAMESPACE=bench "$BIN/gateway" >.run/logs/bench-gateway.log 2>&1 &
pids+=($!)
wait_port $HTTP_PORT

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr)"
if [ "$WHICH" != search ]; then
    TOKEN=$(curl -sf -X POST "http://127.0.0.1:$HTTP_PORT/v1/users/login" -H 'content-type: application/json' \
        -d '{"email":"guest@demo.local","password":"DemoGuest123!"}' | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
    HOST_ID=01930000-0000-7000-8000-000000000002
    for call in verify-token get-host; do
        for c in 1 4; do
            "$BIN/loadgen" "$call" http "http://127.0.0.1:$HTTP_PORT" "$c" "$SECONDS_PER_RUN" "$TOKEN" "$HOST_ID"
            "$BIN/loadgen" "$call" grpc "http://127.0.0.1:$ACCOUNTS_PORT" "$c" "$SECONDS_PER_RUN" "$TOKEN" "$HOST_ID"
        done
    done
fi
if [ "$WHICH" != accounts ]; then
    for c in 1 4; do
        "$BIN/loadgen" search sql "$CATALOG_DB" "$c" "$SECONDS_PER_RUN"
        "$BIN/loadgen" search grpc "http://127.0.0.1:$CATALOG_PORT" "$c" "$SECONDS_PER_RUN"
        "$BIN/loadgen" search http "http://127.0.0.1:$HTTP_PORT" "$c" "$SECONDS_PER_RUN"
    done
fi
