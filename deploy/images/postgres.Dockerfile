# Postgres 15 from Debian's packages, with the interface of the official `postgres:15` image
# that deploy/docker-compose.yml relies on: POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, the
# data in /var/lib/postgresql/data, scripts in /docker-entrypoint-initdb.d run on the first
# start, port 5432, pg_isready as the health check. Built by scripts/images.sh when the
# official image cannot be pulled.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
# hadolint ignore=DL3008
RUN set -eu; \
    mkdir -p /etc/postgresql-common/createcluster.d; \
    echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/00-no-main.conf; \
    apt-get update; \
    apt-get install -y --no-install-recommends postgresql-15; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin; \
    install -d -o postgres -g postgres -m 0700 /var/lib/postgresql/data; \
    install -d -o postgres -g postgres -m 2775 /var/run/postgresql; \
    install -d /docker-entrypoint-initdb.d
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data \
    LANG=C.UTF-8
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
HEALTHCHECK --interval=5s --timeout=3s --retries=20 CMD pg_isready -h 127.0.0.1 -q || exit 1
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
