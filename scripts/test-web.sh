#!/usr/bin/env bash
# Browser tests of the web app (frontend/e2e) against the real stack: installs Chromium and the
# web app's packages when missing, starts the already-built services with the built app on
# free ports, waits for /readyz, runs the Playwright tests, then the API fuzzing
# (scripts/fuzz-api.sh), and stops the stack. FUZZ_ONLY=1 skips the browser tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"

if [ ! -x /usr/bin/chromium ]; then
    echo "installing chromium (Debian package)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
(cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; })

# One browser tests' stack at a time on a machine: they share Redis database 1, which each
# run empties first (a second run waits here for the first to finish).
exec 9>"${TMPDIR:-/tmp}/upcar-browser-tests.lock"
if ! flock -n 9; then
    echo "== browser tests: another run's stack is up on this machine; waiting for it"
    flock 9
fi

# This stack listens on free ports below the range the kernel hands out for outgoing
# connections (dev.sh's fixed ports lie inside it, where one of the many connections the
# tests open can hold one of them when a service starts).
read -r PORT ACCOUNTS_PORT CATALOG_PORT PRICING_PORT TRIPS_PORT MESSAGING_PORT HOSTING_PORT CAPTAINS_PORT ACTIVITY_PORT METRICS_PORT < <(python3 scripts/ports.py free 10)
export ACCOUNTS_PORT CATALOG_PORT PRICING_PORT TRIPS_PORT MESSAGING_PORT HOSTING_PORT CAPTAINS_PORT ACTIVITY_PORT
# A stack of its own beside any other (a running `make dev` included): its own databases
# (test_*: `make test` sweeps them), exchange and queues (test-*: they expire), Redis database,
# files and logs.
RUN_ID="$(python3 -c 'import uuid; print(uuid.uuid4().hex[:12])')"
export DB_PREFIX="test_web_$RUN_ID"
export APP__AMQP__EXCHANGE="test-web-$RUN_ID"
export REDIS_URL="redis://127.0.0.1:6379/1"
export RUN_DIR="$ROOT/.run/web-test-$RUN_ID"
export APP__METRICS__PORT="$METRICS_PORT"
export SERVICE_METRICS_BASE=0
# The suite signs in and signs up from one address far more often than a person would (dozens
# of users a run); the limits themselves are tested by the gateway's own tests.
export APP__RATE_LIMITS__LOGIN_PER_MINUTE=1000 APP__RATE_LIMITS__SIGNUP_PER_HOUR=1000 APP__RATE_LIMITS__OTP_PER_MINUTE=100
LOG="$(mktemp)"
# Cached car pages and search pages of an earlier run would point at its ports.
redis-cli -h 127.0.0.1 -p 6379 -n 1 FLUSHDB >/dev/null
echo "== browser tests: starting the stack on port $PORT (log: $LOG)"
setsid env NO_BUILD=1 APP__HTTP__PORT="$PORT" scripts/dev.sh >"$LOG" 2>&1 &
STACK=$!
stop() {
    kill -TERM -- "-$STACK" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$STACK" 2>/dev/null || break; sleep 0.25; done
    kill -KILL -- "-$STACK" 2>/dev/null || true
    for svc in accounts catalog_search pricing trips messaging captains hosting_teams activity; do
        dropdb -h 127.0.0.1 -U postgres --force --if-exists "${DB_PREFIX}_$svc" 2>/dev/null || true
    done
    redis-cli -h 127.0.0.1 -p 6379 -n 1 FLUSHDB >/dev/null 2>&1 || true
    rm -rf "$RUN_DIR"
}
trap stop EXIT INT TERM

for _ in $(seq 1 360); do
    curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
    kill -0 "$STACK" 2>/dev/null || { echo "the stack exited:" >&2; tail -30 "$LOG" >&2; exit 1; }
    sleep 0.5
done
curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null || { echo "the stack is not ready:" >&2; tail -30 "$LOG" >&2; exit 1; }

# The stack signs with secrets of its own, never the repository's test values.
python3 scripts/check-run-secrets.py "http://127.0.0.1:$PORT"
if [ "${FUZZ_ONLY:-0}" != 1 ]; then
    # E2E_ONLY="21-account 15-chat" runs the browser tests whose names hold one of the words,
    # and skips the fuzzing (a quick run while working on a screen).
    # shellcheck disable=SC2086
    (cd frontend && E2E_BASE_URL="http://127.0.0.1:$PORT" npm run --silent test:e2e -- ${E2E_ONLY:-})
    [ -n "${E2E_ONLY:-}" ] && exit 0
fi
# Schemathesis over the API document, on the same stack: bounded and with a fixed seed in
# `make test` (the same cases each run); `make fuzz` runs long with a new seed each time.
if [ "${FUZZ_ONLY:-0}" != 1 ]; then
    export FUZZ_SEED="${FUZZ_SEED:-20261127}"
fi
scripts/fuzz-api.sh "http://127.0.0.1:$PORT"
