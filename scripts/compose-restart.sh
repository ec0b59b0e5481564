#!/usr/bin/env bash
# Restarts and faults on a running compose stack (scripts/compose.sh; COMPOSE_PROJECT_NAME
# names it), one replica at a time:
#
#   compose-restart.sh roll <service>...          rolling restart: each replica in turn gets
#                                                 SIGTERM (`docker stop`, 30 s to drain), is
#                                                 started again and healthy, and the next one
#                                                 waits ROLL_SETTLE seconds (12: the services
#                                                 look their peers' names up every 10 s)
#   compose-restart.sh kill <service>             SIGKILL of one replica (`docker kill`),
#                                                 started again at once (as Kubernetes restarts
#                                                 a killed container); prints the seconds
#                                                 until it is healthy
#   compose-restart.sh restart <service>          `docker compose restart` (Postgres, Redis,
#                                                 RabbitMQ: one container each)
#   compose-restart.sh check <base url> <service>...
#                                                 `roll` while a client sends searches, car
#                                                 pages and prices through <base url> (20/s)
#                                                 and CHECK_SOCKETS (50) real-time sockets are
#                                                 held (`loadgen sockets`); fails when any
#                                                 request fails, or a socket ends other than
#                                                 by a restart close or does not come back
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SETTLE="${ROLL_SETTLE:-12}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"

containers() { scripts/compose.sh ps -q "$1"; }
# The first replica's container. Not `| head -n 1`: compose writing the second line into the
# closed pipe dies of it, and pipefail then ends the script (exit 255, seen in a fault run).
first() {
    local all
    all="$(containers "$1")"
    echo "${all%%$'\n'*}"
}
wait_healthy() { # container
    local s
    for _ in $(seq 1 300); do
        s="$(docker inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$1")"
        [ "$s" = healthy ] && return 0
        sleep 0.2
    done
    echo "container ${1:0:12} not healthy: $s" >&2
    return 1
}

roll() {
    local svc c t0
    for svc in "$@"; do
        for c in $(containers "$svc"); do
            t0=$(date +%s.%N)
            docker stop -t 30 "$c" >/dev/null
            docker start "$c" >/dev/null
            wait_healthy "$c"
            printf '  %s %s: stopped, started, healthy in %.1f s\n' "$svc" "${c:0:12}" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
            sleep "$SETTLE"
        done
    done
}

case "${1:?roll, kill, restart or check}" in
    roll)
        shift
        roll "$@"
        ;;
    kill)
        c="$(first "${2:?service}")"
        t0=$(date +%s.%N)
        docker kill --signal KILL "$c" >/dev/null
        # Docker counts `docker kill` as a stop by hand, so the restart policy may leave it
        # stopped: start it again as Kubernetes restarts a killed container.
        for _ in $(seq 1 10); do
            [ "$(docker inspect --format '{{.State.Running}}' "$c")" = true ] && break
            sleep 0.2
        done
        [ "$(docker inspect --format '{{.State.Running}}' "$c")" = true ] || docker start "$c" >/dev/null
        wait_healthy "$c"
        printf '  %s %s: killed, healthy again in %.1f s\n' "$2" "${c:0:12}" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
        ;;
    restart)
        c="$(first "${2:?service}")"
        t0=$(date +%s.%N)
        docker restart -t 30 "$c" >/dev/null
        wait_healthy "$c"
        printf '  %s: restarted, healthy again in %.1f s\n' "$2" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
        ;;
    check)
        base="${2:?base url}"
        shift 2
        # The socket client (built before any load starts).
        cargo build -q --release --locked -p upcar-loadgen
        stopfile="$(mktemp)"
        report="$(mktemp)"
        python3 - "$base" "$stopfile" >"$report" 2>&1 <<'PY' &
import concurrent.futures, datetime, json, os, sys, time, urllib.error, urllib.request
base, stopfile = sys.argv[1], sys.argv[2]
day = lambda d: (datetime.date.today() + datetime.timedelta(days=d)).isoformat()
search = f"{base}/v1/cars/search?latitude=37.5485&longitude=-121.9886&fromDate={day(10)}&untilDate={day(12)}&sortBy=distance&limit=20"
def get(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except Exception as e:
        return type(e).__name__, b""
status, body = get(search)
cars = [c["_id"] for c in json.loads(body)["data"]] if status == 200 else []
if not cars:
    print(f"no cars found before the restarts ({status})")
    sys.exit(1)
urls = [search] + [f"{base}/v1/cars/getCar/{c}" for c in cars[:5]] + [
    f"{base}/v1/cars/checkPrices/{','.join(cars[:5])}?startDate={day(10)}&startTime=10:00%20AM&endDate={day(12)}&endTime=10:00%20AM"]
sent, failed, n = 0, {}, 0
with concurrent.futures.ThreadPoolExecutor(16) as pool:
    futures = []
    start = time.monotonic()
    while os.path.getsize(stopfile) == 0:
        futures.append(pool.submit(get, urls[n % len(urls)]))
        n += 1
        time.sleep(max(0.0, start + n / 20 - time.monotonic()))
    for f in futures:
        status, _ = f.result()
        sent += 1
        if status != 200:
            failed[str(status)] = failed.get(str(status), 0) + 1
print(f"requests: {sent}, failed: {sum(failed.values())} {failed or ''}")
sys.exit(1 if failed else 0)
PY
        client=$!
        # The sockets: the demo guest on many devices, each opened again when told the server
        # restarts (1012), as the web app does.
        held="$(mktemp)"
        "$CARGO_TARGET_DIR/release/loadgen" sockets http "$base" guest@demo.local DemoGuest123! \
            "${CHECK_SOCKETS:-50}" "$stopfile" >"$held" 2>&1 &
        sockets=$!
        sleep 2
        roll "$@"
        echo done >"$stopfile"
        rc=0 src=0
        wait "$client" || rc=$?
        wait "$sockets" || src=$?
        sed 's/^/  /' "$report"
        sed 's/^/  /' "$held"
        rm -f "$stopfile" "$report" "$held"
        [ "$rc" = 0 ] || { echo "requests failed during the rolling restart" >&2; exit 1; }
        [ "$src" = 0 ] || { echo "sockets were dropped during the rolling restart" >&2; exit 1; }
        ;;
    *)
        echo "unknown command $1" >&2
        exit 1
        ;;
esac
