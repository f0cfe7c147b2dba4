#!/usr/bin/python3
# check-gir.py: what GskLayer-1.gir says of the API (issue 16)
#
# Every public type, function, method, constructor, property, signal and
# constant carries the version it appeared in (a Since: line), and none
# is left out of introspection (introspectable="0": annotated (skip), or
# one the scanner could not bind) unless its documentation says why, in
# a sentence that starts "For C only:". G_DECLARE_FINAL_TYPE's class
# structures are private and have no version.
#
# Usage: check-gir.py GskLayer-1.gir (TAP)
#
# SPDX-License-Identifier: LGPL-2.1-or-later
import sys
import xml.etree.ElementTree as ET

CORE = '{http://www.gtk.org/introspection/core/1.0}'
GLIB = '{http://www.gtk.org/introspection/glib/1.0}'
KINDS = ('class', 'interface', 'record', 'enumeration', 'bitfield', 'callback',
         'function', 'method', 'constructor', 'property', 'constant')
SIGNAL = GLIB + 'signal'

no_version = []
not_introspectable = []
n_checked = 0


def walk(element, path):
    global n_checked
    for child in element:
        tag = child.tag.replace(CORE, '')
        if child.tag == SIGNAL:
            tag = 'signal'
        if tag == 'namespace':
            walk(child, path)
            continue
        if tag not in KINDS + ('signal',):
            continue
        name = path + '.' + child.get('name', '?')
        private_class = tag == 'record' and child.get(GLIB + 'is-gtype-struct-for') and \
            not any(c.tag == CORE + 'field' and c.get('name') != 'parent_class' for c in child)
        if not private_class:
            n_checked += 1
            if child.get('version') is None:
                no_version.append(name)
        doc = child.find(CORE + 'doc')
        if child.get('introspectable') == '0' and (doc is None or 'For C only:' not in doc.text):
            not_introspectable.append(name)
        walk(child, name)


walk(ET.parse(sys.argv[1]).getroot(), 'GskLayer')

print('1..2')
if no_version:
    print('not ok 1 %d of %d symbols have no Since: %s' % (len(no_version), n_checked, ', '.join(no_version)))
else:
    print('ok 1 all %d public symbols say since when' % n_checked)
if not_introspectable:
    print('not ok 2 not introspectable, and no "For C only:" says why: %s' % ', '.join(not_introspectable))
else:
    print('ok 2 every symbol is introspectable or skipped with a reason')
sys.exit(1 if no_version or not_introspectable else 0)
