#!/bin/sh
# Renders the reference PNG of every reftest that has no .ref.json, by
# turning its scene into HTML/CSS and taking a screenshot in headless
# Chromium (Debian's chromium package). The references are independent
# of GSK's code: only the scene description is shared.
#
# Usage: tests/reftests/make-references.sh [NAME...]
set -eu
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

names="$*"
if [ -z "$names" ]; then
  names=$(cd "$dir" && ls *.json | grep -v '\.ref\.json$' | sed 's/\.json$//')
fi

for name in $names; do
  [ -e "$dir/$name.ref.json" ] && continue
  python3 "$dir/scene-to-html.py" "$dir/$name.json" > "$tmp/$name.html"
  size=$(python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['size']; print(f'{s[0]},{s[1]}')" "$dir/$name.json")
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --no-first-run --hide-scrollbars --force-device-scale-factor=1 \
    --force-color-profile=srgb --allow-file-access-from-files \
    --user-data-dir="$tmp/profile" --window-size="$size" \
    --screenshot="$dir/$name.png" "file://$tmp/$name.html" >/dev/null 2>&1
  echo "$name.png"
done
