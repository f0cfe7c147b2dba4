#!/usr/bin/env python3
# check-doc-titles.py: every guide of the manual has a title gi-docgen reads
#
# Usage: check-doc-titles.py SOURCE_DIR
#
# gi-docgen titles a content file by its "Title:" header line and lists
# one without it as "Unknown document". Each file docs/gsklayer.toml.in
# names in content_files must begin with "Title: …" and have a "Slug: …"
# line before its first blank line; and every picture a guide shows
# (![…](NAME.png)) must be in content_images, or gi-docgen leaves it out
# of the manual without a word. Printed as TAP.
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import os
import re
import sys


def main():
    docs = os.path.join(sys.argv[1], 'docs')
    with open(os.path.join(docs, 'gsklayer.toml.in'), encoding='utf-8') as f:
        toml = f.read()
    block = re.search(r'content_files\s*=\s*\[(.*?)\]', toml, re.S)
    names = re.findall(r'"([^"]+\.md)"', block.group(1)) if block else []
    images_block = re.search(r'content_images\s*=\s*\[(.*?)\]', toml, re.S)
    images = set(re.findall(r'"([^"]+)"', images_block.group(1))) if images_block else set()
    print('1..%d' % (2 * max(len(names), 1)))
    if not names:
        print('not ok 1 no content_files found in gsklayer.toml.in')
        return 1
    status = 0
    pictures = []
    for i, name in enumerate(names, 1):
        with open(os.path.join(docs, name), encoding='utf-8') as f:
            text = f.read()
        shown = re.findall(r'!\[[^\]]*\]\(([^)]+\.png)\)', text)
        missing = [png for png in shown if png not in images]
        if missing:
            pictures.append('not ok %d %s shows %s, not in content_images' % (len(names) + i, name, ', '.join(missing)))
            status = 1
        else:
            pictures.append('ok %d %s: its %d picture(s) are in content_images' % (len(names) + i, name, len(shown)))
        header = text.split('\n\n', 1)[0].splitlines()
        title = header and header[0].startswith('Title: ') and len(header[0]) > len('Title: ')
        slug = any(line.startswith('Slug: ') for line in header)
        if title and slug:
            print('ok %d %s: %s' % (i, name, header[0][len('Title: '):]))
        else:
            print('not ok %d %s: no "Title:" and "Slug:" header (gi-docgen lists it as "Unknown document")'
                  % (i, name))
            status = 1
    print('\n'.join(pictures))
    return status


if __name__ == '__main__':
    sys.exit(main())
