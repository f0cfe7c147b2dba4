#!/usr/bin/env python3
"""Turn a GSK scene file into the equivalent HTML/CSS page, so that
Chromium can render an independent reference image for a reftest.

Each layer becomes an absolutely positioned div that is its own stacking
context (z-index), which paints a subtree contiguously as GSK does;
siblings are ordered by z-index from their z-position rank. Features with
no exact CSS equivalent (child transforms other than perspective(),
custom layer types) are refused: such reftests use a .ref.json instead.

A layer's "style" goes into its div's style attribute as it is written,
with box-sizing: border-box.

Usage: scene-to-html.py SCENE.json > SCENE.html
"""
import json
import os
import re
import sys


def fail(msg):
    sys.exit(f"scene-to-html: {msg}")


def css_color(value):
    return value


def border_top_left(style):
    """The top and left border widths a style declares, in px: GSK's
    children sit in the border box's coordinates, CSS's in the padding
    box's, so the HTML moves them by these"""
    widths = {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0}
    sides = ["top", "right", "bottom", "left"]

    def px(token):
        return float(token[:-2]) if token.endswith("px") else (0.0 if token == "0" else None)

    for decl in style.split(";"):
        if ":" not in decl:
            continue
        name, value = (x.strip() for x in decl.split(":", 1))
        if not name.startswith("border"):
            continue
        tokens = [px(t) for t in value.split()]
        lengths = [t for t in tokens if t is not None]
        if name == "border" and lengths:
            for side in sides:
                widths[side] = lengths[0]
        elif name == "border-width" and lengths:
            expand = {1: [0, 0, 0, 0], 2: [0, 1, 0, 1], 3: [0, 1, 2, 1], 4: [0, 1, 2, 3]}[len(lengths)]
            for side, i in zip(sides, expand):
                widths[side] = lengths[i]
        elif name.startswith("border-") and name[7:] in sides and lengths:
            widths[name[7:]] = lengths[0]
        elif name.startswith("border-") and name.endswith("-width") and name[7:-6] in sides and lengths:
            widths[name[7:-6]] = lengths[0]
    return widths["top"], widths["left"]


def shape_svg(layer, w, h, indent):
    """A GskLayerShape as the inline SVG <path> it stands for: the same
    path data, fill and stroke; stroke-start and stroke-end as one dash
    of a path whose length is 1 (pathLength), moved by the start."""
    attrs = [f'd="{layer.get("path", "")}"']
    fill = layer.get("fill-color", "black")
    attrs.append(f'fill="{"none" if fill == "transparent" else css_color(fill)}"')
    attrs.append(f'fill-rule="{layer.get("fill-rule", "nonzero")}"')
    stroke = layer.get("stroke-color", "transparent")
    attrs.append(f'stroke="{"none" if stroke == "transparent" else css_color(stroke)}"')
    attrs.append(f'stroke-width="{layer.get("stroke-width", 1)}"')
    attrs.append(f'stroke-linecap="{layer.get("line-cap", "butt")}"')
    attrs.append(f'stroke-linejoin="{layer.get("line-join", "miter")}"')
    attrs.append(f'stroke-miterlimit="{layer.get("miter-limit", 4)}"')
    start, end = layer.get("stroke-start", 0), layer.get("stroke-end", 1)
    if start > 0 or end < 1:
        if "dash" in layer:
            fail("a dashed shape drawn part-way has no SVG equivalent here")
        attrs.append('pathLength="1"')
        attrs.append(f'stroke-dasharray="{max(end - start, 0)} 2"')
        attrs.append(f'stroke-dashoffset="{-start}"')
    elif "dash" in layer:
        attrs.append(f'stroke-dasharray="{layer["dash"]}"')
        attrs.append(f'stroke-dashoffset="{layer.get("dash-offset", 0)}"')
    if "fill-gradient" in layer or "stroke-gradient" in layer:
        return gradient_shape_html(layer, w, h, attrs, indent)
    return (f'{indent}  <svg width="{w}" height="{h}" style="position:absolute;left:0;top:0;overflow:hidden">'
            f'<path {" ".join(attrs)}/></svg>\n')


def gradient_shape_html(layer, w, h, attrs, indent):
    """A shape painted with CSS gradients: per paint, a box of the layer's
    size with the gradient as its background, shown through a mask that
    is the SVG path filled or stroked in black."""
    import urllib.parse
    out = ""
    for paint in ("fill", "stroke"):
        gradient = layer.get(f"{paint}-gradient")
        if gradient is None:
            continue
        masked = [a for a in attrs if not a.startswith(("fill=", "stroke="))]
        masked.append(f'fill="{"black" if paint == "fill" else "none"}"')
        masked.append(f'stroke="{"black" if paint == "stroke" else "none"}"')
        svg = (f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}'>"
               f"<path {' '.join(masked).replace(chr(34), chr(39))}/></svg>")
        uri = "data:image/svg+xml," + urllib.parse.quote(svg)
        out += (f'{indent}  <div style="position:absolute;left:0;top:0;width:{w}px;height:{h}px;'
                f'background:{gradient};mask-image:url(&quot;{uri}&quot;);mask-size:100% 100%"></div>\n')
    return out


def layer_html(layer, scene_dir, parent_size, indent, offset=(0, 0)):
    t = layer.get("type", "GskLayer")
    if t not in ("GskLayer", "GskLayerShape"):
        fail(f"layer type {t} has no CSS equivalent")
    x, y = layer.get("position", [0, 0])
    x, y = x - offset[0], y - offset[1]
    w, h = layer.get("size", [0, 0])
    pivot = layer.get("pivot-point", [0.5, 0.5])
    pz = pivot[2] if len(pivot) > 2 else 0
    style = [
        "position:absolute",
        f"left:{x}px", f"top:{y}px", f"width:{w}px", f"height:{h}px",
        f"transform-origin:{pivot[0] * w}px {pivot[1] * h}px {pz}px",
        f"z-index:{layer.get('_z_rank', 0)}",
    ]
    transform = layer.get("transform", "none")
    z = layer.get("z-position", 0)
    if z:
        transform = f"translateZ({z}px) " + ("" if transform == "none" else transform)
    style.append(f"transform:{transform}")
    # CSS Transforms 2's own properties, applied before transform, as
    # GSK applies them
    individual = [k for k in ("translate", "rotate", "scale") if k in layer]
    if individual and z:
        fail("z-position with translate, rotate or scale has no CSS equivalent here")
    if "translate" in layer:
        style.append("translate:" + " ".join(f"{v}px" for v in layer["translate"]))
    if "rotate" in layer:
        ax = layer.get("rotate-axis", [0, 0, 1])
        style.append(f"rotate:{ax[0]} {ax[1]} {ax[2]} {layer['rotate']}deg")
    if "scale" in layer:
        style.append("scale:" + " ".join(str(v) for v in layer["scale"]))
    ct = layer.get("child-transform")
    if ct:
        ct = ct.strip()
        if not (ct.startswith("perspective(") and ct.endswith("px)") and ct.count("(") == 1):
            fail(f"child-transform {ct} has no CSS equivalent")
        style.append(f"perspective:{ct[len('perspective('):-1]}")
        origin = layer.get("child-transform-origin", pivot)
        style.append(f"perspective-origin:{origin[0] * w}px {origin[1] * h}px")
    if "transform-style" in layer:
        style.append(f"transform-style:{layer['transform-style']}")
    if "backface-visibility" in layer:
        style.append(f"backface-visibility:{layer['backface-visibility']}")
    if "background-color" in layer:
        style.append(f"background-color:{css_color(layer['background-color'])}")
    if "opacity" in layer:
        style.append(f"opacity:{layer['opacity']}")
    if layer.get("visible", True) is False:
        style.append("visibility:hidden")
    if layer.get("corner-radius"):
        style.append(f"border-radius:{layer['corner-radius']}px")
    if layer.get("clip-to-bounds"):
        style.append("overflow:hidden")
    if "blend-mode" in layer:
        style.append(f"mix-blend-mode:{layer['blend-mode']}")
    if "style" in layer:
        # The declarations go in as they are, on a border box, as the
        # style issue says GSK reads them
        style.append("box-sizing:border-box")
        # url()s name files next to the scene
        style.append(re.sub(r"url\(([^):]+)\)",
                            lambda m: f"url(file://{os.path.abspath(os.path.join(scene_dir, m.group(1)))})",
                            layer["style"].strip().rstrip(";")))
    content = ""
    if t == "GskLayerShape":
        content = shape_svg(layer, w, h, indent)
    if "content" in layer:
        c = layer["content"]
        if c.get("type") == "color":
            content = (f'{indent}  <div style="position:absolute;left:0;top:0;width:100%;height:100%;'
                       f'border-radius:inherit;background:{c["color"]}"></div>\n')
        elif c.get("type") == "image" and "object-" in layer.get("style", ""):
            # Placed as a replaced element: an <img> with the layer's
            # object-fit and object-position
            path = os.path.join(scene_dir, c["file"])
            fit = ";".join(d.strip() for d in layer["style"].split(";") if d.strip().startswith("object-"))
            content = (f'{indent}  <img src="file://{os.path.abspath(path)}" style="position:absolute;left:0;top:0;'
                       f'width:100%;height:100%;display:block;{fit}">\n')
        elif c.get("type") == "image":
            path = os.path.join(scene_dir, c["file"])
            content = (f'{indent}  <div style="position:absolute;left:0;top:0;width:100%;height:100%;'
                       f'border-radius:inherit;'
                       f'background:url(file://{os.path.abspath(path)});background-size:100% 100%"></div>\n')
        else:
            fail(f"content {c} has no CSS equivalent")

    children = layer.get("children", [])
    zs = sorted(set(c.get("z-position", 0) for c in children))
    for c in children:
        c["_z_rank"] = zs.index(c.get("z-position", 0))
    top, left = border_top_left(layer.get("style", ""))
    inner = "".join(layer_html(c, scene_dir, (w, h), indent + "  ", (left, top)) for c in children)
    return f'{indent}<div style="{";".join(style)}">\n{content}{inner}{indent}</div>\n'


def main():
    path = sys.argv[1]
    with open(path) as f:
        scene = json.load(f)
    w, h = scene["size"]
    bg = scene.get("background", "transparent")
    body = layer_html(scene["root"], os.path.dirname(path), (w, h), "  ")
    print(f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
html, body {{ margin: 0; width: {w}px; height: {h}px; overflow: hidden; background: {bg}; }}
</style></head><body>
{body}</body></html>""")


main()
