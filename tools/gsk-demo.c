/* gsk-demo.c: the built-in demo scene
 *
 * A stage with a perspective row of cards, a clipped, bordered and
 * rotated panel, a translucent group of rounded, double-bordered squares
 * and blended elliptical panes: most of what a layer can do, in one
 * picture.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gtk/gtk.h>

#include "gsk-demo.h"

/* GskDemoCard: a layer that draws a rounded, shaded card with cairo.
 * Its hue is a property, so scene files can set it. */
struct _GskDemoCard
{
  GskLayer parent_instance;

  float hue;
};

enum {
  PROP_0,
  PROP_HUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskDemoCard, gsk_demo_card, GSK_TYPE_LAYER)

static void
hsv (float   h,
     float   s,
     float   v,
     double *r,
     double *g,
     double *b)
{
  float fr, fg, fb;

  gtk_hsv_to_rgb (fmodf (h, 1.f), s, v, &fr, &fg, &fb);
  *r = fr;
  *g = fg;
  *b = fb;
}

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
gsk_demo_card_draw (GskLayer *layer,
                    cairo_t  *cr)
{
  GskDemoCard *self = GSK_DEMO_CARD (layer);
  graphene_size_t size;
  cairo_pattern_t *pattern;
  double r, g, b, w, h;
  int i;

  gsk_layer_get_size (layer, &size);
  w = size.width;
  h = size.height;

  rounded_rect (cr, 1, 1, w - 2, h - 2, MIN (w, h) * 0.08);
  pattern = cairo_pattern_create_linear (0, 0, w * 0.3, h);
  hsv (self->hue, 0.55f, 1.f, &r, &g, &b);
  cairo_pattern_add_color_stop_rgb (pattern, 0, r, g, b);
  hsv (self->hue + 0.08f, 0.85f, 0.65f, &r, &g, &b);
  cairo_pattern_add_color_stop_rgb (pattern, 1, r, g, b);
  cairo_set_source (cr, pattern);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (pattern);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.6);
  cairo_set_line_width (cr, 2);
  cairo_stroke (cr);

  /* An emblem: concentric rings */
  for (i = 0; i < 4; i++)
    {
      cairo_arc (cr, w * 0.5, h * 0.42, MIN (w, h) * (0.26 - i * 0.06), 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.25 + i * 0.18);
      cairo_fill (cr);
    }

  /* Lines of "text" */
  for (i = 0; i < 3; i++)
    {
      rounded_rect (cr, w * 0.15, h * (0.72 + i * 0.08), w * (0.7 - i * 0.18), h * 0.035, h * 0.017);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.75);
      cairo_fill (cr);
    }
}

static void
gsk_demo_card_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  GskDemoCard *self = GSK_DEMO_CARD (object);

  switch (prop_id)
    {
    case PROP_HUE:
      g_value_set_float (value, self->hue);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_demo_card_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  GskDemoCard *self = GSK_DEMO_CARD (object);

  switch (prop_id)
    {
    case PROP_HUE:
      if (self->hue != g_value_get_float (value))
        {
          self->hue = g_value_get_float (value);
          gsk_layer_invalidate_content (GSK_LAYER (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_demo_card_class_init (GskDemoCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_demo_card_get_property;
  object_class->set_property = gsk_demo_card_set_property;
  GSK_LAYER_CLASS (klass)->draw = gsk_demo_card_draw;

  properties[PROP_HUE] =
    g_param_spec_float ("hue", NULL, NULL, 0.f, 1.f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_demo_card_init (GskDemoCard *self)
{
}

static GskLayer *
layer_new (GType       type,
           const char *name,
           float       x,
           float       y,
           float       w,
           float       h)
{
  GskLayer *layer = g_object_new (type, "name", name, NULL);

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (w, h));

  return layer;
}

static void
set_transform (GskLayer   *layer,
               const char *css)
{
  GskLayerTransform *t = NULL;

  if (!gsk_layer_transform_parse (css, &t, NULL))
    g_assert_not_reached ();
  gsk_layer_set_transform (layer, t);
  g_clear_pointer (&t, gsk_layer_transform_unref);
}

static void
set_style (GskLayer   *layer,
           const char *css)
{
  if (!gsk_layer_set_style_from_string (layer, css, NULL))
    g_assert_not_reached ();
}

static void
set_color (GskLayer   *layer,
           const char *css)
{
  GdkRGBA c;

  if (!gdk_rgba_parse (&c, css))
    g_assert_not_reached ();
  gsk_layer_set_background_color (layer, &c);
}

/* A vertical gradient backdrop, drawn once */
static GskLayer *
backdrop_new (float w,
              float h)
{
  GskLayer *backdrop = layer_new (GSK_TYPE_DEMO_CARD, "backdrop", 0, 0, w, h);

  g_object_set (backdrop, "hue", 0.62f, NULL);
  gsk_layer_set_reactive (backdrop, FALSE);

  return backdrop;
}

/**
 * gsk_demo_scene_new:
 *
 * Builds the demo: 960×600, several nested, rotated,
 * perspective-transformed, clipped and translucent layers.
 *
 * Returns: (transfer full): the scene
 */
GskLayerScene *
gsk_demo_scene_new (void)
{
  const float W = 960, H = 600;
  GskLayer *stage, *row, *panel, *group, *discs, *l;
  GskLayerTransform *t = NULL;
  GskLayerScene *scene;
  GdkRGBA bg;
  int i;

  stage = layer_new (GSK_TYPE_LAYER, "stage", 0, 0, W, H);
  set_color (stage, "#1e1b2e");
  l = backdrop_new (W, H * 0.55f);
  gsk_layer_set_opacity (l, 0.35f);
  gsk_layer_add_child (stage, l);

  /* A cover-flow row under one shared perspective */
  row = layer_new (GSK_TYPE_LAYER, "row", 0, 40, W, 300);
  if (!gsk_layer_transform_parse ("perspective(900px)", &t, NULL))
    g_assert_not_reached ();
  gsk_layer_set_child_transform (row, t);
  g_clear_pointer (&t, gsk_layer_transform_unref);
  gsk_layer_add_child (stage, row);

  for (i = 0; i < 7; i++)
    {
      int d = i - 3;
      char name[32], css[96];

      g_snprintf (name, sizeof name, "card-%d", i);
      l = layer_new (GSK_TYPE_DEMO_CARD, name, W / 2 - 90 + d * 120, 40, 180, 230);
      g_object_set (l, "hue", (float) i / 7.f, NULL);
      if (d != 0)
        g_snprintf (css, sizeof css, "rotateY(%ddeg)", d < 0 ? 55 : -55);
      else
        g_snprintf (css, sizeof css, "translateZ(120px)");
      set_transform (l, css);
      /* The middle card is nearest; the others stack toward it */
      gsk_layer_set_z_position (l, -abs (d) * 10);
      gsk_layer_add_child (row, l);
    }

  /* Frosted glass over the row's feet: what is below, blurred */
  l = layer_new (GSK_TYPE_LAYER, "glass", W / 2 - 190, 285, 380, 64);
  set_style (l, "backdrop-filter: blur(10px) saturate(160%); background-color: rgba(255, 255, 255, 0.14); "
                "border: 1px solid rgba(255, 255, 255, 0.35); border-radius: 18px; "
                "box-shadow: 0 12px 30px rgba(0, 0, 0, 0.45)");
  gsk_layer_add_child (stage, l);
  {
    GskLayer *label = gsk_layer_text_new ("Frosted glass, blurred live");

    gsk_layer_text_set_font (GSK_LAYER_TEXT (label), "Sans Bold 16");
    gsk_layer_text_set_color (GSK_LAYER_TEXT (label), &(GdkRGBA) { 1, 1, 1, 0.92f });
    gsk_layer_set_style_from_string (label, "text-shadow: 0 1px 3px rgba(0, 0, 0, 0.6)", NULL);
    gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (34, 18));
    gsk_layer_add_child (l, label);
  }

  /* A clipped panel, rotated, with children spilling over its edges */
  panel = layer_new (GSK_TYPE_LAYER, "panel", 70, 370, 300, 190);
  set_color (panel, "rgba(255,255,255,0.12)");
  /* Its children are clipped inside the border, to the inner curves */
  set_style (panel, "border: 3px solid rgba(255, 255, 255, 0.55); border-radius: 28px 6px; "
                    "box-shadow: 0 16px 40px rgba(0, 0, 0, 0.5); "
                    "background-image: radial-gradient(circle at 20% 0%, rgba(255, 255, 255, 0.25), transparent 70%)");
  set_transform (panel, "rotate(-6deg)");
  gsk_layer_set_clip_to_bounds (panel, TRUE);
  gsk_layer_add_child (stage, panel);
  for (i = 0; i < 5; i++)
    {
      char css[64];

      l = layer_new (GSK_TYPE_DEMO_CARD, "chip", -40 + i * 75, 30 + (i % 2) * 60, 110, 110);
      g_object_set (l, "hue", 0.05f + i * 0.1f, NULL);
      g_snprintf (css, sizeof css, "rotate(%ddeg)", 20 * i - 40);
      set_transform (l, css);
      gsk_layer_add_child (panel, l);
    }

  /* Group opacity: overlapping squares fade as one */
  group = layer_new (GSK_TYPE_LAYER, "group", 420, 385, 220, 170);
  gsk_layer_set_opacity (group, 0.6f);
  gsk_layer_add_child (stage, group);
  for (i = 0; i < 3; i++)
    {
      static const char *colors[] = { "#e01b24", "#33d17a", "#3584e4" };

      l = layer_new (GSK_TYPE_LAYER, "square", i * 55, i * 30, 110, 110);
      set_color (l, colors[i]);
      set_style (l, "border-radius: 40px 8px / 20px 8px; border: 4px double rgba(255, 255, 255, 0.7); "
                    "filter: drop-shadow(0 6px 6px rgba(0, 0, 0, 0.5))");
      set_transform (l, "rotate(12deg)");
      gsk_layer_add_child (group, l);
    }

  /* Screen-blended panes, tilted away in 3D */
  discs = layer_new (GSK_TYPE_LAYER, "panes", 680, 370, 240, 200);
  set_transform (discs, "perspective(500px) rotateX(30deg)");
  gsk_layer_add_child (stage, discs);
  for (i = 0; i < 3; i++)
    {
      static const char *colors[] = { "#c01c28", "#26a269", "#1c71d8" };
      char css[64];

      l = layer_new (GSK_TYPE_LAYER, "pane", 25 + i * 45, 20 + (i % 2) * 40, 120, 120);
      set_color (l, colors[i]);
      set_style (l, "border-radius: 50% 14px");
      g_snprintf (css, sizeof css, "rotate(%ddeg)", 15 * i - 15);
      set_transform (l, css);
      gsk_layer_set_blend_mode (l, GSK_LAYER_BLEND_SCREEN);
      gsk_layer_add_child (discs, l);
    }

  scene = gsk_layer_scene_new (stage, W, H);
  gdk_rgba_parse (&bg, "#000000");
  gsk_layer_scene_set_background (scene, &bg);

  return scene;
}
