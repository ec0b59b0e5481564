# The compose stack's load balancer in front of the gateway replicas: HAProxy from Debian's
# packages (deploy/images/haproxy.cfg). Built by scripts/images.sh.
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
# hadolint ignore=DL3008
RUN set -eu; \
    apt-get update; \
    apt-get install -y --no-install-recommends haproxy; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
COPY haproxy.cfg /etc/haproxy/haproxy.cfg
USER haproxy
EXPOSE 8080
STOPSIGNAL SIGUSR1
HEALTHCHECK --interval=5s --timeout=3s --retries=20 CMD ["haproxy", "-c", "-q", "-f", "/etc/haproxy/haproxy.cfg"]
CMD ["haproxy", "-W", "-db", "-f", "/etc/haproxy/haproxy.cfg"]
