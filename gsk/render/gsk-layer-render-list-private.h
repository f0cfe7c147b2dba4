/* gsk-layer-render-list-private.h: the flat list a backend draws
 *
 * This is the one seam between the layer tree and the backends: a
 * backend includes this header and never gsk-layer-private.h. Nothing in
 * an op leads back into the tree beyond a debug name.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>
#include <glib.h>
#include <graphene.h>
#include <cairo.h>

#include "gsk-layer-types.h"
#include "gsk-layer-glyph-run-private.h"
#include "gsk-layer-content-private.h"
#include "gsk-layer-geometry-private.h"
#include "gsk-layer-path-private.h"

G_BEGIN_DECLS

/*
 * GskLayerRenderOpKind:
 * @GSK_LAYER_RENDER_OP_COLOR: fill @bounds with @color
 * @GSK_LAYER_RENDER_OP_TEXTURE: draw @surface, which holds @source_rect of
 *   layer space, stretched to @source_rect
 * @GSK_LAYER_RENDER_OP_PUSH_GROUP: start an offscreen group; what follows
 *   up to the matching POP_GROUP is drawn into it, then its pixels go
 *   through @filters in order and the group is composited with @opacity
 *   and @blend_mode; a @mask group instead multiplies all its enclosing
 *   group drew by its alpha (CSS mask-image, a layer's mask layer)
 * @GSK_LAYER_RENDER_OP_POP_GROUP: end the innermost group
 * @GSK_LAYER_RENDER_OP_PUSH_CLIP: clip what follows up to the matching
 *   POP_CLIP to the quad @bounds under @transform (and its rounded
 *   rectangle, if @rounded; or the inside of @path, if it has one,
 *   @bounds then its bounds)
 * @GSK_LAYER_RENDER_OP_POP_CLIP: end the innermost clip
 * @GSK_LAYER_RENDER_OP_GLYPHS: draw the items of @glyphs (glyph images
 *   and rectangles, in layer space), clipped to @bounds
 * @GSK_LAYER_RENDER_OP_BACKDROP: what is drawn so far within
 *   @screen_bounds (the target box of the quad @bounds), put through
 *   @filters with its edges mirrored outward, drawn back through the
 *   quad (and its rounded rectangle, if @rounded) with @opacity; the
 *   compile damages all of @screen_bounds whenever any of it is
 *   damaged, so that what is read is always what is below
 *
 * @GSK_LAYER_RENDER_OP_BORDER: a CSS border of solid sides: the ring
 *   between the rounded rectangle (@rounded_rect, @corner_radii) and
 *   @paint's inner one, each side in its colour, sides meeting along the
 *   lines from the outer to the inner corners; @bounds is @rounded_rect
 * @GSK_LAYER_RENDER_OP_GRADIENT: fill @bounds (and its rounded
 *   rectangle, if @rounded) with @paint's gradient
 *
 * BORDER and GRADIENT ops come only in lists whose @vector_style is
 * set, by backends that draw them; others get a style's box as the
 * TEXTURE op of its raster.
 *
 * COLOR, TEXTURE, GLYPHS and PUSH_CLIP ops that are @rounded are also clipped to
 * a rounded rectangle in their layer space, which transforms with the
 * op (CSS `border-radius`: each corner an ellipse of its own); backends
 * antialias its edge over about a pixel of the target.
 */
typedef enum {
  GSK_LAYER_RENDER_OP_COLOR,
  GSK_LAYER_RENDER_OP_TEXTURE,
  GSK_LAYER_RENDER_OP_PUSH_GROUP,
  GSK_LAYER_RENDER_OP_POP_GROUP,
  GSK_LAYER_RENDER_OP_PUSH_CLIP,
  GSK_LAYER_RENDER_OP_POP_CLIP,
  GSK_LAYER_RENDER_OP_GLYPHS,
  GSK_LAYER_RENDER_OP_BACKDROP,
  GSK_LAYER_RENDER_OP_BORDER,
  GSK_LAYER_RENDER_OP_GRADIENT,
} GskLayerRenderOpKind;

/* A colour filter (CSS filter functions but blur and drop-shadow): rows
 * r, g, b, a of a 4×5 matrix on straight (unpremultiplied) RGBA, the
 * last column an offset, each result clamped to [0, 1] */
typedef struct
{
  float m[20];
} GskLayerColorMatrix;

/*
 * GskLayerRenderFilterKind:
 * @GSK_LAYER_RENDER_FILTER_COLOR: pixels through @matrix
 * @GSK_LAYER_RENDER_FILTER_BLUR: a Gaussian blur of @sigma
 * @GSK_LAYER_RENDER_FILTER_DROP_SHADOW: under the pixels, their alpha
 *   blurred by @sigma, moved by (@dx, @dy) and painted in @color
 *
 * A function of CSS filter; lengths in target pixels.
 */
typedef enum {
  GSK_LAYER_RENDER_FILTER_COLOR,
  GSK_LAYER_RENDER_FILTER_BLUR,
  GSK_LAYER_RENDER_FILTER_DROP_SHADOW,
} GskLayerRenderFilterKind;

typedef struct
{
  GskLayerRenderFilterKind kind;
  GskLayerColorMatrix matrix;
  float sigma;
  float dx, dy;
  /* Straight RGBA */
  float color[4];
} GskLayerRenderFilter;

/* @matrix as GL and graphene take it: a 4×4 of columns (column j the
 * weights of input j, graphene's rows) and the offset */
static inline void
gsk_layer_color_matrix_to_columns (const GskLayerColorMatrix *matrix,
                                   float                      columns[16],
                                   float                      offset[4])
{
  int row, col;

  for (row = 0; row < 4; row++)
    {
      for (col = 0; col < 4; col++)
        columns[col * 4 + row] = matrix->m[row * 5 + col];
      offset[row] = matrix->m[row * 5 + 4];
    }
}

/*
 * GskLayerRenderSampling:
 * @GSK_LAYER_RENDER_SAMPLING_LINEAR: bilinear
 * @GSK_LAYER_RENDER_SAMPLING_NEAREST: the nearest texel (CSS
 *   `image-rendering: pixelated`)
 * @GSK_LAYER_RENDER_SAMPLING_MIPMAP: from a smaller copy where the
 *   surface is drawn at less than half its size (on GL trilinear
 *   between mipmap levels; CSS `image-rendering: high-quality`)
 *
 * How a TEXTURE op's surface is sampled.
 */
typedef enum {
  GSK_LAYER_RENDER_SAMPLING_LINEAR,
  GSK_LAYER_RENDER_SAMPLING_NEAREST,
  GSK_LAYER_RENDER_SAMPLING_MIPMAP,
} GskLayerRenderSampling;

/* The most stops a GRADIENT op has */
#define GSK_LAYER_RENDER_MAX_STOPS 16

/*
 * GskLayerRenderGradientKind:
 * @GSK_LAYER_RENDER_GRADIENT_LINEAR: t is the distance from @point
 *   along the unit vector @axis
 * @GSK_LAYER_RENDER_GRADIENT_RADIAL: t is the length of (p − @point)
 *   scaled by @axis (1 and the ratio of the ellipse's radii: a circle)
 * @GSK_LAYER_RENDER_GRADIENT_CONIC: t is the angle of p around @point,
 *   in degrees clockwise from up, minus @angle, in [0, 360)
 *
 * How a GRADIENT op's parameter t follows from a point p of layer space.
 */
typedef enum {
  GSK_LAYER_RENDER_GRADIENT_LINEAR,
  GSK_LAYER_RENDER_GRADIENT_RADIAL,
  GSK_LAYER_RENDER_GRADIENT_CONIC,
} GskLayerRenderGradientKind;

/* What a BORDER or GRADIENT op paints, in its layer space */
typedef struct
{
  /* BORDER: the inner rounded rectangle (the padding box), its radii
   * (as GskLayerRenderOp.corner_radii), the widths of the sides (top,
   * right, bottom, left) and their straight RGBA colours */
  graphene_rect_t inner_rect;
  graphene_size_t inner_radii[4];
  float widths[4];
  float colors[4][4];

  /* GRADIENT: see GskLayerRenderGradientKind. The stops at @offsets (in
   * t, not decreasing) with premultiplied @stop_colors, interpolated
   * between premultiplied colours as CSS says; before the first and
   * after the last their colours, unless @repeating: then the span
   * between the first and the last repeats. Where @tile has a size, p
   * is first brought into it (CSS's background-repeat of the
   * positioning area). */
  GskLayerRenderGradientKind kind;
  graphene_point_t point;
  graphene_vec2_t axis;
  float angle;
  graphene_rect_t tile;
  gboolean repeating;
  guint n_stops;
  float offsets[GSK_LAYER_RENDER_MAX_STOPS];
  float stop_colors[GSK_LAYER_RENDER_MAX_STOPS][4];
} GskLayerRenderPaint;

/* A PUSH_GROUP's mesh (a deformed layer, gsk/deform): what the group
 * holds is drawn into an offscreen of @width × @height pixels, its own
 * space (the ops inside are in it, not in the target's); the offscreen
 * is cut into @n_x × @n_y tiles, and tile (i, j) is drawn where the
 * layer's rectangle of @size, cut the same way, has its corners moved
 * to @points, (@n_x + 1) per row, rows from the top: their x and y in
 * the plane the group's @transform takes to the target, their z how
 * near they are (larger is nearer), x not finite where a point is
 * behind the viewer. Tiles seen from behind show the offscreen
 * mirrored, or @back_color where it has alpha. */
typedef struct
{
  int width;
  int height;
  guint n_x;
  guint n_y;
  graphene_size_t size;
  /* Straight RGBA */
  float back_color[4];
  graphene_point3d_t points[];
} GskLayerRenderMesh;

static inline gsize
gsk_layer_render_mesh_sizeof (guint n_x,
                              guint n_y)
{
  return sizeof (GskLayerRenderMesh) + (gsize) (n_x + 1) * (n_y + 1) * sizeof (graphene_point3d_t);
}

/* A tile of a mesh as a backend draws it: @rect of the offscreen (its
 * pixels) taken to the target by @transform (a homography), antialiased
 * but along @hard_edges (GskLayerGLEdge's bits: x1 1, y1 2, x2 4, y2 8),
 * the edges it shares with other tiles; @back: seen from behind; @box:
 * its target box */
typedef struct
{
  graphene_matrix_t transform;
  graphene_rect_t rect;
  graphene_rect_t box;
  guint hard_edges;
  gboolean back;
  float depth;
  guint index;
} GskLayerRenderTile;

#define GSK_LAYER_RENDER_TILE_EDGE_X1 (1 << 0)
#define GSK_LAYER_RENDER_TILE_EDGE_Y1 (1 << 1)
#define GSK_LAYER_RENDER_TILE_EDGE_X2 (1 << 2)
#define GSK_LAYER_RENDER_TILE_EDGE_Y2 (1 << 3)

typedef struct _GskLayerRenderOp GskLayerRenderOp;

struct _GskLayerRenderOp
{
  /* Maps layer space to target space (graphene row-vector convention:
   * target = (x, y, 0, 1) * transform, then divided by w). Unused by
   * POP ops; PUSH_GROUP has the identity, but for a @mesh. */
  graphene_matrix_t transform;

  /* COLOR, TEXTURE, GLYPHS, PUSH_CLIP: the quad, in layer space */
  graphene_rect_t bounds;

  /* Bounding box in target space, already intersected with the target
   * and with every enclosing clip; for a group, the box of its content.
   * Backends may skip an op whose screen_bounds miss what they redraw. */
  graphene_rect_t screen_bounds;

  /* TEXTURE: the part of layer space @surface covers */
  graphene_rect_t source_rect;

  /* COLOR, TEXTURE, PUSH_CLIP that are @rounded: the rounded
   * rectangle's bounds, in layer space; for a TEXTURE it may be larger
   * than @bounds (content drawn in parts) */
  graphene_rect_t rounded_rect;

  /* … and its corners' horizontal and vertical radii: top-left,
   * top-right, bottom-right, bottom-left, as GskRoundedRect. A corner is
   * square where both are 0; adjacent radii never add up to more than
   * the side (the compile scales them as CSS does). */
  graphene_size_t corner_radii[4];

  /* COLOR: straight (non-premultiplied) RGBA */
  float color[4];

  /* TEXTURE: a CAIRO_FORMAT_ARGB32 image surface (premultiplied), owned
   * by the list */
  cairo_surface_t *surface;

  /* GLYPHS: the run, owned by the list */
  GskLayerGlyphRun *glyphs;

  /* BORDER, GRADIENT: what they paint, owned by the list */
  GskLayerRenderPaint *paint;

  /* PUSH_CLIP: a path in layer space (CSS clip-path's polygon() and
   * path()), owned by the list, and which of its points are inside;
   * backends antialias its edge as cairo fills one */
  GskLayerPath *path;
  GskLayerPathFillRule fill_rule;

  /* PUSH_GROUP: a mesh it is drawn through (its @transform then the
   * layer's world matrix), owned by the list; NULL for most */
  GskLayerRenderMesh *mesh;

  /* PUSH_GROUP, BACKDROP: filters applied in order, owned by the list, and how far
   * they reach, in target pixels: what they draw at a pixel comes from
   * the group's pixels at most this far away, and reaches at most this
   * far past them (@screen_bounds includes it) */
  GskLayerRenderFilter *filters;
  guint n_filters;
  float filter_reach;

  /* Interned; the layer's name or type name, for debugging only */
  const char *debug_name;

  GskLayerRenderOpKind kind;

  /* COLOR, TEXTURE, GLYPHS: alpha applied to the draw; PUSH_GROUP: applied when
   * the group is composited */
  float opacity;

  /* PUSH_GROUP */
  GskLayerBlendMode blend_mode;

  /* TEXTURE */
  GskLayerRenderSampling sampling;

  /* COLOR, TEXTURE, GLYPHS, PUSH_CLIP: @transform is a 2D scale and translation
   * with positive scale, so the quad is an axis-aligned rectangle */
  guint axis_aligned : 1;

  /* @transform maps some corner of @bounds behind the viewer (w <= 0):
   * only the part in front is visible */
  guint behind_viewer : 1;

  /* COLOR, TEXTURE, GLYPHS, PUSH_CLIP: also clipped to @rounded_rect with
   * @corner_radii */
  guint rounded : 1;

  /* PUSH_GROUP: a mask, the last thing in its enclosing group, which is
   * @masked. Composited, it multiplies every pixel its enclosing group
   * drew by its alpha: outside its @screen_bounds by 0. Never skipped
   * for being out of sight: skipping it is clearing the enclosing group */
  guint mask : 1;

  /* PUSH_GROUP: ends with a @mask group; drawn in an offscreen of its
   * own even where it could be drawn straight into what holds it */
  guint masked : 1;
};

typedef struct _GskLayerRenderList GskLayerRenderList;

struct _GskLayerRenderList
{
  /* The target, in its pixels */
  int width;
  int height;

  /* Target pixels per layout unit (the device scale): the compile lays
   * out and bounds the tree in layout units and leaves every transform,
   * screen bound and damage rectangle of the list in target pixels */
  float scale;

  /* Straight RGBA the damaged area is cleared to before the first op;
   * fully transparent by default */
  float clear_color[4];

  GskLayerRenderOp *ops;
  guint n_ops;
  guint n_allocated;

  /* The backend draws BORDER and GRADIENT ops: set before each compile
   * by its renderer */
  gboolean vector_style;

  /* How many BACKDROP ops the list has: backends draw a list with any in
   * one pass, and most lists have none */
  guint n_backdrops;

  /* The compiler's stack of layers to visit, kept from frame to frame
   * as the ops are: with thousands of siblings it would otherwise grow
   * from nothing, copy by copy, every frame */
  gpointer compile_stack;
  guint compile_stack_allocated;

  /* What the ops were compiled from, for the compile only: the top
   * level (not a reference; NULL after a clear) and the walk that
   * built them, which layers remember, so that a frame that changed a
   * few layers rewrites their ops in place; and a list those are
   * compiled into first */
  gconstpointer root;
  guint generation;
  GskLayerRenderList *scratch;
};

/* The index of the POP_GROUP that ends the group the op at @start
 * pushes; @start if the list has none */
guint gsk_layer_render_list_matching_pop (const GskLayerRenderList *list,
                                          guint                     start);

/* For backends replaying a list: inside a group or clip that shows
 * nothing (*@depth > 0, which the backend set to 1 at its push), follows
 * the nesting of @op and returns TRUE, for the caller to skip @op */
static inline gboolean
gsk_layer_render_op_skipped (const GskLayerRenderOp *op,
                             guint                  *depth)
{
  if (*depth == 0)
    return FALSE;

  if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
    (*depth)++;
  else if (op->kind == GSK_LAYER_RENDER_OP_POP_GROUP || op->kind == GSK_LAYER_RENDER_OP_POP_CLIP)
    (*depth)--;

  return TRUE;
}

GskLayerRenderList *gsk_layer_render_list_new       (int                      width,
                                                     int                      height);
void                gsk_layer_render_list_free      (GskLayerRenderList      *list);
void                gsk_layer_render_list_clear     (GskLayerRenderList      *list);
/* @src again in @dest, with references of its own to what @src owns */
void                gsk_layer_render_op_copy        (GskLayerRenderOp       *dest,
                                                     const GskLayerRenderOp *src);

/* Gives up what @op owns (surface, glyphs, paint, filters, path) */
void                gsk_layer_render_op_clear       (GskLayerRenderOp        *op);
GskLayerRenderOp   *gsk_layer_render_list_append    (GskLayerRenderList      *list,
                                                     GskLayerRenderOpKind     kind);
/* For callers that fill in every field themselves */
GskLayerRenderOp   *gsk_layer_render_list_append_uninitialized (GskLayerRenderList *list);

/* A GLYPHS op as the TEXTURE op of its run drawn as one image
 * (gsk_layer_glyph_run_get_surface()), for backends that composite
 * images; @texture does not own the surface, which lives as long as the
 * run. FALSE if the run draws nothing. */
gboolean            gsk_layer_render_op_glyphs_as_texture (const GskLayerRenderOp *op,
                                                           GskLayerRenderOp       *texture);

/* Where the mesh group's @transform takes @point (one of its points):
 * FALSE where it is behind the viewer or nowhere */
static inline gboolean
gsk_layer_render_mesh_see_point (const graphene_matrix_t  *transform,
                                 const graphene_point3d_t *point,
                                 graphene_point_t         *seen)
{
  graphene_vec4_t v, r;
  float w;

  if (!isfinite (point->x) || !isfinite (point->y) || !isfinite (point->z))
    return FALSE;
  /* In the plane: z is only how near the point is */
  graphene_vec4_init (&v, point->x, point->y, 0, 1);
  graphene_matrix_transform_vec4 (transform, &v, &r);
  w = graphene_vec4_get_w (&r);
  if (!(w > 1e-6f) || !isfinite (w))
    return FALSE;
  seen->x = graphene_vec4_get_x (&r) / w;
  seen->y = graphene_vec4_get_y (&r) / w;
  return isfinite (seen->x) && isfinite (seen->y);
}

/* The tiles of a mesh group @op, in the order they are drawn (far
 * first), those seen edge-on or reaching behind the viewer left out;
 * free with g_free() (gsk-layer-render-mesh.c) */
GskLayerRenderTile *gsk_layer_render_mesh_get_tiles (const GskLayerRenderOp *op,
                                                     guint                  *n_tiles);

/* The coverage of a PUSH_CLIP's @path over the target pixels @x, @y,
 * @width, @height: an A8 image of that size (gsk-layer-render-clip.c) */
cairo_surface_t   *gsk_layer_render_op_clip_mask (const GskLayerRenderOp *op,
                                                  int                     x,
                                                  int                     y,
                                                  int                     width,
                                                  int                     height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerRenderList, gsk_layer_render_list_free)

G_END_DECLS
