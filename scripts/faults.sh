#!/usr/bin/env bash
# The fault runs of docs/RELIABILITY.md, called by `BENCH=faults make bench` once its stack is
# up (scripts/bench.sh starts accounts, pricing, catalog-search, trips and the gateway on the
# bench ports with the demo fleet). For each fault in FAULTS, the mixed load
# (`loadgen mixed`, FAULT_RATE requests/s for FAULT_SECONDS) runs with its second-by-second
# timeline; 8 s into the step the fault is made, and healed FAULT_DOWN seconds later (a killed
# process is started again with its own command line and environment, as Kubernetes would
# restart it). After each run: the failures by class, the slowest failure, and the seconds
# from the heal to the first second without a failure.
#
#   kill:<service>   kill -9 of the process listening on the service's port
#   stop:<service>   SIGSTOP, SIGCONT at the heal (a hung process)
#   redis            the Redis server shut down without saving, started again at the heal
#   rabbitmq         kill -9 of the broker, started again at the heal; after the run, the
#                    bookings (`trips.trip_booked`) trips wrote during it against those
#                    catalog-search applied
#   postgres         an immediate stop of Postgres (no checkpoint, as a crash), started again
#                    at the heal; after the run, the bookings answered 201 against the trips
#                    rows written
#
# Services: accounts, pricing, catalog-search, trips, gateway.
# Usage (from bench.sh): scripts/faults.sh <gateway url> <accounts db> <trips db> <car ids> <pid file> [catalog db]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BASE="$1" ACCOUNTS_DB="$2" TRIPS_DB="$3" IDS="$4" PID_FILE="$5" CATALOG_DB="${6:-}"
BIN="$CARGO_TARGET_DIR/release"
RATE="${FAULT_RATE:-200}"
SECONDS_PER_RUN="${FAULT_SECONDS:-30}"
DOWN="${FAULT_DOWN:-5}"
FAULTS="${FAULTS:-kill:accounts kill:catalog-search kill:pricing kill:trips kill:gateway stop:catalog-search redis}"

port_of() {
    case "$1" in
        accounts) echo "$ACCOUNTS_PORT" ;;
        pricing) echo "$PRICING_PORT" ;;
        catalog-search) echo "$CATALOG_PORT" ;;
        trips) echo "$TRIPS_PORT" ;;
        gateway) echo "$HTTP_PORT" ;;
        *) echo "unknown service $1" >&2; exit 1 ;;
    esac
}
pid_on() { ss -Hltnp "sport = :$1" | sed -nE 's/.*pid=([0-9]+).*/\1/p' | head -1; }

run=0
for fault in $FAULTS; do
    log="$(mktemp)"
    echo "== fault $fault at $RATE requests/s (healed after $DOWN s)"
    # Each run books days of its own (the runs share the databases).
    run=$((run + 1))
    MIXED_FIRST_DAY=$((30 + 10 * run)) MIXED_TIMELINE=1 "$BIN/loadgen" mixed http "$BASE" "$RATE" "$SECONDS_PER_RUN" "$ACCOUNTS_DB" "$TRIPS_DB" "$IDS" 50 >"$log" 2>&1 &
    gen=$!
    for _ in $(seq 1 600); do
        grep -q '^step .* starts at' "$log" && break
        kill -0 "$gen" 2>/dev/null || break
        sleep 0.1
    done
    if ! grep -q '^step .* starts at' "$log"; then
        echo "the load did not start:" >&2
        tail -5 "$log" >&2
        rm -f "$log"
        exit 1
    fi
    sleep 8
    target="${fault#*:}"
    made=$(date +%s.%N)
    case "$fault" in
        kill:*)
            pid=$(pid_on "$(port_of "$target")")
            [ -n "$pid" ] || { echo "nothing listens for $target" >&2; exit 1; }
            # What Kubernetes keeps to start it again: its command line, environment and folder.
            mapfile -d '' cmd <"/proc/$pid/cmdline"
            mapfile -d '' envs <"/proc/$pid/environ"
            cwd=$(readlink "/proc/$pid/cwd")
            kill -9 "$pid"
            sleep "$DOWN"
            (cd "$cwd" && exec env -i "${envs[@]}" "${cmd[@]}" >>".run/logs/bench-$target.log" 2>&1) &
            echo $! >>"$PID_FILE"
            ;;
        stop:*)
            pid=$(pid_on "$(port_of "$target")")
            kill -STOP "$pid"
            sleep "$DOWN"
            kill -CONT "$pid"
            ;;
        redis)
            redis-cli -h 127.0.0.1 shutdown nosave >/dev/null 2>&1 || true
            sleep "$DOWN"
            scripts/ensure-services.sh >/dev/null
            ;;
        rabbitmq)
            pkill -9 -u rabbitmq beam.smp || pkill -9 beam.smp || true
            sleep "$DOWN"
            scripts/ensure-services.sh >/dev/null
            ;;
        postgres)
            version=$(ls /etc/postgresql | sort -V | tail -n1)
            pg_ctlcluster --skip-systemctl-redirect "$version" main stop -m immediate
            sleep "$DOWN"
            scripts/ensure-services.sh >/dev/null
            ;;
        *) echo "unknown fault $fault" >&2; exit 1 ;;
    esac
    healed=$(date +%s.%N)
    wait "$gen" || true
    start_ms=$(sed -nE 's/^step .* starts at unix_ms=([0-9]+)/\1/p' "$log")
    grep -E '^mixed rate|^  t=' "$log"
    # The figures: failures, the slowest, and the first clean second after the heal.
    python3 - "$log" "$start_ms" "$made" "$healed" <<'EOF'
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
after = [r for r in rows if r[0] >= int(healed_s)]
clean = next((r[0] for r in after if r[1] == r[2]), None)
recovery = f"{clean - healed_s:.1f} s" if clean is not None else "not within the run"
print(f"  fault made at t={made_s:.1f}s, healed at t={healed_s:.1f}s; failed {failed} of {sum(r[1] for r in rows)} "
      f"({', '.join(f'{k}: {v}' for k, v in sorted(classes.items())) or 'none'}); slowest failure {slowest:.0f} ms; "
      f"first second without a failure after the heal: {recovery}")
EOF
    since="to_timestamp($start_ms / 1000.0)"
    if [ "$fault" = rabbitmq ] && [ -n "$CATALOG_DB" ]; then
        # Every event trips committed during the run reaches catalog-search once: wait for the
        # relay and the consumer to catch up, then compare.
        ids=""
        for _ in $(seq 1 120); do
            pending=$(psql "$TRIPS_DB" -Atc "SELECT count(*) FROM outbox WHERE created_at >= $since AND published_at IS NULL")
            ids=$(psql "$TRIPS_DB" -Atc "SELECT string_agg(quote_literal(id::text), ',') FROM outbox WHERE created_at >= $since AND event_type = 'trips.trip_booked'")
            applied=$(psql "$CATALOG_DB" -Atc "SELECT count(*) FROM processed_events WHERE event_id::text IN (${ids:-''})")
            written=$(psql "$TRIPS_DB" -Atc "SELECT count(*) FROM outbox WHERE created_at >= $since AND event_type = 'trips.trip_booked'")
            [ "$pending" = 0 ] && [ "$applied" = "$written" ] && break
            sleep 1
        done
        echo "  events: trips wrote $written trip_booked events during the run, $pending left unpublished; catalog-search applied $applied of them (lost: $((written - applied)))"
    fi
    if [ "$fault" = postgres ]; then
        booked=$(sed -nE 's/^  book +n=([0-9]+).*/\1/p' "$log")
        rows=$(psql "$TRIPS_DB" -Atc "SELECT count(*) FROM trips WHERE created_at >= $since")
        echo "  bookings answered 201: ${booked:-0}; trips rows written during the run: $rows"
    fi
    rm -f "$log"
    sleep 3
done
