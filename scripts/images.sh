#!/usr/bin/env bash
# `make images`: the product's images, tagged upcar/<name>:$UPCAR_TAG (dev by default):
# one per service (deploy/Dockerfile; the gateway's holds the built web app), Postgres 15,
# Redis and RabbitMQ (deploy/images/), and the load balancer in front of the gateways.
#
# Where the registry answers (debian:bookworm-slim can be pulled and BuildKit is there), the
# services are built from the sources inside the Dockerfile's own stages and the
# infrastructure images are the official ones. Where it does not (no registry reachable), the
# same images are made from Debian's packages: a base image by mmdebstrap (`docker import`),
# the Rust binaries built on the host by the workspace's release profile and copied into the
# Dockerfile's runtime stage (`--target prebuilt`), Postgres, Redis and RabbitMQ installed from
# Debian's packages with the official images' ports, environment and health checks.
# IMAGES_FROM=registry|debian forces a path; NO_BUILD=1 takes the release binaries already
# built. Prints the images' sizes at the end.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/upcar-target}"
TAG="${UPCAR_TAG:-dev}"
SERVICES=(accounts activity captains catalog-search gateway hosting-teams messaging pricing trips)
BASE_LOCAL="upcar/debian:bookworm"
STAGE="$ROOT/.run/images"
started=$(date +%s)

scripts/ensure-docker.sh

from="${IMAGES_FROM:-}"
if [ -z "$from" ]; then
    if timeout 60 docker pull -q debian:bookworm-slim >/dev/null 2>&1 && docker buildx version >/dev/null 2>&1; then
        from=registry
    else
        from=debian
        echo "images: no image registry answers (or no BuildKit); making them from Debian's packages"
    fi
fi

if [ "$from" = registry ]; then
    BASE=debian:bookworm-slim
    for svc in "${SERVICES[@]}"; do
        echo "== image upcar/$svc:$TAG (from the sources)"
        DOCKER_BUILDKIT=1 docker build -q -f deploy/Dockerfile --build-arg SERVICE="$svc" -t "upcar/$svc:$TAG" . >/dev/null
    done
    docker pull -q postgres:15 >/dev/null && docker tag postgres:15 upcar/postgres:15
    docker pull -q redis:7 >/dev/null && docker tag redis:7 upcar/redis:7
    docker pull -q rabbitmq:3-management >/dev/null && docker tag rabbitmq:3-management upcar/rabbitmq:3-management
else
    # The base image: Debian bookworm, minbase, without documentation, manuals and locales
    # (as debian:bookworm-slim), made once and kept (REBUILD_BASE=1 makes it again).
    if [ "${REBUILD_BASE:-0}" = 1 ] || ! docker image inspect "$BASE_LOCAL" >/dev/null 2>&1; then
        echo "== base image $BASE_LOCAL (mmdebstrap --variant=minbase bookworm)"
        tar="$(mktemp --suffix=.tar)"
        mmdebstrap --quiet --variant=minbase \
            --dpkgopt='path-exclude=/usr/share/man/*' \
            --dpkgopt='path-exclude=/usr/share/doc/*' \
            --dpkgopt='path-include=/usr/share/doc/*/copyright' \
            --dpkgopt='path-exclude=/usr/share/locale/*' \
            --dpkgopt='path-exclude=/usr/share/info/*' \
            --customize-hook='printf "#!/bin/sh\nexit 101\n" >"$1/usr/sbin/policy-rc.d"; chmod 0755 "$1/usr/sbin/policy-rc.d"' \
            --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/* "$1"/var/log/*.log' \
            bookworm "$tar"
        docker import --change 'CMD ["bash"]' "$tar" "$BASE_LOCAL" >/dev/null
        rm -f "$tar"
    fi
    BASE="$BASE_LOCAL"

    # What goes into the images, built on the host.
    if [ "${NO_BUILD:-0}" != 1 ]; then
        echo "== release build of the services (cargo, the workspace's release profile)"
        cargo build --release --locked $(printf -- '-p %s ' "${SERVICES[@]}")
        echo "== web app"
        (cd frontend && { [ -d node_modules ] || npm ci --no-audit --no-fund; } && npm run build)
    fi
    [ -f frontend/dist/index.html ] || { echo "frontend/dist is not built (run without NO_BUILD=1)" >&2; exit 1; }
    VPIC_DB="$(scripts/vpic-data.sh)"

    # One small build context per service: its config folder and what the host built.
    rm -rf "$STAGE"
    for svc in "${SERVICES[@]}"; do
        ctx="$STAGE/$svc"
        mkdir -p "$ctx/services/$svc" "$ctx/prebuilt/frontend-dist" "$ctx/prebuilt/data"
        cp -r "services/$svc/config" "$ctx/services/$svc/config"
        cp -l "$CARGO_TARGET_DIR/release/$svc" "$ctx/prebuilt/service" 2>/dev/null ||
            cp "$CARGO_TARGET_DIR/release/$svc" "$ctx/prebuilt/service"
        [ "$svc" != gateway ] || cp -r frontend/dist/. "$ctx/prebuilt/frontend-dist/"
        [ "$svc" != hosting-teams ] || cp -l "$VPIC_DB" "$ctx/prebuilt/data/vpic.lite.db" 2>/dev/null ||
            cp "$VPIC_DB" "$ctx/prebuilt/data/vpic.lite.db"
        echo "== image upcar/$svc:$TAG (host-built binary)"
        DOCKER_BUILDKIT=0 docker build -q -f deploy/Dockerfile --target prebuilt \
            --build-arg BASE_IMAGE="$BASE" --build-arg SERVICE="$svc" -t "upcar/$svc:$TAG" "$ctx" >/dev/null
    done
    rm -rf "$STAGE"

    for infra in postgres:15 redis:7 rabbitmq:3-management; do
        name="${infra%%:*}"
        echo "== image upcar/$infra (Debian's packages)"
        DOCKER_BUILDKIT=0 docker build -q -f "deploy/images/$name.Dockerfile" \
            --build-arg BASE_IMAGE="$BASE" -t "upcar/$infra" deploy/images >/dev/null
    done
fi
echo "== image upcar/lb:$TAG (HAProxy, Debian's package)"
DOCKER_BUILDKIT=0 docker build -q -f deploy/images/lb.Dockerfile --build-arg BASE_IMAGE="$BASE" \
    -t "upcar/lb:$TAG" deploy/images >/dev/null

echo
echo "images ($from path, $(( $(date +%s) - started )) s):"
for img in "${SERVICES[@]/%/:$TAG}" "lb:$TAG" postgres:15 redis:7 rabbitmq:3-management; do
    docker image inspect --format '{{.Size}}' "upcar/$img" | awk -v n="upcar/$img" '{ printf "  %-34s %6.1f MB\n", n, $1 / 1e6 }'
done
[ "$from" = registry ] || docker image inspect --format '{{.Size}}' "$BASE_LOCAL" |
    awk -v n="$BASE_LOCAL (base)" '{ printf "  %-34s %6.1f MB\n", n, $1 / 1e6 }'
