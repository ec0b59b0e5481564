# RabbitMQ with its management plugin from Debian's packages, with the interface of the
# official `rabbitmq:3-management` image that deploy/docker-compose.yml relies on:
# RABBITMQ_DEFAULT_USER and RABBITMQ_DEFAULT_PASS, data in /var/lib/rabbitmq (give the
# container a fixed hostname: the node's data is named after it), AMQP on 5672, the UI on
# 15672. The health check is `rabbitmq-diagnostics -q check_port_connectivity` (the listeners
# accept connections; `ping` answers before they do). Built by scripts/images.sh when the
# official image cannot be pulled.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
# hadolint ignore=DL3008
RUN set -eu; \
    apt-get update; \
    apt-get install -y --no-install-recommends rabbitmq-server; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin; \
    rabbitmq-plugins enable --offline rabbitmq_management >/dev/null; \
    install -d -o rabbitmq -g rabbitmq -m 0755 /etc/rabbitmq/conf.d; \
    chown -R rabbitmq:rabbitmq /etc/rabbitmq /var/lib/rabbitmq
COPY rabbitmq-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
USER rabbitmq
VOLUME /var/lib/rabbitmq
EXPOSE 5672 15672
HEALTHCHECK --interval=10s --timeout=10s --retries=20 --start-period=20s CMD rabbitmq-diagnostics -q check_port_connectivity
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["rabbitmq-server"]
