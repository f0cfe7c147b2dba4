#!/usr/bin/python3
# animate-frames.py: examples/animate-frames.c through GObject
# introspection (PyGObject): three cards and a label animated implicitly
# on a manual clock, each frame written to PREFIX-N.png.
#
# Usage: animate-frames.py [PREFIX]
#
# SPDX-License-Identifier: LGPL-2.1-or-later
import sys

import gi
gi.require_version('GskLayer', '1')
gi.require_version('Gdk', '4.0')
gi.require_version('Graphene', '1.0')
from gi.repository import Gdk, GskLayer, Graphene


def point(x, y):
    p = Graphene.Point()
    return p.init(x, y)


def size(w, h):
    s = Graphene.Size()
    return s.init(w, h)


def rgba(text):
    color = Gdk.RGBA()
    color.parse(text)
    return color


def transform(text):
    ok, t = GskLayer.LayerTransform.parse(text)
    assert ok
    return t


def card_new(x, color):
    card = GskLayer.Layer()
    card.set_position(point(x, 50))
    card.set_size(size(100, 100))
    card.set_corner_radius(12)
    card.set_background_color(rgba(color))
    return card


def main():
    prefix = sys.argv[1] if len(sys.argv) > 1 else 'animate-frames'
    clock = GskLayer.LayerManualClock.new()
    renderer = GskLayer.LayerSoftwareRenderer.new()

    root = GskLayer.Layer()
    root.set_size(size(400, 200))
    root.set_background_color(rgba('#241f31'))
    root.set_child_transform(transform('perspective(500px)'))
    root.set_frame_clock(clock)

    cards = []
    for i, color in enumerate(['#e01b24', '#3584e4', '#33d17a']):
        cards.append(card_new(30 + 120 * i, color))
        root.add_child(cards[-1])

    label = GskLayer.LayerText.new('Turning')
    label.set_font('Sans Bold 16')
    label.set_color(rgba('#ffffff'))
    label.set_position(point(20, 165))
    label.set_opacity(0)
    root.add_child(label)

    # Everything set inside the easing state animates
    for card, turn in zip(cards, ['rotateY(50deg)', 'rotateX(30deg)', 'rotateY(-50deg)']):
        card.save_easing_state()
        card.set_easing_duration(400)
        card.set_easing_mode(GskLayer.LayerEasingMode.EASE_IN_OUT_CUBIC)
        card.set_transform(transform(turn))
        card.restore_easing_state()
    label.save_easing_state()
    label.set_easing_duration(400)
    label.set_opacity(1)
    label.restore_easing_state()

    for frame in range(5):
        path = '%s-%d.png' % (prefix, frame)
        clock.set_time(frame * 100 * 1000)
        image = renderer.render_to_surface(root, 400, 200)
        image.write_to_png(path)
        print('Wrote', path)


main()
