/* gsk-layer-shape.c: a layer that fills and strokes a path
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-shape.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-path-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-enum-types.h"

/**
 * GskLayerShape:
 *
 * A layer that draws a [struct@LayerPath]: filled, then stroked, as
 * SVG's `<path>` and Core Animation's `CAShapeLayer` draw one.
 *
 * ```c
 * GskLayerPath *ring = gsk_layer_path_parse ("M 32 4 A 28 28 0 1 1 31.99 4", NULL);
 * GskLayer *progress = gsk_layer_shape_new (ring);
 *
 * gsk_layer_set_size (progress, &GRAPHENE_SIZE_INIT (64, 64));
 * gsk_layer_shape_set_fill_color (GSK_LAYER_SHAPE (progress), &(GdkRGBA) { 0, 0, 0, 0 });
 * gsk_layer_shape_set_stroke_color (GSK_LAYER_SHAPE (progress), &(GdkRGBA) { 0.2, 0.5, 0.9, 1 });
 * gsk_layer_shape_set_stroke_width (GSK_LAYER_SHAPE (progress), 6);
 * gsk_layer_shape_set_line_cap (GSK_LAYER_SHAPE (progress), GSK_LAYER_LINE_CAP_ROUND);
 * gsk_layer_shape_set_stroke_end (GSK_LAYER_SHAPE (progress), 0.25);
 * ```
 *
 * The path is in the layer's coordinates, and the shape is drawn within
 * the layer's bounds: size the layer to hold the stroke. It is drawn at
 * the resolution the layer is shown at, crisp at any scale, and again
 * only when a property changes. By default the fill is black and there
 * is no stroke, as in SVG.
 *
 * [property@LayerShape:stroke-start] and [property@LayerShape:stroke-end]
 * draw part of the stroke, by length along the whole path: animate the
 * end from 0 to 1 to draw a path on. They, the colours, the width, the
 * dash offset and the path itself (between paths of the same segments)
 * animate, implicitly inside an easing state or with transitions.
 *
 * Since: 0.1
 */

struct _GskLayerShape
{
  GskLayer parent_instance;

  GskLayerPath *path;
  GdkRGBA fill_color;
  GskLayerPathFillRule fill_rule;
  GdkRGBA stroke_color;
  float stroke_width;
  GskLayerLineCap line_cap;
  GskLayerLineJoin line_join;
  float miter_limit;
  float *dash;
  gsize n_dash;
  float dash_offset;
  float stroke_start;
  float stroke_end;
  /* A CSS gradient over the layer's bounds in place of the colour, as
   * written, and read (NULL: the colour) */
  char *fill_gradient_text;
  GskLayerGradient *fill_gradient;
  char *stroke_gradient_text;
  GskLayerGradient *stroke_gradient;
};

enum {
  PROP_0,
  PROP_PATH,
  PROP_FILL_COLOR,
  PROP_FILL_RULE,
  PROP_STROKE_COLOR,
  PROP_STROKE_WIDTH,
  PROP_LINE_CAP,
  PROP_LINE_JOIN,
  PROP_MITER_LIMIT,
  PROP_DASH,
  PROP_DASH_OFFSET,
  PROP_STROKE_START,
  PROP_STROKE_END,
  PROP_FILL_GRADIENT,
  PROP_STROKE_GRADIENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerShape, gsk_layer_shape, GSK_TYPE_LAYER)

/* {{{ Animation */

/* With an easing state in force, a value goes to a transition, which
 * sets it frame by frame (gsk_layer_animate_value ()) */

static gboolean
animate_float (GskLayerShape *self,
               guint          prop,
               float          v)
{
  GValue value = G_VALUE_INIT;
  gboolean handled;

  if (G_LIKELY (gsk_layer_get_private (GSK_LAYER (self))->animation == NULL))
    return FALSE;
  g_value_init (&value, G_TYPE_FLOAT);
  g_value_set_float (&value, v);
  handled = gsk_layer_animate_value (GSK_LAYER (self), properties[prop], &value);
  g_value_unset (&value);
  return handled;
}

static gboolean
animate_boxed (GskLayerShape *self,
               guint          prop,
               GType          type,
               gconstpointer  boxed)
{
  GValue value = G_VALUE_INIT;
  gboolean handled;

  if (G_LIKELY (gsk_layer_get_private (GSK_LAYER (self))->animation == NULL))
    return FALSE;
  g_value_init (&value, type);
  g_value_set_boxed (&value, boxed);
  handled = gsk_layer_animate_value (GSK_LAYER (self), properties[prop], &value);
  g_value_unset (&value);
  return handled;
}

/* The model value while a transition runs, else NULL */
static const GValue *
model_value (GskLayerShape *self,
             guint          prop)
{
  return gsk_layer_peek_model_value (GSK_LAYER (self), properties[prop]);
}

/* Transitions set what is on screen; only the model notifies */
static void
changed (GskLayerShape *self,
         guint          prop)
{
  gsk_layer_invalidate_content (GSK_LAYER (self));
  if (!gsk_layer_get_private (GSK_LAYER (self))->updating_presentation)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* }}} */
/* {{{ Drawing */

static cairo_line_cap_t
cairo_cap (GskLayerLineCap cap)
{
  switch (cap)
    {
    case GSK_LAYER_LINE_CAP_ROUND: return CAIRO_LINE_CAP_ROUND;
    case GSK_LAYER_LINE_CAP_SQUARE: return CAIRO_LINE_CAP_SQUARE;
    case GSK_LAYER_LINE_CAP_BUTT:
    default: return CAIRO_LINE_CAP_BUTT;
    }
}

static cairo_line_join_t
cairo_join (GskLayerLineJoin join)
{
  switch (join)
    {
    case GSK_LAYER_LINE_JOIN_ROUND: return CAIRO_LINE_JOIN_ROUND;
    case GSK_LAYER_LINE_JOIN_BEVEL: return CAIRO_LINE_JOIN_BEVEL;
    case GSK_LAYER_LINE_JOIN_MITER:
    default: return CAIRO_LINE_JOIN_MITER;
    }
}

/* A gradient over the layer's bounds, as CSS lays one on a box; or the
 * colour */
static void
set_source (GskLayerShape          *self,
            cairo_t                *cr,
            const GskLayerGradient *gradient,
            const GdkRGBA          *color)
{
  graphene_size_t size;
  graphene_rect_t box;

  if (gradient == NULL)
    {
      gdk_cairo_set_source_rgba (cr, color);
      return;
    }
  gsk_layer_get_size (GSK_LAYER (self), &size);
  box = GRAPHENE_RECT_INIT (0, 0, size.width, size.height);
  gsk_layer_gradient_set_source (cr, gradient, &size, &box);
}

static void
gsk_layer_shape_draw (GskLayer *layer,
                      cairo_t  *cr)
{
  GskLayerShape *self = GSK_LAYER_SHAPE (layer);
  double dx = 1, dy = 0;

  if (self->path == NULL || gsk_layer_path_is_empty (self->path))
    return;

  if (self->fill_color.alpha > 0 || self->fill_gradient != NULL)
    {
      gsk_layer_path_to_cairo (self->path, cr);
      cairo_set_fill_rule (cr, self->fill_rule == GSK_LAYER_PATH_FILL_RULE_EVENODD ? CAIRO_FILL_RULE_EVEN_ODD
                                                                                 : CAIRO_FILL_RULE_WINDING);
      set_source (self, cr, self->fill_gradient, &self->fill_color);
      cairo_fill (cr);
    }

  if ((self->stroke_color.alpha > 0 || self->stroke_gradient != NULL) &&
      self->stroke_width > 0 && self->stroke_end > self->stroke_start)
    {
      GskLayerPath *part;
      float offset = 0, tolerance;

      /* Parts and dashes are measured on polylines a tenth of a device
       * pixel from the curves; dashes are laid by GSK, not cairo, whose
       * coarser measure of curves puts them a pixel off SVG's on a circle */
      cairo_user_to_device_distance (cr, &dx, &dy);
      tolerance = 0.1f / MAX (hypot (dx, dy), 1e-3);
      part = gsk_layer_path_trim (self->path, self->stroke_start, self->stroke_end, tolerance, &offset);
      if (self->n_dash > 0)
        {
          GskLayerPath *dashed = gsk_layer_path_dash (part, self->dash, self->n_dash,
                                                      self->dash_offset + offset, tolerance);

          gsk_layer_path_unref (part);
          part = dashed;
        }
      gsk_layer_path_to_cairo (part, cr);
      gsk_layer_path_unref (part);
      cairo_set_line_width (cr, self->stroke_width);
      cairo_set_line_cap (cr, cairo_cap (self->line_cap));
      cairo_set_line_join (cr, cairo_join (self->line_join));
      cairo_set_miter_limit (cr, self->miter_limit);
      set_source (self, cr, self->stroke_gradient, &self->stroke_color);
      cairo_stroke (cr);
    }
}

/* }}} */
/* {{{ Dashes as text */

static char *
dash_to_string (GskLayerShape *self)
{
  GString *s;
  gsize i;

  if (self->n_dash == 0)
    return g_strdup ("none");
  s = g_string_new (NULL);
  for (i = 0; i < self->n_dash; i++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%g", self->dash[i]));
    }
  return g_string_free (s, FALSE);
}

/* A property setter cannot report an error: text that is not a dash
 * pattern is refused with a critical and changes nothing */
static void
set_dash_from_string (GskLayerShape *self,
                      const char    *text)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (float));
  const char *p = text ? text : "none";

  while (g_ascii_isspace (*p))
    p++;
  if (g_ascii_strncasecmp (p, "none", 4) != 0 || p[4 + strspn (p + 4, " \t\n")] != '\0')
    while (*p)
      {
        char *end;
        double d = g_ascii_strtod (p, &end);

        if (end == p || !isfinite (d) || d < 0 || d > GSK_LAYER_MAX_COORDINATE)
          {
            g_critical ("“%s” is not a dash pattern: lengths, not negative, separated by spaces or commas", text);
            g_array_unref (values);
            return;
          }
        g_array_append_val (values, (float) { d });
        p = end;
        while (g_ascii_isspace (*p) || *p == ',')
          p++;
      }

  gsk_layer_shape_set_dash (self, (const float *) values->data, values->len);
  g_array_unref (values);
}

/* }}} */
/* {{{ GObject */

static gboolean set_gradient (GskLayerShape *self, guint prop_id, const char *text, GError **error);

static void
gsk_layer_shape_finalize (GObject *object)
{
  GskLayerShape *self = GSK_LAYER_SHAPE (object);

  g_clear_pointer (&self->path, gsk_layer_path_unref);
  g_free (self->dash);
  g_free (self->fill_gradient_text);
  g_free (self->fill_gradient);
  g_free (self->stroke_gradient_text);
  g_free (self->stroke_gradient);

  G_OBJECT_CLASS (gsk_layer_shape_parent_class)->finalize (object);
}

static void
gsk_layer_shape_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GskLayerShape *self = GSK_LAYER_SHAPE (object);
  GdkRGBA color;

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_boxed (value, gsk_layer_shape_get_path (self));
      break;
    case PROP_FILL_COLOR:
      gsk_layer_shape_get_fill_color (self, &color);
      g_value_set_boxed (value, &color);
      break;
    case PROP_FILL_RULE:
      g_value_set_enum (value, self->fill_rule);
      break;
    case PROP_STROKE_COLOR:
      gsk_layer_shape_get_stroke_color (self, &color);
      g_value_set_boxed (value, &color);
      break;
    case PROP_STROKE_WIDTH:
      g_value_set_float (value, gsk_layer_shape_get_stroke_width (self));
      break;
    case PROP_LINE_CAP:
      g_value_set_enum (value, self->line_cap);
      break;
    case PROP_LINE_JOIN:
      g_value_set_enum (value, self->line_join);
      break;
    case PROP_MITER_LIMIT:
      g_value_set_float (value, self->miter_limit);
      break;
    case PROP_DASH:
      g_value_take_string (value, dash_to_string (self));
      break;
    case PROP_FILL_GRADIENT:
      g_value_set_string (value, self->fill_gradient_text);
      break;
    case PROP_STROKE_GRADIENT:
      g_value_set_string (value, self->stroke_gradient_text);
      break;
    case PROP_DASH_OFFSET:
      g_value_set_float (value, gsk_layer_shape_get_dash_offset (self));
      break;
    case PROP_STROKE_START:
      g_value_set_float (value, gsk_layer_shape_get_stroke_start (self));
      break;
    case PROP_STROKE_END:
      g_value_set_float (value, gsk_layer_shape_get_stroke_end (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_shape_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GskLayerShape *self = GSK_LAYER_SHAPE (object);

  switch (prop_id)
    {
    case PROP_PATH:
      gsk_layer_shape_set_path (self, g_value_get_boxed (value));
      break;
    case PROP_FILL_COLOR:
      gsk_layer_shape_set_fill_color (self, g_value_get_boxed (value));
      break;
    case PROP_FILL_RULE:
      gsk_layer_shape_set_fill_rule (self, g_value_get_enum (value));
      break;
    case PROP_STROKE_COLOR:
      gsk_layer_shape_set_stroke_color (self, g_value_get_boxed (value));
      break;
    case PROP_STROKE_WIDTH:
      gsk_layer_shape_set_stroke_width (self, g_value_get_float (value));
      break;
    case PROP_LINE_CAP:
      gsk_layer_shape_set_line_cap (self, g_value_get_enum (value));
      break;
    case PROP_LINE_JOIN:
      gsk_layer_shape_set_line_join (self, g_value_get_enum (value));
      break;
    case PROP_MITER_LIMIT:
      gsk_layer_shape_set_miter_limit (self, g_value_get_float (value));
      break;
    case PROP_DASH:
      set_dash_from_string (self, g_value_get_string (value));
      break;
    case PROP_FILL_GRADIENT:
    case PROP_STROKE_GRADIENT:
      {
        g_autoptr (GError) error = NULL;

        /* A property setter cannot report an error: a critical, and
         * nothing changes */
        if (!set_gradient (self, prop_id, g_value_get_string (value), &error))
          g_critical ("“%s” is not a gradient: %s", g_value_get_string (value), error->message);
      }
      break;
    case PROP_DASH_OFFSET:
      gsk_layer_shape_set_dash_offset (self, g_value_get_float (value));
      break;
    case PROP_STROKE_START:
      gsk_layer_shape_set_stroke_start (self, g_value_get_float (value));
      break;
    case PROP_STROKE_END:
      gsk_layer_shape_set_stroke_end (self, g_value_get_float (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_shape_class_init (GskLayerShapeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerClass *layer_class = GSK_LAYER_CLASS (klass);

  object_class->finalize = gsk_layer_shape_finalize;
  object_class->get_property = gsk_layer_shape_get_property;
  object_class->set_property = gsk_layer_shape_set_property;
  layer_class->draw = gsk_layer_shape_draw;

  /**
   * GskLayerShape:path:
   *
   * The path drawn, in the layer's coordinates, or %NULL for none.
   *
   * Since: 0.1
   */
  properties[PROP_PATH] =
    g_param_spec_boxed ("path", NULL, "The path drawn",
                        GSK_TYPE_LAYER_PATH,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:fill-color:
   *
   * The colour that fills the path; transparent for no fill.
   *
   * Since: 0.1
   */
  properties[PROP_FILL_COLOR] =
    g_param_spec_boxed ("fill-color", NULL, "The colour of the fill",
                        GDK_TYPE_RGBA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:fill-rule:
   *
   * Which points the path encloses, for the fill.
   *
   * Since: 0.1
   */
  properties[PROP_FILL_RULE] =
    g_param_spec_enum ("fill-rule", NULL, "Which points the fill covers",
                       GSK_TYPE_LAYER_PATH_FILL_RULE, GSK_LAYER_PATH_FILL_RULE_NONZERO,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:stroke-color:
   *
   * The colour of the stroke; transparent (the default) for none.
   *
   * Since: 0.1
   */
  properties[PROP_STROKE_COLOR] =
    g_param_spec_boxed ("stroke-color", NULL, "The colour of the stroke",
                        GDK_TYPE_RGBA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:stroke-width:
   *
   * The width of the stroke, centred on the path.
   *
   * Since: 0.1
   */
  properties[PROP_STROKE_WIDTH] =
    g_param_spec_float ("stroke-width", NULL, "The width of the stroke",
                        0.f, GSK_LAYER_MAX_COORDINATE, 1.f,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:line-cap:
   *
   * How the ends of the stroke look.
   *
   * Since: 0.1
   */
  properties[PROP_LINE_CAP] =
    g_param_spec_enum ("line-cap", NULL, "How the ends of the stroke look",
                       GSK_TYPE_LAYER_LINE_CAP, GSK_LAYER_LINE_CAP_BUTT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:line-join:
   *
   * How the stroke turns corners.
   *
   * Since: 0.1
   */
  properties[PROP_LINE_JOIN] =
    g_param_spec_enum ("line-join", NULL, "How the stroke turns corners",
                       GSK_TYPE_LAYER_LINE_JOIN, GSK_LAYER_LINE_JOIN_MITER,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:miter-limit:
   *
   * How long a miter may be, as a multiple of the stroke width, before
   * the corner is bevelled (SVG's `stroke-miterlimit`, 4 by default).
   *
   * Since: 0.1
   */
  properties[PROP_MITER_LIMIT] =
    g_param_spec_float ("miter-limit", NULL, "How long a miter may be",
                        1.f, GSK_LAYER_MAX_COORDINATE, 4.f,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:dash:
   *
   * The dash pattern as SVG's `stroke-dasharray` writes it: lengths
   * separated by spaces or commas (`"8 4"`), or `"none"` for a solid
   * stroke. [method@LayerShape.set_dash] sets the same from numbers.
   *
   * Since: 0.1
   */
  properties[PROP_DASH] =
    g_param_spec_string ("dash", NULL, "The dash pattern",
                         "none",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:dash-offset:
   *
   * How far into the dash pattern the path starts (SVG's
   * `stroke-dashoffset`): animate it to make the dashes march.
   *
   * Since: 0.1
   */
  properties[PROP_DASH_OFFSET] =
    g_param_spec_float ("dash-offset", NULL, "How far into the dashes the path starts",
                        -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE, 0.f,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:stroke-start:
   *
   * Where the stroke starts, as a fraction of the path's length.
   *
   * Since: 0.1
   */
  properties[PROP_STROKE_START] =
    g_param_spec_float ("stroke-start", NULL, "Where the stroke starts along the path",
                        0.f, 1.f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:stroke-end:
   *
   * Where the stroke ends, as a fraction of the path's length: nothing
   * is stroked where it is not past the start.
   *
   * Since: 0.1
   */
  properties[PROP_STROKE_END] =
    g_param_spec_float ("stroke-end", NULL, "Where the stroke ends along the path",
                        0.f, 1.f, 1.f,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerShape:fill-gradient:
   *
   * A CSS gradient (`linear-gradient()`, `radial-gradient()`,
   * `conic-gradient()` or their `repeating-` forms) laid over the
   * layer's bounds, filling the path in place of
   * [property@LayerShape:fill-color]; %NULL for the colour. See
   * [method@LayerShape.set_fill_gradient].
   *
   * Since: 0.1
   */
  properties[PROP_FILL_GRADIENT] =
    g_param_spec_string ("fill-gradient", NULL, "A CSS gradient filling the path",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * GskLayerShape:stroke-gradient:
   *
   * A CSS gradient laid over the layer's bounds, painting the stroke in
   * place of [property@LayerShape:stroke-color]; %NULL for the colour.
   *
   * Since: 0.1
   */
  properties[PROP_STROKE_GRADIENT] =
    g_param_spec_string ("stroke-gradient", NULL, "A CSS gradient painting the stroke",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_shape_init (GskLayerShape *self)
{
  self->fill_color = (GdkRGBA) { 0, 0, 0, 1 };
  self->stroke_color = (GdkRGBA) { 0, 0, 0, 0 };
  self->stroke_width = 1.f;
  self->miter_limit = 4.f;
  self->stroke_end = 1.f;
}

/* }}} */
/* {{{ API */

/**
 * gsk_layer_shape_new:
 * @path: (nullable): the path to draw
 *
 * Makes a layer that fills @path in black, as SVG's `<path d="…">` does.
 *
 * Returns: (transfer floating): a new shape layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_shape_new (GskLayerPath *path)
{
  return g_object_new (GSK_TYPE_LAYER_SHAPE, "path", path, NULL);
}

/**
 * gsk_layer_shape_set_path:
 * @self: a shape layer
 * @path: (nullable): the path to draw
 *
 * Sets the path drawn. Inside an easing state, a path of the same
 * segments as the one drawn animates toward @path point by point;
 * another is set at the end.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_path (GskLayerShape *self,
                          GskLayerPath  *path)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));

  if (animate_boxed (self, PROP_PATH, GSK_TYPE_LAYER_PATH, path))
    return;
  if (self->path == path || (self->path && path && gsk_layer_path_equal (self->path, path)))
    return;

  if (path)
    gsk_layer_path_ref (path);
  g_clear_pointer (&self->path, gsk_layer_path_unref);
  self->path = path;
  changed (self, PROP_PATH);
}

/**
 * gsk_layer_shape_get_path:
 * @self: a shape layer
 *
 * Gets the path set (while it animates, where it is going).
 *
 * Returns: (transfer none) (nullable): the path
 *
 * Since: 0.1
 */
GskLayerPath *
gsk_layer_shape_get_path (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), NULL);

  if (model_value (self, PROP_PATH))
    return g_value_get_boxed (model_value (self, PROP_PATH));
  return self->path;
}

static gboolean
rgba_is_valid (const GdkRGBA *c)
{
  return c->red >= 0 && c->red <= 1 && c->green >= 0 && c->green <= 1 &&
         c->blue >= 0 && c->blue <= 1 && c->alpha >= 0 && c->alpha <= 1;
}

static void
set_color (GskLayerShape *self,
           guint          prop,
           GdkRGBA       *field,
           const GdkRGBA *color)
{
  if (animate_boxed (self, prop, GDK_TYPE_RGBA, color))
    return;
  if (gdk_rgba_equal (field, color))
    return;
  *field = *color;
  changed (self, prop);
}

/**
 * gsk_layer_shape_set_fill_color:
 * @self: a shape layer
 * @color: the fill's colour; transparent for none
 *
 * Sets the colour that fills the path.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_fill_color (GskLayerShape *self,
                                const GdkRGBA *color)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (color != NULL && rgba_is_valid (color));

  set_color (self, PROP_FILL_COLOR, &self->fill_color, color);
}

/**
 * gsk_layer_shape_get_fill_color:
 * @self: a shape layer
 * @color: (out caller-allocates): the fill's colour
 *
 * Gets the colour that fills the path.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_get_fill_color (GskLayerShape *self,
                                GdkRGBA       *color)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (color != NULL);

  *color = model_value (self, PROP_FILL_COLOR) ? *(GdkRGBA *) g_value_get_boxed (model_value (self, PROP_FILL_COLOR))
                                               : self->fill_color;
}

/**
 * gsk_layer_shape_set_fill_rule:
 * @self: a shape layer
 * @rule: which points the fill covers
 *
 * Sets which points the path encloses, for the fill.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_fill_rule (GskLayerShape        *self,
                               GskLayerPathFillRule  rule)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (rule == GSK_LAYER_PATH_FILL_RULE_NONZERO || rule == GSK_LAYER_PATH_FILL_RULE_EVENODD);

  if (self->fill_rule == rule)
    return;
  self->fill_rule = rule;
  changed (self, PROP_FILL_RULE);
}

/**
 * gsk_layer_shape_get_fill_rule:
 * @self: a shape layer
 *
 * Gets which points the path encloses, for the fill.
 *
 * Returns: the fill rule
 *
 * Since: 0.1
 */
GskLayerPathFillRule
gsk_layer_shape_get_fill_rule (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), GSK_LAYER_PATH_FILL_RULE_NONZERO);

  return self->fill_rule;
}

/**
 * gsk_layer_shape_set_stroke_color:
 * @self: a shape layer
 * @color: the stroke's colour; transparent for none
 *
 * Sets the colour of the stroke.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_stroke_color (GskLayerShape *self,
                                  const GdkRGBA *color)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (color != NULL && rgba_is_valid (color));

  set_color (self, PROP_STROKE_COLOR, &self->stroke_color, color);
}

/**
 * gsk_layer_shape_get_stroke_color:
 * @self: a shape layer
 * @color: (out caller-allocates): the stroke's colour
 *
 * Gets the colour of the stroke.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_get_stroke_color (GskLayerShape *self,
                                  GdkRGBA       *color)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (color != NULL);

  *color = model_value (self, PROP_STROKE_COLOR) ? *(GdkRGBA *) g_value_get_boxed (model_value (self, PROP_STROKE_COLOR))
                                                 : self->stroke_color;
}

static void
set_float (GskLayerShape *self,
           guint          prop,
           float         *field,
           float          value)
{
  if (animate_float (self, prop, value))
    return;
  if (*field == value)
    return;
  *field = value;
  changed (self, prop);
}

static float
get_float (GskLayerShape *self,
           guint          prop,
           float          field)
{
  const GValue *model = model_value (self, prop);

  return model ? g_value_get_float (model) : field;
}

/**
 * gsk_layer_shape_set_stroke_width:
 * @self: a shape layer
 * @width: the stroke's width, not negative
 *
 * Sets the width of the stroke, centred on the path.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_stroke_width (GskLayerShape *self,
                                  float          width)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (width >= 0.f && width <= GSK_LAYER_MAX_COORDINATE);

  set_float (self, PROP_STROKE_WIDTH, &self->stroke_width, width);
}

/**
 * gsk_layer_shape_get_stroke_width:
 * @self: a shape layer
 *
 * Gets the width of the stroke.
 *
 * Returns: the width
 *
 * Since: 0.1
 */
float
gsk_layer_shape_get_stroke_width (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), 1.f);

  return get_float (self, PROP_STROKE_WIDTH, self->stroke_width);
}

/**
 * gsk_layer_shape_set_line_cap:
 * @self: a shape layer
 * @cap: how the ends of the stroke look
 *
 * Sets how the ends of the stroke look.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_line_cap (GskLayerShape   *self,
                              GskLayerLineCap  cap)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (cap <= GSK_LAYER_LINE_CAP_SQUARE);

  if (self->line_cap == cap)
    return;
  self->line_cap = cap;
  changed (self, PROP_LINE_CAP);
}

/**
 * gsk_layer_shape_get_line_cap:
 * @self: a shape layer
 *
 * Gets how the ends of the stroke look.
 *
 * Returns: the line cap
 *
 * Since: 0.1
 */
GskLayerLineCap
gsk_layer_shape_get_line_cap (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), GSK_LAYER_LINE_CAP_BUTT);

  return self->line_cap;
}

/**
 * gsk_layer_shape_set_line_join:
 * @self: a shape layer
 * @join: how the stroke turns corners
 *
 * Sets how the stroke turns corners.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_line_join (GskLayerShape    *self,
                               GskLayerLineJoin  join)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (join <= GSK_LAYER_LINE_JOIN_BEVEL);

  if (self->line_join == join)
    return;
  self->line_join = join;
  changed (self, PROP_LINE_JOIN);
}

/**
 * gsk_layer_shape_get_line_join:
 * @self: a shape layer
 *
 * Gets how the stroke turns corners.
 *
 * Returns: the line join
 *
 * Since: 0.1
 */
GskLayerLineJoin
gsk_layer_shape_get_line_join (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), GSK_LAYER_LINE_JOIN_MITER);

  return self->line_join;
}

/**
 * gsk_layer_shape_set_miter_limit:
 * @self: a shape layer
 * @limit: the longest miter, in stroke widths, at least 1
 *
 * Sets how long a miter may be before the corner is bevelled.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_miter_limit (GskLayerShape *self,
                                 float          limit)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (limit >= 1.f && limit <= GSK_LAYER_MAX_COORDINATE);

  if (self->miter_limit == limit)
    return;
  self->miter_limit = limit;
  changed (self, PROP_MITER_LIMIT);
}

/**
 * gsk_layer_shape_get_miter_limit:
 * @self: a shape layer
 *
 * Gets how long a miter may be before the corner is bevelled.
 *
 * Returns: the miter limit
 *
 * Since: 0.1
 */
float
gsk_layer_shape_get_miter_limit (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), 4.f);

  return self->miter_limit;
}

/**
 * gsk_layer_shape_set_dash:
 * @self: a shape layer
 * @dash: (array length=n_dash) (nullable): lengths of dashes and gaps,
 *   alternating, none negative and not all 0
 * @n_dash: how many there are; 0 for a solid stroke
 *
 * Sets the dash pattern of the stroke, as SVG's `stroke-dasharray`: an
 * odd number of lengths repeats them twice.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_dash (GskLayerShape *self,
                          const float   *dash,
                          gsize          n_dash)
{
  double sum = 0;
  gsize i;

  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (n_dash == 0 || dash != NULL);
  g_return_if_fail (n_dash <= 1024);
  for (i = 0; i < n_dash; i++)
    {
      g_return_if_fail (dash[i] >= 0.f && dash[i] <= GSK_LAYER_MAX_COORDINATE);
      sum += dash[i];
    }
  g_return_if_fail (n_dash == 0 || sum > 0);

  if (self->n_dash == n_dash && (n_dash == 0 || memcmp (self->dash, dash, n_dash * sizeof (float)) == 0))
    return;
  g_free (self->dash);
  self->dash = n_dash > 0 ? g_memdup2 (dash, n_dash * sizeof (float)) : NULL;
  self->n_dash = n_dash;
  changed (self, PROP_DASH);
}

/**
 * gsk_layer_shape_get_dash:
 * @self: a shape layer
 * @n_dash: (out): how many lengths there are
 *
 * Gets the dash pattern of the stroke.
 *
 * Returns: (array length=n_dash) (nullable) (transfer none): the lengths
 *   of dashes and gaps, or %NULL for a solid stroke
 *
 * Since: 0.1
 */
const float *
gsk_layer_shape_get_dash (GskLayerShape *self,
                          gsize         *n_dash)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), NULL);
  g_return_val_if_fail (n_dash != NULL, NULL);

  *n_dash = self->n_dash;
  return self->dash;
}

/**
 * gsk_layer_shape_set_dash_offset:
 * @self: a shape layer
 * @offset: how far into the dash pattern the path starts
 *
 * Sets where in the dash pattern the path starts.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_dash_offset (GskLayerShape *self,
                                 float          offset)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (offset >= -GSK_LAYER_MAX_COORDINATE && offset <= GSK_LAYER_MAX_COORDINATE);

  set_float (self, PROP_DASH_OFFSET, &self->dash_offset, offset);
}

/**
 * gsk_layer_shape_get_dash_offset:
 * @self: a shape layer
 *
 * Gets where in the dash pattern the path starts.
 *
 * Returns: the dash offset
 *
 * Since: 0.1
 */
float
gsk_layer_shape_get_dash_offset (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), 0.f);

  return get_float (self, PROP_DASH_OFFSET, self->dash_offset);
}

/**
 * gsk_layer_shape_set_stroke_start:
 * @self: a shape layer
 * @start: where the stroke starts, from 0 to 1 of the path's length
 *
 * Sets where the stroke starts along the path.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_stroke_start (GskLayerShape *self,
                                  float          start)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (start >= 0.f && start <= 1.f);

  set_float (self, PROP_STROKE_START, &self->stroke_start, start);
}

/**
 * gsk_layer_shape_get_stroke_start:
 * @self: a shape layer
 *
 * Gets where the stroke starts along the path.
 *
 * Returns: the start, from 0 to 1
 *
 * Since: 0.1
 */
float
gsk_layer_shape_get_stroke_start (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), 0.f);

  return get_float (self, PROP_STROKE_START, self->stroke_start);
}

/**
 * gsk_layer_shape_set_stroke_end:
 * @self: a shape layer
 * @end: where the stroke ends, from 0 to 1 of the path's length
 *
 * Sets where the stroke ends along the path.
 *
 * Since: 0.1
 */
void
gsk_layer_shape_set_stroke_end (GskLayerShape *self,
                                float          end)
{
  g_return_if_fail (GSK_IS_LAYER_SHAPE (self));
  g_return_if_fail (end >= 0.f && end <= 1.f);

  set_float (self, PROP_STROKE_END, &self->stroke_end, end);
}

/**
 * gsk_layer_shape_get_stroke_end:
 * @self: a shape layer
 *
 * Gets where the stroke ends along the path.
 *
 * Returns: the end, from 0 to 1
 *
 * Since: 0.1
 */
float
gsk_layer_shape_get_stroke_end (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), 1.f);

  return get_float (self, PROP_STROKE_END, self->stroke_end);
}

/* }}} */

/* {{{ Gradients */

static gboolean
set_gradient (GskLayerShape  *self,
              guint           prop_id,
              const char     *text,
              GError        **error)
{
  char **stored_text = prop_id == PROP_FILL_GRADIENT ? &self->fill_gradient_text : &self->stroke_gradient_text;
  GskLayerGradient **stored = prop_id == PROP_FILL_GRADIENT ? &self->fill_gradient : &self->stroke_gradient;
  GskLayerGradient gradient;

  if (text != NULL && !gsk_layer_gradient_parse (text, &gradient, error))
    return FALSE;
  if (g_strcmp0 (*stored_text, text) == 0)
    return TRUE;

  g_free (*stored_text);
  g_clear_pointer (stored, g_free);
  *stored_text = g_strdup (text);
  if (text != NULL)
    *stored = g_memdup2 (&gradient, sizeof gradient);
  gsk_layer_invalidate_content (GSK_LAYER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  return TRUE;
}

/**
 * gsk_layer_shape_set_fill_gradient:
 * @self: a shape layer
 * @gradient: (nullable): a CSS gradient, or %NULL for the fill colour
 * @error: return location for an error
 *
 * Fills the path with a CSS gradient (`linear-gradient()`,
 * `radial-gradient()`, `conic-gradient()` or their `repeating-` forms),
 * laid over the layer's bounds as CSS lays one over a box, in place of
 * the fill colour:
 *
 * ```c
 * gsk_layer_shape_set_fill_gradient (shape, "linear-gradient(to right, #3584e4, #c061cb)", &error);
 * ```
 *
 * Text that is not a gradient is refused with an error in the
 * %GSK_LAYER_ERROR domain whose message starts with the column of the
 * problem, and changes nothing.
 *
 * Returns: whether @gradient was read and set
 *
 * Since: 0.1
 */
gboolean
gsk_layer_shape_set_fill_gradient (GskLayerShape  *self,
                                   const char     *gradient,
                                   GError        **error)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return set_gradient (self, PROP_FILL_GRADIENT, gradient, error);
}

/**
 * gsk_layer_shape_get_fill_gradient:
 * @self: a shape layer
 *
 * Gets the gradient filling the path, as it was set.
 *
 * Returns: (nullable): the gradient, or %NULL where the fill colour fills
 *
 * Since: 0.1
 */
const char *
gsk_layer_shape_get_fill_gradient (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), NULL);

  return self->fill_gradient_text;
}

/**
 * gsk_layer_shape_set_stroke_gradient:
 * @self: a shape layer
 * @gradient: (nullable): a CSS gradient, or %NULL for the stroke colour
 * @error: return location for an error
 *
 * Paints the stroke with a CSS gradient laid over the layer's bounds,
 * in place of the stroke colour, as [method@LayerShape.set_fill_gradient]
 * fills with one.
 *
 * Returns: whether @gradient was read and set
 *
 * Since: 0.1
 */
gboolean
gsk_layer_shape_set_stroke_gradient (GskLayerShape  *self,
                                     const char     *gradient,
                                     GError        **error)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return set_gradient (self, PROP_STROKE_GRADIENT, gradient, error);
}

/**
 * gsk_layer_shape_get_stroke_gradient:
 * @self: a shape layer
 *
 * Gets the gradient painting the stroke, as it was set.
 *
 * Returns: (nullable): the gradient, or %NULL where the stroke colour paints
 *
 * Since: 0.1
 */
const char *
gsk_layer_shape_get_stroke_gradient (GskLayerShape *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_SHAPE (self), NULL);

  return self->stroke_gradient_text;
}

/* }}} */
