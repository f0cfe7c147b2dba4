#!/usr/bin/env python3
# extract-doc-code.py: a guide's C code as one program, for the tests
#
# Usage: extract-doc-code.py GUIDE.md OUTPUT.c
#
# The ```c blocks of a guide are one program, read in order: blocks that
# start with #include or define functions (a line "{" at column 0) are
# file scope; every other block is a run of statements of main(), whose
# variables the later blocks use. main() then returns 0; the program
# fails with a non-zero status or a critical (G_DEBUG=fatal-criticals in
# the test). A block that cannot run in the test (it needs a display)
# follows a line "<!-- doc-code: not run … -->": it is compiled, and
# runs only when the program is given an argument.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import re
import sys


def main():
    guide, output = sys.argv[1], sys.argv[2]
    with open(guide, encoding='utf-8') as f:
        text = f.read()

    file_scope = ['#include <gsklayer.h>']
    body = []
    for m in re.finditer(r'^```c\n(.*?)^```$', text, re.M | re.S):
        block = m.group(1)
        line = text.count('\n', 0, m.start()) + 2
        where = '#line %d "%s"\n' % (line, guide)
        stripped = block.lstrip()
        before = text[:m.start()].rstrip('\n').rsplit('\n', 1)[-1]
        if stripped.startswith('#include') or re.search(r'^\{$', block, re.M):
            file_scope.append(where + block)
        elif before.startswith('<!-- doc-code: not run'):
            body.append('if (argc > 1)\n{\n' + where + block + '}\n')
        else:
            body.append(where + block)

    with open(output, 'w', encoding='utf-8') as out:
        out.write('/* Made by extract-doc-code.py from %s: do not edit */\n' % guide)
        out.write('\n'.join(file_scope))
        out.write('\nint\nmain (int argc, char **argv)\n{\n')
        out.write('\n'.join(body))
        out.write('\n  return 0;\n}\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
