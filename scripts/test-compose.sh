#!/usr/bin/env bash
# `make test-compose`, and the compose part of `make test`: the product's images
# (`make images`), a compose stack of its own (two replicas of every service and of the
# gateway behind HAProxy, deploy/docker-compose.yml) on free ports beside any other, and
# through the load balancer:
#   - its signing secrets are its own (a token and a file link forged with the repository's
#     test values are refused);
#   - the browser tests' smoke journey: search, the car page, sign-in, a booking through
#     checkout, and a chat between a guest and a host in two browser contexts;
#   - every replica of the gateway and of each backend service the journey calls served part
#     of it (compose's DNS names every replica; the gRPC channels balance per request);
#   - the gateway's end-to-end tests that need only the HTTP API
#     (services/gateway/tests/e2e/compose-tests.txt) pass through the load balancer;
#   - a rolling restart of the gateways and the backends it calls, one replica at a time,
#     while requests go on and real-time sockets are held: no request fails, every socket
#     told to reconnect comes back, none ends otherwise.
# The stack is removed at the end, with its data. NO_BUILD=1 takes the release binaries and
# the web app already built; KEEP=1 leaves the stack up.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
started=$(date +%s)

scripts/ensure-docker.sh
scripts/images.sh

read -r HTTP PG UI < <(python3 scripts/ports.py free 3)
export COMPOSE_PROJECT_NAME="upcar-test-$$" UPCAR_HTTP_PORT="$HTTP" UPCAR_PG_PORT="$PG" UPCAR_RABBITMQ_UI_PORT="$UI"
# A subnet of its own (the gateways trust the load balancer's address in it).
export UPCAR_SUBNET="172.30.$((100 + $$ % 100)).0/24"
# The journey signs in and signs up from one address far more often than a person would.
export UPCAR_LOGIN_PER_MINUTE=1000 UPCAR_SIGNUP_PER_HOUR=1000 UPCAR_OTP_PER_MINUTE=100
BASE="http://127.0.0.1:$HTTP"
stop() {
    if [ "${KEEP:-0}" = 1 ]; then
        echo "compose tests: the stack $COMPOSE_PROJECT_NAME stays up on $BASE"
        return
    fi
    COMPOSE_VOLUMES=1 scripts/compose.sh down >/dev/null 2>&1 || true
}
trap stop EXIT INT TERM

up_started=$(date +%s)
scripts/compose.sh up
up_s=$(( $(date +%s) - up_started ))

echo "== compose tests: the stack's secrets"
python3 scripts/check-run-secrets.py "$BASE"

# The part of the gateway's end-to-end suite that needs only the HTTP API, on the fresh stack
# (its bookings take days the smoke journey's do not), through the load balancer.
echo "== compose tests: the gateway's end-to-end tests through the load balancer"
mapfile -t E2E < <(grep -v '^#' services/gateway/tests/e2e/compose-tests.txt | grep .)
e2e_log="$(mktemp)"
if ! UPCAR_E2E_BASE="$BASE" cargo test -q -p gateway --test e2e -- --test-threads 4 --exact "${E2E[@]}" >"$e2e_log" 2>&1; then
    grep -E -A12 "^---- |panicked" "$e2e_log" | head -80
    grep -E '^test result' "$e2e_log"
    echo "compose tests: end-to-end tests failed against the compose stack" >&2
    exit 1
fi
grep -E '^test result' "$e2e_log" | sed 's/^/  /'
rm -f "$e2e_log"

# Calls served so far by each replica (gateway: HTTP requests, backends: gRPC calls), from
# /metrics inside each container.
served() { # service
    local c
    for c in $(scripts/compose.sh ps -q "$1"); do
        docker exec "$c" bash -c 'exec 3<>/dev/tcp/127.0.0.1/9464 && printf "GET /metrics HTTP/1.0\r\nHost: x\r\n\r\n" >&3 && cat <&3' |
            awk -v c="${c:0:12}" '/^(http|grpc_server)_requests_total\{/ { n += $NF } END { printf "%s=%d ", c, n }'
    done
    echo
}

echo "== compose tests: browser smoke journey through the load balancer ($BASE)"
if [ ! -x /usr/bin/chromium ]; then
    echo "installing chromium (Debian package)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
(cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
SMOKE=(
    "02-search › search near Fremont shows cards and map markers"
    "03-car › car page shows the car, the price for the chosen dates"
    "07-auth › a wrong password shows the first sentence of the error"
    "04-booking › the demo guest books a car through checkout and sees the trip"
    "15-chat › a guest and a host in the same room"
)
failed=0
for t in "${SMOKE[@]}"; do
    out="$(cd frontend && E2E_BASE_URL="$BASE" node e2e/run.mjs "$t" 2>&1)" || failed=1
    echo "$out" | grep -E '^  [✓✗-]|^    ' || true
    echo "$out" | grep -q ' 1 passed, 0 failed' || failed=1
done
[ "$failed" = 0 ] || { echo "compose tests: the smoke journey failed" >&2; exit 1; }

echo "== compose tests: every replica served part of the journey"
for svc in gateway catalog-search pricing accounts messaging; do
    line="$(served "$svc")"
    echo "  $svc: $line"
    if [ "$(echo "$line" | grep -o '=[0-9]*' | grep -c -v '=0$')" -lt 2 ]; then
        echo "compose tests: a replica of $svc served nothing (calls are not balanced over the replicas)" >&2
        exit 1
    fi
done

echo "== compose tests: rolling restart of the gateway and the services it calls under requests"
COMPOSE_PROJECT_NAME="$COMPOSE_PROJECT_NAME" scripts/compose-restart.sh check "$BASE" gateway catalog-search pricing

echo "compose tests: passed (stack up in ${up_s} s, $(( $(date +%s) - started )) s in all)"
