#!/usr/bin/env bash
# `make bench`: the benchmarks of docs/PERFORMANCE.md. Builds release binaries, starts
# accounts, catalog-search and the gateway on spare ports with their own bench databases, and
# measures with tools/loadgen:
#   accounts: verifyToken and gethost through the gateway (HTTP) and straight to accounts (gRPC);
#   search:   the car search as SQL alone, over gRPC, and through the gateway, on a fleet of
#             100k cars and 500k bookings (generated once into upcar_bench_catalog).
#   pricing:  the 20 cars of one search page priced in one batch (cars/checkPrices), over gRPC
#             and through the gateway, on the demo fleet.
#   trips:    createTrip through the gateway (accounts, pricing, catalog-search with the demo
#             fleet, trips), open loop at rising rates until p99 crosses 50 ms, and the outbox
#             commit-to-publish lag at each rate (fresh trips and catalog databases each run).
#   hosting:  the listing wizard's sections through the gateway (1 and 4 hosts), and the time
#             from an admin's approval to the car showing in search (hosting-teams and
#             catalog-search with the demo fleet, fresh databases each run).
#   chat:     1,000 sockets in 100 rooms on two gateway processes (messaging, fresh database):
#             idle memory per socket, send-to-receive p50/p99 and messages per second
#             (CHAT_ROOMS, CHAT_SOCKETS_PER_ROOM, CHAT_RATES: messages per room per second).
#   dispatch: captains' dispatch of a day of 500 tasks among 20 captains, the plan alone and the
#             service's whole day on a fresh database (DISPATCH_TASKS, DISPATCH_CAPTAINS, DISPATCH_RUNS).
#   mixed:    60 % search, 39 % car page and price, 0.5 % login, 0.5 % booking through the
#             gateway (the trips benchmark's services and demo fleet), open loop at stepped
#             rates (MIXED_RATES) until p99 reaches 10 ms or a request fails. MIXED_SOCIAL=1:
#             the variant with 3 % chat messages and 2 % activity batches (messaging and
#             activity started too, fresh databases).
#   faults:   the mixed load at FAULT_RATE with a fault made and healed in each run (FAULTS:
#             kill -9 or SIGSTOP of a service, a Redis restart; see scripts/faults.sh).
#   activity: activity/bulk through the gateway (activity service, fresh database) at stepped
#             rates of events per second in batches of 50: answers once the broker confirmed,
#             events lost, send-to-stored p50/p99 (ACTIVITY_RATES, events per second).
# Each at 1 and 4 concurrent clients (trips: stepped rates). BENCH=accounts|search|pricing|trips|all
# (default all: accounts, search and pricing); BENCH=hosting, BENCH=chat, BENCH=activity, BENCH=mixed and BENCH=dispatch too.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
SECONDS_PER_RUN="${BENCH_SECONDS:-10}"
WHICH="${BENCH:-all}"
# The fault runs stand on the mixed benchmark's stack.
FAULT_RUN=0
if [ "$WHICH" = faults ]; then
    WHICH=mixed
    FAULT_RUN=1
fi
ACCOUNTS_PORT=50151
CATALOG_PORT=50152
PRICING_PORT=50153
TRIPS_PORT=50154
HOSTING_PORT=50155
MESSAGING_PORT=50156
ACTIVITY_PORT=50158
HTTP_PORT=8181
HTTP_PORT_2=8182
PG=postgres://postgres@127.0.0.1:5432
CATALOG_DB="$PG/upcar_bench_catalog"

scripts/ensure-services.sh >/dev/null
if [ "$WHICH" = dispatch ]; then
    exec cargo bench -q -p captains --bench dispatch
fi
# NO_BUILD=1 measures the release binaries already built.
[ "${NO_BUILD:-0}" = 1 ] || cargo build --release -q -p accounts -p catalog-search -p pricing -p trips -p hosting-teams -p messaging -p activity -p gateway -p upcar-loadgen
BIN="$CARGO_TARGET_DIR/release"
mkdir -p .run/logs .run/bench-files
# The benchmark stack's own signing keys.
. scripts/run-secrets.sh .run/bench

export APP_ENVIRONMENT=development RUST_LOG=warn APP__AMQP__EXCHANGE=bench.events
# Each service runs with the threads its Kubernetes CPU limit (1 core, k8s/base) gives it:
# there a runtime sizes itself to the container's limit; on this machine it would take every
# core. BENCH_SERVICE_THREADS=0 lets each take one per core. The load generator is not limited.
SERVICE_THREADS="${BENCH_SERVICE_THREADS:-1}"
if [ "$SERVICE_THREADS" -gt 0 ]; then
    svc_env=(env TOKIO_WORKER_THREADS="$SERVICE_THREADS" APP__SERVER__WORKERS="$SERVICE_THREADS")
else
    svc_env=(env)
fi
# trips: four services with database pools, together under Postgres' default 100 connections.
[ "$WHICH" != trips ] && [ "$WHICH" != mixed ] || export APP__DATABASE__MAX_CONNECTIONS="${BENCH_DB_POOL:-16}"
pids=()
# Processes the fault runs start again (scripts/faults.sh) are stopped with the rest.
RESTARTED="$(mktemp)"
trap 'kill "${pids[@]}" $(cat "$RESTARTED") 2>/dev/null || true; rm -f "$RESTARTED"' EXIT
wait_port() { for _ in $(seq 1 240); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.5; done; echo "port $1 never opened" >&2; exit 1; }

APP__GRPC__PORT=$ACCOUNTS_PORT APP__DATABASE__URL="$PG/upcar_bench_accounts" \
    "${svc_env[@]}" "$BIN/accounts" >.run/logs/bench-accounts.log 2>&1 &
pids+=($!)
# Pricing first, so its queue exists before catalog publishes the fleet's rates.
APP__GRPC__PORT=$PRICING_PORT APP__DATABASE__URL="$PG/upcar_bench_pricing" \
    APP__QUOTES__KEY_PREFIX=bench-pricing "${svc_env[@]}" "$BIN/pricing" >.run/logs/bench-pricing.log 2>&1 &
pids+=($!)
wait_port $PRICING_PORT
if [ "$WHICH" = pricing ] || [ "$WHICH" = chat ] || [ "$WHICH" = activity ]; then
    # The demo fleet is enough to price a search page (and for chat and activity, which need
    # no cars).
    CATALOG_DB="$PG/upcar_bench_catalog_demo"
fi
if [ "$WHICH" = hosting ]; then
    # The demo fleet to search among; fresh catalog and hosting databases every run.
    CATALOG_DB="$PG/upcar_bench_catalog_hosting"
    for db in upcar_bench_catalog_hosting upcar_bench_hosting; do
        psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"
    done
    export APP__FILES__PUBLIC_BASE_URL="http://127.0.0.1:$HTTP_PORT"
fi
if [ "$WHICH" = trips ] || [ "$WHICH" = mixed ]; then
    # The demo fleet, with no booking yet: fresh catalog and trips databases every run.
    CATALOG_DB="$PG/upcar_bench_catalog_trips"
    TRIPS_DB="$PG/upcar_bench_trips"
    for db in upcar_bench_catalog_trips upcar_bench_trips; do
        psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)"
    done
fi
if [ "$WHICH" != accounts ]; then
    cars=$(psql "$CATALOG_DB" -Atc "SELECT count(*) FROM cars" 2>/dev/null || echo 0)
    if [ "$WHICH" != pricing ] && [ "$WHICH" != trips ] && [ "$WHICH" != mixed ] && [ "$WHICH" != hosting ] && [ "$WHICH" != chat ] && [ "$WHICH" != activity ] && [ "${cars:-0}" -lt 100000 ]; then
        echo "generating 100k cars and 500k bookings (once)"
        APP__DATABASE__URL="$CATALOG_DB" "$BIN/catalog-search" generate 100000 500000
    fi
    APP__GRPC__PORT=$CATALOG_PORT APP__DATABASE__URL="$CATALOG_DB" APP__CACHE__KEY_PREFIX=bench-catalog \
        "${svc_env[@]}" "$BIN/catalog-search" >.run/logs/bench-catalog.log 2>&1 &
    pids+=($!)
    wait_port $CATALOG_PORT
    # Generating the fleet and relaying its pricing events leave a dead row per car and per
    # event; where autovacuum is off (as on the machines this was measured on) every index scan
    # of the search would visit them. A fresh fleet's pricing feed (which marks every car it
    # publishes) and outbox relay finish first, or the vacuum would come too early; so does
    # pricing's reading of those events, or it would share the cores with the measurements.
    for _ in $(seq 1 600); do
        due=$(psql "$CATALOG_DB" -Atc "SELECT (SELECT count(*) FROM cars WHERE pricing_published_at IS NULL
                  OR pricing_published_at < updated_at) + (SELECT count(*) FROM outbox WHERE published_at IS NULL)" 2>/dev/null || echo 0)
        queued=$(rabbitmqctl -q list_queues name messages 2>/dev/null |
            awk '$1 == "bench.events.pricing" { print $2 }')
        [ "${due:-0}" -eq 0 ] && [ "${queued:-0}" -eq 0 ] && break
        sleep 1
    done
    psql "$CATALOG_DB" -qc "VACUUM (ANALYZE) cars, car_unavailability, outbox" 2>/dev/null || true
fi
wait_port $ACCOUNTS_PORT
if [ "$WHICH" = trips ] || [ "$WHICH" = mixed ]; then
    APP__GRPC__PORT=$TRIPS_PORT APP__DATABASE__URL="$TRIPS_DB" APP__JOBS__INTERVAL_SECONDS=0 \
        APP__SERVICES__ACCOUNTS=http://127.0.0.1:$ACCOUNTS_PORT APP__SERVICES__CATALOG=http://127.0.0.1:$CATALOG_PORT \
        APP__SERVICES__PRICING=http://127.0.0.1:$PRICING_PORT "${svc_env[@]}" "$BIN/trips" >.run/logs/bench-trips.log 2>&1 &
    pids+=($!)
    wait_port $TRIPS_PORT
fi
if [ "$WHICH" = hosting ]; then
    APP__GRPC__PORT=$HOSTING_PORT APP__DATABASE__URL="$PG/upcar_bench_hosting" APP__DEMO__LOAD=false \
        APP__SERVICES__ACCOUNTS=http://127.0.0.1:$ACCOUNTS_PORT APP__VIN__OFFLINE_DB="$(scripts/vpic-data.sh | tail -1)" \
        "${svc_env[@]}" "$BIN/hosting-teams" >.run/logs/bench-hosting.log 2>&1 &
    pids+=($!)
    wait_port $HOSTING_PORT
fi
SOCIAL=0
[ "$WHICH" = mixed ] && [ "${MIXED_SOCIAL:-0}" = 1 ] && SOCIAL=1
if [ "$WHICH" = chat ] || [ "$SOCIAL" = 1 ]; then
    psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS upcar_bench_messaging WITH (FORCE)"
    export APP__REALTIME__PREFIX=bench:rt APP__SERVICES__MESSAGING=http://127.0.0.1:$MESSAGING_PORT
    APP__GRPC__PORT=$MESSAGING_PORT APP__DATABASE__URL="$PG/upcar_bench_messaging" \
        APP__SERVICES__ACCOUNTS=http://127.0.0.1:$ACCOUNTS_PORT APP__SERVICES__CATALOG=http://127.0.0.1:$CATALOG_PORT \
        "${svc_env[@]}" "$BIN/messaging" >.run/logs/bench-messaging.log 2>&1 &
    pids+=($!)
    wait_port $MESSAGING_PORT
fi
if [ "$WHICH" = activity ] || [ "$SOCIAL" = 1 ]; then
    # A fresh database and fresh Redis keys of the event ids seen, every run.
    psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS upcar_bench_activity WITH (FORCE)"
    ACTIVITY_KEYS="bench-activity-$(date +%s)"
    APP__GRPC__PORT=$ACTIVITY_PORT APP__DATABASE__URL="$PG/upcar_bench_activity" \
        APP__DEDUPE__KEY_PREFIX="$ACTIVITY_KEYS" \
        "${svc_env[@]}" "$BIN/activity" >.run/logs/bench-activity.log 2>&1 &
    pids+=($!)
    wait_port $ACTIVITY_PORT
fi
APP__HTTP__PORT=$HTTP_PORT APP__SERVICES__ACCOUNTS=http://127.0.0.1:$ACCOUNTS_PORT \
    APP__SERVICES__ACTIVITY=http://127.0.0.1:$ACTIVITY_PORT \
    APP__SERVICES__CATALOG=http://127.0.0.1:$CATALOG_PORT APP__SERVICES__PRICING=http://127.0.0.1:$PRICING_PORT \
    APP__SERVICES__TRIPS=http://127.0.0.1:$TRIPS_PORT APP__SERVICES__HOSTING=http://127.0.0.1:$HOSTING_PORT \
    APP__FILES__ROOT=.run/bench-files \
    APP__RATE_LIMITS__SIGNUP_PER_HOUR=1000000 APP__RATE_LIMITS__ACTIVITY_PER_MINUTE=10000000 \
    APP__RATE_LIMITS__LOGIN_PER_MINUTE=1000000 APP__METRICS__PORT=0 \
    APP__RATE_LIMITS__NAMESPACE=bench "${svc_env[@]}" "$BIN/gateway" >.run/logs/bench-gateway.log 2>&1 &
pids+=($!)
GATEWAY_PIDS=$!
wait_port $HTTP_PORT
if [ "$WHICH" = chat ]; then
    # A second gateway process: sockets on both, fanned out through Redis.
    APP__HTTP__PORT=$HTTP_PORT_2 APP__METRICS__PORT=0 APP__SERVICES__ACCOUNTS=http://127.0.0.1:$ACCOUNTS_PORT \
        APP__SERVICES__CATALOG=http://127.0.0.1:$CATALOG_PORT APP__SERVICES__PRICING=http://127.0.0.1:$PRICING_PORT \
        APP__FILES__ROOT=.run/bench-files APP__RATE_LIMITS__SIGNUP_PER_HOUR=1000000 \
        APP__RATE_LIMITS__NAMESPACE=bench "${svc_env[@]}" "$BIN/gateway" >.run/logs/bench-gateway-2.log 2>&1 &
    pids+=($!)
    GATEWAY_PIDS="$GATEWAY_PIDS,$!"
    wait_port $HTTP_PORT_2
fi

# The load generator names Postgres' CPU by database through this connection.
export LOADGEN_PG="$PG/postgres"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr)"
if [ "$WHICH" = accounts ] || [ "$WHICH" = all ]; then
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
if [ "$WHICH" = pricing ] || [ "$WHICH" = all ]; then
    # The first page of a search near Fremont, once every car's rates have reached pricing.
    from=$(date -d '+10 days' +%F); until=$(date -d '+12 days' +%F)
    IDS=$(curl -sf "http://127.0.0.1:$HTTP_PORT/v1/cars/search?latitude=37.5485&longitude=-121.9886&fromDate=$from&untilDate=$until&sortBy=distance&limit=20" |
        python3 -c 'import json,sys; print(",".join(c["_id"] for c in json.load(sys.stdin)["data"]))')
    for _ in $(seq 1 240); do
        status=$(curl -sf "http://127.0.0.1:$HTTP_PORT/v1/cars/checkPrices/$IDS?startDate=$from&startTime=10:00%20AM&endDate=$until&endTime=10:00%20AM" |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])' || echo pending)
        [ "$status" = ready ] && break
        sleep 0.5
    done
    echo "pricing $(echo "$IDS" | tr ',' '\n' | wc -l) cars per batch (status $status)"
    for c in 1 4; do
        "$BIN/loadgen" prices grpc "http://127.0.0.1:$PRICING_PORT" "$c" "$SECONDS_PER_RUN" "" "$IDS"
        "$BIN/loadgen" prices http "http://127.0.0.1:$HTTP_PORT" "$c" "$SECONDS_PER_RUN" "" "$IDS"
    done
fi
if [ "$WHICH" = trips ] || [ "$WHICH" = mixed ]; then
    # The cars near Fremont, once every car's rates have reached pricing.
    from=$(date -d '+10 days' +%F); until=$(date -d '+12 days' +%F)
    IDS=$(curl -sf "http://127.0.0.1:$HTTP_PORT/v1/cars/search?latitude=37.5485&longitude=-121.9886&fromDate=$from&untilDate=$until&sortBy=distance&limit=50" |
        python3 -c 'import json,sys; print(",".join(c["_id"] for c in json.load(sys.stdin)["data"]))')
    for _ in $(seq 1 240); do
        status=$(curl -sf "http://127.0.0.1:$HTTP_PORT/v1/cars/checkPrices/$IDS?startDate=$from&startTime=10:00%20AM&endDate=$until&endTime=10:00%20AM" |
            python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])' || echo pending)
        [ "$status" = ready ] && break
        sleep 0.5
    done
fi
if [ "$WHICH" = trips ]; then
    "$BIN/loadgen" book http "http://127.0.0.1:$HTTP_PORT" "${BOOK_RATES:-25,50,100,150,200,250,300}" \
        "$SECONDS_PER_RUN" "$PG/upcar_bench_accounts" "$TRIPS_DB" "$IDS" "${BOOK_GUESTS:-200}"
fi
if [ "$FAULT_RUN" = 1 ]; then
    export ACCOUNTS_PORT PRICING_PORT CATALOG_PORT TRIPS_PORT HTTP_PORT CARGO_TARGET_DIR
    scripts/faults.sh "http://127.0.0.1:$HTTP_PORT" "$PG/upcar_bench_accounts" "$TRIPS_DB" "$IDS" "$RESTARTED" "$CATALOG_DB"
elif [ "$WHICH" = mixed ]; then
    # The password threads' settings reach accounts from the environment (APP__PASSWORDS__NICE,
    # APP__PASSWORDS__THREADS); NICE=0 THREADS=4 runs the checks as the blocking pool did.
    [ "$SOCIAL" = 1 ] && export MIXED_MESSAGING_DB="$PG/upcar_bench_messaging"
    "$BIN/loadgen" mixed http "http://127.0.0.1:$HTTP_PORT" "${MIXED_RATES:-250,500,750,1000,1250,1500}" \
        "$SECONDS_PER_RUN" "$PG/upcar_bench_accounts" "$TRIPS_DB" "$IDS" "${MIXED_GUESTS:-100}"
fi
if [ "$WHICH" = hosting ]; then
    for c in 1 4; do
        "$BIN/loadgen" wizard http "http://127.0.0.1:$HTTP_PORT" "$c" "$SECONDS_PER_RUN"
    done
    "$BIN/loadgen" listing-lag http "http://127.0.0.1:$HTTP_PORT" admin@demo.local 'DemoAdmin123!' "${LISTINGS:-100}"
fi
if [ "$WHICH" = chat ]; then
    for rate in ${CHAT_RATES:-1 2}; do
        "$BIN/loadgen" chat http "http://127.0.0.1:$HTTP_PORT,http://127.0.0.1:$HTTP_PORT_2" "$PG/upcar_bench_messaging" \
            "${CHAT_ROOMS:-100}" "${CHAT_SOCKETS_PER_ROOM:-10}" "$SECONDS_PER_RUN" "$rate" "$GATEWAY_PIDS"
    done
fi
if [ "$WHICH" = activity ]; then
    "$BIN/loadgen" activity http "http://127.0.0.1:$HTTP_PORT" "$PG/upcar_bench_activity" \
        "${ACTIVITY_RATES:-2000,5000,8000}" "$SECONDS_PER_RUN"
    # The run's event ids would otherwise stay in Redis for 7 days.
    redis-cli -h 127.0.0.1 --scan --pattern "$ACTIVITY_KEYS:*" | xargs -r -n 1000 redis-cli -h 127.0.0.1 DEL >/dev/null
fi
if [ "$WHICH" = search ] || [ "$WHICH" = all ]; then
    # The three paths alternate for SEARCH_ROUNDS rounds (default 3), so a drift of the machine
    # (a background vacuum, another process) falls on each path alike; compare the medians.
    # SEARCH_CLIENTS and SEARCH_PATHS narrow a run (for profiling one path, say).
    for c in ${SEARCH_CLIENTS:-1 4}; do
        read -r -a paths <<<"${SEARCH_PATHS:-sql grpc http}"
        for round in $(seq 1 "${SEARCH_ROUNDS:-3}"); do
            echo "round $round"
            # Each round starts with the next path, so no path always runs first or last.
            for i in $(seq 0 $((${#paths[@]} - 1))); do
                case "${paths[$(((round + i - 1) % ${#paths[@]}))]}" in
                    sql) "$BIN/loadgen" search sql "$CATALOG_DB" "$c" "$SECONDS_PER_RUN" ;;
                    grpc) "$BIN/loadgen" search grpc "http://127.0.0.1:$CATALOG_PORT" "$c" "$SECONDS_PER_RUN" ;;
                    http) "$BIN/loadgen" search http "http://127.0.0.1:$HTTP_PORT" "$c" "$SECONDS_PER_RUN" ;;
                esac
            done
        done
    done
fi
