/* gsk-layer-gl-program.c: the GL backend's shader programs
 *
 * Two programs do everything. The quad program (in two variants, see
 * below) draws every COLOR and TEXTURE op and composites offscreens:
 * one instance per quad, the quad's 4×4 matrix applied in the vertex
 * shader, so that texturing under perspective is correct by
 * construction, and its edges antialiased in the fragment shader from
 * the screen-space distance to each edge (the quad is grown half a
 * pixel so the fringe is rasterized): a linear ramp over the pixel
 * across the edge, as GPU renderers antialias (Skia's analytic
 * coverage does the same). It is within 0.043 of a box filter's
 * coverage, what pixman and so the software backend give, at any angle
 * (the worst is near 45°), and equal to it along the axes.
 * The blend program composites a group over a copy of its backdrop with
 * one of the CSS blend modes, with the same formulas as pixman. The
 * filter program puts a group's pixels through CSS's colour filters, the
 * blur program blurs them one way at a time (and makes drop shadows).
 *
 * Rounded rectangles (CSS border-radius) are evaluated per fragment as
 * a signed distance in the layer's plane, turned into pixels with the
 * screen gradient of that distance and antialiased over one pixel:
 * - a quad's own rounded rectangle (a layer's background and content)
 *   comes with the instance, in the quad's layer space;
 * - rounded clips of children are a stack of up to
 *   GSK_LAYER_GL_MAX_CLIPS uniforms, each a rounded rectangle in its
 *   own layer space and the homography from target space onto that
 *   plane, applied to every quad drawn while they are pushed.
 *
 * The PAINT variants of the quad program draw a style's solid border
 * (the ring between two rounded rectangles, each side in its colour,
 * mixed over a pixel across the joins) and its gradients (linear,
 * radial, conic, repeating; interpolated between premultiplied colours)
 * per fragment, from uniforms: one quad a draw, nothing rasterized or
 * uploaded when they change.
 *
 * The sources are GLSL 3.30 core and GLSL ES 3.00 at once: only the
 * prelude differs.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-program-private.h"
#include "gsk-layer-types.h"
#include "gsk-layer-render-list-private.h"

/* Varyings are interpolated perspective-correctly everywhere, even where
 * w is constant over a quad (every 2D transform), which makes that the
 * same as linear in screen space. GLSL ES 3.00 has no noperspective,
 * and llvmpipe (Mesa 22.3) interpolated noperspective varyings wrongly
 * over a layer reaching far off the canvas: its clip box test cut it
 * along a slanted line (/gl/compare/rounded-nesting). It costs the
 * fishbowl some 3% more per pixel. */
static const char desktop_prelude[] =
  "#version 330 core\n";

static const char gles_prelude[] =
  "#version 300 es\n"
  "precision highp float;\n"
  "precision highp int;\n"
  "precision highp sampler2D;\n";

/* Target space has y down and so has every framebuffer here: row 0 of
 * a framebuffer is the top row of the image, so glReadPixels() gives
 * cairo's row order and scissor boxes are target boxes.
 *
 * On llvmpipe every fragment runs every instruction of the shader
 * (branches are masks, not jumps), and every varying is interpolated
 * for every pixel, so the per-pixel work is what fill rate is made of.
 * Three things make it small:
 *
 * - Affine quads (w constant over the quad: every 2D transform) get
 *   everything that is constant over the quad from the vertex shader,
 *   and what varies as varyings, which interpolate exactly since they
 *   are affine in screen space: per axis, the distance in pixels
 *   inside the first edge (one varying; the other edge is at a constant
 *   distance beyond it, a flat one), the texture coordinates, and the
 *   position in the op's clip box. The fragment shader is then a
 *   handful of vector operations and one texture fetch. Only PROJECTIVE
 *   quads take screen derivatives per pixel.
 * - The clip box is a varying compared with ±1, not gl_FragCoord
 *   compared with four edges, which cost a seventh of the fishbowl's
 *   frame on llvmpipe.
 * - Every other branch is a select: one texture fetch whatever the
 *   mode, rather than one per mode. */
/* What both stages of the quad program declare alike */
#define QUAD_COMMON \
  "#if defined(CLAMP) || defined(MIPMAP) || defined(PAINT)\n" \
  "#define UV_CLAMP 1\n" \
  "#endif\n"

static const char quad_vertex_source[] =
  QUAD_COMMON
  "uniform vec4 u_viewport; /* the canvas in target space: x, y, w, h */\n"
  "\n"
  "layout(location = 0) in mat4 a_transform;\n"
  "layout(location = 4) in vec4 a_bounds;   /* the quad in layer space */\n"
  "layout(location = 5) in vec4 a_source;\n"
  "layout(location = 6) in vec4 a_color;    /* premultiplied */\n"
  "layout(location = 7) in vec4 a_params;   /* margin x, y; mode; hard edges */\n"
  "layout(location = 8) in vec4 a_clip;     /* target box: x1, y1, x2, y2 */\n"
  "layout(location = 9) in vec4 a_uv_clamp; /* texture coordinates stay within */\n"
  "layout(location = 10) in vec4 a_rrect;   /* own rounded rectangle, layer space */\n"
  "layout(location = 11) in vec4 a_radius_x; /* its corners' radii: top-left, */\n"
  "layout(location = 12) in vec4 a_radius_y; /* top-right, bottom-right, bottom-left */\n"
  "layout(location = 13) in float a_depth;   /* in [0, 1] */\n"
  "\n"
  "#ifdef PROJECTIVE\n"
  "out vec2 v_pos;\n"
  "flat out vec4 v_bounds;\n"
  "flat out vec4 v_source;\n"
  "flat out vec4 v_hard;\n"
  "flat out vec4 v_clip;\n"
  "#else\n"
  "out vec2 v_uv;\n"
  "out vec2 v_clip_pos;            /* in the clip box: inside within ±1 */\n"
  "#ifdef ROUNDED\n"
  "out vec2 v_lpos;                /* layer space */\n"
  "flat out vec4 v_jac;            /* layer units per pixel along screen x, y */\n"
  "#endif\n"
  "#ifndef HARD\n"
  "out vec2 v_edge;                /* per axis: pixels inside the first edge, + 0.5 */\n"
  "flat out vec4 v_span;           /* per axis: pixels between the edges, + 1; and not */\n"
  "#endif\n"
  "#endif\n"
  "flat out vec4 v_color;\n"
  "flat out float v_mode;\n"
  "#ifdef UV_CLAMP\n"
  "flat out vec4 v_uv_clamp;\n"
  "#endif\n"
  "#ifdef ROUNDED\n"
  "flat out vec4 v_rrect;\n"
  "flat out vec4 v_radius_x;\n"
  "flat out vec4 v_radius_y;\n"
  "#endif\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  bvec2 corner = bvec2 ((gl_VertexID & 1) != 0, (gl_VertexID & 2) != 0);\n"
  "  /* The edges x1, y1, x2, y2 drawn without antialiasing: all of them\n"
  "   * on pixel boundaries, the seams between tiles otherwise. Only the\n"
  "   * others grow by the margin, and a seam's vertices are exactly those\n"
  "   * of the tile beyond (a select, not an interpolation), so that GL\n"
  "   * rasterizes each pixel along it once. */\n"
  "  int mask = int (a_params.w + 0.5);\n"
  "  vec4 hard = vec4 (bvec4 ((mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0, (mask & 8) != 0));\n"
  "  vec2 lo = a_bounds.xy - a_params.xy * (1.0 - hard.xy);\n"
  "  vec2 hi = a_bounds.xy + a_bounds.zw + a_params.xy * (1.0 - hard.zw);\n"
  "  vec2 pos = mix (lo, hi, corner);\n"
  "  vec4 p = a_transform * vec4 (pos, 0.0, 1.0);\n"
  "\n"
  "  /* The op's depth, for culling, keeps everything between the depth\n"
  "   * planes; clipping against -w <= z then only cuts what is behind\n"
  "   * the viewer */\n"
  "  gl_Position = vec4 (2.0 * (p.xy - u_viewport.xy * p.w) / u_viewport.zw - p.w,\n"
  "                      (2.0 * a_depth - 1.0) * p.w, p.w);\n"
  "#ifdef PROJECTIVE\n"
  "  v_pos = pos;\n"
  "  v_bounds = a_bounds;\n"
  "  v_source = a_source;\n"
  "  v_hard = hard;\n"
  "  v_clip = a_clip;\n"
  "#else\n"
  "  /* The screen vectors of one layer unit along x and y; the layer\n"
  "   * x gradient is (sy.y, -sy.x) / det, the y one (-sx.y, sx.x) / det */\n"
  "  vec2 sx = a_transform[0].xy / p.w;\n"
  "  vec2 sy = a_transform[1].xy / p.w;\n"
  "  float det = abs (sx.x * sy.y - sx.y * sy.x);\n"
  "  vec2 len = max (vec2 (length (sy), length (sx)), vec2 (1e-30));\n"
  "  /* Layer units per pixel across the edges x = const and y = const */\n"
  "  vec2 unit = max (len / max (det, 1e-30), vec2 (1e-30));\n"
  "\n"
  "  /* A quad on pixel boundaries covers the pixels it is rasterized on\n"
  "   * exactly, whatever rounding the interpolation does: an offscreen\n"
  "   * composited through a bigger or smaller box gives the same pixels */\n"
  "#ifndef HARD\n"
  "  /* An axis's coverage is that of the slab between its two edges:\n"
  "   * min (inside the first, inside the second, the slab's width), each\n"
  "   * + 0.5 for the ramp, and the second edge is the slab's width beyond\n"
  "   * the first. A seam (hard edge) is never reached: where the first\n"
  "   * edge is one, the second is measured instead. */\n"
  "  bvec2 hard_lo = greaterThan (hard.xy, vec2 (0.5));\n"
  "  bvec2 hard_hi = greaterThan (hard.zw, vec2 (0.5));\n"
  "  bvec2 seam = bvec2 (hard_lo.x || hard_hi.x, hard_lo.y || hard_hi.y);\n"
  "  vec2 inside_lo = (pos - a_bounds.xy) / unit + 0.5;\n"
  "  vec2 inside_hi = (a_bounds.xy + a_bounds.zw - pos) / unit + 0.5;\n"
  "  vec2 span = a_bounds.zw / unit;\n"
  "  v_edge = mix (inside_lo, mix (inside_hi, vec2 (1e6), hard_hi), hard_lo);\n"
  "  v_span = vec4 (mix (span + 1.0, vec2 (1e7), seam), mix (span, vec2 (1e7), seam));\n"
  "#endif\n"
  "  vec2 clip_centre = 0.5 * (a_clip.xy + a_clip.zw);\n"
  "  vec2 clip_half = max (0.5 * (a_clip.zw - a_clip.xy), vec2 (1e-6));\n"
  "  v_clip_pos = (p.xy / p.w - clip_centre) / clip_half;\n"
  "#ifdef ROUNDED\n"
  "  /* The inverse of the 2×2 (sx sy): layer units per screen pixel */\n"
  "  float sdet = sx.x * sy.y - sy.x * sx.y;\n"
  "  sdet = abs (sdet) < 1e-30 ? 1e-30 : sdet;\n"
  "  v_jac = vec4 (sy.y, -sx.y, -sy.x, sx.x) / sdet;\n"
  "  v_lpos = pos;\n"
  "#endif\n"
  
  "  if (a_params.z > 1.5)\n"
  "    v_uv = (p.xy / p.w - a_source.xy) / a_source.zw;\n"
  "  else\n"
  "    v_uv = (pos - a_source.xy) / a_source.zw;\n"
  "#endif\n"
  "#ifdef UV_CLAMP\n"
  "  v_uv_clamp = a_uv_clamp;\n"
  "#endif\n"
  "#ifdef ROUNDED\n"
  "  v_rrect = a_rrect;\n"
  "  v_radius_x = a_radius_x;\n"
  "  v_radius_y = a_radius_y;\n"
  "#endif\n"
  "  v_color = a_color;\n"
  "  v_mode = a_params.z;\n"
  "}\n";

static const char quad_fragment_source[] =
  QUAD_COMMON
  "uniform vec4 u_viewport;\n"
  "uniform sampler2D u_texture;\n"
  "\n"
  "#ifdef PROJECTIVE\n"
  "in vec2 v_pos;\n"
  "flat in vec4 v_bounds;\n"
  "flat in vec4 v_source;\n"
  "flat in vec4 v_hard;\n"
  "flat in vec4 v_clip;\n"
  "#else\n"
  "in vec2 v_uv;\n"
  "in vec2 v_clip_pos;\n"
  "#ifdef ROUNDED\n"
  "in vec2 v_lpos;\n"
  "flat in vec4 v_jac;\n"
  "#endif\n"
  "#ifndef HARD\n"
  "in vec2 v_edge;\n"
  "flat in vec4 v_span;\n"
  "#endif\n"
  "#endif\n"
  "flat in vec4 v_color;\n"
  "flat in float v_mode;\n"
  "/* An atlas item's texel centres: its edges are clamped, as a\n"
  " * texture of its own would clamp them, whatever the fringe samples */\n"
  "#ifdef UV_CLAMP\n"
  "flat in vec4 v_uv_clamp;\n"
  "#endif\n"
  "\n"
  "layout(location = 0) out vec4 o_color;\n"
  "\n"
  "#ifdef ROUNDED\n"
  "flat in vec4 v_rrect;\n"
  "flat in vec4 v_radius_x;\n"
  "flat in vec4 v_radius_y;\n"
  "\n"
  "/* Rounded clips: target space → their layer space, as column\n"
  " * vectors (x, y, 1); their rectangles (x, y, w, h) and radii */\n"
  "uniform int u_n_clips;\n"
  "uniform mat3 u_clip_map[MAX_CLIPS];\n"
  "uniform vec4 u_clip_rect[MAX_CLIPS];\n"
  "uniform vec4 u_clip_radius_x[MAX_CLIPS];\n"
  "uniform vec4 u_clip_radius_y[MAX_CLIPS];\n"
  "\n"
  "/* How much of the pixel at layer point @l lies inside the rounded\n"
  " * rectangle @rr with corner radii @rx, @ry (top-left, top-right,\n"
  " * bottom-right, bottom-left): its signed distance in layer units,\n"
  " * divided by how fast it changes per screen pixel (@jx, @jy: the\n"
  " * layer point's change per pixel along screen x and y), gives pixels;\n"
  " * a linear ramp over one pixel across the edge. In a corner's quarter\n"
  " * ellipse the distance is f / |grad f| for f = |c / r|^2 - 1, exact on\n"
  " * the curve to first order; in a circle's, the distance itself */\n"
  "float rounded_coverage (vec2 l, vec2 jx, vec2 jy, vec4 rr, vec4 rx, vec4 ry)\n"
  "{\n"
  "  vec2 lo = rr.xy;\n"
  "  vec2 hi = rr.xy + rr.zw;\n"
  "  /* The corner whose box (its radii from its sides) holds @l: adjacent\n"
  "   * radii never add up to more than the side, so there is one at most;\n"
  "   * @c: @l from the ellipse's centre, outwards; @s: outwards in layer\n"
  "   * space */\n"
  "  vec2 c = vec2 (-1.0);\n"
  "  vec2 r = vec2 (1.0);\n"
  "  vec2 s = vec2 (1.0);\n"
  "  if (l.x < lo.x + rx[0] && l.y < lo.y + ry[0])\n"
  "    { r = vec2 (rx[0], ry[0]); c = lo + r - l; s = vec2 (-1.0, -1.0); }\n"
  "  else if (l.x > hi.x - rx[1] && l.y < lo.y + ry[1])\n"
  "    { r = vec2 (rx[1], ry[1]); c = vec2 (l.x - (hi.x - r.x), lo.y + r.y - l.y); s = vec2 (1.0, -1.0); }\n"
  "  else if (l.x > hi.x - rx[2] && l.y > hi.y - ry[2])\n"
  "    { r = vec2 (rx[2], ry[2]); c = l - (hi - r); s = vec2 (1.0, 1.0); }\n"
  "  else if (l.x < lo.x + rx[3] && l.y > hi.y - ry[3])\n"
  "    { r = vec2 (rx[3], ry[3]); c = vec2 (lo.x + r.x - l.x, l.y - (hi.y - r.y)); s = vec2 (-1.0, 1.0); }\n"
  "  float d;\n"
  "  vec2 g;\n"
  "  if (c.x > 0.0 && c.y > 0.0 && r.x == r.y)\n"
  "    {\n"
  "      float len = max (length (c), 1e-30);\n"
  "      d = len - r.x;\n"
  "      g = s * c / len;\n"
  "    }\n"
  "  else if (c.x > 0.0 && c.y > 0.0)\n"
  "    {\n"
  "      vec2 cr = c / r;\n"
  "      vec2 grad = 2.0 * cr / r;\n"
  "      float len = max (length (grad), 1e-30);\n"
  "      d = (dot (cr, cr) - 1.0) / len;\n"
  "      g = s * grad / len;\n"
  "    }\n"
  "  else\n"
  "    {\n"
  "      /* The rectangle's own distance, square corners included */\n"
  "      vec2 half_size = 0.5 * rr.zw;\n"
  "      vec2 rel = l - (lo + half_size);\n"
  "      vec2 q = abs (rel) - half_size;\n"
  "      vec2 qp = max (q, 0.0);\n"
  "      float len = length (qp);\n"
  "      d = len + min (max (q.x, q.y), 0.0);\n"
  "      g = (q.x > 0.0 && q.y > 0.0) ? qp / max (len, 1e-30)\n"
  "        : (q.x > q.y ? vec2 (1.0, 0.0) : vec2 (0.0, 1.0));\n"
  "      g *= mix (vec2 (-1.0), vec2 (1.0), greaterThanEqual (rel, vec2 (0.0)));\n"
  "    }\n"
  "  float per_pixel = length (vec2 (dot (g, jx), dot (g, jy)));\n"
  "  return clamp (0.5 - d / max (per_pixel, 1e-7), 0.0, 1.0);\n"
  "}\n"
  "#endif\n"
  "#ifdef PAINT\n"
  "/* BORDER and GRADIENT ops (mode 3), PAINT_SIZE vectors each, the\n"
  " * quad's in slot v_uv_clamp.x; see gsk_layer_gl_pack_paint() */\n"
  "uniform vec4 u_paint[MAX_PAINTS * PAINT_SIZE];\n"
  "\n"
  "/* The colour of the side whose part of the box holds @l: the part\n"
  " * nearest its edge in units of its width, which divides the box\n"
  " * along the lines from the outer corners through the inner ones.\n"
  " * Across such a join the two sides' colours are mixed over a pixel,\n"
  " * as its antialiased edge would (@jx, @jy: layer units per pixel) */\n"
  "vec4 border_color (int base, vec2 l, vec2 jx, vec2 jy)\n"
  "{\n"
  "  /* Each side's distance from its edge, and that distance's layer\n"
  "   * gradient */\n"
  "  const vec2 grads[4] = vec2[4] (vec2 (0.0, 1.0), vec2 (-1.0, 0.0), vec2 (0.0, -1.0), vec2 (1.0, 0.0));\n"
  "  vec4 widths = u_paint[base + 4];\n"
  "  vec2 q = l - v_rrect.xy;\n"
  "  vec4 away = vec4 (q.y, v_rrect.z - q.x, v_rrect.w - q.y, q.x);\n"
  "  bvec4 has = greaterThan (widths, vec4 (0.0));\n"
  "  vec4 w = max (widths, vec4 (1e-30));\n"
  "  vec4 ratio = mix (vec4 (1e30), away / w, has);\n"
  "  int best = 0;\n"
  "  for (int i = 1; i < 4; i++)\n"
  "    if (ratio[i] < ratio[best])\n"
  "      best = i;\n"
  "  int next = best == 0 ? 1 : 0;\n"
  "  for (int i = 0; i < 4; i++)\n"
  "    if (i != best && ratio[i] < ratio[next])\n"
  "      next = i;\n"
  "  if (!has[next])\n"
  "    return u_paint[base + 5 + best];\n"
  "  /* g > 0 where @best wins; linear in @l */\n"
  "  float g = ratio[next] - ratio[best];\n"
  "  vec2 grad = grads[next] / w[next] - grads[best] / w[best];\n"
  "  float per_pixel = max (length (vec2 (dot (grad, jx), dot (grad, jy))), 1e-30);\n"
  "  return mix (u_paint[base + 5 + next], u_paint[base + 5 + best], clamp (0.5 + g / per_pixel, 0.0, 1.0));\n"
  "}\n"
  "\n"
  "float stop_offset (int base, int i)\n"
  "{\n"
  "  return u_paint[base + 3 + i / 4][i % 4];\n"
  "}\n"
  "\n"
  "/* The gradient at @l: its parameter t, then the stops around it,\n"
  " * interpolated between premultiplied colours */\n"
  "vec4 gradient_color (int base, vec2 l)\n"
  "{\n"
  "  vec4 head = u_paint[base];      /* kind, repeating, stops, angle */\n"
  "  vec4 geometry = u_paint[base + 1];\n"
  "  vec4 tile = u_paint[base + 2];\n"
  "  int kind = int (head.x + 0.5);\n"
  "  int n_stops = int (head.z + 0.5);\n"
  "  if (tile.z > 0.0)\n"
  "    l = tile.xy + mod (l - tile.xy, tile.zw);\n"
  "  vec2 d = l - geometry.xy;\n"
  "  float t;\n"
  "  if (kind == 1)\n"
  "    t = dot (d, geometry.zw);\n"
  "  else if (kind == 2)\n"
  "    t = length (d * geometry.zw);\n"
  "  else\n"
  "    t = mod (degrees (atan (d.x, -d.y)) - head.w + 720.0, 360.0);\n"
  "  float first = stop_offset (base, 0);\n"
  "  float span = stop_offset (base, n_stops - 1) - first;\n"
  "  if (head.y > 0.5 && span > 0.0)\n"
  "    t = first + mod (t - first, span);\n"
  "  vec4 c = u_paint[base + 7];\n"
  "  for (int i = 1; i < n_stops; i++)\n"
  "    {\n"
  "      float a = stop_offset (base, i - 1);\n"
  "      if (t >= a)\n"
  "        {\n"
  "          float width = stop_offset (base, i) - a;\n"
  "          float k = width > 0.0 ? clamp ((t - a) / width, 0.0, 1.0) : 1.0;\n"
  "          c = mix (u_paint[base + 7 + i - 1], u_paint[base + 7 + i], k);\n"
  "        }\n"
  "    }\n"
  "  return c;\n"
  "}\n"
  "#endif\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  vec2 p = gl_FragCoord.xy + u_viewport.xy;\n"
  "#ifdef PROJECTIVE\n"
  "  /* The screen gradients of layer x and y: their lengths are layer\n"
  "   * units per pixel across the edges x = const and y = const */\n"
  "  vec2 dx = dFdx (v_pos);\n"
  "  vec2 dy = dFdy (v_pos);\n"
  "  vec2 gx = vec2 (dx.x, dy.x);\n"
  "  vec2 gy = vec2 (dx.y, dy.y);\n"
  "  vec2 unit = max (vec2 (length (gx), length (gy)), vec2 (1e-30));\n"
  "  vec2 lo = mix ((v_pos - v_bounds.xy) / unit, vec2 (1e6), greaterThan (v_hard.xy, vec2 (0.5)));\n"
  "  vec2 hi = mix ((v_bounds.xy + v_bounds.zw - v_pos) / unit, vec2 (1e6), greaterThan (v_hard.zw, vec2 (0.5)));\n"
  "  /* The slab between both edges of each pair, as for affine quads */\n"
  "  vec2 cov = min (min (lo, hi) + 0.5, lo + hi);\n"
  "  vec2 uv = ((v_mode > 1.5 ? p : v_pos) - v_source.xy) / v_source.zw;\n"
  "#ifdef ROUNDED\n"
  "  vec2 lpos = v_pos;\n"
  "  vec4 jac = vec4 (dx, dy);\n"
  "#endif\n"
  "#else\n"
  "#ifdef HARD\n"
  "  /* Every edge on a pixel boundary: each pixel drawn is covered */\n"
  "  vec2 cov = vec2 (1.0);\n"
  "#else\n"
  "  vec2 cov = min (min (v_edge, v_span.xy - v_edge), v_span.zw);\n"
  "#endif\n"
  "  vec2 uv = v_uv;\n"
  "#ifdef ROUNDED\n"
  "  vec2 lpos = v_lpos;\n"
  "  vec4 jac = v_jac;\n"
  "#endif\n"
  "#endif\n"
  "  cov = clamp (cov, 0.0, 1.0);\n"
  "  float coverage = cov.x * cov.y;\n"
  "  /* The quad's own rounded rectangle shares straight edges with the\n"
  "   * quad: the smaller coverage, so that they do not count twice */\n"
  "#ifdef ROUNDED\n"
  "  if (v_rrect.z > 0.0)\n"
  "    coverage = min (coverage, rounded_coverage (lpos, jac.xy, jac.zw, v_rrect, v_radius_x, v_radius_y));\n"
  "  for (int i = 0; i < u_n_clips; i++)\n"
  "    {\n"
  "      vec3 h = u_clip_map[i] * vec3 (p, 1.0);\n"
  "      /* h.z <= 0: the pixel sees no point of the clip's plane in front */\n"
  "      float hz = max (h.z, 1e-30);\n"
  "      vec2 l = h.xy / hz;\n"
  "      vec2 jx = (u_clip_map[i][0].xy - l * u_clip_map[i][0].z) / hz;\n"
  "      vec2 jy = (u_clip_map[i][1].xy - l * u_clip_map[i][1].z) / hz;\n"
  "      coverage *= h.z > 0.0 ? rounded_coverage (l, jx, jy, u_clip_rect[i], u_clip_radius_x[i], u_clip_radius_y[i]) : 0.0;\n"
  "    }\n"
  "#endif\n"
  "  /* The op's screen bounds clip it, as in the software backend: they\n"
  "   * carry clips that the render list has no op for; and the slab\n"
  "   * coverage can spill a pixel past a rotated quad's corners */\n"
  "#ifdef PROJECTIVE\n"
  "  coverage *= float (all (greaterThan (p, v_clip.xy)) && all (lessThan (p, v_clip.zw)));\n"
  "#else\n"
  "  coverage *= float (all (lessThan (abs (v_clip_pos), vec2 (1.0))));\n"
  "#endif\n"
  "  vec4 color = v_color * coverage;\n"
  "  /* One fetch, whatever the mode: both sides of a branch would run */\n"
  "#ifdef MIPMAP\n"
  "  /* The level from where the quad's pixels fall in the texture */\n"
  "  vec4 texel = textureGrad (u_texture, clamp (uv, v_uv_clamp.xy, v_uv_clamp.zw), dFdx (uv), dFdy (uv));\n"
  "#elif defined(CLAMP)\n"
  "  vec4 texel = textureLod (u_texture, clamp (uv, v_uv_clamp.xy, v_uv_clamp.zw), 0.0);\n"
  "#else\n"
  "  /* The fringe reads no further than the item's repeated edges */\n"
  "  vec4 texel = textureLod (u_texture, uv, 0.0);\n"
  "#endif\n"
  "\n"
  "#ifdef PAINT\n"
  "  if (v_mode > 2.5)\n"
  "    {\n"
  "      int base = int (v_uv_clamp.x + 0.5) * PAINT_SIZE;\n"
  "      if (u_paint[base].x < 0.5)\n"
  "        {\n"
  "          /* The ring: the outer rounded rectangle less the inner one */\n"
  "          vec4 inner = u_paint[base + 1];\n"
  "          if (inner.z > 0.0 && inner.w > 0.0)\n"
  "            coverage *= 1.0 - rounded_coverage (lpos, jac.xy, jac.zw, inner, u_paint[base + 2], u_paint[base + 3]);\n"
  "          o_color = border_color (base, lpos, jac.xy, jac.zw) * (v_color.a * coverage);\n"
  "        }\n"
  "      else\n"
  "        o_color = gradient_color (base, lpos) * (v_color.a * coverage);\n"
  "      return;\n"
  "    }\n"
  "#endif\n"
  "  o_color = v_mode > 0.5 ? color * texel : color;\n"
  "}\n";

static const char blend_vertex_source[] =
  "uniform vec4 u_viewport;\n"
  "uniform vec4 u_box;      /* the group in target space */\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  vec2 corner = vec2 (float (gl_VertexID & 1), float (gl_VertexID >> 1));\n"
  "  vec2 p = u_box.xy + corner * u_box.zw;\n"
  "  gl_Position = vec4 (2.0 * (p - u_viewport.xy) / u_viewport.zw - 1.0, 0.0, 1.0);\n"
  "}\n";

/* What opaque ops hide, as depths only: a box of target pixels each, at
 * the op's depth (colour writes are off) */
static const char depth_vertex_source[] =
  "uniform vec4 u_viewport;\n"
  "layout(location = 0) in vec4 a_box;    /* x1, y1, x2, y2 */\n"
  "layout(location = 1) in float a_depth;\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  vec2 corner = vec2 (float (gl_VertexID & 1), float (gl_VertexID >> 1));\n"
  "  vec2 p = mix (a_box.xy, a_box.zw, corner);\n"
  "  gl_Position = vec4 (2.0 * (p - u_viewport.xy) / u_viewport.zw - 1.0, 2.0 * a_depth - 1.0, 1.0);\n"
  "}\n";

static const char depth_fragment_source[] =
  "layout(location = 0) out vec4 o_color;\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  o_color = vec4 (0.0);\n"
  "}\n";

/* CSS's colour filters: straight colours through each matrix in turn
 * (rows r, g, b, a of five, the last an offset), clamped after each */
static const char filter_fragment_source[] =
  "#define MAX_FILTERS 8\n"
  "uniform vec4 u_viewport;\n"
  "uniform vec4 u_source_rect;    /* where the texture lies in target space */\n"
  "uniform sampler2D u_source;\n"
  "uniform int u_n_filters;\n"
  "uniform mat4 u_matrix[MAX_FILTERS];  /* columns: the matrix transposed */\n"
  "uniform vec4 u_offset[MAX_FILTERS];\n"
  "\n"
  "layout(location = 0) out vec4 o_color;\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  vec2 p = gl_FragCoord.xy + u_viewport.xy;\n"
  "  vec4 c = textureLod (u_source, (p - u_source_rect.xy) / u_source_rect.zw, 0.0);\n"
  "\n"
  "  if (c.a <= 0.0)\n"
  "    {\n"
  "      o_color = vec4 (0.0);\n"
  "      return;\n"
  "    }\n"
  "  c = vec4 (c.rgb / c.a, c.a);\n"
  "  for (int i = 0; i < u_n_filters; i++)\n"
  "    c = clamp (u_matrix[i] * c + u_offset[i], 0.0, 1.0);\n"
  "  o_color = vec4 (c.rgb * c.a, c.a);\n"
  "}\n";

/* One way of a separable Gaussian blur of the group's box (transparent
 * outside it), or with @u_shadow its alpha in @u_color, moved by
 * @u_offset: a drop shadow's first pass */
static const char blur_fragment_source[] =
  "uniform vec4 u_viewport;\n"
  "uniform vec4 u_bounds;         /* the group in target space: what is read */\n"
  "uniform vec4 u_source_rect;    /* where the texture lies in target space */\n"
  "uniform sampler2D u_source;\n"
  "uniform vec2 u_direction;\n"
  "uniform float u_sigma;\n"
  "uniform float u_scale;         /* target pixels per fragment */\n"
  "uniform float u_step;          /* target pixels between taps */\n"
  "uniform vec2 u_offset;\n"
  "uniform int u_shadow;\n"
  "uniform vec4 u_color;          /* premultiplied */\n"
  "uniform int u_clamp;           /* outside the box: mirrored, or transparent */\n"
  "\n"
  "layout(location = 0) out vec4 o_color;\n"
  "\n"
  "vec4 fetch (vec2 p)\n"
  "{\n"
  "  if (u_clamp != 0)\n"
  "    {\n"
  "      /* Mirrored across the box's edges, each edge pixel twice: CSS\n"
  "       * backdrop-filter's edge mode (Filter Effects 2, \"mirror\") */\n"
  "      vec2 q = abs (p - u_bounds.xy);\n"
  "      q = u_bounds.zw - abs (u_bounds.zw - q);\n"
  "      p = u_bounds.xy + clamp (q, vec2 (0.5), u_bounds.zw - 0.5);\n"
  "    }\n"
  "  else if (any (lessThan (p, u_bounds.xy)) || any (greaterThanEqual (p, u_bounds.xy + u_bounds.zw)))\n"
  "    return vec4 (0.0);\n"
  "  return textureLod (u_source, (p - u_source_rect.xy) / u_source_rect.zw, 0.0);\n"
  "}\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  /* At a reduced resolution a fragment is a block of target pixels:\n"
  "   * read at its centre, a corner of the finer level's texels, which\n"
  "   * the bilinear fetch averages */\n"
  "  vec2 p = gl_FragCoord.xy * u_scale + u_viewport.xy - u_offset;\n"
  "  int r = int (min (ceil (3.0 * u_sigma / u_step), 256.0));\n"
  "  vec4 sum = vec4 (0.0);\n"
  "  float weights = 0.0;\n"
  "\n"
  "  for (int i = -r; i <= r; i++)\n"
  "    {\n"
  "      float d = float (i) * u_step;\n"
  "      float w = r > 0 ? exp (-d * d / (2.0 * u_sigma * u_sigma)) : 1.0;\n"
  "\n"
  "      sum += w * fetch (p + u_direction * d);\n"
  "      weights += w;\n"
  "    }\n"
  "  sum /= weights;\n"
  "  o_color = u_shadow != 0 ? u_color * sum.a : sum;\n"
  "}\n";

/* The separable modes are written on straight colors, as in the CSS
 * Compositing spec; the result is composited as pixman does:
 * s·(1 − αb) + b·(1 − αs) + αs·αb·B(cb, cs). The mode numbers are
 * GskLayerBlendMode's. */
static const char blend_fragment_source[] =
  "uniform vec4 u_viewport;\n"
  "uniform vec4 u_source_rect;    /* where the textures lie in target space */\n"
  "uniform vec4 u_backdrop_rect;\n"
  "uniform sampler2D u_source;\n"
  "uniform sampler2D u_backdrop;\n"
  "uniform int u_mode;\n"
  "uniform float u_opacity;\n"
  "\n"
  "layout(location = 0) out vec4 o_color;\n"
  "\n"
  "float lum (vec3 c) { return dot (c, vec3 (0.3, 0.59, 0.11)); }\n"
  "float sat (vec3 c) { return max (max (c.r, c.g), c.b) - min (min (c.r, c.g), c.b); }\n"
  "\n"
  "vec3 clip_color (vec3 c)\n"
  "{\n"
  "  float l = lum (c);\n"
  "  float n = min (min (c.r, c.g), c.b);\n"
  "  float x = max (max (c.r, c.g), c.b);\n"
  "  if (n < 0.0)\n"
  "    c = l + (c - l) * l / max (l - n, 1e-6);\n"
  "  if (x > 1.0)\n"
  "    c = l + (c - l) * (1.0 - l) / max (x - l, 1e-6);\n"
  "  return c;\n"
  "}\n"
  "\n"
  "vec3 set_lum (vec3 c, float l) { return clip_color (c + (l - lum (c))); }\n"
  "\n"
  "vec3 set_sat (vec3 c, float s)\n"
  "{\n"
  "  float n = min (min (c.r, c.g), c.b);\n"
  "  float x = max (max (c.r, c.g), c.b);\n"
  "  return x > n ? (c - n) * s / (x - n) : vec3 (0.0);\n"
  "}\n"
  "\n"
  "float dodge (float b, float s)\n"
  "{\n"
  "  if (b <= 0.0) return 0.0;\n"
  "  if (s >= 1.0) return 1.0;\n"
  "  return min (1.0, b / (1.0 - s));\n"
  "}\n"
  "\n"
  "float burn (float b, float s)\n"
  "{\n"
  "  if (b >= 1.0) return 1.0;\n"
  "  if (s <= 0.0) return 0.0;\n"
  "  return 1.0 - min (1.0, (1.0 - b) / s);\n"
  "}\n"
  "\n"
  "float soft_light (float b, float s)\n"
  "{\n"
  "  if (s <= 0.5)\n"
  "    return b - (1.0 - 2.0 * s) * b * (1.0 - b);\n"
  "  float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt (b);\n"
  "  return b + (2.0 * s - 1.0) * (d - b);\n"
  "}\n"
  "\n"
  "vec3 hard_light (vec3 b, vec3 s)\n"
  "{\n"
  "  vec3 s2 = 2.0 * s - 1.0;\n"
  "  return mix (b * 2.0 * s, b + s2 - b * s2, greaterThan (s, vec3 (0.5)));\n"
  "}\n"
  "\n"
  "vec3 blend (vec3 b, vec3 s)\n"
  "{\n"
  "  switch (u_mode)\n"
  "    {\n"
  "    case 1: return b * s;\n"
  "    case 2: return b + s - b * s;\n"
  "    case 3: return hard_light (s, b);\n"
  "    case 4: return min (b, s);\n"
  "    case 5: return max (b, s);\n"
  "    case 6: return vec3 (dodge (b.r, s.r), dodge (b.g, s.g), dodge (b.b, s.b));\n"
  "    case 7: return vec3 (burn (b.r, s.r), burn (b.g, s.g), burn (b.b, s.b));\n"
  "    case 8: return hard_light (b, s);\n"
  "    case 9: return vec3 (soft_light (b.r, s.r), soft_light (b.g, s.g), soft_light (b.b, s.b));\n"
  "    case 10: return abs (b - s);\n"
  "    case 11: return b + s - 2.0 * b * s;\n"
  "    case 12: return set_lum (set_sat (s, sat (b)), lum (b));\n"
  "    case 13: return set_lum (set_sat (b, sat (s)), lum (b));\n"
  "    case 14: return set_lum (s, lum (b));\n"
  "    case 15: return set_lum (b, lum (s));\n"
  "    default: return s;\n"
  "    }\n"
  "}\n"
  "\n"
  "void main ()\n"
  "{\n"
  "  vec2 p = gl_FragCoord.xy + u_viewport.xy;\n"
  "  vec4 s = textureLod (u_source, (p - u_source_rect.xy) / u_source_rect.zw, 0.0) * u_opacity;\n"
  "  vec4 b = textureLod (u_backdrop, (p - u_backdrop_rect.xy) / u_backdrop_rect.zw, 0.0);\n"
  "  vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3 (0.0);\n"
  "  vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3 (0.0);\n"
  "  vec3 mixed = clamp (blend (cb, cs), 0.0, 1.0);\n"
  "\n"
  "  o_color = vec4 (s.rgb * (1.0 - b.a) + b.rgb * (1.0 - s.a) + s.a * b.a * mixed,\n"
  "                  s.a + b.a - s.a * b.a);\n"
  "}\n";

static GLuint
compile_shader (GLenum       type,
                const char  *name,
                const char  *defines,
                const char  *source,
                gboolean     is_gles,
                GError     **error)
{
  const char *sources[3] = { is_gles ? gles_prelude : desktop_prelude, defines, source };
  GLuint shader;
  GLint status;

  shader = glCreateShader (type);
  glShaderSource (shader, 3, sources, NULL);
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &status);
  if (!status)
    {
      GLint length = 0;
      char *log;

      glGetShaderiv (shader, GL_INFO_LOG_LENGTH, &length);
      log = g_malloc0 (MAX (length, 1));
      glGetShaderInfoLog (shader, length, NULL, log);
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "Cannot compile the %s %s shader: %s", name,
                   type == GL_VERTEX_SHADER ? "vertex" : "fragment", g_strchomp (log));
      g_free (log);
      glDeleteShader (shader);
      return 0;
    }

  return shader;
}

static GLuint
link_program (const char  *name,
              const char  *defines,
              const char  *vertex_source,
              const char  *fragment_source,
              gboolean     is_gles,
              GError     **error)
{
  GLuint vertex, fragment, program;
  GLint status;

  vertex = compile_shader (GL_VERTEX_SHADER, name, defines, vertex_source, is_gles, error);
  if (vertex == 0)
    return 0;
  fragment = compile_shader (GL_FRAGMENT_SHADER, name, defines, fragment_source, is_gles, error);
  if (fragment == 0)
    {
      glDeleteShader (vertex);
      return 0;
    }

  program = glCreateProgram ();
  glAttachShader (program, vertex);
  glAttachShader (program, fragment);
  glLinkProgram (program);
  glDetachShader (program, vertex);
  glDetachShader (program, fragment);
  glDeleteShader (vertex);
  glDeleteShader (fragment);

  glGetProgramiv (program, GL_LINK_STATUS, &status);
  if (!status)
    {
      GLint length = 0;
      char *log;

      glGetProgramiv (program, GL_INFO_LOG_LENGTH, &length);
      log = g_malloc0 (MAX (length, 1));
      glGetProgramInfoLog (program, length, NULL, log);
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                   "Cannot link the %s program: %s", name, g_strchomp (log));
      g_free (log);
      glDeleteProgram (program);
      return 0;
    }

  return program;
}

gboolean
gsk_layer_gl_quad_program_init (GskLayerGLQuadProgram  *program,
                                guint                   variant,
                                guint                   max_paints,
                                gboolean                is_gles,
                                GError                **error)
{
  g_autofree char *defines = NULL;

  g_return_val_if_fail (variant < GSK_LAYER_GL_N_QUAD_VARIANTS, FALSE);

  defines = g_strdup_printf ("#define MAX_CLIPS %d\n#define MAX_PAINTS %u\n#define PAINT_SIZE %d\n%s%s%s%s%s",
                             GSK_LAYER_GL_MAX_CLIPS, MAX (max_paints, 1), GSK_LAYER_GL_PAINT_SIZE,
                             (variant & GSK_LAYER_GL_QUAD_PAINT) ? "#define PAINT 1\n" : "",
                             (variant & GSK_LAYER_GL_QUAD_MIPMAP) ? "#define MIPMAP 1\n" : "",
                             (variant & GSK_LAYER_GL_QUAD_CLAMP) ? "#define CLAMP 1\n" : "",
                             (variant & GSK_LAYER_GL_QUAD_PROJECTIVE) ? "#define PROJECTIVE 1\n" : "",
                             (variant & GSK_LAYER_GL_QUAD_ROUNDED) ? "#define ROUNDED 1\n" :
                             (variant & GSK_LAYER_GL_QUAD_HARD) ? "#define HARD 1\n" : "");
  program->id = link_program ("quad", defines, quad_vertex_source, quad_fragment_source, is_gles, error);
  if (program->id == 0)
    return FALSE;

  program->u_viewport = glGetUniformLocation (program->id, "u_viewport");
  program->u_texture = glGetUniformLocation (program->id, "u_texture");
  program->u_n_clips = glGetUniformLocation (program->id, "u_n_clips");
  program->u_clip_map = glGetUniformLocation (program->id, "u_clip_map");
  program->u_clip_rect = glGetUniformLocation (program->id, "u_clip_rect");
  program->u_clip_radius_x = glGetUniformLocation (program->id, "u_clip_radius_x");
  program->u_clip_radius_y = glGetUniformLocation (program->id, "u_clip_radius_y");
  program->u_paint = glGetUniformLocation (program->id, "u_paint");

  return TRUE;
}

gboolean
gsk_layer_gl_filter_program_init (GskLayerGLFilterProgram  *program,
                                  gboolean                  is_gles,
                                  GError                  **error)
{
  program->id = link_program ("filter", "", blend_vertex_source, filter_fragment_source, is_gles, error);
  if (program->id == 0)
    return FALSE;

  program->u_viewport = glGetUniformLocation (program->id, "u_viewport");
  program->u_box = glGetUniformLocation (program->id, "u_box");
  program->u_source_rect = glGetUniformLocation (program->id, "u_source_rect");
  program->u_source = glGetUniformLocation (program->id, "u_source");
  program->u_n_filters = glGetUniformLocation (program->id, "u_n_filters");
  program->u_matrix = glGetUniformLocation (program->id, "u_matrix");
  program->u_offset = glGetUniformLocation (program->id, "u_offset");

  return TRUE;
}

gboolean
gsk_layer_gl_blur_program_init (GskLayerGLBlurProgram  *program,
                                gboolean                is_gles,
                                GError                **error)
{
  program->id = link_program ("blur", "", blend_vertex_source, blur_fragment_source, is_gles, error);
  if (program->id == 0)
    return FALSE;

  program->u_viewport = glGetUniformLocation (program->id, "u_viewport");
  program->u_box = glGetUniformLocation (program->id, "u_box");
  program->u_source_rect = glGetUniformLocation (program->id, "u_source_rect");
  program->u_source = glGetUniformLocation (program->id, "u_source");
  program->u_direction = glGetUniformLocation (program->id, "u_direction");
  program->u_sigma = glGetUniformLocation (program->id, "u_sigma");
  program->u_bounds = glGetUniformLocation (program->id, "u_bounds");
  program->u_scale = glGetUniformLocation (program->id, "u_scale");
  program->u_step = glGetUniformLocation (program->id, "u_step");
  program->u_offset = glGetUniformLocation (program->id, "u_offset");
  program->u_shadow = glGetUniformLocation (program->id, "u_shadow");
  program->u_color = glGetUniformLocation (program->id, "u_color");
  program->u_clamp = glGetUniformLocation (program->id, "u_clamp");

  return TRUE;
}

gboolean
gsk_layer_gl_blend_program_init (GskLayerGLBlendProgram  *program,
                                 gboolean                 is_gles,
                                 GError                 **error)
{
  program->id = link_program ("blend", "", blend_vertex_source, blend_fragment_source, is_gles, error);
  if (program->id == 0)
    return FALSE;

  program->u_viewport = glGetUniformLocation (program->id, "u_viewport");
  program->u_box = glGetUniformLocation (program->id, "u_box");
  program->u_source_rect = glGetUniformLocation (program->id, "u_source_rect");
  program->u_backdrop_rect = glGetUniformLocation (program->id, "u_backdrop_rect");
  program->u_source = glGetUniformLocation (program->id, "u_source");
  program->u_backdrop = glGetUniformLocation (program->id, "u_backdrop");
  program->u_mode = glGetUniformLocation (program->id, "u_mode");
  program->u_opacity = glGetUniformLocation (program->id, "u_opacity");

  return TRUE;
}

gboolean
gsk_layer_gl_depth_program_init (GskLayerGLDepthProgram  *program,
                                 gboolean                 is_gles,
                                 GError                 **error)
{
  program->id = link_program ("depth", "", depth_vertex_source, depth_fragment_source, is_gles, error);
  if (program->id == 0)
    return FALSE;

  program->u_viewport = glGetUniformLocation (program->id, "u_viewport");

  return TRUE;
}
