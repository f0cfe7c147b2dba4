/* gsk-layer-compile-impl-private.h: what the files of the compile share
 *
 * gsk-layer-compile.c walks the tree into the render list;
 * gsk-layer-compile-changes.c compiles only the subtrees that changed;
 * gsk-layer-compile-3d.c orders the planes of 3D rendering contexts;
 * gsk-layer-compile-clip.c, -mask.c, -clone.c and -deform.c draw clip
 * paths, masks, clones' copies and deformed layers' meshes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"
#include "gsk-layer-box-private.h"
#include "gsk-layer-render-list-private.h"
#include "gsk-layer-basic-shape-private.h"

G_BEGIN_DECLS

typedef GskLayerBox Box;

#define BOX_EMPTY GSK_LAYER_BOX_EMPTY

/* Where screen boxes become rects (drawn and op bounds, damage): beyond
 * four times the largest target, a float rect could no longer place
 * its near edge exactly */
#define RECT_LIMIT (4.f * GSK_LAYER_MAX_SURFACE_SIZE)

/* A box in target space as a rect, clamped to RECT_LIMIT */
static inline graphene_rect_t
screen_box_to_rect (const Box *b)
{
  Box clamped;

  if (gsk_layer_box_is_empty (b))
    return GRAPHENE_RECT_INIT (0, 0, 0, 0);
  clamped.x0 = CLAMP (b->x0, -RECT_LIMIT, RECT_LIMIT);
  clamped.y0 = CLAMP (b->y0, -RECT_LIMIT, RECT_LIMIT);
  clamped.x1 = CLAMP (b->x1, -RECT_LIMIT, RECT_LIMIT);
  clamped.y1 = CLAMP (b->y1, -RECT_LIMIT, RECT_LIMIT);
  return gsk_layer_box_to_rect (&clamped);
}

/* Damage is collected as boxes and turned into a region once per frame:
 * a few boxes stay exact; many are rounded out to a grid of tiles, which
 * keeps a frame where everything moved from costing a region union per
 * layer. */
#define DAMAGE_EXACT_MAX 64
#define DAMAGE_TILE 32

static inline void
damage_box (GArray    *damage,
            const Box *b)
{
  if (gsk_layer_box_is_empty (b))
    return;

  /* A pixel of margin: antialiased and bilinear edges reach up to half a
   * pixel past the geometry, and backends round boxes their own way */
  b = &(Box) { b->x0 - 1, b->y0 - 1, b->x1 + 1, b->y1 + 1 };

  /* By hand: g_array_append_val() is a call per box, twice per layer */
  if (G_UNLIKELY (damage->len == ((guint *) damage)[2]))
    g_array_set_size (damage, damage->len + 1), damage->len--;
  ((Box *) damage->data)[damage->len++] = *b;
}

/* A context of more planes than this (half a million) orders the rest
 * in tree order after them */
#define GSK_LAYER_CONTEXT_ITEM_BITS 19

typedef struct {
  GskLayer *layer;
  Box clip;             /* target-space box every op of this layer is clipped to;
                         * on an exit frame with pushed_shape_clip, its clip
                         * path's box */
  guint exit : 1;
  guint changed : 1;    /* an ancestor moved or changed its effects */
  guint stale : 1;      /* an ancestor's world matrix was recomputed */
  guint pushed_group : 1;
  guint pushed_clip : 1;
  /* A PUSH_CLIP of its clip-path, around everything the layer draws */
  guint pushed_shape_clip : 1;
  /* The group's filters reach past its pixels, and something in it
   * changed: damage all they draw, old and new */
  guint filter_damage : 1;
  /* The layer is in a 3D rendering context: its parent's is, or it
   * starts one */
  guint in_context : 1;
  /* It started the innermost open context */
  guint context_root : 1;
  /* An exit frame whose group ends with masks (a style's mask-image,
   * a mask layer), still to draw */
  guint masked : 1;
  /* An exit frame back after its mask layer's tree: the mask group is
   * open */
  guint mask_open : 1;
  /* An exit frame of a clone that ends the copy of its source
   * (gsk-layer-compile-clone.c) */
  guint copy_end : 1;
  /* An exit frame of a deformed layer: its mesh group is open
   * (gsk-layer-compile-deform.c) */
  guint deformed : 1;
  /* 1 + the index of the item its whole subtree makes in the innermost
   * context, or 0 (in the same word as the flags: the walk copies
   * frames by the thousand) */
  guint whole_item : GSK_LAYER_CONTEXT_ITEM_BITS;
  guint group_index;    /* into Compiler.groups, if pushed_group or pushed_clip */
} Frame;

typedef struct {
  guint op_index;
  Box bounds;
  /* A group with masks: what they show, intersected (has_mask) */
  gboolean has_mask;
  Box mask;
} Group;

typedef struct {
  GskLayerRenderList *list;
  GArray *damage;       /* of Box; appended to by damage_box() */
  Frame *stack;
  guint n_stack;
  guint n_stack_allocated;
  GArray *groups;
  guint n_open_groups;  /* PUSH_GROUPs in groups */
  /* Where @list's ops go in the frame's list (a part compiled apart
   * starts past 0), and that list's generation: what layers record */
  guint op_base;
  guint generation;
  /* Layers remember where their ops are (not when compiling a copy) */
  gboolean record;
  /* The target in layout units: the walk's first clip */
  Box target;
  /* Of Context: the 3D rendering contexts open on the way down, or NULL
   * before the first */
  GArray *contexts;
  /* Of the copies of clones' sources being walked, innermost last (NULL
   * before the first): while there is one, the walk changes nothing of
   * the layers it passes */
  GArray *copies;
  /* Of the deformed layers' mesh groups open, innermost last (NULL
   * before the first) */
  GArray *deforms;
} Compiler;

static inline gboolean
gsk_layer_compile_copying (const Compiler *c)
{
  return c->copies != NULL && c->copies->len > 0;
}

/* The bounds of @p's children changed. Picking builds its cache when
 * it needs it, from the bounds compiled: most frames of a big flat tree
 * are never picked */
static inline void
gsk_layer_compile_pick_cache_changed (GskLayerPrivate *p)
{
  if (p->n_children >= GSK_LAYER_PICK_CACHE_MIN)
    p->pick_cache_stale = TRUE;
  else
    g_clear_pointer (&p->pick_cache, g_free);
}

/* Runs the walk until its stack is empty (gsk-layer-compile.c) */
void gsk_layer_compile_run_walk   (Compiler           *c);
/* The walk works in layout units; this puts a list in its target's
 * pixels (gsk-layer-compile.c) */
void gsk_layer_compile_scale_list (GskLayerRenderList *list);
/* Compiles what changed since @c's list was compiled from @root, each
 * changed subtree in place of its old ops; FALSE where the list must be
 * compiled in full (gsk-layer-compile-changes.c) */
gboolean gsk_layer_compile_changes (Compiler *c,
                                    GskLayer *root);

/* Onto the walk's stack (gsk-layer-compile.c) */
void gsk_layer_compile_push_frame (Compiler    *c,
                                   const Frame *f);
/* Clears the marks of the tree under @root, as a walk that skips it
 * does (gsk-layer-compile.c) */
void gsk_layer_compile_settle     (GskLayer    *root);

/* The compile's own helpers, for its other files (gsk-layer-compile.c):
 * a layer's name for ops, a draw op of @p's, the target box of @p's
 * bounds, the end of the innermost group or clip, and dropping the ops
 * from @start on */
const char       *gsk_layer_compile_debug_name     (GskLayer              *layer,
                                                    GskLayerPrivate       *p);
GskLayerRenderOp *gsk_layer_compile_append_draw_op (Compiler              *c,
                                                    GskLayerRenderOpKind   kind,
                                                    GskLayerPrivate       *p,
                                                    const float           *m,
                                                    const char            *debug_name,
                                                    const graphene_rect_t *bounds,
                                                    const Box             *screen,
                                                    float                  opacity);
Box               gsk_layer_compile_own_box        (GskLayerPrivate       *p);
Box               gsk_layer_compile_pop_group      (Compiler              *c,
                                                    GskLayerRenderOpKind   pop_kind);
void              gsk_layer_compile_drop_ops       (Compiler              *c,
                                                    guint                  start);

/* Draws the masks of the layer @frame exits at the end of its group;
 * TRUE if @frame went back on the stack behind its mask layer's tree
 * (gsk-layer-compile-mask.c) */
gboolean gsk_layer_compile_open_masks      (Compiler *c,
                                            Frame    *frame);
/* Closes the innermost mask group; one that drew nothing leaves its
 * group showing nothing */
void     gsk_layer_compile_pop_mask_group  (Compiler *c);

/* Starts the copy of @clone's source: a frame that walks the source's
 * tree, and one that ends the copy (gsk_layer_compile_end_copy ()),
 * with the clone's @clip; @changed: the clone changed, so damage all its
 * copy drew. FALSE if nothing is drawn (too deep, or a singular
 * source). gsk-layer-compile-clone.c */
gboolean gsk_layer_compile_push_copy (Compiler    *c,
                                      GskLayer    *clone,
                                      const Box   *clip,
                                      gboolean     changed);
void     gsk_layer_compile_end_copy  (Compiler    *c,
                                      const Frame *marker);
/* The source the innermost copy walks (one must be open) */
GskLayer *gsk_layer_compile_copy_source (const Compiler *c);

/* Carries the ops from @start on into the space @map takes target
 * space to, within @clip there; returns the box of what they draw
 * (gsk-layer-compile-clone.c) */
Box      gsk_layer_compile_place_ops (Compiler                *c,
                                      guint                    start,
                                      const graphene_matrix_t *map,
                                      const Box               *clip);

/* Opens the mesh group of a deformed layer: returns its content's
 * clip (all of its space: the offscreen shows parts out of sight);
 * FALSE if it is not drawn deformed. The layer's exit frame then ends
 * it (gsk_layer_compile_end_deform ()). gsk-layer-compile-deform.c */
gboolean gsk_layer_compile_is_deformed  (GskLayerPrivate *p);
gboolean gsk_layer_compile_begin_deform (Compiler  *c,
                                         GskLayer  *layer,
                                         gboolean   dirty,
                                         Box       *clip);
void     gsk_layer_compile_end_deform   (Compiler  *c,
                                         Frame     *frame);
/* The target box of the tiles of the mesh group @op */
Box      gsk_layer_compile_mesh_box     (const GskLayerRenderOp *op);

/* A plane of a 3D rendering context: a layer's own ops (a preserve-3d
 * layer's), or all of its subtree's (a flat layer, or one that a group
 * or a clip makes flat), [start, end) of the list */
typedef struct {
  GskLayer *layer;
  guint start;
  guint end;
} Item;

typedef struct {
  guint start;
  GArray *items;
  /* Something in it changed: how its planes are cut may have changed
   * anywhere in it */
  gboolean changed;
} Context;

Context *gsk_layer_compile_open_context  (Compiler *c);
/* Adds the plane [@start, @end) of @layer to the innermost context;
 * returns 1 + its index */
guint    gsk_layer_compile_add_item      (Compiler *c,
                                          GskLayer *layer,
                                          guint     start,
                                          guint     end);
/* Puts the innermost context's ops in depth order, and closes it */
void     gsk_layer_compile_close_context (Compiler *c);
void     gsk_layer_compile_free_contexts (Compiler *c);

/* A layer of the innermost open context changed */
static inline void
gsk_layer_compile_context_changed (Compiler *c)
{
  if (c->contexts != NULL && c->contexts->len > 0)
    g_array_index (c->contexts, Context, c->contexts->len - 1).changed = TRUE;
}

/* @p's clip-path (its style has one) laid out in @shape, its box in
 * target space in @box, and @clip narrowed to it; FALSE where the shape
 * is empty (@clip then empty: nothing of the layer shows).
 * gsk-layer-compile-clip.c */
gboolean gsk_layer_compile_resolve_clip_path (GskLayerPrivate       *p,
                                              const float           *m,
                                              GskLayerResolvedShape *shape,
                                              Box                   *clip,
                                              Box                   *box);
/* The PUSH_CLIP of @shape (its path taken), within @clip */
void     gsk_layer_compile_push_shape        (Compiler              *c,
                                              GskLayerPrivate       *p,
                                              const float           *m,
                                              const char            *debug_name,
                                              GskLayerResolvedShape *shape,
                                              const Box             *clip);
/* The ops from @start on, none rounded, rounded to @shape's rectangle */
void     gsk_layer_compile_round_ops         (Compiler                    *c,
                                              guint                        start,
                                              const GskLayerResolvedShape *shape);

/* The target-space box of @p's clip-path (its style has one; its world
 * matrix fresh) */
Box gsk_layer_compile_clip_path_box (GskLayerPrivate *p);

G_END_DECLS
