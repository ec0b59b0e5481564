# Redis from Debian's packages, as the official `redis:7` image is used by
# deploy/docker-compose.yml: port 6379, `redis-cli ping` as the health check, data in /data
# (append-only file, fsync every second). Built by scripts/images.sh when the official image
# cannot be pulled.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
# hadolint ignore=DL3008
RUN set -eu; \
    apt-get update; \
    apt-get install -y --no-install-recommends redis-server; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin; \
    install -d -o redis -g redis -m 0750 /data
USER redis
WORKDIR /data
VOLUME /data
EXPOSE 6379
HEALTHCHECK --interval=5s --timeout=3s --retries=20 CMD redis-cli ping | grep -q PONG
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--dir", "/data", "--appendonly", "yes", "--appendfsync", "everysec"]
