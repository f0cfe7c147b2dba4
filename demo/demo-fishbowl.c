/* Fishbowl
 *
 * The benchmark you can watch: icons drifting and turning, half of
 * them translucent, each a layer sharing one image content. The slider
 * sets how many; the label counts the frames the view draws a second.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "demos.h"

#define ICON 48

typedef struct {
  GskLayer *root;
  GskLayerContent *icon;
  GPtrArray *fish;          /* the layers */
  GArray *motion;           /* per layer: dx, dy, turn */
  GtkWidget *view, *label;
  gint64 second_start;
  guint frames_then;
  double angle;
} Bowl;

static GskLayerContent *
make_icon (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ICON, ICON);
  cairo_t *cr = cairo_create (surface);
  cairo_pattern_t *gradient = cairo_pattern_create_radial (ICON * 0.35, ICON * 0.35, 2, ICON / 2.0, ICON / 2.0, ICON / 2.0);
  GskLayerContent *content;

  cairo_pattern_add_color_stop_rgb (gradient, 0, 1, 0.9, 0.5);
  cairo_pattern_add_color_stop_rgb (gradient, 1, 0.9, 0.35, 0.1);
  cairo_set_source (cr, gradient);
  cairo_arc (cr, ICON / 2.0, ICON / 2.0, ICON / 2.0 - 2, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.2, 0.1, 0.1);
  cairo_arc (cr, ICON * 0.65, ICON * 0.4, 4, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);
  cairo_destroy (cr);
  content = gsk_layer_image_content_new (surface);
  cairo_surface_destroy (surface);
  return content;
}

static void
set_count (Bowl  *bowl,
           guint  n)
{
  while (bowl->fish->len > n)
    {
      gsk_layer_remove_child (bowl->root, g_ptr_array_index (bowl->fish, bowl->fish->len - 1));
      g_ptr_array_set_size (bowl->fish, bowl->fish->len - 1);
      g_array_set_size (bowl->motion, bowl->fish->len);
    }
  while (bowl->fish->len < n)
    {
      GskLayer *fish = gsk_layer_new ();
      float m[3] = { g_random_double_range (-3, 3), g_random_double_range (-3, 3), g_random_double_range (-4, 4) };

      gsk_layer_set_size (fish, &GRAPHENE_SIZE_INIT (ICON, ICON));
      gsk_layer_set_content (fish, bowl->icon);
      gsk_layer_set_position (fish, &GRAPHENE_POINT_INIT (g_random_double_range (0, 600), g_random_double_range (0, 400)));
      if (bowl->fish->len % 2)
        gsk_layer_set_opacity (fish, 0.7f);
      gsk_layer_add_child (bowl->root, fish);
      g_ptr_array_add (bowl->fish, fish);
      g_array_append_vals (bowl->motion, m, 1);
    }
}

static gboolean
swim (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  Bowl *bowl = data;
  graphene_size_t size;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  guint frames = gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (bowl->view));
  guint i;

  gsk_layer_get_size (bowl->root, &size);
  bowl->angle += 1;
  for (i = 0; i < bowl->fish->len; i++)
    {
      GskLayer *fish = g_ptr_array_index (bowl->fish, i);
      float *m = &g_array_index (bowl->motion, float, i * 3);
      graphene_point_t at;
      GskLayerTransform *t;

      gsk_layer_get_position (fish, &at);
      at.x += m[0];
      at.y += m[1];
      if (at.x < 0 || at.x > size.width - ICON)
        m[0] = -m[0];
      if (at.y < 0 || at.y > size.height - ICON)
        m[1] = -m[1];
      gsk_layer_set_position (fish, &at);
      t = gsk_layer_transform_rotate (NULL, fmod (bowl->angle * m[2], 360));
      gsk_layer_set_transform (fish, t);
      gsk_layer_transform_unref (t);
    }

  if (now - bowl->second_start >= G_USEC_PER_SEC)
    {
      g_autofree char *text = g_strdup_printf ("%u icons, %u frames a second", bowl->fish->len,
                                               frames - bowl->frames_then);

      gtk_label_set_text (GTK_LABEL (bowl->label), text);
      bowl->second_start = now;
      bowl->frames_then = frames;
    }
  return G_SOURCE_CONTINUE;
}

static void
on_count_changed (GtkRange *range,
                  Bowl     *bowl)
{
  set_count (bowl, (guint) gtk_range_get_value (range));
}

static void
bowl_free (Bowl *bowl)
{
  g_ptr_array_unref (bowl->fish);
  g_array_unref (bowl->motion);
  g_object_unref (bowl->icon);
  g_free (bowl);
}

GtkWidget *
demo_fishbowl_new (void)
{
  Bowl *bowl = g_new0 (Bowl, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *count = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 1, 3000, 1);

  bowl->root = gsk_layer_new ();
  gsk_layer_set_background_color (bowl->root, &(GdkRGBA) { 0.85f, 0.93f, 1, 1 });
  bowl->icon = make_icon ();
  bowl->fish = g_ptr_array_new ();
  bowl->motion = g_array_new (FALSE, FALSE, 3 * sizeof (float));
  set_count (bowl, 200);

  bowl->view = gsk_layer_view_new (bowl->root);
  gtk_widget_set_vexpand (bowl->view, TRUE);
  bowl->label = gtk_label_new ("200 icons");
  gtk_range_set_value (GTK_RANGE (count), 200);
  gtk_accessible_update_property (GTK_ACCESSIBLE (count), GTK_ACCESSIBLE_PROPERTY_LABEL, "Icons", -1);
  g_signal_connect (count, "value-changed", G_CALLBACK (on_count_changed), bowl);
  gtk_widget_add_tick_callback (bowl->view, swim, bowl, NULL);
  gtk_box_append (GTK_BOX (box), bowl->view);
  gtk_box_append (GTK_BOX (box), count);
  gtk_box_append (GTK_BOX (box), bowl->label);
  g_object_set_data_full (G_OBJECT (box), "bowl", bowl, (GDestroyNotify) bowl_free);
  return box;
}
