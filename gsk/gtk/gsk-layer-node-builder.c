/* gsk-layer-node-builder.c: a render list as GTK render nodes
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include <string.h>

#include "gsk-layer-node-builder-private.h"
#include "gsk-layer-software-backend-private.h"

/* Under Broadway, GTK sends render nodes to the browser as DOM and CSS:
 * transforms as matrix3d(), which the browser composites in 3D itself,
 * textures as images sent once each, and nodes it sent before as "reuse".
 * So each op of the render list becomes a node of its own, in layer
 * space under a transform node, and a node whose op did not change since
 * the last frame is the very same object; each content surface becomes
 * one GdkTexture for as long as the surface lives. */

/* What makes a leaf node: an op's fields, its transform made relative
 * to the enclosing clip's */
typedef struct
{
  graphene_matrix_t transform;
  graphene_rect_t bounds;
  graphene_rect_t source_rect;
  graphene_rect_t rounded_rect;
  float color[4];
  cairo_surface_t *surface;
  guint serial;
  float opacity;
  graphene_size_t corner_radii[4];
  gboolean rounded;
  GskLayerRenderOpKind kind;
} LeafKey;

typedef struct
{
  LeafKey key;
  GskRenderNode *node;
} Leaf;

/* A texture made from a content surface, kept on the surface */
typedef struct
{
  GdkTexture *texture;
  guint serial;
} SurfaceTexture;

static const cairo_user_data_key_t texture_key;

/* A group or a clip being built */
typedef struct
{
  const GskLayerRenderOp *op;   /* NULL for the top */
  GPtrArray *children;          /* GskRenderNode */
  /* Target space → this clip's layer space (the identity at the top);
   * a group keeps its parent's */
  graphene_matrix_t to_local;
  /* This clip's own transform relative to the clip enclosing it */
  graphene_matrix_t relative;
} Frame;

struct _GskLayerNodeBuilder
{
  GHashTable *leaves;           /* LeafKey → Leaf, of the last frame */
  guint n_reused;
  guint n_made;
};

static guint
leaf_key_hash (gconstpointer data)
{
  const LeafKey *key = data;
  const guint32 *words = data;
  guint hash = 5381;
  gsize i;

  /* The key is plain data with no padding holes that matter: it is
   * zeroed before it is filled */
  for (i = 0; i < sizeof (LeafKey) / sizeof (guint32); i++)
    hash = hash * 33 + words[i];
  return hash ^ GPOINTER_TO_UINT (key->surface);
}

static gboolean
leaf_key_equal (gconstpointer a,
                gconstpointer b)
{
  return memcmp (a, b, sizeof (LeafKey)) == 0;
}

static void
leaf_free (gpointer data)
{
  Leaf *leaf = data;

  gsk_render_node_unref (leaf->node);
  g_clear_pointer (&leaf->key.surface, cairo_surface_destroy);
  g_free (leaf);
}

GskLayerNodeBuilder *
gsk_layer_node_builder_new (void)
{
  GskLayerNodeBuilder *self = g_new0 (GskLayerNodeBuilder, 1);

  self->leaves = g_hash_table_new_full (leaf_key_hash, leaf_key_equal, NULL, leaf_free);
  return self;
}

void
gsk_layer_node_builder_free (GskLayerNodeBuilder *self)
{
  g_hash_table_unref (self->leaves);
  g_free (self);
}

void
gsk_layer_node_builder_get_stats (GskLayerNodeBuilder *self,
                                  guint               *n_reused,
                                  guint               *n_made)
{
  *n_reused = self->n_reused;
  *n_made = self->n_made;
}

static void
surface_texture_free (gpointer data)
{
  SurfaceTexture *st = data;

  g_object_unref (st->texture);
  g_free (st);
}

static GdkTexture *
texture_for_surface (cairo_surface_t *surface)
{
  SurfaceTexture *st = cairo_surface_get_user_data (surface, &texture_key);
  guint serial = gsk_layer_surface_get_serial (surface);
  int width, height, stride;
  GBytes *bytes;

  if (st && st->serial == serial)
    return st->texture;

  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height);

  st = g_new0 (SurfaceTexture, 1);
  st->texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
  st->serial = serial;
  g_bytes_unref (bytes);
  cairo_surface_set_user_data (surface, &texture_key, st, surface_texture_free);

  return st->texture;
}

static GskBlendMode
blend_mode (GskLayerBlendMode mode)
{
  switch (mode)
    {
    case GSK_LAYER_BLEND_MULTIPLY:    return GSK_BLEND_MODE_MULTIPLY;
    case GSK_LAYER_BLEND_SCREEN:      return GSK_BLEND_MODE_SCREEN;
    case GSK_LAYER_BLEND_OVERLAY:     return GSK_BLEND_MODE_OVERLAY;
    case GSK_LAYER_BLEND_DARKEN:      return GSK_BLEND_MODE_DARKEN;
    case GSK_LAYER_BLEND_LIGHTEN:     return GSK_BLEND_MODE_LIGHTEN;
    case GSK_LAYER_BLEND_COLOR_DODGE: return GSK_BLEND_MODE_COLOR_DODGE;
    case GSK_LAYER_BLEND_COLOR_BURN:  return GSK_BLEND_MODE_COLOR_BURN;
    case GSK_LAYER_BLEND_HARD_LIGHT:  return GSK_BLEND_MODE_HARD_LIGHT;
    case GSK_LAYER_BLEND_SOFT_LIGHT:  return GSK_BLEND_MODE_SOFT_LIGHT;
    case GSK_LAYER_BLEND_DIFFERENCE:  return GSK_BLEND_MODE_DIFFERENCE;
    case GSK_LAYER_BLEND_EXCLUSION:   return GSK_BLEND_MODE_EXCLUSION;
    case GSK_LAYER_BLEND_HUE:         return GSK_BLEND_MODE_HUE;
    case GSK_LAYER_BLEND_SATURATION:  return GSK_BLEND_MODE_SATURATION;
    case GSK_LAYER_BLEND_COLOR:       return GSK_BLEND_MODE_COLOR;
    case GSK_LAYER_BLEND_LUMINOSITY:  return GSK_BLEND_MODE_LUMINOSITY;
    case GSK_LAYER_BLEND_NORMAL:
    default:                          return GSK_BLEND_MODE_DEFAULT;
    }
}

static GskRenderNode *
in_transform (GskRenderNode           *node,
              const graphene_matrix_t *matrix)
{
  GskTransform *transform;
  GskRenderNode *result;
  float m[16];

  if (graphene_matrix_is_identity (matrix))
    return node;

  graphene_matrix_to_float (matrix, m);
  if (m[1] == 0.f && m[4] == 0.f && m[3] == 0.f && m[7] == 0.f && m[15] == 1.f)
    {
      /* A scale and a translation: said so, GTK draws it directly; a
       * matrix of unknown kind it may draw into an offscreen first, at
       * a resolution of its own */
      transform = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (m[12], m[13]));
      transform = gsk_transform_scale (transform, m[0], m[5]);
    }
  else if (fabsf (m[3]) < 1e-7f && fabsf (m[7]) < 1e-7f && fabsf (m[15] - 1.f) < 1e-6f &&
           !(m[0] * m[5] - m[1] * m[4] == 0.f))
    {
      /* Any other 2D map as a rotation, a skew and a scale, which GTK
       * knows to be 2D: cairo draws it (GTK's cairo drawing shows a
       * matrix of unknown kind as pink), GL without an offscreen. The
       * column-vector matrix [a c; b d] is R(θ) · skewX(φ) · S(sx, sy). */
      float a = m[0], b = m[1], c = m[4], d = m[5];
      float sx = hypotf (a, b), theta = atan2f (b, a);
      float c2 = cosf (theta) * c + sinf (theta) * d, sy = -sinf (theta) * c + cosf (theta) * d;

      transform = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (m[12], m[13]));
      transform = gsk_transform_rotate (transform, theta * 180.f / G_PI);
      if (fabsf (c2) > 1e-6f * fabsf (sy))
        transform = gsk_transform_skew (transform, atanf (c2 / sy) * 180.f / G_PI, 0);
      transform = gsk_transform_scale (transform, sx, sy);
    }
  else
    transform = gsk_transform_matrix (NULL, matrix);
  /* What is left in z does not move a flat quad */
  if (transform == NULL)
    return node;
  result = gsk_transform_node_new (node, transform);
  gsk_transform_unref (transform);
  gsk_render_node_unref (node);
  return result;
}

static GskRenderNode *
rounded (GskRenderNode          *node,
         const GskLayerRenderOp *op)
{
  GskRoundedRect rect;
  GskRenderNode *result;

  if (!op->rounded)
    return node;

  gsk_rounded_rect_init (&rect, &op->rounded_rect, &op->corner_radii[0], &op->corner_radii[1],
                         &op->corner_radii[2], &op->corner_radii[3]);
  result = gsk_rounded_clip_node_new (node, &rect);
  gsk_render_node_unref (node);
  return result;
}

/* The largest number of target pixels a unit of @op's layer space
 * covers, at the centre of its bounds */
static float
op_pixel_scale (const GskLayerRenderOp *op)
{
  graphene_point3d_t c, cx, cy, pc, px, py;
  float s;

  graphene_point3d_init (&c, op->bounds.origin.x + op->bounds.size.width / 2,
                         op->bounds.origin.y + op->bounds.size.height / 2, 0);
  graphene_point3d_init (&cx, c.x + 1, c.y, 0);
  graphene_point3d_init (&cy, c.x, c.y + 1, 0);
  graphene_matrix_transform_point3d (&op->transform, &c, &pc);
  graphene_matrix_transform_point3d (&op->transform, &cx, &px);
  graphene_matrix_transform_point3d (&op->transform, &cy, &py);
  s = MAX (hypotf (px.x - pc.x, px.y - pc.y), hypotf (py.x - pc.x, py.y - pc.y));
  return isfinite (s) ? CLAMP (s, 0.125f, 8.f) : 1.f;
}

/* GTK 4.8 has no node that clips to a path (or masks): @node drawn by
 * cairo through @op's path into a texture of the path's bounds, at the
 * resolution the op is shown at. What GTK draws with cairo comes out
 * the same; 3D transforms inside the clip are flattened as GTK's cairo
 * drawing flattens them. */
static GskRenderNode *
clip_to_path (GskRenderNode          *node,
              const GskLayerRenderOp *op)
{
  const graphene_rect_t *b = &op->bounds;
  float s = op_pixel_scale (op);
  int width = CLAMP ((int) ceilf (b->size.width * s), 1, 4096);
  int height = CLAMP ((int) ceilf (b->size.height * s), 1, 4096);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  GskRenderNode *result;
  GdkTexture *texture;
  GBytes *bytes;

  cairo_scale (cr, width / b->size.width, height / b->size.height);
  cairo_translate (cr, -b->origin.x, -b->origin.y);
  gsk_layer_path_to_cairo (op->path, cr);
  cairo_set_fill_rule (cr, op->fill_rule == GSK_LAYER_PATH_FILL_RULE_EVENODD ? CAIRO_FILL_RULE_EVEN_ODD
                                                                          : CAIRO_FILL_RULE_WINDING);
  cairo_clip (cr);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * height);
  texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  result = gsk_texture_node_new (texture, b);
  g_object_unref (texture);
  g_bytes_unref (bytes);
  cairo_surface_destroy (surface);
  gsk_render_node_unref (node);
  return result;
}

/* @source where @mask's alpha lets it show (and nowhere outside @mask);
 * NULL where nothing shows */
static GskRenderNode *
mask_node (GskRenderNode *source,
           GskRenderNode *mask,
           float          scale)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  /* Built against a GTK that has it: GDK_VERSION_MAX_ALLOWED (4.8, for
   * the API the library promises) calls it too new */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  return gsk_mask_node_new (source, mask, GSK_MASK_MODE_ALPHA);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  /* GTK 4.8 has no mask node: cairo draws the two and keeps @source in
   * @mask's alpha, at the target's pixels per unit */
  graphene_rect_t a, b, bounds;
  cairo_surface_t *surface, *alpha;
  GskRenderNode *result;
  GdkTexture *texture;
  GBytes *bytes;
  int width, height;
  cairo_t *cr;

  gsk_render_node_get_bounds (source, &a);
  gsk_render_node_get_bounds (mask, &b);
  if (!graphene_rect_intersection (&a, &b, &bounds) || bounds.size.width <= 0 || bounds.size.height <= 0)
    return NULL;
  width = CLAMP ((int) ceilf (bounds.size.width * scale), 1, 4096);
  height = CLAMP ((int) ceilf (bounds.size.height * scale), 1, 4096);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  alpha = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  cr = cairo_create (alpha);
  cairo_scale (cr, width / bounds.size.width, height / bounds.size.height);
  cairo_translate (cr, -bounds.origin.x, -bounds.origin.y);
  gsk_render_node_draw (mask, cr);
  cairo_destroy (cr);

  cr = cairo_create (surface);
  cairo_save (cr);
  cairo_scale (cr, width / bounds.size.width, height / bounds.size.height);
  cairo_translate (cr, -bounds.origin.x, -bounds.origin.y);
  gsk_render_node_draw (source, cr);
  cairo_restore (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_DEST_IN);
  cairo_set_source_surface (cr, alpha, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * height);
  texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  result = gsk_texture_node_new (texture, &bounds);
  g_object_unref (texture);
  g_bytes_unref (bytes);
  cairo_surface_destroy (surface);
  cairo_surface_destroy (alpha);
  return result;
#endif
}

static GskRenderNode *
make_leaf (const GskLayerRenderOp  *op,
           const graphene_matrix_t *relative)
{
  GskRenderNode *node;

  if (op->kind == GSK_LAYER_RENDER_OP_COLOR)
    {
      node = gsk_color_node_new (&(GdkRGBA) { op->color[0], op->color[1], op->color[2], op->color[3] },
                                 &op->bounds);
    }
  else
    {
      node = gsk_texture_node_new (texture_for_surface (op->surface), &op->source_rect);
      if (!graphene_rect_contains_rect (&op->bounds, &op->source_rect))
        {
          GskRenderNode *clipped = gsk_clip_node_new (node, &op->bounds);

          gsk_render_node_unref (node);
          node = clipped;
        }
    }

  node = rounded (node, op);
  if (op->opacity < 1)
    {
      GskRenderNode *faded = gsk_opacity_node_new (node, op->opacity);

      gsk_render_node_unref (node);
      node = faded;
    }

  return in_transform (node, relative);
}

static GskRenderNode *
leaf_node (GskLayerNodeBuilder    *self,
           GHashTable             *leaves,
           const GskLayerRenderOp *op,
           const Frame            *frame)
{
  Leaf *leaf = g_new0 (Leaf, 1);
  Leaf *old;

  graphene_matrix_multiply (&op->transform, &frame->to_local, &leaf->key.transform);
  leaf->key.bounds = op->bounds;
  leaf->key.kind = op->kind;
  leaf->key.opacity = op->opacity;
  leaf->key.rounded = op->rounded;
  if (op->rounded)
    {
      leaf->key.rounded_rect = op->rounded_rect;
      memcpy (leaf->key.corner_radii, op->corner_radii, sizeof op->corner_radii);
    }
  if (op->kind == GSK_LAYER_RENDER_OP_COLOR)
    memcpy (leaf->key.color, op->color, sizeof op->color);
  else
    {
      leaf->key.source_rect = op->source_rect;
      /* Held, so that no new surface takes its address while the key
       * may still match */
      leaf->key.surface = cairo_surface_reference (op->surface);
      leaf->key.serial = gsk_layer_surface_get_serial (op->surface);
    }

  old = g_hash_table_lookup (self->leaves, &leaf->key);
  if (old != NULL)
    {
      leaf->node = gsk_render_node_ref (old->node);
      self->n_reused++;
    }
  else
    {
      leaf->node = make_leaf (op, &leaf->key.transform);
      self->n_made++;
    }

  /* Two equal ops in one frame share the node */
  if (!g_hash_table_contains (leaves, &leaf->key))
    g_hash_table_add (leaves, leaf);
  else
    {
      GskRenderNode *node = gsk_render_node_ref (leaf->node);

      leaf_free (leaf);
      return node;
    }

  return gsk_render_node_ref (leaf->node);
}

static GskRenderNode *
container (GPtrArray *children)
{
  if (children->len == 1)
    return gsk_render_node_ref (g_ptr_array_index (children, 0));

  return gsk_container_node_new ((GskRenderNode **) children->pdata, children->len);
}

static Frame *
frame_new (const GskLayerRenderOp *op,
           const Frame            *parent)
{
  Frame *frame = g_new0 (Frame, 1);

  frame->op = op;
  frame->children = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);
  graphene_matrix_init_identity (&frame->relative);
  if (parent == NULL)
    graphene_matrix_init_identity (&frame->to_local);
  else if (op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
    {
      graphene_matrix_t inverse;

      graphene_matrix_multiply (&op->transform, &parent->to_local, &frame->relative);
      /* A clip seen edge-on shows nothing: its children are dropped with
       * it (below), whatever their matrices */
      if (graphene_matrix_inverse (&op->transform, &inverse))
        frame->to_local = inverse;
      else
        graphene_matrix_init_identity (&frame->to_local);
    }
  else
    frame->to_local = parent->to_local;

  return frame;
}

static void
frame_free (Frame *frame)
{
  g_ptr_array_unref (frame->children);
  g_free (frame);
}

/* Ends @frame, adding what it drew to @parent */
static void
pop_frame (Frame *frame,
           Frame *parent,
           float  scale)
{
  const GskLayerRenderOp *op = frame->op;
  GskRenderNode *node;

  if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP && op->mask)
    {
      /* All the enclosing group drew, where the mask shows it */
      GskRenderNode *source = parent->children->len > 0 ? container (parent->children) : NULL;

      g_ptr_array_set_size (parent->children, 0);
      if (source != NULL && frame->children->len > 0)
        {
          GskRenderNode *mask = container (frame->children);

          node = mask_node (source, mask, scale);
          if (node != NULL)
            g_ptr_array_add (parent->children, node);
          gsk_render_node_unref (mask);
        }
      g_clear_pointer (&source, gsk_render_node_unref);
      frame_free (frame);
      return;
    }

  if (frame->children->len == 0)
    {
      frame_free (frame);
      return;
    }

  node = container (frame->children);
  if (op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
    {
      GskRenderNode *clipped;

      if (op->path != NULL)
        clipped = clip_to_path (gsk_render_node_ref (node), op);
      else
        clipped = op->rounded ? rounded (gsk_render_node_ref (node), op)
                              : gsk_clip_node_new (node, &op->bounds);
      gsk_render_node_unref (node);
      node = in_transform (clipped, &frame->relative);
    }
  else
    {
      guint i;

      /* CSS filters first, in order; each node clamps, as CSS does */
      for (i = 0; i < op->n_filters; i++)
        {
          const GskLayerRenderFilter *filter = &op->filters[i];
          float f[16], o[4];
          graphene_matrix_t matrix;
          graphene_vec4_t offset;
          GskRenderNode *filtered;

          /* GTK's blur and shadow radii are twice the deviation, in the
           * nodes' units */
          if (filter->kind == GSK_LAYER_RENDER_FILTER_BLUR)
            {
              filtered = gsk_blur_node_new (node, 2 * filter->sigma / scale);
              gsk_render_node_unref (node);
              node = filtered;
              continue;
            }
          if (filter->kind == GSK_LAYER_RENDER_FILTER_DROP_SHADOW)
            {
              GskShadow shadow = {
                { filter->color[0], filter->color[1], filter->color[2], filter->color[3] },
                roundf (filter->dx) / scale, roundf (filter->dy) / scale, 2 * filter->sigma / scale,
              };

              filtered = gsk_shadow_node_new (node, &shadow, 1);
              gsk_render_node_unref (node);
              node = filtered;
              continue;
            }

          /* graphene transforms row vectors: row j weighs input j */
          gsk_layer_color_matrix_to_columns (&filter->matrix, f, o);
          graphene_matrix_init_from_float (&matrix, f);
          graphene_vec4_init_from_float (&offset, o);
          filtered = gsk_color_matrix_node_new (node, &matrix, &offset);
          gsk_render_node_unref (node);
          node = filtered;
        }

      if (op->opacity < 1)
        {
          GskRenderNode *faded = gsk_opacity_node_new (node, op->opacity);

          gsk_render_node_unref (node);
          node = faded;
        }
      if (op->blend_mode != GSK_LAYER_BLEND_NORMAL && parent->children->len > 0)
        {
          /* Blended over everything drawn before it in the parent */
          GskRenderNode *bottom = container (parent->children);
          GskRenderNode *blended = gsk_blend_node_new (bottom, node, blend_mode (op->blend_mode));

          gsk_render_node_unref (bottom);
          gsk_render_node_unref (node);
          g_ptr_array_set_size (parent->children, 0);
          node = blended;
        }
    }

  g_ptr_array_add (parent->children, node);
  frame_free (frame);
}

/* The mesh group of ops @start to @end drawn by the software backend,
 * as a texture where it shows on the target; NULL where nothing shows */
static GskRenderNode *
mesh_node (const GskLayerRenderList *list,
           guint                     start,
           guint                     end,
           const Frame              *frame)
{
  const graphene_rect_t *b = &list->ops[start].screen_bounds;
  cairo_rectangle_int_t box;
  GskLayerRenderOp texture = { 0, };
  graphene_matrix_t relative;
  GskRenderNode *node;

  box.x = MAX (floorf (b->origin.x), 0);
  box.y = MAX (floorf (b->origin.y), 0);
  box.width = MIN (ceilf (b->origin.x + b->size.width), list->width) - box.x;
  box.height = MIN (ceilf (b->origin.y + b->size.height), list->height) - box.y;
  if (end <= start || box.width <= 0 || box.height <= 0)
    return NULL;

  texture.kind = GSK_LAYER_RENDER_OP_TEXTURE;
  texture.surface = gsk_layer_software_draw_ops (list, start, end, &box);
  if (texture.surface == NULL)
    return NULL;
  graphene_matrix_init_identity (&texture.transform);
  texture.bounds = texture.source_rect = GRAPHENE_RECT_INIT (box.x, box.y, box.width, box.height);
  texture.opacity = 1.f;
  graphene_matrix_multiply (&texture.transform, &frame->to_local, &relative);
  node = make_leaf (&texture, &relative);
  cairo_surface_destroy (texture.surface);
  return node;
}

GskRenderNode *
gsk_layer_node_builder_build (GskLayerNodeBuilder      *self,
                              const GskLayerRenderList *list)
{
  GHashTable *leaves = g_hash_table_new_full (leaf_key_hash, leaf_key_equal, NULL, leaf_free);
  GPtrArray *stack = g_ptr_array_new ();
  Frame *top = frame_new (NULL, NULL);
  GskRenderNode *result;
  guint i;

  self->n_reused = self->n_made = 0;
  g_ptr_array_add (stack, top);
  /* The list is in device pixels; the nodes are in the widget's units */
  if (list->scale != 1.f)
    graphene_matrix_init_scale (&top->to_local, 1.f / list->scale, 1.f / list->scale, 1.f);

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      Frame *frame = g_ptr_array_index (stack, stack->len - 1);

      switch (op->kind)
        {
        case GSK_LAYER_RENDER_OP_COLOR:
        case GSK_LAYER_RENDER_OP_TEXTURE:
          if (op->kind == GSK_LAYER_RENDER_OP_TEXTURE && op->surface == NULL)
            break;
          g_ptr_array_add (frame->children, leaf_node (self, leaves, op, frame));
          break;

        case GSK_LAYER_RENDER_OP_BACKDROP:
          {
            static gsize said = 0;

            /* GTK 4.8 has no node that reads what is below */
            if (g_once_init_enter (&said))
              {
                g_message ("backdrop-filter is not drawn on GTK's render-node path (Broadway)");
                g_once_init_leave (&said, 1);
              }
          }
          break;

        case GSK_LAYER_RENDER_OP_GLYPHS:
          {
            GskLayerRenderOp texture;

            if (gsk_layer_render_op_glyphs_as_texture (op, &texture))
              g_ptr_array_add (frame->children, leaf_node (self, leaves, &texture, frame));
          }
          break;

        case GSK_LAYER_RENDER_OP_PUSH_GROUP:
          if (op->mesh != NULL)
            {
              /* No node draws a mesh: the software backend's pixels */
              guint end = gsk_layer_render_list_matching_pop (list, i);
              GskRenderNode *node = mesh_node (list, i, end, frame);

              if (node != NULL)
                g_ptr_array_add (frame->children, node);
              i = end;
              break;
            }
          G_GNUC_FALLTHROUGH;
        case GSK_LAYER_RENDER_OP_PUSH_CLIP:
          g_ptr_array_add (stack, frame_new (op, frame));
          break;

        case GSK_LAYER_RENDER_OP_POP_GROUP:
        case GSK_LAYER_RENDER_OP_POP_CLIP:
          if (stack->len > 1)
            {
              g_ptr_array_set_size (stack, stack->len - 1);
              pop_frame (frame, g_ptr_array_index (stack, stack->len - 1), list->scale);
            }
          break;

        default:
          break;
        }
    }

  /* A list always closes what it opens; should it not, close it here */
  while (stack->len > 1)
    {
      Frame *frame = g_ptr_array_index (stack, stack->len - 1);

      g_ptr_array_set_size (stack, stack->len - 1);
      pop_frame (frame, g_ptr_array_index (stack, stack->len - 1), list->scale);
    }

  if (top->children->len > 0)
    result = container (top->children);
  else
    result = gsk_container_node_new (NULL, 0);
  frame_free (top);
  g_ptr_array_unref (stack);

  g_hash_table_unref (self->leaves);
  self->leaves = leaves;

  return result;
}
