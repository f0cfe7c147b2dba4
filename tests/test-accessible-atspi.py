#!/usr/bin/env python3
# test-accessible-atspi.py: accessible layers as a screen reader reads
# them (issue 30)
#
# Usage: dbus-run-session -- xvfb-run -a python3 test-accessible-atspi.py ACCESSIBLE_APP [TAP_FILE]
#
# Starts tests/accessible-app with GTK's accessibility on and reads its
# tree with libatspi: first with nobody listening for events (GSK keeps
# no accessible object for its layers), then listening for focus events
# as a screen reader does: roles, names and order; extents against boxes
# worked out here from the layers' geometry (a rotation, a turn under
# perspective, a clip); states as the tree changes (hidden, transparent,
# clipped out, off the view, back turned, checked and the like, focus as
# Tab moves); the default action clicking a layer; grab-focus, which must
# do for a layer what it does for GTK's own button; live changes (moved,
# animated, renamed, new text, added, removed); the listener leaving and
# coming back; layers and the view destroyed while their accessibles are
# held; then the cover-flow example's covers (GSK_COVER_FLOW). TAP to
# TAP_FILE (standard output if none).
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import math
import os
import queue
import subprocess
import sys
import threading
import time

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402

tap = open(sys.argv[2], 'w', buffering=1) if len(sys.argv) > 2 else sys.stdout
n_test = 0
app = None


def ok(what):
    global n_test
    n_test += 1
    print('ok %d %s' % (n_test, what), file=tap)


def fail(what):
    global n_test
    n_test += 1
    print('not ok %d %s' % (n_test, what), file=tap)
    if app:
        app.kill()
    sys.exit(1)


def wait_for(predicate, seconds=15):
    """The predicate's first true answer; an object that went away as
    it was read (the tree changes under the reader, as a screen reader
    sees it) is a false answer, read again"""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            result = predicate()
        except gi.repository.GLib.Error:
            result = None
        if result:
            return result
        time.sleep(0.1)
    return None


class App:
    """accessible-app, its commands on stdin, its lines read as they come"""

    def __init__(self, path):
        env = dict(os.environ, GDK_BACKEND='x11')
        env.pop('GTK_A11Y', None)
        env.pop('NO_AT_BRIDGE', None)
        self.stderr = open(os.path.join(os.environ.get('TMPDIR', '/tmp'),
                                        'accessible-app-%d.log' % os.getpid()), 'w+')
        wrapper = os.environ.get("GSK_TEST_WRAPPER")
        self.process = subprocess.Popen(([wrapper] if wrapper else []) + [path], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.stderr, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def expect(self, prefix, seconds=20):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                return None
            if line.startswith(prefix):
                return line
        return None

    def command(self, line):
        self.process.stdin.write(line + '\n')
        self.process.stdin.flush()
        if self.expect('done ' + line) is None:
            fail('accessible-app did not do "%s"' % line)

    def kill(self):
        self.process.kill()


def children(accessible):
    accessible.clear_cache()
    result = []
    for i in range(accessible.get_child_count()):
        child = accessible.get_child_at_index(i)
        if child is not None:
            result.append(child)
    return result


# Roles compared by value: at-spi2-core 2.50 names PUSH_BUTTON "button"
# where 2.46 said "push button"
BUTTON = Atspi.Role.PUSH_BUTTON
PANEL = Atspi.Role.PANEL
IMAGE = Atspi.Role.IMAGE
LABEL = Atspi.Role.LABEL
FRAME = Atspi.Role.FRAME


def role_of(accessible):
    """GTK 4.8 shows GTK_ACCESSIBLE_ROLE_GROUP as AT-SPI's panel, GTK 4.18
    as grouping: both read as PANEL here"""
    role = accessible.get_role()
    return PANEL if role == Atspi.Role.GROUPING else role


def find(accessible, role, name, depth=0):
    if depth > 14:
        return None
    try:
        if role_of(accessible) == role and accessible.get_name() == name:
            return accessible
    except gi.repository.GLib.Error:
        return None
    for child in children(accessible):
        found = find(child, role, name, depth + 1)
        if found:
            return found
    return None


def described(accessibles):
    """Role and name of each; one that went away as it was read (a layer
    removed between the two calls) is left out"""
    result = []
    for a in accessibles:
        try:
            result.append((role_of(a), a.get_name()))
        except gi.repository.GLib.Error:
            pass
    return result


def extents(accessible):
    e = accessible.get_extents(Atspi.CoordType.WINDOW)
    return (e.x, e.y, e.width, e.height)


def has_state(accessible, state):
    accessible.clear_cache()
    return accessible.get_state_set().contains(state)


def box(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def near(got, expected, within=2):
    return all(abs(g - e) <= within for g, e in zip(got, expected))


def rotated_box(x, y, w, h, degrees):
    """CSS rotate about the centre"""
    cx, cy = x + w / 2, y + h / 2
    a = math.radians(degrees)
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return box([(cx + (px - cx) * math.cos(a) - (py - cy) * math.sin(a),
                 cy + (px - cx) * math.sin(a) + (py - cy) * math.cos(a)) for px, py in corners])


def tilted_box(x, y, w, h, degrees, perspective, ox, oy):
    """CSS rotateY about the centre, under perspective from (ox, oy);
    the centre of the layer is the perspective origin's height"""
    cx, cy = x + w / 2, y + h / 2
    a = math.radians(degrees)
    points = []
    for px, py in [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]:
        # rotateY: X = x cos, Z = -x sin, about the layer's centre
        lx, ly = px - cx, py - cy
        X, Y, Z = lx * math.cos(a), ly, -lx * math.sin(a)
        f = perspective / (perspective - Z)
        points.append((ox + (cx + X - ox) * f, oy + (cy + Y - oy) * f))
    return box(points)


def main():
    global app
    print('1..16', file=tap)

    app = App(sys.argv[1])
    if app.expect('ready') is None:
        fail('accessible-app did not start')

    def the_app():
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            a = desktop.get_child_at_index(i)
            if a and a.get_name() == 'gsk-accessible-app':
                return a
        return None

    root = wait_for(the_app, 90)
    if root is None:
        fail('accessible-app is not on the accessibility bus')

    # 1. While nobody listens for events, GSK keeps no accessible object
    # for its layers: the view holds the hosted button alone
    hosted_alone = wait_for(lambda: find(root, BUTTON, 'Hosted'), 60)
    if hosted_alone is None:
        fail('no hosted button in the tree')
    time.sleep(1)
    view = hosted_alone.get_parent()
    if described(children(view)) != [(BUTTON, 'Hosted')]:
        fail('with no listener, the view holds %s' % described(children(view)))
    ok('no listener: no accessible object for the layers (the view holds the hosted button alone)')

    # A listener, as a screen reader has: GSK hears of it and shows its
    # layers
    focus_events = []
    listener = Atspi.EventListener.new(lambda event: focus_events.append(event))
    listener.register('object:state-changed:focused')
    play = wait_for(lambda: find(root, BUTTON, "Play"), 60)
    if play is None:
        fail('no push button named "Play" in the tree')
    view = play.get_parent()
    frame = find(root, FRAME, 'accessible-app')
    origin = extents(view)[:2]

    # 2. Roles, names and order: plain layers are not there, their
    # children are, in tree order; the text layer is a label named after
    # its text; the hosted widget among the shelf's layers
    expected = [(BUTTON, 'Play'), (IMAGE, 'Rotated'), (IMAGE, 'Tilted'),
                (LABEL, 'Blue Train'), (PANEL, 'Shelf'), (BUTTON, 'Clipped')]
    if role_of(view) != PANEL or described(children(view)) != expected:
        fail('the view\'s accessible children: %s' % described(children(view)))
    shelf = find(view, PANEL, 'Shelf')
    expected_shelf = [(BUTTON, 'First'), (BUTTON, 'Hosted'), (BUTTON, 'Second')]
    if described(children(shelf)) != expected_shelf:
        fail('the shelf\'s children: %s' % described(children(shelf)))
    ok('roles, names and tree order: %s; in the shelf %s' % (described(children(view)), described(children(shelf))))

    # 3. Extents, worked out here from the geometry accessible-app sets
    def at(x, y, w, h):
        return (origin[0] + x, origin[1] + y, w, h)

    checks = {
        'Play': at(40, 40, 100, 40),
        'Rotated': at(*rotated_box(200, 40, 120, 60, 30)),
        'Tilted': at(*tilted_box(400, 50, 160, 100, 40, 400, 480, 100)),
        'Shelf': at(40, 200, 560, 80),
        'First': at(50, 220, 100, 40),
        'Clipped': at(50, 330, 80, 40),
    }
    for name, want in checks.items():
        role = PANEL if name == 'Shelf' else IMAGE if name in ('Rotated', 'Tilted') else BUTTON
        got = extents(find(view, role, name))
        if not near(got, want):
            fail('extents of %s: %s, expected %s' % (name, got, tuple(round(v, 1) for v in want)))
    ok('extents within 2 px of the geometry: rotated 30°, turned 40° under a 400 px perspective, plain')

    # 4. States the application sets
    app.command('checked play')

    def states_set():
        return (has_state(play, Atspi.StateType.CHECKED) and has_state(play, Atspi.StateType.PRESSED) and
                has_state(play, Atspi.StateType.EXPANDED) and not has_state(play, Atspi.StateType.SENSITIVE))

    if not wait_for(states_set):
        fail('checked, pressed, expanded and disabled on Play: %s' % play.get_state_set().get_states())
    app.command('unchecked play')
    if not wait_for(lambda: has_state(play, Atspi.StateType.SENSITIVE) and
                    not has_state(play, Atspi.StateType.CHECKED)):
        fail('reset states of Play')
    ok('checked, pressed, expanded and disabled as set, and reset')

    # 5. States that follow the tree: a layer that shows nothing leaves
    # the tree (GTK 4.8 reports whatever it presents as visible)
    def names():
        return [n for _, n in described(children(view))]

    for change, undo in (('hide play', 'show play'), ('opacity play 0', 'opacity play 1'),
                         ('move play 700 40', 'move play 40 40'), ('opacity stage 0', 'opacity stage 1')):
        app.command(change)
        if not wait_for(lambda: 'Play' not in names()):
            fail('after "%s", Play is still presented: %s' % (change, names()))
        app.command(undo)
        if not wait_for(lambda: 'Play' in names()):
            fail('after "%s", Play is not back: %s' % (undo, names()))
    ok('hidden, fully transparent (itself or an ancestor), off the view: not presented; back after')

    # 6. Clipping: partly clipped, the extents are what shows; wholly, gone
    app.command('move clipped 150 10')
    clipped = find(view, BUTTON, 'Clipped')
    if not wait_for(lambda: near(extents(clipped), at(190, 330, 50, 40))):
        fail('extents of the half-clipped button: %s' % (extents(clipped),))
    app.command('move clipped 250 10')
    if not wait_for(lambda: 'Clipped' not in names()):
        fail('a button clipped out is presented')
    ok('clipped: extents of what shows, (190, 330, 50, 40) in the view; clipped out: not presented')

    # 7. Back turned with backface-visibility: hidden
    app.command('backface tilted')
    app.command('turn tilted 150')
    if not wait_for(lambda: 'Tilted' not in names()):
        fail('a layer showing its hidden back is presented')
    app.command('turn tilted 40')
    if not wait_for(lambda: 'Tilted' in names()):
        fail('Tilted did not come back when it turned its face again')
    ok('a layer whose hidden back is turned is not presented')

    # 8. Live: moved, renamed, text changed, added, removed
    app.command('move rotated 100 300')
    rotated = find(view, IMAGE, 'Rotated')
    if not wait_for(lambda: near(extents(rotated), at(*rotated_box(100, 300, 120, 60, 30)))):
        fail('extents of Rotated after it moved: %s' % (extents(rotated),))
    # Animated: an implicit animation of half a second; the extents are
    # where it ends once it ended
    app.command('slide rotated 300 300')
    if not wait_for(lambda: near(extents(rotated), at(*rotated_box(300, 300, 120, 60, 30)))):
        fail('extents of Rotated after it slid: %s' % (extents(rotated),))
    app.command('rename play Pause')
    if not wait_for(lambda: play.get_name() == 'Pause'):
        fail('Play renamed Pause reads %s' % play.get_name())
    app.command('text title Giant')
    if not wait_for(lambda: 'Giant' in names()):
        fail('the text layer\'s new text is not its name: %s' % names())
    app.command('add Extra')
    if not wait_for(lambda: names()[-1:] == ['Extra']):
        fail('a layer added is not at the end of the view\'s children: %s' % names())
    app.command('destroy Extra')
    if not wait_for(lambda: 'Extra' not in names()):
        fail('a layer removed is still presented')
    ok('moved, animated, renamed, new text, added and removed: the tree follows with no call from the application')

    # 9. Tab moves the focus through the focusable layers and the hosted
    # widget; the focused state follows
    wid = subprocess.run(['xdotool', 'search', '--sync', '--onlyvisible', '--name', 'accessible-app'],
                         capture_output=True, text=True).stdout.split()[0]
    subprocess.run(['xdotool', 'windowfocus', '--sync', wid], capture_output=True)
    first = find(shelf, BUTTON, 'First')
    hosted = find(shelf, BUTTON, 'Hosted')
    second = find(shelf, BUTTON, 'Second')
    # GTK gave the view the focus at start, and the view its first
    # focusable layer
    if not wait_for(lambda: has_state(play, Atspi.StateType.FOCUSED)):
        fail('the first focusable layer is not focused at start')
    order = [play.get_name()]
    for target in (first, hosted, second):
        subprocess.run(['xdotool', 'key', '--window', wid, 'Tab'])
        if not wait_for(lambda: has_state(target, Atspi.StateType.FOCUSED)):
            fail('after Tab, %s is not focused (%s)' % (target.get_name(), order))
        order.append(target.get_name())
    if has_state(play, Atspi.StateType.FOCUSED) or has_state(first, Atspi.StateType.FOCUSED):
        fail('a layer the focus left is still focused')
    if not has_state(play, Atspi.StateType.FOCUSABLE):
        fail('Play is not focusable')
    if not any(e.source.get_name() == 'First' for e in focus_events):
        fail('no focus event from First')
    ok('Tab: focused follows %s, with focus events' % order)

    # 10. The default action clicks
    # (By name: GTK 4.8 leaks what it lists for NActions, which
    # get_n_actions () reads)
    if play.get_action_name(0) != 'click':
        fail('Play\'s first action: %s' % play.get_action_name(0))
    try:
        second_action = play.get_action_name(1)
    except gi.repository.GLib.Error:
        second_action = None
    if second_action:
        fail('Play has a second action: %s' % second_action)
    play.do_action(0)
    line = app.expect('clicked play')
    if line is None or line.split()[2] != '1':
        fail('the default action did not click Play: %s' % line)
    ok('Action 0 "click" fires the click gesture (%s)' % line)

    # 11. grab-focus: as for GTK's own button
    def grab(accessible):
        try:
            return 'took' if accessible.grab_focus() else 'refused'
        except gi.repository.GLib.Error as e:
            return 'refused with an error (%s)' % e.message

    for_gtk, for_layer = grab(hosted), grab(first)
    if for_gtk != for_layer:
        fail('grab-focus on GTK\'s button: %s; on a layer: %s' % (for_gtk, for_layer))
    ok('grab-focus does for a layer what it does for a GtkButton (%s)' % for_layer)

    # 12. A layer destroyed while its accessible is held (and focused)
    app.command('destroy second')
    if not wait_for(lambda: 'Second' not in [n for _, n in described(children(shelf))]):
        fail('a destroyed layer is still presented')
    try:
        second.get_name()
    except gi.repository.GLib.Error:
        pass
    ok('a layer destroyed with its accessible held: gone from the tree, the application goes on')

    # 13. The listener leaves: the layers' accessible objects go, the hosted
    # button comes back to the view; and come back with a listener
    listener.deregister('object:state-changed:focused')
    if not wait_for(lambda: described(children(view)) == [(BUTTON, 'Hosted')]):
        fail('with the listener gone, the view holds %s' % described(children(view)))
    listener.register('object:state-changed:focused')
    if not wait_for(lambda: find(view, BUTTON, 'First') is not None):
        fail('the layers did not come back with a listener')
    first = find(view, BUTTON, 'First')
    ok('the listener gone, the layers\' accessible objects go; back with a listener')

    # 14. The view destroyed with its accessibles held
    app.command('destroy-view')
    if not wait_for(lambda: find(frame, BUTTON, 'First') is None):
        fail('the view\'s layers outlive it on the bus')
    try:
        play.get_name()
        first.get_role_name()
    except gi.repository.GLib.Error:
        pass
    ok('the view destroyed with its accessibles held')

    # 15. A clean end: no critical, no warning, exit status 0 (and no
    # leak under LeakSanitizer, which would fail it)
    app.command('quit')
    app.process.wait(60)
    app.stderr.seek(0)
    problems = [line for line in app.stderr.read().splitlines()
                if 'CRITICAL' in line or 'WARNING' in line or 'ERROR' in line]
    if app.process.returncode != 0 or problems:
        fail('accessible-app ended with status %d: %s' % (app.process.returncode, problems[:5]))
    ok('accessible-app ended cleanly')

    # 16. The cover-flow example: its covers (hosted GtkButtons) in a
    # group its stage layer names, in order
    cover_flow = os.environ.get('GSK_COVER_FLOW')
    env = dict(os.environ, GDK_BACKEND='x11')
    env.pop('GTK_A11Y', None)
    example = subprocess.Popen([cover_flow], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def the_example():
            desktop = Atspi.get_desktop(0)
            for i in range(desktop.get_child_count()):
                a = desktop.get_child_at_index(i)
                if a and a.get_name() == 'cover-flow':
                    return find(a, PANEL, 'Covers')
            return None

        covers = wait_for(the_example, 90)
        want = [(BUTTON, 'Cover %d' % (i + 1)) for i in range(12)]
        if covers is None or described(children(covers))[:12] != want:
            fail('cover-flow\'s covers: %s' % (described(children(covers)) if covers else None))
        ok('cover-flow: a group "Covers" holding its twelve covers\' buttons, in order')
    finally:
        example.kill()
        example.wait()


main()
