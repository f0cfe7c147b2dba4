#!/usr/bin/env python3
# test-demo-a11y.py: gsk-demo as a screen reader sees it (issue 33)
#
# Usage: dbus-run-session -- xvfb-run -a python3 test-demo-a11y.py GSK_DEMO [TAP_FILE]
#
# Starts gsk-demo with GTK's accessibility on (AT-SPI, in the session bus
# dbus-run-session makes), finds it on the accessibility bus with
# libatspi (Debian's gir1.2-atspi-2.0), and checks that a screen reader
# reaches every demo: a list named "Demos" whose items are named after
# the demos, in the sidebar's order; then selects one through AT-SPI's
# Selection interface, as a screen reader user does, and waits for the
# gallery to show it (GSK_DEMO_LOG). TAP to TAP_FILE (standard output if
# none: the bus's daemons write there too).
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import subprocess
import sys
import tempfile
import time

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402

TITLES = ['Widgets on a cube', 'Fishbowl', 'Style gallery', 'Scene files', 'A list from a model',
          'Cover flow', 'Widgets on layers', 'Text zoom', 'Gestures', 'Layouts that animate',
          'Shapes and paths', 'Page turn']


tap = open(sys.argv[2], 'w', buffering=1) if len(sys.argv) > 2 else sys.stdout


def fail(n, what):
    print('not ok %d %s' % (n, what), file=tap)
    sys.exit(1)


def find(accessible, role, name, depth=0):
    if depth > 12:
        return None
    if accessible.get_role_name() == role and accessible.get_name() == name:
        return accessible
    for i in range(accessible.get_child_count()):
        child = accessible.get_child_at_index(i)
        found = child and find(child, role, name, depth + 1)
        if found:
            return found
    return None


def wait_for(predicate, seconds=20):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        result = predicate()
        if result:
            return result
        time.sleep(0.2)
    return None


def main():
    print('1..3', file=tap)
    env = dict(os.environ, GDK_BACKEND='x11', GSK_DEMO_LOG='1')
    env.pop('GTK_A11Y', None)
    env.pop('NO_AT_BRIDGE', None)
    log = tempfile.NamedTemporaryFile(mode='w+', suffix='.log')
    demo = subprocess.Popen([sys.argv[1]], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        def the_app():
            desktop = Atspi.get_desktop(0)
            for i in range(desktop.get_child_count()):
                app = desktop.get_child_at_index(i)
                if app and app.get_name() == 'gsk-demo':
                    return app
            return None

        app = wait_for(the_app)
        if app is None:
            fail(1, 'gsk-demo is not on the accessibility bus')
        demos = wait_for(lambda: find(app, 'list', 'Demos'))
        if demos is None:
            fail(1, 'no list named "Demos" in gsk-demo\'s accessible tree')
        print('ok 1 gsk-demo on the accessibility bus, with a list named "Demos"', file=tap)

        items = [demos.get_child_at_index(i) for i in range(demos.get_child_count())]
        names = [item.get_name() for item in items]
        if names != TITLES or any(item.get_role_name() != 'list item' for item in items):
            fail(2, 'the list\'s items: %s' % names)
        print('ok 2 a list item for each demo, named after it, in the sidebar\'s order (%d)' % len(names), file=tap)

        selection = demos.get_selection_iface()
        if selection is None or not selection.select_child(TITLES.index('Text zoom')):
            fail(3, 'the list takes no selection through AT-SPI')

        def shown():
            log.seek(0)
            return 'gsk-demo: showing text-zoom' in log.read()

        if not wait_for(shown):
            log.seek(0)
            fail(3, 'selecting "Text zoom" through AT-SPI did not show it: %s' % log.read())
        print('ok 3 selecting "Text zoom" through AT-SPI\'s Selection shows it', file=tap)
    finally:
        demo.terminate()
        demo.wait()


main()
