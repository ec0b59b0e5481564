#!/usr/bin/env bash
# `make test`: every test of the repo against the real local Postgres, Redis and RabbitMQ.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"

scripts/ensure-services.sh

# Each test run creates fresh databases named test_*; sweep the ones earlier runs left.
psql -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'test\_%'" |
    while read -r db; do dropdb -h 127.0.0.1 -U postgres --force "$db" 2>/dev/null || true; done

echo "== formatting"
cargo fmt --all -- --check

echo "== lints"
cargo clippy --workspace --all-targets -- -D warnings

echo "== rust tests"
cargo test --workspace --no-fail-fast

echo "== deployment manifests"
scripts/validate-k8s.sh

if [ -f frontend/package.json ]; then
    echo "== web app tests"
    (cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm test)
fi
