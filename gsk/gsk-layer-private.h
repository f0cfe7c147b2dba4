/* gsk-layer-private.h: what the rest of the library sees of a layer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer.h"
#include "gsk-layer-geometry-private.h"

G_BEGIN_DECLS

typedef struct _GskLayerPrivate GskLayerPrivate;
typedef struct _GskLayerTopLevel GskLayerTopLevel;
typedef struct _GskLayerContentCache GskLayerContentCache;
typedef struct _GskLayerStyleCache GskLayerStyleCache;
typedef struct _GskLayerPickCache GskLayerPickCache;
typedef struct _GskLayerAnimation GskLayerAnimation;
typedef struct _GskLayerContext3D GskLayerContext3D;

/* What the layer holds of its subsystems, opaque to the core */
typedef struct _GskLayerStyle GskLayerStyle;
typedef struct _GskLayerLayoutManager GskLayerLayoutManager;
typedef struct _GskLayerGlyphRun GskLayerGlyphRun;
/* Its accessible role and attributes (gsk-layer-accessible.c), or NULL */
typedef struct _GskLayerAccessible GskLayerAccessible;

/* A box in target space by its edges: unlike a graphene_rect_t, a box
 * that reaches far keeps its near edges exact. Empty when x0 >= x1 or
 * y0 >= y1. */
typedef struct
{
  float x0, y0, x1, y1;
} GskLayerBox;

#define GSK_LAYER_BOX_EMPTY ((GskLayerBox) { G_MAXFLOAT, G_MAXFLOAT, -G_MAXFLOAT, -G_MAXFLOAT })

struct _GskLayerPickCache
{
  guint n_children;
  struct {
    float x0, y0, x1, y1;
    GskLayer *layer;
    gboolean trusted;
  } children[];
};

/* Layers with fewer children are picked without a cache */
#define GSK_LAYER_PICK_CACHE_MIN 16

/* Shows the layer's glyphs (a text layer's) at @scale raster pixels per
 * unit, clipped to @clip (its content box in whole raster pixels) whose
 * corner is the content box's: what the compile asks for instead of
 * calling draw(). NULL: draw() instead. */
typedef GskLayerGlyphRun * (* GskLayerGlyphFunc) (GskLayer              *layer,
                                                  float                  scale,
                                                  const graphene_rect_t *clip);

/* What a layer of a 3D rendering context, or one that starts a context,
 * keeps (gsk-layer-space.c): the product of the local matrices from its
 * own space up to the root of the context, and the world matrix of the
 * plane the context is flattened into (the flat layer that holds it;
 * identity at the top level). Its children and the compile's ordering
 * of the context's planes read it. */
struct _GskLayerContext3D
{
  graphene_matrix_t accumulated;
  graphene_matrix_t base;
};

/* A deformed layer's mesh (gsk/deform/): @n_x × @n_y tiles whose
 * corners the deformation moved to @points (layer space, rows from the
 * top), for a layer of @size. The deform module keeps it; the draw pass
 * calls @update when @dirty or the layer's size is not @size (user code
 * may run there, as in draw()); the compile draws the layer through it.
 * @back_color: straight RGBA for the tiles seen from behind (no alpha:
 * the layer mirrored). @drawn: the target box of the tiles, drawn last. */
typedef struct _GskLayerMesh GskLayerMesh;

struct _GskLayerMesh
{
  guint n_x;
  guint n_y;
  graphene_point3d_t *points;
  graphene_size_t size;
  float back_color[4];
  gboolean dirty;
  void (* update) (GskLayer *layer);
  graphene_rect_t drawn;
};

struct _GskLayerPrivate
{
  GskLayer *parent;
  GskLayer *first_child;
  GskLayer *last_child;
  GskLayer *prev_sibling;
  GskLayer *next_sibling;
  guint n_children;
  /* Its mask (gsk-layer-mask.c), whose parent it is, though not in its
   * list of children */
  GskLayer *mask_layer;
  /* A clone's source, held (gsk-layer-clones.c); a source's clones, not
   * held (NULL: none); what a clone's copy of its source drew last, in
   * target space */
  GskLayer *clone_source;
  GPtrArray *clones;
  graphene_rect_t clone_bounds;
  /* Drawn deformed, through this mesh (gsk/deform/), or NULL */
  GskLayerMesh *mesh;

  /* Bumped on every change to the list of children, for iterators */
  guint children_age;

  graphene_point_t position;
  graphene_size_t size;
  graphene_point3d_t pivot;
  float z_position;
  float opacity;
  /* CSS border-radius as set, not yet resolved against the size: per
   * corner (top-left, top-right, bottom-right, bottom-left) a
   * horizontal and a vertical radius, x0 y0 x1 y1 …, in pixels or, where
   * its bit (1 << index) of corner_percent is set, in percent of the
   * width (horizontal) or height (vertical) */
  float corner_radii[8];
  guint8 corner_percent;
  /* The style last set, as declared */
  GskLayerStyle *style;
  /* Its background and border drawn (gsk_layer_style_draw_box()), when
   * it has a border, and what they were drawn for: the frame pipeline's
   * (gsk/frame) */
  GskLayerStyleCache *style_cache;

  GskLayerTransform *transform;
  GskLayerTransform *child_transform;
  /* What the child transform is applied about, when child_origin_set:
   * child_origin relative to the size, plus child_origin_offset in
   * layout units (a style's perspective-origin in lengths); else the
   * pivot point */
  graphene_point_t child_origin;
  graphene_point_t child_origin_offset;
  /* CSS's translate, rotate and scale properties (the rotation in
   * degrees about rotate_axis), and the transform they make, applied
   * before @transform about the pivot; NULL while they are identities */
  graphene_point3d_t translate;
  graphene_point3d_t scale;
  float rotate;
  graphene_point3d_t rotate_axis;
  GskLayerTransform *individual;

  /* Layout (gsk-layer-layout-manager.c): the manager of the children,
   * the size asked for by hand (-1: none, per axis), and what the
   * parent's manager reads: margins (top, right, bottom, left), alignments
   * and expansion */
  GskLayerLayoutManager *layout_manager;
  graphene_size_t preferred_size;
  float margin[4];
  guint8 x_align;
  guint8 y_align;
  guint x_expand : 1;
  guint y_expand : 1;
  guint request_mode : 1;

  /* Constraints (gsk-layer-constraint.c): this layer's, and how many
   * constraints read this one (a sibling's or child's, to run again
   * when it moves) */
  GPtrArray *constraints;
  /* The box constraints start from, every layout pass: the position and
   * size the layer had before they first placed it, until something
   * other than them sets either (or a constraint comes or goes). So a
   * constraint that resizes (a snap) gives the same box every pass, as
   * in Clutter, where constraints change the allocation and not the
   * actor's own geometry; and scene files save the start, not what
   * constraints made of it */
  graphene_point_t constraint_base_position;
  graphene_size_t constraint_base;
  guint has_constraint_base : 1;
  /* gsk_layer_allocate() is placing the layer (for its constraints or
   * a layout manager): its geometry changes are not the application's */
  guint in_allocate : 1;
  /* The application set the size on that axis; where it did not, the
   * layer takes its natural size wherever no layout manager places it
   * (gsk_layer_set_natural_size ()) */
  guint width_set : 1;
  guint height_set : 1;
  guint sizing_naturally : 1;
  /* What it asks for may have changed since the parent's layout pass
   * last gave it its natural size */
  guint natural_size_dirty : 1;
  guint n_constraint_readers;
  GskLayerContent *content;
  /* Interned */
  char *name;

  /* Straight RGBA; all zero when unset */
  float background[4];

  /* Screen-space box of what this layer itself drew in the last compiled
   * frame (its own color and content, not its children), or empty */
  graphene_rect_t drawn_bounds;
  /* … and of what its filters drew in it, blurs and drop shadows
   * included, when they reach past its pixels; or empty */
  graphene_rect_t filter_bounds;

  /* Layer space → top level's target space; valid unless world_dirty */
  graphene_matrix_t world;
  /* Since the world matrix was last computed while the layer or its
   * parent was preserve_3d */
  GskLayerContext3D *context_3d;

  /* Box in target space of the whole subtree as last compiled, for
   * picking and culling */
  GskLayerBox subtree_bounds;

  /* The compile (gsk-layer-compile.c): the ops of this layer and its
   * subtree are [op_start, op_end) of the render list whose generation
   * compiled them; a frame that changed a few layers rewrites just
   * their ops in place */
  guint op_start;
  guint op_end;
  guint compile_generation;

  /* For layers with many children: those that became subtree_dirty
   * since the last compile, while dirty_children_valid (cleared when
   * the children change or there are too many); frames walk these
   * rather than all children */
  GPtrArray *dirty_children;

  /* What draw() or the glyph function made: the frame pipeline's */
  GskLayerContentCache *content_cache;
  GskLayerTopLevel *top_level;
  /* For layers with many children: their compiled subtree bounds in
   * paint order, packed, so that picking scans an array rather than
   * chasing thousands of pointers; valid while bounds_valid */
  GskLayerPickCache *pick_cache;
  GskLayerAnimation *animation;
  GskLayerGlyphFunc glyph_func;
  GskLayerAccessible *accessible;

  guint blend_mode : 5;
  guint visible : 1;
  guint reactive : 1;
  guint clip_to_bounds : 1;
  /* transform-style: preserve-3d (0: flat, the default) */
  guint preserve_3d : 1;
  /* … and no group, clip or backdrop filter makes it flat: its
   * children's planes are ordered by depth, by the compile and by
   * picking (set as soon as one of those properties changes, so that a
   * pick before the next frame agrees with one after it) */
  guint orders_planes : 1;
  /* backface-visibility: hidden */
  guint backface_hidden : 1;
  /* child_origin is in force, not the pivot point */
  guint child_origin_set : 1;
  /* The style has filters or backdrop filters (set by gsk/style) */
  guint style_groups : 1;
  /* Its style has an offset-path (CSS Motion Path) */
  guint style_moves : 1;
  /* It is its parent's mask, not a child */
  guint is_mask : 1;

  /* The cached world matrices of this layer and all its descendants are
   * out of date */
  guint world_stale : 1;
  /* Since the last compile, the layer moved (its local matrix changed):
   * damage the old and new bounds of the subtree */
  guint world_dirty : 1;
  /* The layer's own pixels changed: damage its old and new bounds */
  guint paint_dirty : 1;
  /* Opacity, blend mode, clip or visibility changed: the pixels of the
   * whole subtree changed */
  guint effects_dirty : 1;
  /* subtree_bounds were computed by a compile and nothing changed since */
  guint bounds_valid : 1;
  /* pick_cache predates the last compile: the next pick rebuilds it */
  guint pick_cache_stale : 1;
  /* draw() must be called again */
  guint content_dirty : 1;
  /* Something in this subtree is dirty: the next frame must compile */
  guint subtree_dirty : 1;
  guint needs_layout : 1;
  guint subtree_needs_layout : 1;
  /* world is singular: nothing of the subtree is drawn or picked */
  guint world_singular : 1;
  /* Some child has a non-zero z-position */
  guint children_have_z : 1;
  guint in_draw : 1;
  guint in_dispose : 1;
  /* A redraw request from here reached the top level since the last
   * compile: later ones can stop here, as in Clutter */
  guint redraw_propagated : 1;
  /* A transition is setting the value on screen: no implicit animation,
   * no notification */
  guint updating_presentation : 1;
  /* When last compiled, the layer was inside a group (PUSH_GROUP) of an
   * ancestor, whose bounds its ops make */
  guint compiled_in_group : 1;
  /* dirty_children lists every dirty child */
  guint dirty_children_valid : 1;
  /* More children than dirty_children holds changed in the last frame
   * (an animation of them all): the next frames do not note them, until
   * one where few changed */
  guint dirty_children_overflowed : 1;
  /* Children were added, removed or reordered (a z-position changed)
   * since the last compile */
  guint children_changed : 1;
};

/* Set when the GskLayer class is initialized, which is before any
 * layer exists */
extern int gsk_layer_private_offset;

/* Bumped whenever any layer gains or loses a child, so that walks that
 * let user code run can tell cheaply whether the tree changed */
extern guint64 gsk_layer_tree_serial;

static inline GskLayerPrivate *
gsk_layer_get_private (GskLayer *self)
{
  return G_STRUCT_MEMBER_P (self, gsk_layer_private_offset);
}

/* Past this many dirty children, scanning them all costs about as much
 * as noting them */
static inline guint
gsk_layer_dirty_children_max (GskLayerPrivate *p)
{
  return MAX (GSK_LAYER_PICK_CACHE_MIN, p->n_children / 8);
}

/* @child of @parent_priv's layer just became subtree_dirty: noted, so
 * that the next frame visits it without scanning all its siblings */
static inline void
gsk_layer_note_dirty_child (GskLayerPrivate *parent_priv,
                            GskLayer        *child)
{
  GPtrArray *list = parent_priv->dirty_children;

  if (!parent_priv->dirty_children_valid)
    return;
  /* Past this many, scanning them all costs about as much */
  if (list->len >= gsk_layer_dirty_children_max (parent_priv))
    {
      parent_priv->dirty_children_valid = FALSE;
      parent_priv->dirty_children_overflowed = TRUE;
      return;
    }
  g_ptr_array_add (list, child);
}

/* The compile left @p and all its children clean: start noting again,
 * if @p has children enough to be worth it */
static inline void
gsk_layer_reset_dirty_children (GskLayerPrivate *p)
{
  p->children_changed = FALSE;
  if (p->n_children < GSK_LAYER_PICK_CACHE_MIN)
    {
      p->dirty_children_valid = FALSE;
      g_clear_pointer (&p->dirty_children, g_ptr_array_unref);
      return;
    }
  if (p->dirty_children == NULL)
    p->dirty_children = g_ptr_array_new ();
  g_ptr_array_set_size (p->dirty_children, 0);
  p->dirty_children_valid = !p->dirty_children_overflowed;
}

/* The children of @self changed (added, removed, reordered): a frame
 * must look at them all */
static inline void
gsk_layer_note_children_changed (GskLayerPrivate *p)
{
  p->children_changed = TRUE;
  p->dirty_children_valid = FALSE;
}

typedef enum {
  GSK_LAYER_DIRTY_WORLD   = 1 << 0,
  GSK_LAYER_DIRTY_PAINT   = 1 << 1,
  GSK_LAYER_DIRTY_EFFECTS = 1 << 2,
  GSK_LAYER_DIRTY_CONTENT = 1 << 3,
} GskLayerDirtyFlags;

/* transform-style: preserve-3d, unless one of CSS Transforms 2's
 * grouping properties makes the layer flat: opacity below 1, a blend
 * mode, clipping, filters or a backdrop filter. What the world matrices,
 * the compile and picking all go by. */
/* A layer nothing holds: no parent, and no layer it is the mask of
 * (gsk_layer_get_parent () says NULL for both): what may be a top
 * level */
static inline gboolean
gsk_layer_is_top_level (GskLayer *self)
{
  return gsk_layer_get_private (self)->parent == NULL;
}

static inline gboolean
gsk_layer_preserves_3d (const GskLayerPrivate *p)
{
  return p->preserve_3d && p->opacity >= 1.f && p->blend_mode == GSK_LAYER_BLEND_NORMAL &&
         !p->clip_to_bounds && !p->style_groups && p->mask_layer == NULL && p->mesh == NULL;
}

/* A grouping property of @self changed: where that turns it flat or back
 * to preserve-3d, its children's matrices (and its own context) change.
 * gsk-layer.c */
/* The point the child transform applies about, in @p's coordinates */
static inline void
gsk_layer_get_child_pivot (const GskLayerPrivate *p,
                           graphene_point3d_t    *pivot)
{
  if (p->child_origin_set)
    graphene_point3d_init (pivot,
                           p->child_origin.x * p->size.width + p->child_origin_offset.x,
                           p->child_origin.y * p->size.height + p->child_origin_offset.y,
                           0.f);
  else
    graphene_point3d_init (pivot,
                           p->pivot.x * p->size.width,
                           p->pivot.y * p->size.height,
                           p->pivot.z);
}

/* For a style's perspective-origin: @relative to the size plus @offset
 * in layout units; %NULL @relative for the pivot point */
void gsk_layer_set_child_origin (GskLayer               *self,
                                 const graphene_point_t *relative,
                                 const graphene_point_t *offset);

void gsk_layer_grouping_changed (GskLayer *self,
                                 gboolean  preserved_before);

/* Number of layers that have animation state, so that tree changes can
 * skip looking for transitions when there are none */
extern guint gsk_layer_n_animated;

/* Number of layers whose class overrides the redraw or relayout
 * requests: while there are none, setting a property runs no code but
 * GSK's, and animations can skip holding their layers */
extern guint gsk_layer_n_meddlers;

/* What gsk_layer_changed() does once the layer's own marks are set */
void gsk_layer_changed_above (GskLayer *self);

/* The marks of a change of @self whose @parent is marked this frame and
 * passed a request from @self or a sibling up the tree: the layer's
 * own, the request as sent */
/* Marks the clones of @source changed: its tree was (gsk-layer-clones.c) */
void gsk_layer_clones_changed (GskLayer *source);
/* Makes @self a clone of @source (NULL: of nothing), which it holds */
void gsk_layer_set_clone_source (GskLayer *self,
                                 GskLayer *source);

static inline void
gsk_layer_mark_below_marked (GskLayer        *self,
                             GskLayerPrivate *priv,
                             GskLayerPrivate *parent)
{
  gboolean tell_clones = G_UNLIKELY (priv->clones != NULL) && !priv->subtree_dirty;

  if (!priv->subtree_dirty)
    gsk_layer_note_dirty_child (parent, self);
  priv->bounds_valid = FALSE;
  priv->subtree_dirty = TRUE;
  priv->paint_dirty = TRUE;
  priv->redraw_propagated = TRUE;
  if (tell_clones)
    gsk_layer_clones_changed (self);
}

/* Records a change and sends the redraw request up the tree. Inline,
 * for what animations do thousands of times a frame: change layers
 * whose parent is marked already this frame, where the marks are all
 * there up to the top level and a request from the layer or a sibling
 * went up, so only the layer's own marks need setting. */
static inline void
gsk_layer_changed (GskLayer           *self,
                   GskLayerDirtyFlags  flags)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerPrivate *parent;

  if (flags & GSK_LAYER_DIRTY_WORLD)
    {
      priv->world_dirty = TRUE;
      priv->world_stale = TRUE;
    }
  if (flags & GSK_LAYER_DIRTY_PAINT)
    priv->paint_dirty = TRUE;
  if (flags & GSK_LAYER_DIRTY_EFFECTS)
    priv->effects_dirty = TRUE;
  if (flags & GSK_LAYER_DIRTY_CONTENT)
    {
      priv->content_dirty = TRUE;
      priv->paint_dirty = TRUE;
    }

  /* With no class about that overrides the requests, GskLayer's own
   * handler passes this one on as far as the sibling's went */
  if (priv->parent != NULL &&
      (parent = gsk_layer_get_private (priv->parent))->subtree_dirty &&
      (priv->redraw_propagated ||
       (parent->redraw_propagated && !priv->in_dispose && gsk_layer_n_meddlers == 0)))
    {
      gsk_layer_mark_below_marked (self, priv, parent);
      return;
    }

  gsk_layer_changed_above (self);
}

/* {{{ Hooks for the animation subsystem (gsk/animation/)
 *
 * The core never calls animation code directly: a layer's animation
 * state (priv->animation) is made by the animation subsystem, which
 * installs these hooks before it makes the first, so the core calls
 * them only for layers that have such state. */
typedef struct
{
  /* Called by animatable setters before they set anything: with an
   * easing state in force, starts (or retargets) an implicit transition
   * toward @value and returns TRUE; the setter must then return.
   * Otherwise drops any transition of the property and returns FALSE. */
  gboolean       (* animate_property) (GskLayer     *self,
                                       GParamSpec   *pspec,
                                       const GValue *value);
  /* The model value of a property while it animates, or NULL */
  const GValue * (* get_model_value)  (GskLayer     *self,
                                       GParamSpec   *pspec);
  /* The layer's frame clock may have changed */
  void           (* clock_changed)    (GskLayer     *self);
  /* Stops and removes every transition; @notify for properties whose
   * getters return another value then */
  void           (* remove_all)       (GskLayer     *self,
                                       gboolean      notify);
  /* The layer is finalized */
  void           (* free)             (GskLayerAnimation *animation);
  /* Layout that animates with its container: keeps on @self the easing
   * state in force on @source (itself or a child), if one is, for its
   * next layout pass */
  void           (* capture_layout_easing) (GskLayer *self,
                                            GskLayer *source);
  /* Around @self's layout pass: what was captured is used, then spent */
  void           (* begin_layout)     (GskLayer           *self);
  void           (* end_layout)       (GskLayer           *self);
  /* Moves and sizes a child for its parent's layout: with the easing
   * captured for that layout, animated; without, retargeting its
   * running position and size animations over what is left of them,
   * rather than making them jump */
  void           (* allocate)         (GskLayer               *self,
                                       const graphene_point_t *position,
                                       const graphene_size_t  *size);
} GskLayerAnimationHooks;

extern const GskLayerAnimationHooks *gsk_layer_animation_hooks;

/* {{{ Hooks for style, layout and the frame pipeline
 *
 * As with animation, the core calls none of their code directly. Style
 * and layout install their hooks as their types are registered, which
 * GskLayer's class_init does for its properties (so they are in place
 * before any layer exists); the frame pipeline installs its own before
 * it gives a layer its first cache. */
typedef struct
{
  /* gsk_layer_set_style () and gsk_layer_get_style (), for the property */
  void            (* set)   (GskLayer      *self,
                             GskLayerStyle *style);
  GskLayerStyle * (* get)   (GskLayer      *self);
  void            (* unref) (GskLayerStyle *style);
  /* Whether @point of @p's layer space is inside its clip-path (TRUE
   * where it has none), for picking */
  gboolean        (* clip_path_contains) (GskLayerPrivate        *p,
                                          const graphene_point_t *point);
  /* @p's offset transform (CSS Motion Path) as a 2D affine map about its
   * pivot, for layers whose style moves them; FALSE for none */
  gboolean        (* offset_transform) (GskLayerPrivate *p,
                                        float            t[6]);
} GskLayerStyleHooks;

extern const GskLayerStyleHooks *gsk_layer_style_hooks;

/* Indices among GskLayer's properties, from its first layout property */
enum {
  GSK_LAYER_LAYOUT_PROP_LAYOUT_MANAGER,
  GSK_LAYER_LAYOUT_PROP_PREFERRED_SIZE,
  GSK_LAYER_LAYOUT_PROP_MARGIN_TOP,
  GSK_LAYER_LAYOUT_PROP_MARGIN_RIGHT,
  GSK_LAYER_LAYOUT_PROP_MARGIN_BOTTOM,
  GSK_LAYER_LAYOUT_PROP_MARGIN_LEFT,
  GSK_LAYER_LAYOUT_PROP_X_ALIGN,
  GSK_LAYER_LAYOUT_PROP_Y_ALIGN,
  GSK_LAYER_LAYOUT_PROP_X_EXPAND,
  GSK_LAYER_LAYOUT_PROP_Y_EXPAND,
  GSK_LAYER_LAYOUT_PROP_REQUEST_MODE,
  GSK_LAYER_N_LAYOUT_PROPS
};

typedef struct
{
  /* The layout properties of GskLayer (GSK_LAYER_N_LAYOUT_PROPS of them),
   * which it installs, and reads and writes through these: TRUE if
   * @prop (an index above) was one */
  void     (* install_properties) (GParamSpec   **pspecs);
  gboolean (* set_property)       (GskLayer      *self,
                                   guint          prop,
                                   const GValue  *value);
  gboolean (* get_property)       (GskLayer      *self,
                                   guint          prop,
                                   GValue        *value);
  /* A new layer's defaults; a disposed layer's manager and constraints */
  void     (* init)               (GskLayer      *self);
  void     (* dispose)            (GskLayer      *self);
  /* GskLayerClass's measure() and layout_children() */
  void     (* measure)            (GskLayer            *self,
                                   GskLayerOrientation  orientation,
                                   float                for_size,
                                   float               *minimum,
                                   float               *natural);
  void     (* layout_children)    (GskLayer      *self);
} GskLayerLayoutHooks;

extern const GskLayerLayoutHooks *gsk_layer_layout_hooks;

/* In gsk-layer-space.c: gsk_layer_pick () on a top level, as if
 * @excluded and its subtree were not there (what a dragged layer is
 * over) */
GskLayer *gsk_layer_pick_excluding (GskLayer *self,
                                    float     x,
                                    float     y,
                                    GskLayer *excluded);

/* In gsk-layer.c: sets the size of @self on the axes the application
 * did not set, which stay its natural size (layout, a text layer's own
 * text, a hosted widget's) */
void gsk_layer_set_natural_size (GskLayer              *self,
                                 const graphene_size_t *size);

/* In gsk-layer.c: notifies the layout property @prop (an index above) */
void gsk_layer_notify_layout (GskLayer *self,
                              guint     prop);

typedef struct
{
  /* The layer is finalized with a style or content cache */
  void (* free_caches) (GskLayer *self);
} GskLayerFrameHooks;

extern const GskLayerFrameHooks *gsk_layer_frame_hooks;

/* }}} */

/* For the animatable setters of subclasses (and the style's), as the
 * core's ANIMATE_OR_CONTINUE: with an easing state in force, hands
 * @value to a transition and returns TRUE (the setter then returns) */
static inline gboolean
gsk_layer_animate_value (GskLayer     *self,
                         GParamSpec   *pspec,
                         const GValue *value)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (G_LIKELY (priv->animation == NULL || priv->updating_presentation))
    return FALSE;
  return gsk_layer_animation_hooks->animate_property (self, pspec, value);
}

/* For subclasses' getters: the model value of @pspec while it animates,
 * or NULL, as it is NULL while gsk_layer_get_presentation_value () reads
 * what is on screen through the getter */
static inline const GValue *
gsk_layer_peek_model_value (GskLayer   *self,
                            GParamSpec *pspec)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (G_LIKELY (priv->animation == NULL || priv->updating_presentation))
    return NULL;
  return gsk_layer_animation_hooks->get_model_value (self, pspec);
}

/* For gsk_layer_set_style() and gsk_layer_get_style(): hands @style to
 * an implicit animation (TRUE: the setter returns), and the style the
 * getter returns (where an animation goes) */
gboolean       gsk_layer_animate_style   (GskLayer      *self,
                                          GskLayerStyle *style);
GskLayerStyle *gsk_layer_get_model_style (GskLayer      *self);

void gsk_layer_emit_transitions_completed (GskLayer *self);

/* The frame clock of the top level of @self's tree, or NULL */
GskLayerFrameClock *gsk_layer_top_level_get_clock (GskLayer *self);

/* Gives the top-level @root's tree @clock; on a change, the clock_changed
 * hook runs for every animated layer of the tree */
void gsk_layer_top_level_set_clock (GskLayer           *root,
                                    GskLayerFrameClock *clock);

/* Presentation values: what is on screen while an animation runs. Setting
 * them changes neither the model nor notifies. */

/* GskLayer's own float, point, size and color properties, given as up to
 * 4 floats (the components in order, a color as RGBA); returns FALSE,
 * setting nothing, for other properties. With @pending, a property
 * written in place (opacity) adds the marks it needs there rather than
 * making them: the caller makes them with gsk_layer_changed() before
 * anything else runs (an animation tick, once per layer) */
gboolean gsk_layer_present_floats (GskLayer           *self,
                                   GParamSpec         *pspec,
                                   const float        *v,
                                   GskLayerDirtyFlags *pending);

/* The opacity on screen, as gsk_layer_present_floats() sets it: inline,
 * since animations set it for thousands of layers a frame. Easings that
 * overshoot may leave [0, 1]; NaN goes to 0. */
static inline void
gsk_layer_present_opacity (GskLayer           *self,
                           float               value,
                           GskLayerDirtyFlags *pending)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  float opacity = value > 0.f ? MIN (value, 1.f) : 0.f;

  if (priv->opacity == opacity)
    return;
  priv->opacity = opacity;
  if (pending)
    *pending |= GSK_LAYER_DIRTY_EFFECTS;
  else
    gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
}

/* A transform property; takes @transform */
void gsk_layer_set_presentation_transform (GskLayer          *self,
                                           GParamSpec        *pspec,
                                           GskLayerTransform *transform);

/* The transform on screen for the transform or child-transform, or
 * NULL for any other property */
GskLayerTransform *gsk_layer_peek_presentation_transform (GskLayer   *self,
                                                          GParamSpec *pspec);

/* The transform on screen for @pspec (transform or child-transform) was
 * rewritten in place by its animation: the layer or its children moved.
 * With @pending, as gsk_layer_present_floats() */
void gsk_layer_presentation_transform_rewritten (GskLayer           *self,
                                                 GParamSpec         *pspec,
                                                 GskLayerDirtyFlags *pending);

/* Whether setting a property of a layer of @klass can run code other
 * than GskLayer's own (overridden redraw or relayout requests) */
gboolean gsk_layer_class_is_plain (GskLayerClass *klass);

/* }}} */

/* A scalable image (SVG): drawn at the size it is shown at, as a
 * delegate is */
gboolean gsk_layer_image_content_is_scalable (GskLayerImageContent *self);

/* Whether the class overrides draw() */
gboolean gsk_layer_has_draw (GskLayer *self);

/* For a layer that shows text: the compile asks @func for its glyphs
 * rather than calling draw() (which it still calls where @func returns
 * NULL, and for content too large to be shown whole) */
void     gsk_layer_set_glyph_func (GskLayer          *self,
                                   GskLayerGlyphFunc  func);

/* Children in drawing order (increasing z-position, then child order);
 * returns the number of children. The array is owned by the caller, who
 * must g_free() it unless it is @stack_buf. */
guint gsk_layer_get_paint_order (GskLayer   *self,
                                 GskLayer  **stack_buf,
                                 guint       stack_len,
                                 GskLayer ***out_children);

/* Matrix from the layer's space to its parent's, including the parent's
 * child-transform */
/* Whether the back of @self faces the viewer, as CSS decides it: by the
 * normal of its plane under its accumulated 3D transform (in its 3D
 * rendering context, or its local one), so that a mirror is not a back.
 * Its world matrix must be fresh. gsk-layer-space.c */
gboolean gsk_layer_shows_back (GskLayer *self);

/* Projects a map onto the plane z = 0 as CSS Transforms 2 flattens: the
 * output z depends on nothing and the input z moves nothing, while x, y
 * and w (perspective included) are kept. gsk-layer-space.c */
void gsk_layer_flatten_to_plane (graphene_matrix_t *m);

void gsk_layer_get_local_matrix (GskLayer          *self,
                                 graphene_matrix_t *out_matrix);

/* Computes priv->world and priv->world_singular of @self from its parent's
 * (which must be valid); the compile and gsk_layer_update_world() both
 * use it, so that a world matrix does not depend on which computed it */
void gsk_layer_compute_world (GskLayer *self);

/* Makes priv->world of @self valid (recomputing stale ancestors) */
void gsk_layer_update_world (GskLayer *self);

/* Maps a point in target space onto the layer's plane; FALSE if the
 * layer is singular or the point lies behind the viewer */
gboolean gsk_layer_unproject (const graphene_matrix_t *world,
                              const graphene_point_t  *screen_point,
                              graphene_point_t        *out_point);

/* Follows the layer's point (@u, @v) through @world's projection: where
 * it lands in target space (@screen, nullable) and the Jacobian of the
 * map there (@jacobian: ∂x/∂u, ∂x/∂v, ∂y/∂u, ∂y/∂v), in double. FALSE,
 * setting nothing, if the point lies behind the viewer (w ≤ 1e-5). */
gboolean gsk_layer_project_jacobian (const graphene_matrix_t *world,
                                     double                   u,
                                     double                   v,
                                     graphene_point_t        *screen,
                                     double                   jacobian[4]);

/* Whether @world flattens the layer's plane to nothing */
gboolean gsk_layer_matrix_is_singular (const graphene_matrix_t *world);

/* Content: gsk-layer-content.c */
/* The content rasterized at @width × @height, shared by every layer that
 * asks for the same size; for an image, the image itself */
cairo_surface_t *gsk_layer_content_get_surface (GskLayerContent *content,
                                                int              width,
                                                int              height);

/* Whether the PNG image that starts with @data (@length bytes, 24 are
 * enough) is small enough to decode: within GSK_LAYER_MAX_SURFACE_SIZE
 * and GSK_LAYER_MAX_SURFACE_PIXELS. Data that is not a PNG passes, for
 * the decoder to refuse. */
gboolean gsk_layer_png_size_is_allowed (const guchar  *data,
                                        gsize          length,
                                        GError       **error);

#define GSK_LAYER_PNG_DATA_URI "data:image/png;base64,"

/* The image of a data: URI of a PNG (GSK_LAYER_PNG_DATA_URI…), if it
 * decodes and is small enough; NULL with an error in GSK_LAYER_ERROR */
cairo_surface_t *gsk_layer_png_data_uri_decode (const char  *uri,
                                                GError     **error);

/* Sets the eight radii of CSS border-radius and the bits of those that
 * are percentages (see GskLayerPrivate.corner_radii); returns whether
 * they changed. gsk-layer.c */
gboolean gsk_layer_set_corner_radii (GskLayer    *self,
                                     const float  radii[8],
                                     guint8       percent);

/* The radii the corners of @p are drawn with, per corner (top-left,
 * top-right, bottom-right, bottom-left): resolved against its size and
 * scaled down as CSS does where adjacent radii would overlap. Returns
 * whether any corner is rounded; @radii is only meaningful then.
 * gsk-layer-space.c */
gboolean gsk_layer_resolve_corner_radii (GskLayerPrivate *p,
                                         graphene_size_t  radii[4]);

/* Like gdk_rgba_to_string(), which rounds to 8 bits and 6 digits, but
 * lossless: gdk_rgba_parse() reads it back as @color. gsk-layer-color.c */
char *gsk_layer_color_to_string (const GdkRGBA *color);

/* The colour at @t between @from and @to, through premultiplied space
 * as CSS Color 4 interpolates; @t may leave [0, 1], the result is
 * clamped */
GdkRGBA gsk_layer_rgba_interpolate (const GdkRGBA *from,
                                    const GdkRGBA *to,
                                    double         t);

/* The top level's record of what must be redrawn */
void gsk_layer_top_level_add_damage (GskLayer              *root,
                                     const graphene_rect_t *screen_rect);
cairo_region_t *gsk_layer_top_level_take_damage (GskLayer *root);
gboolean gsk_layer_top_level_has_damage (GskLayer *root);
/* Whether a renderer or a view draws the tree under @root */
gboolean gsk_layer_top_level_is_drawn (GskLayer *root);
/* Records @consumer as the one the top level's damage is computed for;
 * returns FALSE if another one had it last (damage is then meaningless) */
gboolean gsk_layer_top_level_claim (GskLayer *root,
                                    gpointer  consumer);

/* Called when a redraw or relayout request reaches the top level while
 * no frame is pending: whoever shows the tree should render one */
typedef void (* GskLayerFrameRequestFunc) (GskLayer *root,
                                           gpointer  data);

/* Sets the one function the top-level @root calls for frames; NULL
 * removes it. The record goes when @root joins a tree. */
void gsk_layer_top_level_set_frame_request_func (GskLayer                 *root,
                                                 GskLayerFrameRequestFunc  func,
                                                 gpointer                  data);

G_END_DECLS
