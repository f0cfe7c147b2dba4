#!/usr/bin/gjs -m
// animate-frames.js: examples/animate-frames.c through GObject
// introspection (GJS): three cards and a label animated implicitly on a
// manual clock, each frame written to PREFIX-N.png.
//
// Usage: gjs -m animate-frames.js [PREFIX]
//
// SPDX-License-Identifier: LGPL-2.1-or-later
import Gdk from 'gi://Gdk?version=4.0';
import Graphene from 'gi://Graphene?version=1.0';
import GskLayer from 'gi://GskLayer?version=1';
import System from 'system';

function point(x, y) {
    return new Graphene.Point().init(x, y);
}

function size(w, h) {
    return new Graphene.Size().init(w, h);
}

function rgba(text) {
    const color = new Gdk.RGBA();
    color.parse(text);
    return color;
}

function transform(text) {
    const [ok, t] = GskLayer.LayerTransform.parse(text);
    if (!ok)
        throw new Error(`not a transform: ${text}`);
    return t;
}

function cardNew(x, color) {
    const card = new GskLayer.Layer();
    card.set_position(point(x, 50));
    card.set_size(size(100, 100));
    card.set_corner_radius(12);
    card.set_background_color(rgba(color));
    return card;
}

const prefix = ARGV[0] ?? 'animate-frames';
const clock = GskLayer.LayerManualClock.new();
const renderer = GskLayer.LayerSoftwareRenderer.new();

const root = new GskLayer.Layer();
root.set_size(size(400, 200));
root.set_background_color(rgba('#241f31'));
root.set_child_transform(transform('perspective(500px)'));
root.set_frame_clock(clock);

const cards = ['#e01b24', '#3584e4', '#33d17a'].map((color, i) => {
    const card = cardNew(30 + 120 * i, color);
    root.add_child(card);
    return card;
});

const label = GskLayer.LayerText.new('Turning');
label.set_font('Sans Bold 16');
label.set_color(rgba('#ffffff'));
label.set_position(point(20, 165));
label.set_opacity(0);
root.add_child(label);

// Everything set inside the easing state animates
const turns = ['rotateY(50deg)', 'rotateX(30deg)', 'rotateY(-50deg)'];
cards.forEach((card, i) => {
    card.save_easing_state();
    card.set_easing_duration(400);
    card.set_easing_mode(GskLayer.LayerEasingMode.EASE_IN_OUT_CUBIC);
    card.set_transform(transform(turns[i]));
    card.restore_easing_state();
});
label.save_easing_state();
label.set_easing_duration(400);
label.set_opacity(1);
label.restore_easing_state();

for (let frame = 0; frame < 5; frame++) {
    const path = `${prefix}-${frame}.png`;
    clock.set_time(frame * 100 * 1000);
    const image = renderer.render_to_surface(root, 400, 200);
    image.writeToPNG(path);
    print('Wrote', path);
}

System.exit(0);
