/* layer-test-utils.h: what the layer tests (test-layer.c and its
 * -properties, -geometry, -draw and -bad companions) share: layers to
 * build trees of, frames into image surfaces, signal and traversal
 * records, transforms from CSS strings, picking, a layer subclass that
 * records what the tree asks of it, and the log writer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gsklayer.h>

#include "gsk-layer-private.h"

/* {{{ Helpers */

static inline GskLayer *
new_named (const char *name)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_name (layer, name);
  return layer;
}

static inline GskLayer *
new_rect (const char *name,
          float       x,
          float       y,
          float       width,
          float       height)
{
  GskLayer *layer = new_named (name);

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (width, height));
  return layer;
}

static inline GskLayer *
new_root (const char *name,
          float       width,
          float       height)
{
  return g_object_ref_sink (new_rect (name, 0, 0, width, height));
}

static inline void
set_color (GskLayer *layer,
           float     r,
           float     g,
           float     b,
           float     a)
{
  gsk_layer_set_background_color (layer, &(GdkRGBA) { r, g, b, a });
}

static inline const char *
name_or_null (GskLayer *layer)
{
  return layer ? gsk_layer_get_name (layer) : "(null)";
}

/* The names of the children, space separated, walking both ways and by
 * index, which must agree */
static inline char *
children_names (GskLayer *parent)
{
  GString *forward = g_string_new (NULL);
  GString *backward = g_string_new (NULL);
  GPtrArray *reversed = g_ptr_array_new ();
  GskLayer *c;
  guint i;

  for (c = gsk_layer_get_first_child (parent), i = 0; c != NULL; c = gsk_layer_get_next_sibling (c), i++)
    {
      g_assert_true (gsk_layer_get_parent (c) == parent);
      g_assert_true (gsk_layer_get_child_at_index (parent, i) == c);
      g_string_append_printf (forward, "%s%s", i ? " " : "", gsk_layer_get_name (c));
    }
  g_assert_cmpuint (i, ==, gsk_layer_get_n_children (parent));
  g_assert_null (gsk_layer_get_child_at_index (parent, i));

  for (c = gsk_layer_get_last_child (parent); c != NULL; c = gsk_layer_get_previous_sibling (c))
    g_ptr_array_insert (reversed, 0, (gpointer) gsk_layer_get_name (c));
  for (i = 0; i < reversed->len; i++)
    g_string_append_printf (backward, "%s%s", i ? " " : "", (char *) g_ptr_array_index (reversed, i));

  g_assert_cmpstr (forward->str, ==, backward->str);

  g_ptr_array_unref (reversed);
  g_string_free (backward, TRUE);
  return g_string_free (forward, FALSE);
}

#define assert_children(parent, expected) G_STMT_START { \
  char *_names = children_names (parent); \
  g_assert_cmpstr (_names, ==, (expected)); \
  g_free (_names); \
} G_STMT_END

static inline cairo_surface_t *
create_target (int width,
               int height)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
}

static inline guint32
get_pixel (cairo_surface_t *surface,
           int              x,
           int              y)
{
  guint8 *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);

  return ((guint32 *) (data + y * cairo_image_surface_get_stride (surface)))[x];
}

/* Renders and returns the damage's total area in pixels */
static inline int
render_area (GskLayerRenderer *renderer,
             GskLayer         *root,
             cairo_surface_t  *target)
{
  cairo_region_t *damage = gsk_layer_renderer_render (renderer, root, target);
  int i, area = 0;

  g_assert_nonnull (damage);
  for (i = 0; i < cairo_region_num_rectangles (damage); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (damage, i, &r);
      area += r.width * r.height;
    }
  cairo_region_destroy (damage);

  return area;
}

static inline void
render_once (GskLayer *root,
             int       width,
             int       height)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (width, height);

  render_area (renderer, root, target);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
}

static inline void
count_cb (gpointer data)
{
  (*(guint *) data)++;
}

static inline void
free_counter (gpointer  data,
              GClosure *closure)
{
  g_free (data);
}

/* A counter of notify::@property, freed with the handler */
static inline guint *
count_notify (gpointer    object,
              const char *property)
{
  guint *counter = g_new0 (guint, 1);
  char *signal = g_strconcat ("notify::", property, NULL);

  g_signal_connect_data (object, signal, G_CALLBACK (count_cb), counter,
                         free_counter, G_CONNECT_SWAPPED);
  g_free (signal);

  return counter;
}

typedef struct {
  guint n_added;
  guint n_removed;
  GskLayer *last_added;
  GskLayer *last_removed;
  gboolean removed_still_alive;
} SignalRecord;

static inline void
child_added_cb (GskLayer     *parent,
                GskLayer     *child,
                SignalRecord *rec)
{
  rec->n_added++;
  rec->last_added = child;
  g_assert_true (gsk_layer_get_parent (child) == parent);
}

static inline void
child_removed_cb (GskLayer     *parent,
                  GskLayer     *child,
                  SignalRecord *rec)
{
  rec->n_removed++;
  rec->last_removed = child;
  rec->removed_still_alive = GSK_IS_LAYER (child);
  g_assert_null (gsk_layer_get_parent (child));
}

#define PRE GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE
#define POST GSK_LAYER_TRAVERSE_DEPTH_FIRST_POST
#define BREADTH GSK_LAYER_TRAVERSE_BREADTH_FIRST

typedef struct {
  guint n;
  int max_depth;
  int first_depth;
  int last_depth;
} DeepRecord;

static inline GskLayerTraverseResult
deep_cb (GskLayer *layer,
         int       depth,
         gpointer  user_data)
{
  DeepRecord *rec = user_data;

  if (rec->n == 0)
    rec->first_depth = depth;
  rec->last_depth = depth;
  rec->n++;
  rec->max_depth = MAX (rec->max_depth, depth);

  return GSK_LAYER_TRAVERSE_CONTINUE;
}

static inline GskLayerTransform *
parse_transform (const char *string)
{
  GskLayerTransform *transform = NULL;
  GError *error = NULL;

  g_assert_true (gsk_layer_transform_parse (string, &transform, &error));
  g_assert_no_error (error);

  return transform;
}

static inline void
set_transform_string (GskLayer   *layer,
                      const char *string)
{
  GskLayerTransform *transform = parse_transform (string);

  gsk_layer_set_transform (layer, transform);
  g_clear_pointer (&transform, gsk_layer_transform_unref);
}

static inline void
set_child_transform_string (GskLayer   *layer,
                            const char *string)
{
  GskLayerTransform *transform = parse_transform (string);

  gsk_layer_set_child_transform (layer, transform);
  g_clear_pointer (&transform, gsk_layer_transform_unref);
}

#define assert_pick(root, x, y, expected) G_STMT_START { \
  GskLayer *_picked = gsk_layer_pick ((root), (x), (y)); \
  GskLayer *_expected = (expected); \
  if (_picked != _expected) \
    g_error ("%s:%d: picking (%g, %g) found %s instead of %s", __FILE__, __LINE__, \
             (double) (x), (double) (y), name_or_null (_picked), name_or_null (_expected)); \
} G_STMT_END

/* }}} */
/* {{{ A layer that records requests */

/* A layer subclass that records what the tree asks of it */
#define TEST_TYPE_LAYER (test_layer_get_type ())
G_DECLARE_FINAL_TYPE (TestLayer, test_layer, TEST, LAYER, GskLayer)

typedef void (* TestLayerHook) (TestLayer *self, cairo_t *cr);

struct _TestLayer
{
  GskLayer parent_instance;

  gboolean intercept_redraw;
  guint n_redraws;
  GskLayer *last_origin;
  gboolean last_area_set;
  cairo_rectangle_int_t last_area;

  gboolean intercept_relayout;
  guint n_relayouts;
  guint n_layouts;
  /* layout_children() moves the first child to (n_layouts * 10, 0) */
  gboolean move_first_child;
  /* layout_children() removes the first child */
  gboolean remove_first_child;

  guint n_draws;
  double clip_x1, clip_y1, clip_x2, clip_y2;
  /* Filled in draw() if not transparent */
  GdkRGBA color;
  TestLayerHook draw_hook;
  gpointer hook_data;
};

G_DEFINE_TYPE (TestLayer, test_layer, GSK_TYPE_LAYER)

static inline gboolean
test_layer_queue_redraw (GskLayer                    *layer,
                         GskLayer                    *origin,
                         const cairo_rectangle_int_t *area)
{
  TestLayer *self = TEST_LAYER (layer);

  self->n_redraws++;
  self->last_origin = origin;
  self->last_area_set = area != NULL;
  if (area)
    self->last_area = *area;

  if (self->intercept_redraw)
    return TRUE;

  return GSK_LAYER_CLASS (test_layer_parent_class)->queue_redraw (layer, origin, area);
}

static inline gboolean
test_layer_queue_relayout (GskLayer *layer,
                           GskLayer *origin)
{
  TestLayer *self = TEST_LAYER (layer);

  self->n_relayouts++;
  if (self->intercept_relayout)
    return TRUE;

  return GSK_LAYER_CLASS (test_layer_parent_class)->queue_relayout (layer, origin);
}

static inline void
test_layer_layout_children (GskLayer *layer)
{
  TestLayer *self = TEST_LAYER (layer);
  GskLayer *child = gsk_layer_get_first_child (layer);

  self->n_layouts++;
  if (self->move_first_child && child != NULL)
    gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (self->n_layouts * 10, 0));
  if (self->remove_first_child && child != NULL)
    gsk_layer_remove_child (layer, child);
}

static inline void
test_layer_draw (GskLayer *layer,
                 cairo_t  *cr)
{
  TestLayer *self = TEST_LAYER (layer);

  self->n_draws++;
  cairo_clip_extents (cr, &self->clip_x1, &self->clip_y1, &self->clip_x2, &self->clip_y2);

  if (self->color.alpha > 0)
    {
      gdk_cairo_set_source_rgba (cr, &self->color);
      cairo_paint (cr);
    }

  if (self->draw_hook)
    self->draw_hook (self, cr);
}

static inline void
test_layer_class_init (TestLayerClass *klass)
{
  GskLayerClass *layer_class = GSK_LAYER_CLASS (klass);

  layer_class->queue_redraw = test_layer_queue_redraw;
  layer_class->queue_relayout = test_layer_queue_relayout;
  layer_class->layout_children = test_layer_layout_children;
  layer_class->draw = test_layer_draw;
}

static inline void
test_layer_init (TestLayer *self)
{
}

static inline TestLayer *
test_layer_new (const char *name,
                float       x,
                float       y,
                float       width,
                float       height)
{
  TestLayer *self = g_object_new (TEST_TYPE_LAYER, "name", name, NULL);

  gsk_layer_set_position (GSK_LAYER (self), &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (GSK_LAYER (self), &GRAPHENE_SIZE_INIT (width, height));
  return self;
}

/* }}} */
/* {{{ Log writer */

/* The library logs with structured logging, which g_test_expect_message()
 * of GLib before 2.80 does not see: send its warnings and criticals
 * through g_log(), which checks the expected messages */
static inline GLogWriterOutput
test_log_writer (GLogLevelFlags   log_level,
                 const GLogField *fields,
                 gsize            n_fields,
                 gpointer         user_data)
{
  const char *domain = NULL, *message = NULL;
  gboolean old_api = FALSE;
  gsize i;

  for (i = 0; i < n_fields; i++)
    {
      if (g_str_equal (fields[i].key, "GLIB_OLD_LOG_API"))
        old_api = TRUE;
      else if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
        domain = fields[i].value;
      else if (g_str_equal (fields[i].key, "MESSAGE"))
        message = fields[i].value;
    }

  if (!old_api && message != NULL &&
      (log_level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL)) != 0)
    {
      g_log (domain, log_level & G_LOG_LEVEL_MASK, "%s", message);
      return G_LOG_WRITER_HANDLED;
    }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/* }}} */
