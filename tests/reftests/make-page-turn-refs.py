#!/usr/bin/env python3
# Writes the second scene of each page-turn reftest: the page drawn as
# its tiles, one layer each, a piece of the flat page seen through a
# matrix3d that takes the tile's corners to where the curl puts them,
# nearest last. Nothing of GSK's deformation code is shared: the curl
# is worked out here from GskLayerPageTurn's documentation, the
# perspective from CSS's, and each tile's homography by solving its
# eight equations.
#
# Usage: tests/reftests/make-page-turn-refs.py [NAME...]
#   (default: every page-turn*.json that is not a .ref.json)
import glob
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def curl(x, y, w, h, period, angle, radius):
    """Where the page turn puts the flat point (x, y): (x, y, z)."""
    if period <= 0:
        return (x, y, 0.0)
    t = math.radians(angle)
    cx, cy = (1 - period) * w, (1 - period) * h
    # Across the fold line, past the start of the curl; along it
    across = (x - cx) * math.cos(t) + (y - cy) * math.sin(t) - radius
    along = -(x - cx) * math.sin(t) + (y - cy) * math.cos(t)
    if across <= 0:
        return (x, y, 0.0)
    # Rolled around a cylinder from its bottom, later turns tighter by
    # 10 units of radius per half turn
    turn = across / radius - math.pi / 2
    r = radius - min(radius, max(turn, 0.0) * 10 / math.pi)
    u = r * math.cos(turn) + radius
    return (u * math.cos(t) - along * math.sin(t) + cx,
            u * math.sin(t) + along * math.cos(t) + cy,
            r * math.sin(turn) + radius)


def seen(p, pivot, d):
    """CSS perspective(d) about pivot: the point on the screen, and z/w."""
    x, y, z = p
    w = 1 - z / d if d else 1
    return ((pivot[0] + (x - pivot[0]) / w, pivot[1] + (y - pivot[1]) / w), z / w)


def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [m[r][k] - f * m[c][k] for k in range(n + 1)]
    return [m[i][n] / m[i][i] for i in range(n)]


def homography(src, dst):
    """H with dst ~ H (src, 1): as matrix3d's sixteen numbers, on (x, y, 0, 1)."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    h = solve(a, b) + [1.0]
    # Columns of matrix3d: x's weights for X, Y, Z, W; then y's; z; the constants
    return [h[0], h[3], 0, h[6], h[1], h[4], 0, h[7], 0, 0, 1, 0, h[2], h[5], 0, h[8]]


def number(v):
    return float('%.9g' % v)


def reference(scene):
    root = scene['root']
    out_children = []
    for layer in root['children']:
        if layer.get('type') != 'GskLayerPageTurn':
            out_children.append(layer)
            continue
        px, py = layer['position']
        w, h = layer['size']
        nx, ny = layer.get('x-tiles', 32), layer.get('y-tiles', 32)
        period, angle, radius = layer.get('period', 0), layer.get('angle', 0), layer.get('radius', 24)
        bcolor = layer.get('back-color')
        transform = layer.get('transform', '')
        m = re.fullmatch(r'perspective\((\d+(?:\.\d+)?)px\)', transform.strip()) if transform else None
        if transform and not m:
            sys.exit('only a perspective() transform is supported: %r' % transform)
        d = float(m.group(1)) if m else 0
        pivot = (w / 2, h / 2)
        flat = {k: v for k, v in layer.items()
                if k not in ('type', 'id', 'position', 'transform', 'period', 'angle', 'radius',
                             'x-tiles', 'y-tiles', 'back-color')}
        grid = {}
        for j in range(ny):
            for i in range(nx):
                xs = [w * i / nx, w * (i + 1) / nx]
                ys = [h * j / ny, h * (j + 1) / ny]
                corners = [(xs[0], ys[0]), (xs[1], ys[0]), (xs[1], ys[1]), (xs[0], ys[1])]
                views = [seen(curl(x, y, w, h, period, angle, radius), pivot, d) for x, y in corners]
                quad = [(v[0][0] + px, v[0][1] + py) for v in views]
                # A quad seen edge-on or folded over itself (not strictly
                # convex) is the image of no homography of the tile: it
                # shows nothing
                turns = [(quad[(k + 1) % 4][0] - quad[k][0]) * (quad[(k + 2) % 4][1] - quad[(k + 1) % 4][1]) -
                         (quad[(k + 1) % 4][1] - quad[k][1]) * (quad[(k + 2) % 4][0] - quad[(k + 1) % 4][0])
                         for k in range(4)]
                if not (all(t > 1e-9 for t in turns) or all(t < -1e-9 for t in turns)):
                    continue
                area = sum(quad[k][0] * quad[(k + 1) % 4][1] - quad[(k + 1) % 4][0] * quad[k][1]
                           for k in range(4))
                grid[(i, j)] = (xs, ys, corners, quad, sum(v[1] for v in views) / 4, area < 0)
        tiles = []
        for (i, j), (xs, ys, corners, quad, depth, back) in grid.items():
            def alike(n):
                return n in grid and grid[n][5] == back
            # Drawn half a pixel past the edges it shares with tiles
            # facing the same way, so that no seam shows between their
            # antialiased edges; where the page folds, the edge is an
            # outline
            ex0 = xs[0] - (0.5 if alike((i - 1, j)) else 0)
            ey0 = ys[0] - (0.5 if alike((i, j - 1)) else 0)
            ex1 = xs[1] + (0.5 if alike((i + 1, j)) else 0)
            ey1 = ys[1] + (0.5 if alike((i, j + 1)) else 0)
            local = [(x - ex0, y - ey0) for x, y in corners]
            matrix = homography(local, quad)
            # … unless near where the homography goes to infinity (a
            # tile seen nearly edge-on): w may not fall to half its
            # least over the tile
            def w_at(x, y):
                return matrix[3] * x + matrix[7] * y + matrix[15]
            least = min(w_at(x, y) for x, y in local)
            if any(w_at(x, y) < 0.5 * least for x in (0, ex1 - ex0) for y in (0, ey1 - ey0)):
                ex0, ey0, ex1, ey1 = xs[0], ys[0], xs[1], ys[1]
                local = [(x - ex0, y - ey0) for x, y in corners]
                matrix = homography(local, quad)
            tile = {'type': 'GskLayer', 'size': [number(ex1 - ex0), number(ey1 - ey0)],
                    'pivot-point': [0, 0], 'clip-to-bounds': True,
                    'transform': 'matrix3d(%s)' % ', '.join(repr(number(v)) for v in matrix)}
            if back and bcolor:
                tile['background-color'] = bcolor
            else:
                piece = dict(flat, type='GskLayer')
                piece['position'] = [number(-ex0), number(-ey0)]
                tile['children'] = [piece]
            tiles.append((depth, j * nx + i, tile))
        tiles.sort(key=lambda t: (t[0], t[1]))
        out_children.extend(t[2] for t in tiles)
    ref = dict(scene)
    ref['root'] = dict(root)
    ref['root']['children'] = out_children
    return ref


def main():
    names = sys.argv[1:] or [os.path.basename(p)[:-5] for p in glob.glob(os.path.join(HERE, 'page-turn*.json'))
                             if not p.endswith('.ref.json')]
    for name in names:
        with open(os.path.join(HERE, name + '.json')) as f:
            scene = json.load(f)
        with open(os.path.join(HERE, name + '.ref.json'), 'w') as f:
            json.dump(reference(scene), f, separators=(',', ':'))
            f.write('\n')
        print('wrote', name + '.ref.json')


if __name__ == '__main__':
    main()
