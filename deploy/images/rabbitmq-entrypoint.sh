#!/bin/sh
# The broker's first user from RABBITMQ_DEFAULT_USER / RABBITMQ_DEFAULT_PASS (the broker makes
# it when its database is new), reachable from other containers, then the broker.
set -eu
{
    echo "loopback_users = none"
    echo "listeners.tcp.default = 5672"
    echo "management.tcp.port = 15672"
    if [ -n "${RABBITMQ_DEFAULT_USER:-}" ]; then
        echo "default_user = $RABBITMQ_DEFAULT_USER"
        echo "default_pass = ${RABBITMQ_DEFAULT_PASS:?set RABBITMQ_DEFAULT_PASS}"
    fi
} >/etc/rabbitmq/conf.d/10-container.conf
exec "$@"
