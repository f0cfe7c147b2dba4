/* gsk-layer-view.c: a GTK widget that shows a layer tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <epoxy/gl.h>

#include "gsk-layer-view.h"
#include "gsk-layer-view-private.h"
#include "gsk-layer-view-clock-private.h"
#include "gsk-layer-view-buffer-private.h"
#include "gsk-layer-view-drop-private.h"
#include "gsk-layer-view-focus-private.h"
#include "gsk-layer-gdk-event-private.h"
#include "gsk-layer-widget-private.h"
#include "gsk-layer-view-accessible-private.h"
#include "gsk-layer-accessible-proxy-private.h"
#include "gsk-layer-node-builder-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-renderer-private.h"
#include "gsk-layer-input.h"
#include "gsk-layer-input-private.h"
#include "gsk-layer-enum-types.h"

/* GTK 4.8 does not include it from <gtk/gtk.h>; from 4.14, <gsk/gsk.h>
 * does, and including it again warns */
#if !GTK_CHECK_VERSION (4, 14, 0)
#include <gsk/gl/gskglrenderer.h>
#endif

/**
 * GskLayerView:
 *
 * A widget that shows a layer tree: the scene graph in a GTK window.
 *
 * ```c
 * GskLayer *root = gsk_layer_new ();
 * GtkWidget *view = gsk_layer_view_new (root);
 *
 * gtk_window_set_child (GTK_WINDOW (window), view);
 * ```
 *
 * The view sizes its root to its allocation (unless
 * [property@LayerView:resize-root] is off) and gives the tree a frame
 * clock that follows the widget's `GdkFrameClock`: implicit and explicit
 * animations run in GTK's frames, and only while something animates, so
 * a still view costs no CPU. It draws through whichever renderer GTK
 * uses (see [enum@LayerViewRenderPath]); a frame in which nothing
 * changed hands GTK the node it had, and GTK then redraws nothing. It
 * draws at the window's scale (HiDPI, and fractional scales with GTK
 * 4.12 and later on Wayland): layers, their content and text are drawn
 * at that many pixels per unit, never stretched.
 *
 * GDK's events on the view become the layers' events: pointer, scroll,
 * touch, keys, crossing and focus reach the layers' controllers and
 * gestures through [method@Layer.dispatch_event], and the cursor of the
 * layer under the pointer ([method@Layer.set_cursor]) becomes the view's.
 * The view can take the keyboard focus, and Tab moves it through the
 * focusable layers before it leaves the view.
 *
 * Since: 0.1
 */


struct _GskLayerView
{
  GtkWidget parent_instance;

  GskLayer *root;
  GskLayerFrameClock *clock;
  gboolean resize_root;

  /* The tree asked for a frame, or the view changed size or path */
  gboolean needs_render;
  GdkSurface *surface;          /* watched for fractional scales */
  gulong surface_scale_handler;
  GskLayerViewRenderPath path;
  guint frames_rendered;
  GskRenderNode *node;          /* the last frame, handed out again while still */
  int node_width, node_height;
  double node_scale;            /* the window's scale it was drawn at */
  /* Pixels the last rendered frame redrew (texture paths) */
  gint64 last_drawn;

  /* The memory-texture path; its renderer also compiles the tree for
   * the node path */
  GskLayerRenderer *software;
  cairo_surface_t *image;

  /* The node path */
  GskLayerNodeBuilder *builder;

  /* The GL path */
  GdkGLContext *gl_context;
  GskLayerRenderer *gl;
  gboolean gl_failed;
  gboolean nearest;             /* the last texture is sampled nearest */
  GskLayerViewBuffer *shown;    /* the buffer of that texture */
  GPtrArray *buffers;           /* GskLayerViewBuffer */
  guint64 frame_counter;

  char *cursor;

  /* The GskLayerWidgets of the tree, whose widgets are the view's
   * children (owned) */
  GPtrArray *hosts;
  /* The one under the pointer, which alone GTK may pick, and the
   * pointer's place in it */
  GskLayerWidget *input_host;
  graphene_point_t input_point;
  gboolean in_snapshot;

  /* The layers before assistive technology, while one listens */
  GskLayerViewAccessible *accessible;
};

/* Every view alive, for the hook that readies hosted widgets for GTK's
 * picking */
static GList *views;

enum {
  PROP_0,
  PROP_ROOT,
  PROP_RESIZE_ROOT,
  PROP_RENDER_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerView, gsk_layer_view, GTK_TYPE_WIDGET)

static gboolean to_view_coordinates (GskLayerView *self,
                                     GdkEvent     *event,
                                     double       *x,
                                     double       *y);

/* {{{ Hosted widgets */

/* The affine map that agrees with @host's projective map to the view at
 * @p (a point of @host's plane) and has its derivative there: exact at
 * @p, so that GTK, which maps points through a child's transform exactly
 * only when it is affine, picks and places events right at the pointer */
static GskTransform *
tangent_transform (GskLayer               *host,
                   const graphene_point_t *p)
{
  graphene_matrix_t world, affine;
  graphene_point_t s;
  double j[4];

  if (!gsk_layer_compute_transform (host, NULL, &world) ||
      !gsk_layer_project_jacobian (&world, p->x, p->y, &s, j))
    return NULL;
  if (!isfinite (j[0] * j[3] - j[1] * j[2]) || fabs (j[0] * j[3] - j[1] * j[2]) < 1e-9)
    return NULL;

  /* x' = j0 u + j1 v + x0, y' = j2 u + j3 v + y0, through p exactly */
  graphene_matrix_init_from_2d (&affine, j[0], j[2], j[1], j[3],
                                s.x - j[0] * p->x - j[1] * p->y,
                                s.y - j[2] * p->x - j[3] * p->y);
  return gsk_transform_matrix (NULL, &affine);
}

static gboolean
layer_is_shown (GskLayer *layer)
{
  for (; layer != NULL; layer = gsk_layer_get_parent (layer))
    if (!gsk_layer_get_visible (layer))
      return FALSE;

  return TRUE;
}

static void
allocate_host (GskLayerView   *self,
               GskLayerWidget *host)
{
  GtkWidget *widget = gsk_layer_widget_get_widget (host);
  int min_w, nat_w, min_h, nat_h;
  graphene_size_t size;
  graphene_point_t at, corner;
  GskTransform *transform;
  GtkWidget *parent;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, nat_w, &min_h, &nat_h, NULL, NULL);
  gsk_layer_widget_follow_size (host, &GRAPHENE_SIZE_INIT (nat_w, nat_h));
  gsk_layer_get_size (GSK_LAYER (host), &size);
  size.width = MAX (size.width, min_w);
  size.height = MAX (size.height, min_h);

  /* Exact at the pointer if it is over the widget; elsewhere, at the
   * centre, where popovers and accessibility look for it */
  if (host == self->input_host)
    at = self->input_point;
  else
    graphene_point_init (&at, size.width / 2, size.height / 2);
  transform = tangent_transform (GSK_LAYER (host), &at);
  /* Within an accessible layer's proxy, it is placed from the proxy's
   * corner (proxies are only moved, never turned) */
  parent = gtk_widget_get_parent (widget);
  if (parent != GTK_WIDGET (self) &&
      gtk_widget_compute_point (parent, GTK_WIDGET (self), &GRAPHENE_POINT_INIT (0, 0), &corner))
    {
      GskTransform *within = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (-corner.x, -corner.y));

      within = gsk_transform_transform (within, transform);
      gsk_transform_unref (transform);
      transform = within;
    }
  gtk_widget_allocate (widget, (int) ceilf (size.width), (int) ceilf (size.height), -1, transform);
}

static void
drop_host (GskLayerView *self,
           guint         i)
{
  GskLayerWidget *host = g_ptr_array_index (self->hosts, i);
  GtkWidget *widget = gsk_layer_widget_get_widget (host);

  if (self->input_host == host)
    self->input_host = NULL;
  if (widget && gtk_widget_is_ancestor (widget, GTK_WIDGET (self)))
    gtk_widget_unparent (widget);
  g_ptr_array_remove_index (self->hosts, i);
}

/* Makes the widgets of the tree's GskLayerWidgets the view's children,
 * and only those */
static void
sync_hosts (GskLayerView *self)
{
  const GList *l;
  guint i;

  for (i = self->hosts->len; i-- > 0; )
    {
      GskLayerWidget *host = g_ptr_array_index (self->hosts, i);
      GtkWidget *widget = gsk_layer_widget_get_widget (host);

      if (self->root == NULL || gsk_layer_get_root (GSK_LAYER (host)) != self->root ||
          widget == NULL || !gtk_widget_is_ancestor (widget, GTK_WIDGET (self)))
        drop_host (self, i);
    }

  if (self->root == NULL)
    return;

  for (l = gsk_layer_widget_get_all (); l != NULL; l = l->next)
    {
      GskLayerWidget *host = l->data;
      GtkWidget *widget = gsk_layer_widget_get_widget (host);

      if (widget == NULL || gsk_layer_get_root (GSK_LAYER (host)) != self->root ||
          g_ptr_array_find (self->hosts, host, NULL))
        continue;
      /* It moved here from another view's tree */
      if (gtk_widget_get_parent (widget) != NULL)
        gtk_widget_unparent (widget);
      /* Not picked by GTK until the pointer is over its picture */
      gtk_widget_set_can_target (widget, FALSE);
      gtk_widget_set_parent (widget, GTK_WIDGET (self));
      g_ptr_array_add (self->hosts, g_object_ref (host));
    }
}

/* The widget's node without the allocation transform around it */
static GskRenderNode *
widget_picture (GskLayerView *self,
                GtkWidget    *widget)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node, *picture;

  gtk_widget_snapshot_child (gtk_widget_get_parent (widget), widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return NULL;

  picture = node;
  while (gsk_render_node_get_node_type (picture) == GSK_TRANSFORM_NODE)
    picture = gsk_transform_node_get_child (picture);
  gsk_render_node_ref (picture);
  gsk_render_node_unref (node);

  return picture;
}

/* Where a widget's own coordinates start (its content box) from the
 * corner of its allocation (its margin box): its layer's origin */
static double
content_origin (GtkWidget *widget,
                gboolean   horizontal)
{
  graphene_rect_t bounds;
  double margin;

  if (!gtk_widget_compute_bounds (widget, widget, &bounds))
    return 0;

  if (!horizontal)
    margin = gtk_widget_get_margin_top (widget);
  else if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    margin = gtk_widget_get_margin_end (widget);
  else
    margin = gtk_widget_get_margin_start (widget);

  /* The bounds are the border box, around the origin */
  return margin - (horizontal ? bounds.origin.x : bounds.origin.y);
}

static void
update_pictures (GskLayerView *self)
{
  guint i;

  for (i = 0; i < self->hosts->len; i++)
    {
      GskLayerWidget *host = g_ptr_array_index (self->hosts, i);
      GtkWidget *widget = gsk_layer_widget_get_widget (host);
      GskRenderNode *picture;

      if (!gtk_widget_get_child_visible (widget))
        continue;
      picture = widget_picture (self, widget);
      gsk_layer_widget_set_node (host, picture, &GRAPHENE_POINT_INIT (content_origin (widget, TRUE),
                                                                      content_origin (widget, FALSE)));
      g_clear_pointer (&picture, gsk_render_node_unref);
    }
}

/* Before GTK picks the target of a pointer event, only the hosted widget
 * under the pointer on screen may be picked, under the tangent of its
 * transform at the pointer: exact there whatever the perspective */
static void
prepare_hosts_for_event (GskLayerView *self,
                         GdkEvent     *event)
{
  GdkEventType type = gdk_event_get_event_type (event);
  GskLayerWidget *host = NULL;
  GdkModifierType buttons = GDK_BUTTON1_MASK | GDK_BUTTON2_MASK | GDK_BUTTON3_MASK |
                            GDK_BUTTON4_MASK | GDK_BUTTON5_MASK;
  graphene_matrix_t world;
  graphene_point_t p;
  double x, y;
  guint i;

  if (type != GDK_MOTION_NOTIFY && type != GDK_BUTTON_PRESS && type != GDK_BUTTON_RELEASE &&
      type != GDK_SCROLL && type != GDK_TOUCH_BEGIN && type != GDK_TOUCH_UPDATE &&
      type != GDK_TOUCH_END && type != GDK_TOUCH_CANCEL)
    return;
  if (!to_view_coordinates (self, event, &x, &y) || !isfinite (x) || !isfinite (y))
    return;

  /* While a button is held, GTK's implicit grab keeps the target: it
   * keeps getting the pointer on its plane, even off its picture */
  if (self->input_host && (gdk_event_get_modifier_state (event) & buttons) && type != GDK_BUTTON_PRESS)
    host = self->input_host;
  else
    {
      GskLayer *picked = gsk_layer_pick (self->root, x, y);

      if (picked && GSK_IS_LAYER_WIDGET (picked) && g_ptr_array_find (self->hosts, picked, NULL))
        host = GSK_LAYER_WIDGET (picked);
    }

  for (i = 0; i < self->hosts->len; i++)
    {
      GskLayerWidget *h = g_ptr_array_index (self->hosts, i);

      gtk_widget_set_can_target (gsk_layer_widget_get_widget (h), h == host);
    }

  self->input_host = host;
  if (host == NULL ||
      !gsk_layer_compute_transform (GSK_LAYER (host), NULL, &world) ||
      !gsk_layer_unproject (&world, &GRAPHENE_POINT_INIT (x, y), &p))
    return;

  self->input_point = p;
  allocate_host (self, host);
}

static gboolean
surface_event_hook (GSignalInvocationHint *hint,
                    guint                  n_values,
                    const GValue          *values,
                    gpointer               data)
{
  GdkSurface *surface = g_value_get_object (&values[0]);
  GdkEvent *event = g_value_peek_pointer (&values[1]);
  const GList *l;

  for (l = views; l != NULL; l = l->next)
    {
      GskLayerView *self = l->data;
      GtkNative *native;

      if (self->root == NULL || self->hosts->len == 0)
        continue;
      native = gtk_widget_get_native (GTK_WIDGET (self));
      if (native && gtk_native_get_surface (native) == surface)
        prepare_hosts_for_event (self, event);
    }

  return TRUE;
}

/* }}} */
/* {{{ Frames */

static void
on_frame_request (GskLayer *root,
                  gpointer  data)
{
  GskLayerView *self = data;

  self->needs_render = TRUE;
  /* A hosted widget's new picture invalidates its layer while the view
   * draws: that frame shows it already */
  if (self->in_snapshot)
    return;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* Hosted widgets follow their layers: they may have joined, left or
   * moved (the allocation syncs accessible layers' proxies too); else
   * the proxies alone follow, in the frame's layout phase */
  if (gsk_layer_widget_get_n_alive () > 0)
    gtk_widget_queue_allocate (GTK_WIDGET (self));
  else
    gsk_layer_view_accessible_queue_sync (self->accessible);
}

static void
set_path (GskLayerView           *self,
          GskLayerViewRenderPath  path)
{
  if (self->path == path)
    return;

  self->path = path;
  self->needs_render = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RENDER_PATH]);
}

static void
release_gl (GskLayerView *self)
{
  if (self->gl_context)
    gdk_gl_context_make_current (self->gl_context);
  /* Buffers GTK still shows go when it lets them go */
  self->shown = NULL;
  g_ptr_array_set_size (self->buffers, 0);
  if (self->gl_context)
    {
      g_clear_object (&self->gl);
      gdk_gl_context_clear_current ();
    }
  g_clear_object (&self->gl_context);
}

static gboolean
ensure_gl (GskLayerView *self)
{
  GdkSurface *surface;
  GError *error = NULL;

  if (self->gl != NULL)
    return TRUE;
  if (self->gl_failed)
    return FALSE;

  surface = gtk_native_get_surface (gtk_widget_get_native (GTK_WIDGET (self)));
  self->gl_context = gdk_surface_create_gl_context (surface, &error);
  if (self->gl_context == NULL || !gdk_gl_context_realize (self->gl_context, &error))
    goto failed;

  gdk_gl_context_make_current (self->gl_context);
  self->gl = gsk_layer_gl_renderer_new_for_current_context (&error);
  if (self->gl == NULL)
    goto failed;

  return TRUE;

failed:
  g_message ("GskLayerView: no GL (%s); drawing in software", error ? error->message : "unknown error");
  g_clear_error (&error);
  release_gl (self);
  self->gl_failed = TRUE;
  return FALSE;
}

static gint64
region_area (const cairo_region_t *region)
{
  gint64 area = 0;
  int i;

  for (i = 0; region && i < cairo_region_num_rectangles (region); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      area += (gint64) r.width * r.height;
    }

  return area;
}

/* Whether the view sits on whole device pixels of its window: moved,
 * not scaled or turned, by whole pixels. Asked at each snapshot of the
 * view. Not seen: a parent that transforms its own snapshot (a stack's
 * slide), and a parent that moves the view between pixels while the
 * view draws nothing new (GTK reuses its last node): until the view's
 * next frame its pixels are then sampled nearest */
/* The device pixels per layout unit of the window: fractional where the
 * windowing system gives such scales (GTK 4.12 and later, on Wayland
 * with wp_fractional_scale_v1), else the whole scale factor */
static double
window_scale (GtkWidget *widget)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native ? gtk_native_get_surface (native) : NULL;

  if (surface != NULL)
    {
      double scale;

      /* Newer than the API level pinned in meson.build, on purpose */
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      scale = gdk_surface_get_scale (surface);
      G_GNUC_END_IGNORE_DEPRECATIONS
      return scale;
    }
#endif
  return gtk_widget_get_scale_factor (widget);
}

/* The texture of @width × @height layout units at @scale: whole device
 * pixels, covering the view */
static int
device_pixels (int    length,
               double scale)
{
  return (int) ceil (length * scale - 1e-6);
}

static gboolean
pixel_aligned (GskLayerView *self)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  graphene_matrix_t m;
  double x, y, sx, sy;

  if (native == NULL ||
      !gtk_widget_compute_transform (GTK_WIDGET (self), GTK_WIDGET (native), &m) ||
      !graphene_matrix_is_2d (&m) ||
      graphene_matrix_get_value (&m, 0, 0) != 1 || graphene_matrix_get_value (&m, 1, 1) != 1 ||
      graphene_matrix_get_value (&m, 0, 1) != 0 || graphene_matrix_get_value (&m, 1, 0) != 0)
    return FALSE;

  /* The native's own place on its surface (a client-side shadow) */
  gtk_native_get_surface_transform (native, &sx, &sy);
  x = (graphene_matrix_get_x_translation (&m) + sx) * window_scale (GTK_WIDGET (self));
  y = (graphene_matrix_get_y_translation (&m) + sy) * window_scale (GTK_WIDGET (self));
  return x == floor (x) && y == floor (y);
}

/* The texture paths draw @width × @height layout units at @scale into
 * a texture that many times larger, shown at the view's size */
static GskRenderNode *
render_gl (GskLayerView *self,
           int           width,
           int           height,
           double        scale)
{
  int pw = device_pixels (width, scale), ph = device_pixels (height, scale);
  GskLayerViewBuffer *buffer;
  cairo_region_t *drawn;
  GdkTexture *texture;
  GskRenderNode *node, *flipped;
  GskTransform *flip;
  int age;

  gdk_gl_context_make_current (self->gl_context);
  buffer = gsk_layer_view_buffer_get_free (self->buffers, self, self->gl_context, pw, ph);
  self->frame_counter++;
  age = buffer->drawn ? (int) MIN (self->frame_counter - buffer->drawn, G_MAXINT) : 0;
  gsk_layer_renderer_set_scale (self->gl, scale);
  drawn = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (self->gl), self->root,
                                                       buffer->framebuffer, pw, ph, age);
  self->last_drawn = region_area (drawn);
  g_clear_pointer (&drawn, cairo_region_destroy);
  buffer->drawn = self->frame_counter;
  self->nearest = pixel_aligned (self);
  gsk_layer_view_buffer_set_filter (buffer, self->nearest);
  self->shown = buffer;
  /* GDK 4.8 has no fences: what GTK samples must be submitted first */
  glFlush ();
  gdk_gl_context_clear_current ();

  buffer->in_use = TRUE;
  texture = gdk_gl_texture_new (self->gl_context, buffer->texture, pw, ph,
                                gsk_layer_view_buffer_released, buffer);
  /* A texel a device pixel: at a fractional scale, the texture reaches
   * past the view by less than a pixel (the view clips it) */
  node = gsk_texture_node_new (texture, &GRAPHENE_RECT_INIT (0, 0, pw / scale, ph / scale));
  g_object_unref (texture);

  /* GL's rows go up */
  flip = gsk_transform_scale (gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (0, ph / scale)), 1, -1);
  flipped = gsk_transform_node_new (node, flip);
  gsk_transform_unref (flip);
  gsk_render_node_unref (node);

  return flipped;
}

static GskRenderNode *
render_software (GskLayerView *self,
                 int           width,
                 int           height,
                 double        scale)
{
  int pw = device_pixels (width, scale), ph = device_pixels (height, scale);
  cairo_region_t *drawn;
  GdkTexture *texture;
  GBytes *bytes;
  GskRenderNode *node;

  if (self->software == NULL)
    self->software = gsk_layer_software_renderer_new ();
  if (self->image == NULL ||
      cairo_image_surface_get_width (self->image) != pw ||
      cairo_image_surface_get_height (self->image) != ph)
    {
      g_clear_pointer (&self->image, cairo_surface_destroy);
      self->image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
    }

  gsk_layer_renderer_set_scale (self->software, scale);
  drawn = gsk_layer_renderer_render (self->software, self->root, self->image);
  self->last_drawn = region_area (drawn);
  g_clear_pointer (&drawn, cairo_region_destroy);
  cairo_surface_flush (self->image);

  /* A texture is immutable, and the image is drawn into again next
   * frame: GTK gets a copy. Cairo's ARGB32 is GDK's default format. */
  bytes = g_bytes_new (cairo_image_surface_get_data (self->image),
                       (gsize) cairo_image_surface_get_stride (self->image) * ph);
  texture = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (self->image));
  g_bytes_unref (bytes);
  node = gsk_texture_node_new (texture, &GRAPHENE_RECT_INIT (0, 0, pw / scale, ph / scale));
  g_object_unref (texture);

  return node;
}

static GskRenderNode *
render_nodes (GskLayerView *self,
              int           width,
              int           height,
              double        scale)
{
  const GskLayerRenderList *list;
  cairo_region_t *damage;
  gboolean full, same = self->node != NULL && self->node_width == width &&
                        self->node_height == height && self->node_scale == scale;
  GskRenderNode *node;

  if (self->software == NULL)
    self->software = gsk_layer_software_renderer_new ();
  if (self->builder == NULL)
    self->builder = gsk_layer_node_builder_new ();

  /* The builder is the target: what it built last is valid while the
   * size and scale are the same */
  gsk_layer_renderer_set_scale (self->software, scale);
  damage = gsk_layer_renderer_compile_frame (self->software, self->root, self->builder, same,
                                             device_pixels (width, scale), device_pixels (height, scale),
                                             &list, &full);
  if (cairo_region_is_empty (damage) && same)
    node = gsk_render_node_ref (self->node);
  else
    node = gsk_layer_node_builder_build (self->builder, list);
  cairo_region_destroy (damage);

  return node;
}

static GskLayerViewRenderPath
choose_path (GskLayerView *self)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;
  const char *forced = g_getenv ("GSK_LAYER_VIEW_PATH");

  if (forced && g_str_equal (forced, "memory"))
    return GSK_LAYER_VIEW_RENDER_MEMORY_TEXTURE;
  if (forced && g_str_equal (forced, "nodes"))
    return GSK_LAYER_VIEW_RENDER_NODES;
  if (forced && g_str_equal (forced, "gl"))
    return ensure_gl (self) ? GSK_LAYER_VIEW_RENDER_GL_TEXTURE : GSK_LAYER_VIEW_RENDER_MEMORY_TEXTURE;

  if (renderer != NULL && GSK_IS_GL_RENDERER (renderer) && ensure_gl (self))
    return GSK_LAYER_VIEW_RENDER_GL_TEXTURE;
  /* Not a public type in GTK 4.8's headers */
  if (renderer != NULL && g_str_equal (G_OBJECT_TYPE_NAME (renderer), "GskBroadwayRenderer"))
    return GSK_LAYER_VIEW_RENDER_NODES;

  return GSK_LAYER_VIEW_RENDER_MEMORY_TEXTURE;
}

static void
gsk_layer_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  GskLayerView *self = GSK_LAYER_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double scale = window_scale (widget);

  if (self->root == NULL || width <= 0 || height <= 0 || !(scale > 0) ||
      !gsk_layer_surface_size_is_allowed (device_pixels (width, scale), device_pixels (height, scale)) ||
      scale > GSK_LAYER_MAX_SCALE)
    return;

  self->in_snapshot = TRUE;
  update_pictures (self);
  self->in_snapshot = FALSE;

  set_path (self, choose_path (self));

  if (self->node == NULL || self->needs_render ||
      self->node_width != width || self->node_height != height || self->node_scale != scale)
    {
      GskRenderNode *node;

      self->needs_render = FALSE;
      if (self->path == GSK_LAYER_VIEW_RENDER_GL_TEXTURE)
        node = render_gl (self, width, height, scale);
      else if (self->path == GSK_LAYER_VIEW_RENDER_NODES)
        node = render_nodes (self, width, height, scale);
      else
        node = render_software (self, width, height, scale);

      g_clear_pointer (&self->node, gsk_render_node_unref);
      self->node = node;
      self->node_width = width;
      self->node_height = height;
      self->node_scale = scale;
      self->frames_rendered++;
    }

  else if (self->path == GSK_LAYER_VIEW_RENDER_GL_TEXTURE && self->shown != NULL && self->gl_context != NULL &&
           self->nearest != pixel_aligned (self))
    {
      /* Moved on or off whole pixels since it was drawn */
      self->nearest = !self->nearest;
      gdk_gl_context_make_current (self->gl_context);
      gsk_layer_view_buffer_set_filter (self->shown, self->nearest);
      glFlush ();
      gdk_gl_context_clear_current ();
    }

  gtk_snapshot_append_node (snapshot, self->node);
}

/* }}} */
/* {{{ Input */

static void
update_cursor (GskLayerView *self)
{
  const char *name = self->root ? gsk_layer_get_pointer_cursor (self->root) : NULL;

  if (g_strcmp0 (name, self->cursor) == 0)
    return;

  g_free (self->cursor);
  self->cursor = g_strdup (name);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static gboolean
dispatch (GskLayerView  *self,
          GskLayerEvent *event)
{
  GskLayer *root = g_object_ref (self->root);
  gboolean stop;

  gsk_layer_input_get_state (root)->host_moves_focus = TRUE;
  stop = gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
  /* A handler may have changed the root */
  if (root == self->root)
    update_cursor (self);
  g_object_unref (root);

  return stop;
}

/* The keys are the layers' while the view has the focus, or the proxy
 * of the focus layer has it for assistive technology */
static gboolean
has_key_focus (GskLayerView *self)
{
  GtkRoot *root;
  GtkWidget *focus;

  if (gtk_widget_has_focus (GTK_WIDGET (self)))
    return TRUE;

  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root ? gtk_root_get_focus (root) : NULL;
  return focus && GSK_IS_LAYER_ACCESSIBLE_PROXY (focus) && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

static void
on_layer_focus_changed (GskLayer *root,
                        gpointer  data)
{
  GskLayerView *self = data;

  if (self->accessible && root == self->root)
    gsk_layer_view_accessible_follow_focus (self->accessible, gsk_layer_get_focus (root));
}

static gboolean
to_view_coordinates (GskLayerView *self,
                     GdkEvent     *event,
                     double       *x,
                     double       *y)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  graphene_point_t p;
  double sx, sy;

  if (native == NULL || !gdk_event_get_position (event, x, y))
    return FALSE;

  gtk_native_get_surface_transform (native, &sx, &sy);
  if (!gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (*x - sx, *y - sy), &p))
    return FALSE;

  *x = p.x;
  *y = p.y;
  return TRUE;
}

static gboolean
on_event (GtkEventControllerLegacy *controller,
          GdkEvent                 *event,
          GskLayerView             *self)
{
  GdkEventType type = gdk_event_get_event_type (event);
  GskLayerEvent *layer_event;
  double x = 0, y = 0;

  if (self->root == NULL)
    return FALSE;

  if (type == GDK_KEY_PRESS || type == GDK_KEY_RELEASE)
    {
      /* Keys for a focused child widget are its own */
      if (!has_key_focus (self))
        return FALSE;
    }
  else
    {
      GskLayerInputState *state = gsk_layer_input_peek_state (self->root);

      /* GDK 4.8's scroll events carry no position: they happen where the
       * pointer last was */
      if (type == GDK_SCROLL && !gdk_event_get_position (event, &x, &y) && state && state->pointer_in)
        {
          x = state->x;
          y = state->y;
        }
      else if (!to_view_coordinates (self, event, &x, &y))
        return FALSE;
      if (!isfinite (x) || !isfinite (y))
        return FALSE;
      /* Events over a child widget are the child's */
      if (gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT) != GTK_WIDGET (self) &&
          gsk_layer_get_pointer_grab (self->root) == NULL)
        return FALSE;
      if (type == GDK_BUTTON_PRESS && gtk_widget_get_focusable (GTK_WIDGET (self)) &&
          gtk_widget_get_focus_on_click (GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self));
    }

  layer_event = gsk_layer_event_new_from_gdk (event, x, y);
  if (layer_event == NULL)
    return FALSE;

  return dispatch (self, layer_event);
}

static void
on_enter (GtkEventControllerMotion *controller,
          double                    x,
          double                    y,
          GskLayerView             *self)
{
  if (self->root == NULL)
    return;

  dispatch (self, gsk_layer_event_new (GSK_LAYER_EVENT_ENTER, GDK_CURRENT_TIME, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller,
          GskLayerView             *self)
{
  if (self->root == NULL)
    return;

  dispatch (self, gsk_layer_event_new (GSK_LAYER_EVENT_LEAVE, GDK_CURRENT_TIME, 0, 0));
}

static void
on_focus_enter (GtkEventControllerFocus *controller,
                GskLayerView            *self)
{
  if (self->root && gtk_event_controller_focus_is_focus (controller))
    dispatch (self, gsk_layer_event_new (GSK_LAYER_EVENT_FOCUS_IN, GDK_CURRENT_TIME, 0, 0));
}

static void
on_focus_leave (GtkEventControllerFocus *controller,
                GskLayerView            *self)
{
  if (self->root)
    dispatch (self, gsk_layer_event_new (GSK_LAYER_EVENT_FOCUS_OUT, GDK_CURRENT_TIME, 0, 0));
}

/* Tab goes through the focusable layers and the hosted widgets in tree
 * order (gsk-layer-view-focus.c); other directions are GTK's */
static gboolean
gsk_layer_view_focus (GtkWidget        *widget,
                      GtkDirectionType  direction)
{
  GskLayerView *self = GSK_LAYER_VIEW (widget);

  if (self->root == NULL || (direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD))
    return GTK_WIDGET_CLASS (gsk_layer_view_parent_class)->focus (widget, direction);

  return gsk_layer_view_move_focus (self, self->root, self->hosts, direction, on_layer_focus_changed);
}

/* }}} */
/* {{{ Size */

static void
gsk_layer_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  GskLayerView *self = GSK_LAYER_VIEW (widget);
  graphene_size_t size = { 0, 0 };
  int extent;

  if (self->root)
    gsk_layer_get_size (self->root, &size);

  extent = (int) ceilf (orientation == GTK_ORIENTATION_HORIZONTAL ? size.width : size.height);
  extent = CLAMP (extent, 0, GSK_LAYER_MAX_SURFACE_SIZE);
  /* A resized root asks for its size but takes what it gets */
  *minimum = self->resize_root ? 0 : extent;
  *natural = extent;
}

static void
gsk_layer_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  GskLayerView *self = GSK_LAYER_VIEW (widget);

  guint i;

  if (self->root && self->resize_root)
    gsk_layer_set_size (self->root, &GRAPHENE_SIZE_INIT (width, height));

  sync_hosts (self);
  gsk_layer_view_accessible_sync (self->accessible, self->root, width, height);
  for (i = 0; i < self->hosts->len; i++)
    {
      GskLayerWidget *host = g_ptr_array_index (self->hosts, i);
      gboolean shown = layer_is_shown (GSK_LAYER (host));

      gtk_widget_set_child_visible (gsk_layer_widget_get_widget (host), shown);
      if (shown)
        allocate_host (self, host);
    }
}

/* }}} */
/* {{{ Life */

/* GTK keeps a widget's last node until it queues a draw */
static void
on_scale_changed (GskLayerView *self)
{
  self->needs_render = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
gsk_layer_view_realize (GtkWidget *widget)
{
  GskLayerView *self = GSK_LAYER_VIEW (widget);

  GTK_WIDGET_CLASS (gsk_layer_view_parent_class)->realize (widget);
  gsk_layer_view_accessible_realize (self->accessible);
  self->gl_failed = FALSE;
  self->needs_render = TRUE;
#if GTK_CHECK_VERSION (4, 12, 0)
  /* From 1.5 to 1.25 the scale factor stays 2: only the surface's
   * scale says so */
  self->surface = g_object_ref (gtk_native_get_surface (gtk_widget_get_native (widget)));
  self->surface_scale_handler = g_signal_connect_swapped (self->surface, "notify::scale",
                                                          G_CALLBACK (on_scale_changed), self);
#endif
}

static void
gsk_layer_view_unrealize (GtkWidget *widget)
{
  GskLayerView *self = GSK_LAYER_VIEW (widget);

  g_clear_pointer (&self->node, gsk_render_node_unref);
  release_gl (self);
  set_path (self, GSK_LAYER_VIEW_RENDER_NONE);
  gsk_layer_view_accessible_unrealize (self->accessible);
  if (self->surface != NULL)
    g_clear_signal_handler (&self->surface_scale_handler, self->surface);
  g_clear_object (&self->surface);

  GTK_WIDGET_CLASS (gsk_layer_view_parent_class)->unrealize (widget);
}

static void
detach_root (GskLayerView *self)
{
  GskLayerInputState *state;

  if (self->root == NULL)
    return;

  /* No proxy outlives its tree's place in the view */
  if (self->accessible)
    gsk_layer_view_accessible_sync (self->accessible, NULL, 0, 0);
  state = gsk_layer_input_peek_state (self->root);
  if (state && state->focus_changed_data == self)
    {
      state->focus_changed = NULL;
      state->focus_changed_data = NULL;
    }
  gsk_layer_top_level_set_frame_request_func (self->root, NULL, NULL);
  if (gsk_layer_get_frame_clock (self->root) == self->clock)
    gsk_layer_set_frame_clock (self->root, NULL);
  g_clear_object (&self->root);
}

static void
gsk_layer_view_dispose (GObject *object)
{
  GskLayerView *self = GSK_LAYER_VIEW (object);

  detach_root (self);
  g_clear_pointer (&self->accessible, gsk_layer_view_accessible_free);
  if (self->hosts)
    {
      sync_hosts (self);
      g_clear_pointer (&self->hosts, g_ptr_array_unref);
    }
  views = g_list_remove (views, self);
  if (self->clock)
    gsk_layer_view_clock_detach (GSK_LAYER_VIEW_CLOCK (self->clock));
  g_clear_object (&self->clock);
  g_clear_pointer (&self->node, gsk_render_node_unref);
  if (self->buffers)
    release_gl (self);
  g_clear_pointer (&self->buffers, g_ptr_array_unref);
  g_clear_object (&self->software);
  g_clear_pointer (&self->image, cairo_surface_destroy);
  g_clear_pointer (&self->builder, gsk_layer_node_builder_free);

  G_OBJECT_CLASS (gsk_layer_view_parent_class)->dispose (object);
}

static void
gsk_layer_view_finalize (GObject *object)
{
  GskLayerView *self = GSK_LAYER_VIEW (object);

  g_free (self->cursor);

  G_OBJECT_CLASS (gsk_layer_view_parent_class)->finalize (object);
}

static void
gsk_layer_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GskLayerView *self = GSK_LAYER_VIEW (object);

  switch (prop_id)
    {
    case PROP_ROOT:
      g_value_set_object (value, self->root);
      break;
    case PROP_RESIZE_ROOT:
      g_value_set_boolean (value, self->resize_root);
      break;
    case PROP_RENDER_PATH:
      g_value_set_enum (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GskLayerView *self = GSK_LAYER_VIEW (object);

  switch (prop_id)
    {
    case PROP_ROOT:
      gsk_layer_view_set_root (self, g_value_get_object (value));
      break;
    case PROP_RESIZE_ROOT:
      gsk_layer_view_set_resize_root (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_view_class_init (GskLayerViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gsk_layer_view_dispose;
  object_class->finalize = gsk_layer_view_finalize;
  object_class->get_property = gsk_layer_view_get_property;
  object_class->set_property = gsk_layer_view_set_property;

  widget_class->snapshot = gsk_layer_view_snapshot;
  widget_class->measure = gsk_layer_view_measure;
  widget_class->size_allocate = gsk_layer_view_size_allocate;
  widget_class->realize = gsk_layer_view_realize;
  widget_class->unrealize = gsk_layer_view_unrealize;
  widget_class->focus = gsk_layer_view_focus;

  /**
   * GskLayerView:root:
   *
   * The top-level layer shown, or %NULL. A layer can be the root of one
   * view at a time, and must not have a parent.
   *
   * Since: 0.1
   */
  properties[PROP_ROOT] =
    g_param_spec_object ("root", NULL, "The top-level layer shown, or NULL. A layer can be the root of one view at a time, and must not have a parent",
                         GSK_TYPE_LAYER,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerView:resize-root:
   *
   * Whether the root's size follows the view's allocation (the default).
   * When off, the root keeps its own size, which is also the view's
   * minimum size, and is drawn from the view's top-left corner.
   *
   * Since: 0.1
   */
  properties[PROP_RESIZE_ROOT] =
    g_param_spec_boolean ("resize-root", NULL, "Whether the root's size follows the view's allocation (the default)",
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerView:render-path:
   *
   * How the last frame was handed to GTK, which follows GTK's renderer.
   *
   * Since: 0.1
   */
  properties[PROP_RENDER_PATH] =
    g_param_spec_enum ("render-path", NULL, "How the last frame was handed to GTK, which follows GTK's renderer",
                       GSK_TYPE_LAYER_VIEW_RENDER_PATH, GSK_LAYER_VIEW_RENDER_NONE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Before GTK's own handler picks the event's target: emission hooks
   * run ahead of every handler of a run-last signal */
  g_type_class_unref (g_type_class_ref (GDK_TYPE_SURFACE));
  g_signal_add_emission_hook (g_signal_lookup ("event", GDK_TYPE_SURFACE), 0,
                              surface_event_hook, NULL, NULL);

  gtk_widget_class_set_css_name (widget_class, "layerview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
gsk_layer_view_init (GskLayerView *self)
{
  GtkEventController *controller;

  self->resize_root = TRUE;
  self->buffers = g_ptr_array_new_with_free_func (gsk_layer_view_buffer_drop);
  self->hosts = g_ptr_array_new_with_free_func (g_object_unref);
  views = g_list_prepend (views, self);
  self->accessible = gsk_layer_view_accessible_new (GTK_WIDGET (self), self->hosts);
  self->clock = gsk_layer_view_clock_new (GTK_WIDGET (self));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gsk_layer_view_add_drop_target (self);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (on_scale_changed), NULL);

  controller = gtk_event_controller_legacy_new ();
  g_signal_connect (controller, "event", G_CALLBACK (on_event), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_enter), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_focus_enter), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* }}} */
/* {{{ API */

/**
 * gsk_layer_view_new:
 * @root: (nullable): the top-level layer to show
 *
 * Creates a view of @root.
 *
 * Returns: the new view
 *
 * Since: 0.1
 */
GtkWidget *
gsk_layer_view_new (GskLayer *root)
{
  g_return_val_if_fail (root == NULL || GSK_IS_LAYER (root), NULL);

  return g_object_new (GSK_TYPE_LAYER_VIEW, "root", root, NULL);
}

/**
 * gsk_layer_view_set_root:
 * @self: a view
 * @root: (nullable): a layer without a parent, or %NULL
 *
 * Shows the tree under @root. The view sets @root's frame clock (see
 * [method@Layer.set_frame_clock]) to one that ticks with the widget's,
 * and takes it back when @root leaves the view.
 *
 * Since: 0.1
 */
void
gsk_layer_view_set_root (GskLayerView *self,
                         GskLayer     *root)
{
  g_return_if_fail (GSK_IS_LAYER_VIEW (self));
  g_return_if_fail (root == NULL || GSK_IS_LAYER (root));
  g_return_if_fail (root == NULL || gsk_layer_is_top_level (root));

  if (self->root == root)
    return;

  if (root)
    g_object_ref_sink (root);
  detach_root (self);
  self->root = root;
  if (root)
    {
      GskLayerInputState *state = gsk_layer_input_get_state (root);

      gsk_layer_top_level_set_frame_request_func (root, on_frame_request, self);
      gsk_layer_set_frame_clock (root, self->clock);
      state->focus_changed = on_layer_focus_changed;
      state->focus_changed_data = self;
      if (self->resize_root && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
        gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (gtk_widget_get_width (GTK_WIDGET (self)),
                                                       gtk_widget_get_height (GTK_WIDGET (self))));
    }

  sync_hosts (self);
  self->needs_render = TRUE;
  g_clear_pointer (&self->node, gsk_render_node_unref);
  g_clear_pointer (&self->cursor, g_free);
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROOT]);
}

/**
 * gsk_layer_view_get_root:
 * @self: a view
 *
 * Gets the top-level layer @self shows, as set with
 * [method@LayerView.set_root] or given to [ctor@LayerView.new].
 *
 * Returns: (transfer none) (nullable): the top-level layer shown, or
 *   %NULL for none
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_view_get_root (GskLayerView *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_VIEW (self), NULL);

  return self->root;
}

/**
 * gsk_layer_view_set_resize_root:
 * @self: a view
 * @resize_root: whether the root follows the allocation
 *
 * Sets [property@LayerView:resize-root].
 *
 * Since: 0.1
 */
void
gsk_layer_view_set_resize_root (GskLayerView *self,
                                gboolean      resize_root)
{
  g_return_if_fail (GSK_IS_LAYER_VIEW (self));

  resize_root = !!resize_root;
  if (self->resize_root == resize_root)
    return;

  self->resize_root = resize_root;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESIZE_ROOT]);
}

/**
 * gsk_layer_view_get_resize_root:
 * @self: a view
 *
 * Gets whether the root's size follows the view's allocation: see
 * [property@LayerView:resize-root].
 *
 * Returns: whether the root's size follows the view's allocation;
 *   %TRUE by default
 *
 * Since: 0.1
 */
gboolean
gsk_layer_view_get_resize_root (GskLayerView *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_VIEW (self), FALSE);

  return self->resize_root;
}

/**
 * gsk_layer_view_get_render_path:
 * @self: a view
 *
 * Gets how @self handed its last frame to GTK, which follows GTK's
 * renderer: see [enum@LayerViewRenderPath].
 *
 * Returns: how the last frame was handed to GTK;
 *   %GSK_LAYER_VIEW_RENDER_NONE before the view drew its first frame,
 *   and again once it is unrealized
 *
 * Since: 0.1
 */
GskLayerViewRenderPath
gsk_layer_view_get_render_path (GskLayerView *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_VIEW (self), GSK_LAYER_VIEW_RENDER_NONE);

  return self->path;
}

/**
 * gsk_layer_view_get_frames_rendered:
 * @self: a view
 *
 * Counts the frames the view rendered. A frame GTK draws while the tree
 * did not change reuses the last one and is not counted: a still view
 * renders nothing.
 *
 * Returns: the number of frames rendered since the view was made
 *
 * Since: 0.1
 */
guint
gsk_layer_view_get_frames_rendered (GskLayerView *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_VIEW (self), 0);

  return self->frames_rendered;
}

/* }}} */
/* {{{ Private */

guint
gsk_layer_view_get_n_ticks (GskLayerView *self)
{
  return gsk_layer_view_clock_get_n_ticks (GSK_LAYER_VIEW_CLOCK (self->clock));
}

gboolean
gsk_layer_view_is_ticking (GskLayerView *self)
{
  return gsk_layer_view_clock_is_ticking (GSK_LAYER_VIEW_CLOCK (self->clock));
}

GskRenderNode *
gsk_layer_view_peek_node (GskLayerView *self)
{
  return self->node;
}

gboolean
gsk_layer_view_samples_nearest (GskLayerView *self)
{
  return self->nearest;
}

GskLayerRenderer *
gsk_layer_view_peek_gl_renderer (GskLayerView *self)
{
  return self->gl;
}

gint64
gsk_layer_view_get_last_drawn (GskLayerView *self)
{
  guint reused, made;

  if (self->path != GSK_LAYER_VIEW_RENDER_NODES)
    return self->last_drawn;

  gsk_layer_node_builder_get_stats (self->builder, &reused, &made);
  return made;
}

/* }}} */
