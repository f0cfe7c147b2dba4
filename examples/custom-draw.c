/* custom-draw.c: a layer subclass that draws its own content
 *
 * A dial: a layer class whose draw() paints a ring and a hand at the
 * angle of its "angle" property; setting the property invalidates the
 * content, which GSK draws again in the next frame and caches
 * otherwise. Two frames (the hand at 0° and at 120°) are written to
 * PREFIX-0.png and PREFIX-1.png. examples/gjs/custom-draw.js is the
 * same class written in JavaScript (a vfunc override through GObject
 * introspection), and the tests check that both write the same files.
 *
 * Usage: custom-draw [PREFIX]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#define EXAMPLE_TYPE_DIAL (dial_get_type ())
G_DECLARE_FINAL_TYPE (Dial, dial, EXAMPLE, DIAL, GskLayer)

struct _Dial
{
  GskLayer parent_instance;
  double angle;
};

G_DEFINE_TYPE (Dial, dial, GSK_TYPE_LAYER)

enum { PROP_0, PROP_ANGLE, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
dial_draw (GskLayer *layer,
           cairo_t  *cr)
{
  Dial *self = EXAMPLE_DIAL (layer);
  graphene_size_t size;
  double cx, cy, r;

  gsk_layer_get_size (layer, &size);
  cx = size.width / 2;
  cy = size.height / 2;
  r = MIN (cx, cy) - 8;

  cairo_set_source_rgb (cr, 0.96, 0.96, 0.96);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 6);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_stroke (cr);

  /* The hand, from the top, clockwise */
  cairo_set_line_width (cr, 8);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
  cairo_move_to (cr, cx, cy);
  cairo_line_to (cr, cx + (r - 16) * sin (self->angle * G_PI / 180), cy - (r - 16) * cos (self->angle * G_PI / 180));
  cairo_stroke (cr);
}

static void
dial_set_property (GObject      *object,
                   guint         prop_id,
                   const GValue *value,
                   GParamSpec   *pspec)
{
  Dial *self = EXAMPLE_DIAL (object);

  switch (prop_id)
    {
    case PROP_ANGLE:
      if (self->angle != g_value_get_double (value))
        {
          self->angle = g_value_get_double (value);
          gsk_layer_invalidate_content (GSK_LAYER (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dial_get_property (GObject    *object,
                   guint       prop_id,
                   GValue     *value,
                   GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ANGLE:
      g_value_set_double (value, EXAMPLE_DIAL (object)->angle);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dial_class_init (DialClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = dial_set_property;
  object_class->get_property = dial_get_property;
  GSK_LAYER_CLASS (klass)->draw = dial_draw;

  properties[PROP_ANGLE] =
    g_param_spec_double ("angle", NULL, "Where the hand points, in degrees clockwise from the top",
                         -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
dial_init (Dial *self)
{
}

int
main (int    argc,
      char **argv)
{
  const char *prefix = argc > 1 ? argv[1] : "custom-draw";
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root, *dial;
  GdkRGBA background;
  int frame;

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  gdk_rgba_parse (&background, "#241f31");
  gsk_layer_set_background_color (root, &background);

  dial = g_object_new (EXAMPLE_TYPE_DIAL, NULL);
  gsk_layer_set_position (dial, &GRAPHENE_POINT_INIT (20, 20));
  gsk_layer_set_size (dial, &GRAPHENE_SIZE_INIT (160, 160));
  gsk_layer_add_child (root, dial);

  for (frame = 0; frame < 2; frame++)
    {
      g_autofree char *path = g_strdup_printf ("%s-%d.png", prefix, frame);
      cairo_surface_t *image;

      g_object_set (dial, "angle", frame * 120.0, NULL);
      image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
      cairo_surface_write_to_png (image, path);
      cairo_surface_destroy (image);
      g_print ("Wrote %s\n", path);
    }

  g_object_unref (root);
  g_object_unref (renderer);
  return 0;
}
