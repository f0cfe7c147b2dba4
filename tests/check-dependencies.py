#!/usr/bin/env python3
# check-dependencies.py: the library's folders depend on each other one way
#
# Usage: check-dependencies.py SOURCE_DIR STATIC_LIBRARY
#
# The core (gsk/ itself) is the layer model; every other folder is a
# subsystem that reaches the core, never the other way: the core calls
# a subsystem only through hooks it installs (gsk-layer-private.h), and
# the folders' directions below form no circle. Two checks, printed as
# TAP:
# - includes: every #include "…" in gsk/ names a header of a folder that
#   the including file's folder may use (ALLOWED below);
# - calls: every symbol an object of the library uses from another of its
#   objects is defined in a folder that the user's folder may use (read
#   with nm from the static library, so a call through a public header
#   that the include check cannot see is caught too).
#
# Public headers are the one installed API: they may include each other
# whatever their folder, and a .c file may include a public header of a
# folder it may use. The backends see the core through the render list,
# never through gsk-layer-private.h.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import re
import subprocess
import sys

# folder -> the folders it may use (besides itself)
ALLOWED = {
    # The layer model: it reaches the subsystems only through the hooks
    # they install (gsk-layer-private.h), and names the types of its
    # properties (TYPES_OF_PROPERTIES below)
    'core': set(),
    # Outlines of lines, curves and arcs, as values
    'path': {'core'},
    # What a layer shows inside its box: colours, images, glyph runs
    'content': {'core'},
    # The render list, the seam between the tree and the backends: ops
    # that carry surfaces and glyph runs
    'render': {'core', 'content', 'path'},
    # The CSS box of a layer as a value: drawn, interpolated, and turned
    # into the render list's paints and filters
    'style': {'core', 'render', 'content', 'path'},
    # Layout managers and constraints measure contents and styled boxes
    'layout': {'core', 'style', 'content'},
    # Styles animate; transitions know how to interpolate them
    'animation': {'core', 'style', 'path'},
    # mask-image's url() images load as image contents
    'css': {'core', 'animation', 'style', 'path', 'content'},
    # The frame pipeline: layout and draw passes, the compile of the tree
    # into a render list, the renderer that backends implement
    'frame': {'core', 'content', 'render', 'style', 'layout'},
    # Text layers draw with Pango, into glyph runs or through draw()
    'text': {'core', 'content', 'render', 'style', 'layout'},
    # Scene files name GSK's own layer types, text layers among them, its
    # layout managers, styles and contents, and render them
    'scene': {'core', 'animation', 'css', 'style', 'content', 'text', 'layout',
              'render', 'frame', 'shape', 'path', 'clone', 'deform'},
    # Long presses and kinetic motion run on frame clocks; the scroll
    # layer lays its children out at their natural length
    'input': {'core', 'animation', 'layout'},
    # Shape layers draw paths with cairo, part-way by length
    # Fill and stroke gradients are CSS gradients, read and painted by
    # the style's code
    'shape': {'core', 'path', 'style', 'css'},
    # Clones: a layer subclass; the compile reads its link in the core
    'clone': {'core'},
    # Deformations: the mesh hook of the core
    'deform': {'core'},
    # Children made from a list model's items, through the tree's API
    'model': {'core'},
    # The backends read the render list, for the renderer they implement
    'software': {'core', 'content', 'render', 'style', 'frame'},
    # The GL backend draws what it cannot upload (tiles of huge content
    # aside) with the software backend
    'gl': {'core', 'content', 'render', 'style', 'frame', 'software'},
    # Where the tree, its animations, its input and the backends meet GTK;
    # text layers are named after their text before assistive technology
    'gtk': {'core', 'path', 'animation', 'input', 'content', 'render', 'style', 'layout',
            'frame', 'software', 'gl', 'text'},
}

# The core calls nothing of a subsystem but the get_type () functions of
# its properties' types, which install the subsystem's hooks as they
# register the type (so the hooks are in place before any layer exists)
TYPES_OF_PROPERTIES = {'style', 'content', 'layout'}

# Core headers the backends must not include: the tree is not theirs
BACKENDS = {'software', 'gl'}
TREE_HEADERS = {'gsk-layer-private.h'}

INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(relpath):
    parts = relpath.split('/')
    return parts[0] if len(parts) > 1 else 'core'


def main():
    srcdir, library = sys.argv[1], sys.argv[2]
    gskdir = os.path.join(srcdir, 'gsk')
    headers = {}
    files = []
    for root, _, names in os.walk(gskdir):
        for name in names:
            rel = os.path.relpath(os.path.join(root, name), gskdir)
            if name.endswith('.h') or name.endswith('.h.in'):
                headers[name.replace('.h.in', '.h')] = rel
            if name.endswith(('.c', '.h', '.h.in')):
                files.append(rel)

    unknown = [f for f in files if folder_of(f) not in ALLOWED]
    problems = ['%s: folder %s is not in ALLOWED' % (f, folder_of(f)) for f in unknown]

    for rel in sorted(files):
        folder = folder_of(rel)
        if folder not in ALLOWED:
            continue
        public = not rel.endswith(('-private.h', '.c'))
        with open(os.path.join(gskdir, rel), encoding='utf-8') as f:
            text = f.read()
        for include in INCLUDE_RE.findall(text):
            name = os.path.basename(include)
            if name == 'config.h' or name.endswith('-enum-types.h'):
                continue
            target = headers.get(name)
            if target is None:
                problems.append('%s includes "%s", which is not in gsk/' % (rel, include))
                continue
            tfolder = folder_of(target)
            tpublic = not name.endswith('-private.h')
            if folder in BACKENDS and name in TREE_HEADERS:
                problems.append('%s (a backend) includes %s: backends see the render list, not the tree'
                                % (rel, name))
            if tfolder == folder or tfolder in ALLOWED[folder]:
                continue
            if public and tpublic:
                continue
            if folder == 'core' and tfolder in TYPES_OF_PROPERTIES and tpublic:
                continue
            problems.append('%s (%s) includes %s (%s)' % (rel, folder, target, tfolder))

    # The folders themselves must not go round in a circle
    def reaches(start, goal, seen):
        for f in ALLOWED[start]:
            if f == goal or (f not in seen and (seen.add(f) or reaches(f, goal, seen))):
                return True
        return False
    for folder in ALLOWED:
        if reaches(folder, folder, set()):
            problems.append('ALLOWED: folder %s reaches itself through others' % folder)

    print('1..2')
    if problems:
        print('not ok 1 includes')
        for p in problems:
            print('# ' + p)
    else:
        print('ok 1 includes')

    # Which folder defines each global symbol, and which each object uses
    out = subprocess.run(['nm', '-A', library], check=True, capture_output=True,
                         text=True).stdout
    defined = {}
    used = []
    for line in out.splitlines():
        where, _, rest = line.rpartition(': ') if ': ' in line else ('', '', line)
        name, _, symbol_part = line.partition(' ')
        # "LIBRARY:MEMBER:VALUE TYPE SYMBOL" or "LIBRARY:MEMBER:         U SYMBOL"
        head, sep, tail = line.rpartition('.o:')
        if not sep:
            continue
        base = os.path.basename(head + '.o')
        fields = tail.split()
        prefix = base.split('_', 1)[0]
        folder = prefix if prefix in ALLOWED and '_' in base else 'core'
        if len(fields) == 3 and fields[1] in 'TDBRV':
            defined[fields[2]] = (folder, base)
        elif len(fields) == 2 and fields[0] == 'U':
            used.append((folder, base, fields[1]))

    calls = []
    for folder, base, symbol in used:
        if symbol not in defined:
            continue
        dfolder, dbase = defined[symbol]
        if dfolder == folder or dfolder in ALLOWED[folder]:
            continue
        if folder == 'core' and dfolder in TYPES_OF_PROPERTIES and symbol.endswith('_get_type'):
            continue
        calls.append('%s (%s) uses %s from %s (%s)' % (base, folder, symbol, dbase, dfolder))

    if calls:
        print('not ok 2 calls')
        for c in sorted(set(calls)):
            print('# ' + c)
    else:
        print('ok 2 calls')

    return 1 if problems or calls else 0


if __name__ == '__main__':
    sys.exit(main())
