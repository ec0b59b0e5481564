#!/bin/sh
# First start: a cluster in $PGDATA with POSTGRES_USER (password POSTGRES_PASSWORD) as its
# superuser, POSTGRES_DB, and the scripts of /docker-entrypoint-initdb.d run on a server that
# listens on its socket only (so health checks over TCP do not see it). Then the server.
set -eu
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
    pwfile="$(mktemp)"
    printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
    initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pwfile"
    {
        echo "listen_addresses = '*'"
        echo "unix_socket_directories = '/var/run/postgresql'"
    } >>"$PGDATA/postgresql.conf"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    if [ "$db" != postgres ]; then
        psql -v ON_ERROR_STOP=1 -U "$user" -d postgres -q -c "CREATE DATABASE \"$db\""
    fi
    for f in /docker-entrypoint-initdb.d/*.sql; do
        [ -e "$f" ] || continue
        echo "running $f"
        psql -v ON_ERROR_STOP=1 -U "$user" -d "$db" -q -f "$f"
    done
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    echo "database cluster ready"
fi
exec "$@"
