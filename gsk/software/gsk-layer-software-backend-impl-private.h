/* gsk-layer-software-backend-impl-private.h: the software backend's state
 *
 * What the files of the backend share; everything else (the renderers,
 * the GL backend, tests) sees only gsk-layer-software-backend-private.h.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <graphene.h>
#include <pixman.h>

#include "gsk-layer-software-backend-private.h"
#include "gsk-layer-render-list-private.h"
#include "gsk-layer-render-cull-private.h"

G_BEGIN_DECLS

/* A rounded corner is drawn as at most this many straight segments */
#define MAX_ARC_SEGMENTS 32

/* Convex polygons: 8 points from gsk_layer_project_rect(), or a rounded
 * rectangle (4 arcs, clipped to a quad and the eye plane), plus at most
 * one per side of the target they are clipped to */
#define MAX_POLYGON_POINTS (4 * (MAX_ARC_SEGMENTS + 1) + 16)

typedef enum {
  DEBUG_NO_CULL    = 1 << 0,
  DEBUG_NO_THREADS = 1 << 1,
} DebugFlags;

typedef enum {
  ROUND_OUT,
  ROUND_NEAREST,
} RoundMode;

/* A filtered group drawn whole before the bands, for them to composite:
 * its pixels with their top-left corner at (@x, @y) of the target */
typedef struct
{
  guint op_index;                    /* of its PUSH_GROUP */
  pixman_image_t *image;
  int x, y;
} GskLayerSoftwarePrepared;

typedef struct
{
  const GskLayerRenderList *list;
  const GskLayerOccluders *occluders; /* NULL: draw every op whole */
  const GskLayerSoftwarePrepared *prepared;
  guint n_prepared;
  guint flags;
  pixman_format_code_t format;
  guint32 *data;
  int width;
  int height;
  int stride;
  pixman_region32_t damage;

  /* Completion, when a worker thread renders this band */
  GMutex mutex;
  GCond cond;
  gboolean done;
} Band;

typedef struct
{
  const GskLayerRenderList *list;
  guint flags;

  /* Target coordinates throughout */
  pixman_box32_t bounds;             /* the whole target */
  const pixman_region32_t *damage;
  pixman_box32_t clip;               /* within the damage extents */

  pixman_image_t *canvas;
  int canvas_x;                      /* the canvas' origin on the target */
  int canvas_y;

  GArray *stack;                     /* of StackEntry */
  guint skip_depth;                  /* inside a group or clip that shows nothing */

  /* Per render call: one wrapper per surface, shared by all its ops */
  GHashTable *sources;               /* cairo_surface_t → pixman_image_t */
  cairo_surface_t *last_surface;
  pixman_image_t *last_source;

  GHashTable *padded_sources;        /* cairo_surface_t → pixman_image_t */

  GHashTable *alpha_masks;           /* 16-bit alpha → solid pixman_image_t */

  guint8 *mask_data;                 /* scratch for a8 polygon masks */
  gsize mask_size;

  GskLayerCulling culling;           /* action NULL: no culling */

  GPtrArray *paints;                 /* rasters of BORDER and GRADIENT ops */

  const GskLayerSoftwarePrepared *prepared;
  guint n_prepared;
} RenderState;

/* The ops: gsk-layer-software-backend.c */

/* Turns @rect into whole pixels within @limit */
gboolean gsk_layer_software_box_from_rect (const graphene_rect_t *rect,
                                           const pixman_box32_t  *limit,
                                           RoundMode              mode,
                                           pixman_box32_t        *box);

/* A solid mask of @alpha, kept for the render call; NULL when opaque */
pixman_image_t *gsk_layer_software_get_alpha_mask (RenderState *state,
                                                   double       alpha);

/* Draws the list into @band, within its damage */
void gsk_layer_software_render_band (Band *band);

/* The group whose PUSH_GROUP is op @start and POP_GROUP op @end of
 * @list, drawn whole within @box of a target @width × @height and
 * filtered: a new image of @box's size */
pixman_image_t *gsk_layer_software_render_group (const GskLayerRenderList *list,
                                                 guint                     start,
                                                 guint                     end,
                                                 const pixman_box32_t     *box,
                                                 int                       width,
                                                 int                       height,
                                                 guint                     flags);

/* A BORDER or GRADIENT op's paint, rasterized in its layer space over
 * its bounds at about its scale on the target; NULL if it paints
 * nothing. gsk-layer-software-paint.c */
cairo_surface_t *gsk_layer_software_rasterize_paint (const GskLayerRenderOp *op);

/* Filtered groups kept from frame to frame: gsk-layer-software-filter-cache.c */

/* Draws, or takes from @cache, the filtered groups of @list (outside
 * other filtered groups) that reach into @damage and may be kept: those
 * with a blur or drop shadow, normal blending and some opacity. Returns
 * them in paint order, *@n_prepared of them, each holding a reference
 * to its image (gsk_layer_software_prepared_free()) */
GskLayerSoftwarePrepared *gsk_layer_software_filter_cache_prepare (GskLayerSoftwareFilterCache *cache,
                                                                   const GskLayerRenderList    *list,
                                                                   const pixman_region32_t     *damage,
                                                                   int                          width,
                                                                   int                          height,
                                                                   guint                        flags,
                                                                   guint                       *n_prepared);
void gsk_layer_software_prepared_free (GskLayerSoftwarePrepared *prepared,
                                       guint                     n_prepared);

/* Polygons: gsk-layer-software-polygon.c */

/* The rounded rectangle of @op within @area, projected to target space
 * as a convex polygon of at most MAX_POLYGON_POINTS points; returns the
 * number of points, 0 if nothing is in front */
guint gsk_layer_software_rounded_polygon (const GskLayerRenderOp *op,
                                          const graphene_rect_t  *area,
                                          graphene_point_t       *out);

/* Composites @source into the canvas through an antialiased mask of the
 * convex @polygon times @opacity, within @box */
void gsk_layer_software_composite_polygon (RenderState            *state,
                                           pixman_op_t             op,
                                           pixman_image_t         *source,
                                           int                     source_x,
                                           int                     source_y,
                                           double                  opacity,
                                           const graphene_point_t *polygon,
                                           guint                   n_points,
                                           const pixman_box32_t   *box);

G_END_DECLS
