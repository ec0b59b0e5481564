#!/usr/bin/env bash
# `make test`: every test of the repo against the real local Postgres, Redis and RabbitMQ.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"

scripts/ensure-services.sh
scripts/ensure-tools.sh
# NHTSA's vPIC data (VIN decoding offline), fetched once into a cache folder; the hosting tests
# decode real VINs with it.
VPIC_DB="$(scripts/vpic-data.sh)"
export VPIC_DB APP__VIN__OFFLINE_DB="$VPIC_DB"

# Each test run creates fresh databases named test_*; sweep the ones earlier runs left (not
# those another run is using now: a browser tests' stack or a test binary beside this run).
psql -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT d.datname FROM pg_database d WHERE d.datname LIKE 'test\_%'
    AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = d.datname)" |
    while read -r db; do dropdb -h 127.0.0.1 -U postgres --force "$db" 2>/dev/null || true; done

# Broker queues of test runs (their names start with test-) expire ten minutes after their
# last consumer leaves, so they do not pile up on the broker from run to run; the ones an
# earlier run left within those minutes are deleted here. Quorum queues cost the broker at
# every start: hundreds of them left it slow to take declarations after a restart.
timeout 30 rabbitmqctl -q set_policy --apply-to queues test-queues-expire '^test-' '{"expires":600000}' >/dev/null ||
    echo "warning: could not set the broker's expiry policy for test queues" >&2
# Only queues no consumer reads: another run's stack beside this one keeps its own. (None on a
# fresh machine: awk then prints nothing, which must not stop the run.)
{ timeout 30 rabbitmqctl -q list_queues name consumers 2>/dev/null || true; } |
    awk '$1 ~ /^test-/ && $2 == 0 { print $1 }' | while read -r q; do
    timeout 30 rabbitmqctl -q delete_queue "$q" >/dev/null 2>&1 || true
done

echo "== formatting"
cargo fmt --all -- --check

echo "== lints"
cargo clippy --workspace --all-targets -- -D warnings

echo "== rust tests"
log=$(mktemp)
rm -f "${TMPDIR:-/tmp}/upcar-booking-concurrency.txt"
trap 'rm -f "$log"' EXIT
set +e
# The booking concurrency test runs 16 guests x 40 attempts here; the 16 x 500 run and its
# numbers are in docs/PERFORMANCE.md (UPCAR_BOOKING_ATTEMPTS=500).
UPCAR_BOOKING_ATTEMPTS="${UPCAR_BOOKING_ATTEMPTS:-40}" \
    cargo test --workspace --lib --bins --tests --no-fail-fast 2>&1 | tee "$log"
rust_status=${PIPESTATUS[0]}
set -e
rust_passed=$(grep -E '^test result:' "$log" | sed -E 's/.* ([0-9]+) passed.*/\1/' | awk '{s+=$1} END {print s+0}')
rust_failed=$(grep -E '^test result:' "$log" | sed -E 's/.* ([0-9]+) failed.*/\1/' | awk '{s+=$1} END {print s+0}')
[ "$rust_status" -eq 0 ] || { echo "rust: ${rust_passed:-0} passed, ${rust_failed:-0} failed"; exit "$rust_status"; }

echo "== API document and the web app's generated types"
scripts/gen-api.sh --check

echo "== deployment manifests"
scripts/validate-k8s.sh
scripts/checkov-k8s.sh

if [ -f frontend/package.json ]; then
    echo "== web app tests"
    (cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm test)
fi
[ -f frontend/package.json ] && scripts/test-web.sh

# The product as it is deployed: its images, two replicas of everything under compose, the
# smoke journey and a rolling restart through the load balancer (scripts/test-compose.sh).
# Runs wherever a Docker engine can be started (scripts/ensure-docker.sh installs and starts
# one when missing, and says why when it cannot); it adds the release build of every service
# and the images. UPCAR_COMPOSE_TESTS=0 leaves it out.
if [ "${UPCAR_COMPOSE_TESTS:-1}" = 0 ]; then
    echo "== compose tests: NOT RUN (UPCAR_COMPOSE_TESTS=0)"
elif docker_why="$(scripts/ensure-docker.sh 2>&1)"; then
    echo "== compose tests (${docker_why##*$'\n'})"
    compose_started=$(date +%s)
    scripts/test-compose.sh
    echo "compose tests: $(( $(date +%s) - compose_started )) s"
else
    echo "== compose tests: NOT RUN: ${docker_why##*$'\n'}"
fi

report="${TMPDIR:-/tmp}/upcar-booking-concurrency.txt"
[ -f "$report" ] && cat "$report" && echo
echo "rust: ${rust_passed:-0} passed, ${rust_failed:-0} failed"
