#!/usr/bin/env bash
# Starts the local Postgres, Redis and RabbitMQ when they are stopped, installing them from
# Debian's packages on a machine that lacks them. Idempotent; prints one line per service.
set -euo pipefail

need_apt=()
command -v pg_ctlcluster >/dev/null 2>&1 || need_apt+=(postgresql postgresql-contrib)
command -v redis-server >/dev/null 2>&1 || need_apt+=(redis-server)
command -v rabbitmq-server >/dev/null 2>&1 || need_apt+=(rabbitmq-server)
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "installing ${need_apt[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

wait_until() { # seconds, command...
    local n=$1; shift
    for _ in $(seq 1 "$n"); do "$@" >/dev/null 2>&1 && return 0; sleep 1; done
    return 1
}

pg_version=$(ls /etc/postgresql | sort -V | tail -n1)
pg() { pg_ctlcluster --skip-systemctl-redirect "$pg_version" main "$@"; }
pg_failed() { # what, then the server's own account of why
    echo "postgres $1" >&2
    pg_lsclusters >&2 || true
    tail -n 20 "/var/log/postgresql/postgresql-$pg_version-main.log" >&2 2>/dev/null || true
    exit 1
}
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    # A server that is running but not answering yet (crash recovery after the machine came
    # back, a restart under way) is waited for, not started twice: `start` refuses a running
    # cluster with exit code 2.
    if pg status >/dev/null 2>&1; then
        echo "postgres: running, waiting for it to take connections"
    else
        echo "starting postgres"
        pg start || pg status >/dev/null 2>&1 || pg_failed "did not start"
    fi
    wait_until 120 pg_isready -q -h 127.0.0.1 -p 5432 || pg_failed "does not take connections on 127.0.0.1:5432"
fi
# Connections: several stacks of the product share this server on a developer's machine
# (`make dev`, the browser tests' stack, the end-to-end tests' stack, service tests), each
# up to its pools' sum (docs/ARCHITECTURE.md, "Database connections"); Postgres' default of
# 100 is too few for them together. Raised once; the server restarts to take it.
want_connections=600
have_connections=$(psql -h 127.0.0.1 -U postgres -d postgres -Atc "SHOW max_connections" 2>/dev/null || echo 0)
if [ "${have_connections:-0}" -lt "$want_connections" ]; then
    echo "raising postgres max_connections from $have_connections to $want_connections (restart)"
    psql -h 127.0.0.1 -U postgres -d postgres -qc "ALTER SYSTEM SET max_connections = $want_connections"
    pg restart
    wait_until 120 pg_isready -q -h 127.0.0.1 -p 5432 || pg_failed "did not restart"
fi
echo "postgres: ready"

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "starting redis"
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/ci.log
    wait_until 20 redis-cli -h 127.0.0.1 -p 6379 ping || { echo "redis did not start" >&2; exit 1; }
fi
echo "redis: ready"

# Every probe of the broker is bounded: a node can answer its port and cheap commands while
# a heavier one (`rabbitmqctl status`) never returns.
rabbit() { timeout 30 "$@" >/dev/null 2>&1; }
if ! rabbit rabbitmq-diagnostics -q check_running; then
    if rabbit rabbitmq-diagnostics -q ping; then
        # The node runs with the app stopped (after an interrupted broker test).
        echo "starting the rabbitmq app"
        rabbit rabbitmqctl -q start_app || true
    else
        echo "starting rabbitmq"
        rabbitmq-server -detached >/dev/null 2>&1 || true
    fi
    wait_until 90 timeout 30 rabbitmq-diagnostics -q check_running ||
        { echo "rabbitmq did not start" >&2; exit 1; }
fi
wait_until 30 timeout 10 rabbitmq-diagnostics -q check_port_connectivity ||
    { echo "rabbitmq does not take connections on its port" >&2; exit 1; }
echo "rabbitmq: ready"
