#!/usr/bin/python3
# check-introspection.py: GSK as Python sees it through
# GskLayer-1.typelib (issue 16)
#
# Every type of GskLayer-1.gir (classes, interfaces, boxed records,
# enumerations, flags) is there in gi.repository.GskLayer; every
# property of GSK's classes has a blurb (what GObject tools and the
# bindings' help show); a property set from Python is what the C
# getter returns, and what a scene file saved by C says.
#
# Usage: check-introspection.py GskLayer-1.gir (TAP; GI_TYPELIB_PATH set)
#        check-introspection.py --names GskLayer-1.gir (the type names, for
#        tests/check-introspection.js)
#
# SPDX-License-Identifier: LGPL-2.1-or-later
import sys
import xml.etree.ElementTree as ET

CORE = '{http://www.gtk.org/introspection/core/1.0}'
GLIB = '{http://www.gtk.org/introspection/glib/1.0}'

namespace = ET.parse(sys.argv[-1]).getroot().find(CORE + 'namespace')
types = [(el.tag.replace(CORE, ''), el.get('name')) for el in namespace
         if el.tag.replace(CORE, '') in ('class', 'interface', 'record', 'enumeration', 'bitfield')
         and not el.get(GLIB + 'is-gtype-struct-for')]

if sys.argv[1] == '--names':
    print(' '.join(name for _, name in types))
    sys.exit(0)

import gi  # noqa: E402
gi.require_version('GskLayer', '1')  # noqa: E402
gi.require_version('Graphene', '1.0')
from gi.repository import GObject, GskLayer, Graphene  # noqa: E402

print('1..3')

missing = [name for _, name in types if getattr(GskLayer, name, None) is None]
if missing:
    print('not ok 1 not visible from Python: %s' % ', '.join(missing))
    sys.exit(1)
print('ok 1 all %d types of the GIR are visible from Python' % len(types))

no_blurb = []
n_props = 0
for kind, name in types:
    if kind not in ('class', 'interface'):
        continue
    gtype = getattr(GskLayer, name).__gtype__
    specs = GObject.list_properties(gtype)
    for spec in specs:
        if not spec.owner_type.name.startswith('GskLayer'):
            continue
        n_props += 1
        blurb = spec.blurb
        if not blurb or blurb == spec.name:
            no_blurb.append('%s:%s' % (spec.owner_type.name, spec.name))
if no_blurb:
    print('not ok 2 properties without a blurb: %s' % ', '.join(sorted(set(no_blurb))))
    sys.exit(1)
print('ok 2 all %d properties have a blurb' % n_props)

layer = GskLayer.Layer()
layer.props.opacity = 0.25
layer.props.position = Graphene.Point().init(12, 34)
scene = GskLayer.LayerScene.new(layer, 100, 100)
data, _ = scene.to_data()
point = layer.get_position()
if layer.get_opacity() != 0.25 or (point.x, point.y) != (12, 34) or '"opacity" : 0.25' not in data:
    print('not ok 3 a property set from Python does not read back in C: %s %s' % (layer.get_opacity(), data))
    sys.exit(1)
print('ok 3 properties set from Python read back from C getters and a scene saved by C')
