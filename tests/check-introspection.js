// check-introspection.js: GSK as GJS sees it through GskLayer-1.typelib
// (issue 16)
//
// Every type name given (those of GskLayer-1.gir, listed by
// tests/meson.build's caller) is there in GJS's GskLayer module, and a
// property set from JavaScript is what the C getter returns.
//
// Usage: gjs -m check-introspection.js NAME... (TAP; GI_TYPELIB_PATH set)
//
// SPDX-License-Identifier: LGPL-2.1-or-later
import GskLayer from 'gi://GskLayer?version=1';
import System from 'system';

print('1..2');

const missing = ARGV.filter(name => GskLayer[name] === undefined);
if (missing.length > 0 || ARGV.length === 0) {
    print(`not ok 1 not visible from GJS: ${missing.join(', ') || 'no names given'}`);
    System.exit(1);
}
print(`ok 1 all ${ARGV.length} types of the GIR are visible from GJS`);

const layer = new GskLayer.Layer({opacity: 0.25, name: 'card'});
layer.z_position = 3;
if (layer.get_opacity() !== 0.25 || layer.get_name() !== 'card' || layer.get_z_position() !== 3) {
    print('not ok 2 properties set from GJS do not read back in C');
    System.exit(1);
}
print('ok 2 properties set from GJS read back from the C getters');
