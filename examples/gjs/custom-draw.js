#!/usr/bin/gjs -m
// custom-draw.js: examples/custom-draw.c in JavaScript: a GskLayer
// subclass whose draw() (a vfunc override) paints a dial with its hand
// at the "angle" property. Two frames, the hand at 0° and at 120°, are
// written to PREFIX-0.png and PREFIX-1.png; the tests check that they
// are the C example's, byte for byte.
//
// Usage: gjs -m custom-draw.js [PREFIX]
//
// SPDX-License-Identifier: LGPL-2.1-or-later
import Gdk from 'gi://Gdk?version=4.0';
import GObject from 'gi://GObject';
import Graphene from 'gi://Graphene?version=1.0';
import GskLayer from 'gi://GskLayer?version=1';
import System from 'system';

const Dial = GObject.registerClass({
    Properties: {
        'angle': GObject.ParamSpec.double('angle', null,
            'Where the hand points, in degrees clockwise from the top',
            GObject.ParamFlags.READWRITE | GObject.ParamFlags.EXPLICIT_NOTIFY,
            -Number.MAX_VALUE, Number.MAX_VALUE, 0),
    },
}, class Dial extends GskLayer.Layer {
    get angle() {
        return this._angle ?? 0;
    }

    set angle(value) {
        if (this.angle === value)
            return;
        this._angle = value;
        this.invalidate_content();
        this.notify('angle');
    }

    vfunc_draw(cr) {
        const size = this.get_size();
        const cx = size.width / 2, cy = size.height / 2;
        const r = Math.min(cx, cy) - 8;
        const a = this.angle * Math.PI / 180;

        cr.setSourceRGB(0.96, 0.96, 0.96);
        cr.arc(cx, cy, r, 0, 2 * Math.PI);
        cr.fillPreserve();
        cr.setLineWidth(6);
        cr.setSourceRGB(0.21, 0.52, 0.89);
        cr.stroke();

        // The hand, from the top, clockwise
        cr.setLineWidth(8);
        cr.setLineCap(1); // CAIRO_LINE_CAP_ROUND
        cr.setSourceRGB(0.88, 0.11, 0.14);
        cr.moveTo(cx, cy);
        cr.lineTo(cx + (r - 16) * Math.sin(a), cy - (r - 16) * Math.cos(a));
        cr.stroke();
        // GJS frees a cairo context only when asked
        cr.$dispose();
    }
});

const prefix = ARGV[0] ?? 'custom-draw';
const renderer = GskLayer.LayerSoftwareRenderer.new();

const root = new GskLayer.Layer();
root.set_size(new Graphene.Size().init(200, 200));
const background = new Gdk.RGBA();
background.parse('#241f31');
root.set_background_color(background);

const dial = new Dial();
dial.set_position(new Graphene.Point().init(20, 20));
dial.set_size(new Graphene.Size().init(160, 160));
root.add_child(dial);

for (let frame = 0; frame < 2; frame++) {
    const path = `${prefix}-${frame}.png`;
    dial.angle = frame * 120;
    const image = renderer.render_to_surface(root, 200, 200);
    image.writeToPNG(path);
    print('Wrote', path);
}

System.exit(0);
