#!/usr/bin/env bash
# The reliability runs of docs/RELIABILITY.md on the compose stack (two replicas of every
# service and of the gateway behind HAProxy; `make compose-up` first, or COMPOSE_PROJECT_NAME
# for another stack). For each run in RUNS, the open-loop mixed load with chat and activity
# (`loadgen mixed`, the production issue's load generator: 57 % search, 37 % car page and
# price, 0.5 % login, 0.5 % booking, 3 % chat messages, 2 % activity batches of 50 events) goes
# through the load balancer at FAULT_RATE requests/s for FAULT_SECONDS (ROLL_SECONDS for the
# rolling restart), second by second; 5 s in, the fault is made:
#
#   roll            every service and the gateway restarted one replica at a time (SIGTERM,
#                   drain, started again, healthy, then the next: scripts/compose-restart.sh)
#   kill:<service>  SIGKILL of one replica (`docker kill`), started again at once
#   restart:<name>  postgres, rabbitmq or redis restarted (`docker restart`)
#
# After each run: the failed requests by class, the slowest failure, the seconds from the
# fault's end to the first second without a failure, and the writes: every booking, chat
# message and activity event answered 2xx is counted in its database (bookings in trips,
# messages in messaging, events in activity, once the consumer has caught up), every outbox
# row trips wrote during the run is published, and catalog-search applied each booking's
# event once.
#
#   scripts/compose-faults.sh       (FAULT_RATE=100 FAULT_SECONDS=40 ROLL_SECONDS=420 RUNS="roll kill:trips ...")
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-upcar}"
BIN="$CARGO_TARGET_DIR/release"
RATE="${FAULT_RATE:-100}"
FAULT_SECS="${FAULT_SECONDS:-40}"
ROLL_SECS="${ROLL_SECONDS:-420}"
SERVICES="activity accounts pricing catalog-search messaging captains trips hosting-teams gateway"
RUNS="${RUNS:-roll $(for s in $SERVICES; do printf 'kill:%s ' "$s"; done)restart:postgres restart:rabbitmq restart:redis}"
HTTP_PORT="${UPCAR_HTTP_PORT:-8080}"
BASE="http://127.0.0.1:$HTTP_PORT"
ENV_FILE="$(scripts/compose.sh env)"
DB_PASSWORD="$(sed -n 's/^UPCAR_DB_PASSWORD=//p' "$ENV_FILE")"
PG="postgres://upcar:$DB_PASSWORD@127.0.0.1:${UPCAR_PG_PORT:-55432}"
q() { psql "$PG/$1" -Atc "$2"; }

[ -x "$BIN/loadgen" ] || cargo build --release --locked -p upcar-loadgen
curl -sf "$BASE/readyz" >/dev/null || { echo "no stack answers on $BASE (make compose-up)" >&2; exit 1; }
# The load generator's guests sign up and sign in from one address, far more often than a
# person would: the gateways take the limits of the compose tests (recreated when theirs
# differ), so that no request of the runs is refused by a rate limit.
export UPCAR_LOGIN_PER_MINUTE="${UPCAR_LOGIN_PER_MINUTE:-1000}" UPCAR_SIGNUP_PER_HOUR="${UPCAR_SIGNUP_PER_HOUR:-1000}" \
    UPCAR_OTP_PER_MINUTE="${UPCAR_OTP_PER_MINUTE:-100}"
docker compose -f deploy/docker-compose.yml --env-file "$ENV_FILE" up -d --wait --wait-timeout 300 --no-deps gateway >/dev/null

# The cars near Fremont, once every car's rates have reached pricing.
from=$(date -d '+10 days' +%F); until=$(date -d '+12 days' +%F)
IDS=$(curl -sf "$BASE/v1/cars/search?latitude=37.5485&longitude=-121.9886&fromDate=$from&untilDate=$until&sortBy=distance&limit=50" |
    python3 -c 'import json,sys; print(",".join(c["_id"] for c in json.load(sys.stdin)["data"]))')
for _ in $(seq 1 240); do
    status=$(curl -sf "$BASE/v1/cars/checkPrices/$IDS?startDate=$from&startTime=10:00%20AM&endDate=$until&endTime=10:00%20AM" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])' || echo pending)
    [ "$status" = ready ] && break
    sleep 0.5
done

# Each run books days of its own, after every trip already on the stack (an earlier
# invocation's runs took theirs).
booked_until=$(q upcar_trips "SELECT coalesce(ceil(extract(epoch FROM max(upper(period)) - now()) / 86400), 0)::int FROM trips")
DAY0=$(( booked_until > 28 ? booked_until + 2 : 30 ))

echo "compose faults: $(date -u +%F), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $RATE requests/s, $FAULT_SECS s per fault run, $ROLL_SECS s for the rolling restart"
run=0
for fault in $RUNS; do
    run=$((run + 1))
    log="$(mktemp)"
    echo "== $fault"
    SECS="$FAULT_SECS"
    [ "$fault" != roll ] || SECS="$ROLL_SECS"
    since_ms=$(date +%s%3N)
    MIXED_FIRST_DAY=$((DAY0 + 12 * run)) MIXED_TIMELINE=1 MIXED_MESSAGING_DB="$PG/upcar_messaging" \
        "$BIN/loadgen" mixed http "$BASE" "$RATE" "$SECS" "$PG/upcar_accounts" "$PG/upcar_trips" "$IDS" 50 >"$log" 2>&1 &
    gen=$!
    for _ in $(seq 1 1200); do
        grep -q '^step .* starts at' "$log" && break
        kill -0 "$gen" 2>/dev/null || break
        sleep 0.1
    done
    grep -q '^step .* starts at' "$log" || { echo "the load did not start:" >&2; tail -5 "$log" >&2; exit 1; }
    sleep 5
    made=$(date +%s.%N)
    case "$fault" in
        roll) ROLL_SETTLE="${ROLL_SETTLE:-12}" scripts/compose-restart.sh roll $SERVICES ;;
        kill:*) scripts/compose-restart.sh kill "${fault#kill:}" ;;
        restart:*) scripts/compose-restart.sh restart "${fault#restart:}" ;;
        *) echo "unknown run $fault" >&2; exit 1 ;;
    esac
    healed=$(date +%s.%N)
    wait "$gen" || true
    start_ms=$(sed -nE 's/^step .* starts at unix_ms=([0-9]+)/\1/p' "$log")
    grep -E '^mixed rate|^  (search|car|price|login|book|chat|events) ' "$log" | sed 's/^/  /'
    python3 - "$log" "$start_ms" "$made" "$healed" <<'PY'
import re, sys
log, start_ms, made, healed = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
made_s, healed_s = made - start_ms / 1000, healed - start_ms / 1000
rows = []
for line in open(log):
    m = re.match(r"  t=\s*(\d+)s sent=(\d+) ok=(\d+) p99_ms=(\S+) max_ok_ms=(\S+) failed=\[(.*)\] slowest_failure_ms=(\S+)", line)
    if m:
        rows.append((int(m[1]), int(m[2]), int(m[3]), m[6], float(m[7])))
failed = sum(r[1] - r[2] for r in rows)
classes = {}
for r in rows:
    for c in r[3].split():
        k, n = c.split(":")
        classes[k] = classes.get(k, 0) + int(n)
slowest = max((r[4] for r in rows), default=0.0)
failing = [r[0] for r in rows if r[1] != r[2]]
recovery = f"{max(0.0, failing[-1] + 1 - healed_s):.1f} s after the fault's end" if failing else "no failed second"
print(f"  fault from t={made_s:.1f}s to t={healed_s:.1f}s; failed {failed} of {sum(r[1] for r in rows)} "
      f"({', '.join(f'{k}: {v}' for k, v in sorted(classes.items())) or 'none'}); slowest failure {slowest:.0f} ms; "
      f"last failed second: {recovery}")
PY
    since="to_timestamp($since_ms / 1000.0)"
    booked=$(sed -nE 's/^  book +n=([0-9]+).*/\1/p' "$log")
    chats=$(sed -nE 's/^  chat +n=([0-9]+).*/\1/p' "$log")
    batches=$(sed -nE 's/^  events +n=([0-9]+).*/\1/p' "$log")
    # The relay publishes and the consumers apply after the answers: wait for them.
    for _ in $(seq 1 120); do
        trips_rows=$(q upcar_trips "SELECT count(*) FROM trips WHERE created_at >= $since")
        unpublished=$(q upcar_trips "SELECT count(*) FROM outbox WHERE created_at >= $since AND published_at IS NULL")
        booked_ids=$(q upcar_trips "SELECT coalesce(string_agg(quote_literal(id::text), ','), '''''') FROM outbox WHERE created_at >= $since AND event_type = 'trips.trip_booked'")
        booked_events=$(q upcar_trips "SELECT count(*) FROM outbox WHERE created_at >= $since AND event_type = 'trips.trip_booked'")
        applied=$(q upcar_catalog_search "SELECT count(*) FROM processed_events WHERE event_id::text IN ($booked_ids)")
        messages=$(q upcar_messaging "SELECT count(*) FROM messages WHERE created_at >= $since AND sender_type = 'guest'")
        events=$(q upcar_activity "SELECT count(*) FROM activity_events WHERE received_at >= $since AND session_id LIKE 'bench-session-%'")
        [ "$unpublished" = 0 ] && [ "$applied" = "$booked_events" ] && [ "$events" -ge $(( ${batches:-0} * 50 )) ] && break
        sleep 1
    done
    lost=$(( (trips_rows < ${booked:-0} ? ${booked:-0} - trips_rows : 0) + (messages < ${chats:-0} ? ${chats:-0} - messages : 0) + (events < ${batches:-0} * 50 ? ${batches:-0} * 50 - events : 0) ))
    echo "  writes: bookings answered 201: ${booked:-0}, trips rows: $trips_rows (with the load generator's probe booking of each car); messages answered: ${chats:-0}, stored: $messages; activity events answered: $(( ${batches:-0} * 50 )), stored: $events; outbox: $booked_events trip_booked, $unpublished unpublished, $applied applied by catalog-search; lost: $lost"
    rm -f "$log"
    sleep 3
done
