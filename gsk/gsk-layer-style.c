/* gsk-layer-style.c: a layer's look, written as CSS declarations
 *
 * The value and what it does to a layer; gsk/css/gsk-layer-style-parser.c
 * reads it from text.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-private.h"
#include "gsk-layer-blur-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-enum-types.h"

G_DEFINE_BOXED_TYPE (GskLayerStyle, gsk_layer_style, gsk_layer_style_ref, gsk_layer_style_unref)

GskLayerStyle *
gsk_layer_style_new (void)
{
  GskLayerStyle *self = g_new0 (GskLayerStyle, 1);

  g_ref_count_init (&self->ref_count);
  self->opacity = 1.f;
  for (int side = 0; side < 4; side++)
    {
      self->border_width[side] = 3.f;
      self->border_color[side] = (GdkRGBA) { 0, 0, 0, 1 };
    }
  self->outline_width = 3.f;
  self->outline_color = (GdkRGBA) { 0, 0, 0, 1 };

  return self;
}

/**
 * gsk_layer_style_ref:
 * @self: a style
 *
 * Returns: (transfer full): @self
 *
 * Since: 0.1
 */
GskLayerStyle *
gsk_layer_style_ref (GskLayerStyle *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * gsk_layer_style_unref:
 * @self: (transfer full): a style
 *
 * Releases a reference; the last one frees the style.
 *
 * Since: 0.1
 */
void
gsk_layer_style_unref (GskLayerStyle *self)
{
  g_return_if_fail (self != NULL);

  if (g_ref_count_dec (&self->ref_count))
    g_free (self);
}

static gboolean shadows_equal (const GskLayerShadow *a, guint n_a, const GskLayerShadow *b, guint n_b);

static gboolean
filter_lists_equal (const GskLayerFilter *a,
                    guint                 n_a,
                    const GskLayerFilter *b,
                    guint                 n_b)
{
  guint i;

  if (n_a != n_b)
    return FALSE;
  for (i = 0; i < n_a; i++)
    if (a[i].kind != b[i].kind || a[i].amount != b[i].amount ||
        (a[i].kind == GSK_LAYER_FILTER_DROP_SHADOW && !shadows_equal (&a[i].shadow, 1, &b[i].shadow, 1)))
      return FALSE;

  return TRUE;
}

static gboolean
filters_equal (const GskLayerStyle *a,
               const GskLayerStyle *b)
{
  return filter_lists_equal (a->filters, a->n_filters, b->filters, b->n_filters);
}

static gboolean
shadows_equal (const GskLayerShadow *a,
               guint                 n_a,
               const GskLayerShadow *b,
               guint                 n_b)
{
  guint i;

  if (n_a != n_b)
    return FALSE;
  for (i = 0; i < n_a; i++)
    if (a[i].dx != b[i].dx || a[i].dy != b[i].dy || a[i].blur != b[i].blur || a[i].spread != b[i].spread ||
        a[i].inset != b[i].inset || a[i].current_color != b[i].current_color ||
        !gdk_rgba_equal (&a[i].color, &b[i].color))
      return FALSE;

  return TRUE;
}

/**
 * gsk_layer_style_equal:
 * @a: (nullable): a style
 * @b: (nullable): another style
 *
 * Returns: whether @a and @b declare the same values
 *
 * Since: 0.1
 */
gboolean
gsk_layer_style_equal (GskLayerStyle *a,
                       GskLayerStyle *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL || a->set != b->set)
    return FALSE;

  if ((a->set & GSK_LAYER_STYLE_BACKGROUND_COLOR) &&
      !gdk_rgba_equal (&a->background_color, &b->background_color))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OPACITY) && a->opacity != b->opacity)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_BLEND_MODE) && a->blend_mode != b->blend_mode)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_BORDER_RADIUS) &&
      (memcmp (a->corner_radii, b->corner_radii, sizeof a->corner_radii) != 0 ||
       a->corner_percent != b->corner_percent))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_PADDING) && memcmp (a->padding, b->padding, sizeof a->padding) != 0)
    return FALSE;
  if (a->set & GSK_LAYER_STYLE_BACKGROUND_IMAGE)
    {
      if (a->n_images != b->n_images)
        return FALSE;
      for (guint i = 0; i < a->n_images; i++)
        {
          const GskLayerGradient *x = &a->images[i], *y = &b->images[i];

          if (x->repeating != y->repeating || x->radial != y->radial || x->conic != y->conic ||
              x->n_stops != y->n_stops)
            return FALSE;
          if (x->conic && (x->angle != y->angle || x->center[0] != y->center[0] ||
                           x->center[1] != y->center[1] || x->center_percent != y->center_percent))
            return FALSE;
          if (!x->radial && !x->conic && (x->corner_x != y->corner_x || x->corner_y != y->corner_y ||
                                          (x->corner_x == 0 && x->corner_y == 0 && x->angle != y->angle)))
            return FALSE;
          if (x->radial &&
              (x->circle != y->circle || x->extent != y->extent || x->center[0] != y->center[0] ||
               x->center[1] != y->center[1] || x->center_percent != y->center_percent ||
               (x->extent == GSK_LAYER_RADIAL_EXPLICIT &&
                (x->size[0] != y->size[0] || x->size[1] != y->size[1] || x->size_percent != y->size_percent))))
            return FALSE;
          for (guint j = 0; j < x->n_stops; j++)
            if (!gdk_rgba_equal (&x->stops[j].color, &y->stops[j].color) || x->stops[j].unit != y->stops[j].unit ||
                (x->stops[j].unit != GSK_LAYER_STOP_AUTO && x->stops[j].position != y->stops[j].position))
              return FALSE;
        }
    }
  if ((a->set & GSK_LAYER_STYLE_OUTLINE) &&
      (a->outline_width != b->outline_width || a->outline_style != b->outline_style ||
       a->outline_offset != b->outline_offset || !gdk_rgba_equal (&a->outline_color, &b->outline_color)))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_BOX_SHADOW) && !shadows_equal (a->shadows, a->n_shadows, b->shadows, b->n_shadows))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_FILTER) && !filters_equal (a, b))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_BACKDROP_FILTER) &&
      !filter_lists_equal (a->backdrop_filters, a->n_backdrop_filters, b->backdrop_filters, b->n_backdrop_filters))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_BACKGROUND_CLIP) && a->background_clip != b->background_clip)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OBJECT_FIT) && a->object_fit != b->object_fit)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OBJECT_POSITION) &&
      (a->object_position[0] != b->object_position[0] || a->object_position[1] != b->object_position[1] ||
       a->object_percent != b->object_percent))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_TEXT_SHADOW) &&
      !shadows_equal (a->text_shadows, a->n_text_shadows, b->text_shadows, b->n_text_shadows))
    return FALSE;
  if (a->set & GSK_LAYER_STYLE_BORDER)
    for (int side = 0; side < 4; side++)
      if (a->border_width[side] != b->border_width[side] ||
          a->border_style[side] != b->border_style[side] ||
          !gdk_rgba_equal (&a->border_color[side], &b->border_color[side]))
        return FALSE;

  return TRUE;
}

/* The shortest text that reads back as the same float */
static void
append_number (GString *s,
               float    value)
{
  static const char * const formats[] = { "%.6g", "%.7g", "%.8g", "%.9g" };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  guint i;

  for (i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buffer, sizeof buffer, formats[i], value);
      if ((float) g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  g_string_append (s, buffer);
}

/* One axis of border-radius: four values, CSS's shortest form */
static void
append_radii (GString     *s,
              const float *radii,
              guint8       percent,
              int          axis)
{
  float v[4];
  gboolean pc[4];
  int i, n = 4;

  for (i = 0; i < 4; i++)
    {
      v[i] = radii[2 * i + axis];
      pc[i] = (percent >> (2 * i + axis)) & 1;
    }

#define SAME(i, j) (v[i] == v[j] && pc[i] == pc[j])
  if (SAME (3, 1))
    {
      n = 3;
      if (SAME (2, 0))
        {
          n = 2;
          if (SAME (1, 0))
            n = 1;
        }
    }
#undef SAME

  for (i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      append_number (s, v[i]);
      g_string_append (s, pc[i] ? "%" : (v[i] != 0 ? "px" : ""));
    }
}

/* How many of four CSS side values a shorthand needs: 1 to 4 */
#define FOUR_COUNT(v, same) \
  (!same ((v)[3], (v)[1]) ? 4 : !same ((v)[2], (v)[0]) ? 3 : !same ((v)[1], (v)[0]) ? 2 : 1)
#define SAME_VALUE(a, b) ((a) == (b))
#define SAME_COLOR(a, b) gdk_rgba_equal (&(a), &(b))

static int
four_count_floats (const float *v)
{
  return FOUR_COUNT (v, SAME_VALUE);
}

static int
four_count_ints (const int *v)
{
  return FOUR_COUNT (v, SAME_VALUE);
}

static int
four_count_colors (const GdkRGBA *v)
{
  return FOUR_COUNT (v, SAME_COLOR);
}

static gboolean
radii_are_circular (const GskLayerStyle *self)
{
  int i;

  for (i = 0; i < 4; i++)
    if (self->corner_radii[2 * i] != self->corner_radii[2 * i + 1] ||
        ((self->corner_percent >> (2 * i)) & 1) != ((self->corner_percent >> (2 * i + 1)) & 1))
      return FALSE;

  return TRUE;
}

/* "name: …; " of CSS filter functions */
static void
append_filters (GString              *s,
                const char           *name,
                const GskLayerFilter *filters,
                guint                 n_filters)
{
  static const char * const names[] = {
    "brightness", "contrast", "grayscale", "hue-rotate", "invert", "opacity", "saturate", "sepia",
    "blur", "drop-shadow",
  };

  g_string_append_printf (s, "%s: ", name);
  if (n_filters == 0)
    g_string_append (s, "none");
  for (guint i = 0; i < n_filters; i++)
    {
      const GskLayerFilter *filter = &filters[i];

      g_string_append_printf (s, "%s%s(", i > 0 ? " " : "", names[filter->kind]);
      if (filter->kind == GSK_LAYER_FILTER_DROP_SHADOW)
        {
          const float lengths[3] = { filter->shadow.dx, filter->shadow.dy, filter->shadow.blur };
          char *color = gsk_layer_color_to_string (&filter->shadow.color);

          for (int j = 0; j < 3; j++)
            {
              append_number (s, lengths[j]);
              g_string_append (s, lengths[j] != 0 ? "px " : " ");
            }
          g_string_append_printf (s, "%s)", color);
          g_free (color);
          continue;
        }
      append_number (s, filter->amount);
      g_string_append (s, filter->kind == GSK_LAYER_FILTER_HUE_ROTATE ? "deg)" :
                          filter->kind == GSK_LAYER_FILTER_BLUR && filter->amount != 0 ? "px)" : ")");
    }
  g_string_append (s, "; ");
}

/* "name: …; " with @n_lengths lengths per shadow (text-shadow has no
 * spread) */
static void
append_shadows (GString              *s,
                const char           *name,
                const GskLayerShadow *shadows,
                guint                 n,
                int                   n_lengths)
{
  guint i;

  g_string_append_printf (s, "%s: ", name);
  if (n == 0)
    g_string_append (s, "none");
  for (i = 0; i < n; i++)
    {
      const GskLayerShadow *shadow = &shadows[i];
      const float lengths[4] = { shadow->dx, shadow->dy, shadow->blur, shadow->spread };

      if (i > 0)
        g_string_append (s, ", ");
      if (shadow->inset)
        g_string_append (s, "inset ");
      for (int j = 0; j < n_lengths; j++)
        {
          append_number (s, lengths[j]);
          g_string_append (s, lengths[j] != 0 ? "px" : "");
          if (j + 1 < n_lengths || !shadow->current_color)
            g_string_append_c (s, ' ');
        }
      if (!shadow->current_color)
        {
          char *color = gsk_layer_color_to_string (&shadow->color);

          g_string_append (s, color);
          g_free (color);
        }
    }
  g_string_append (s, "; ");
}

/**
 * gsk_layer_style_to_string:
 * @self: a style
 *
 * Writes @self as CSS declarations that
 * [func@LayerStyle.new_from_string] reads back into an equal style:
 * one per property, in a fixed order, shorthands at their shortest.
 *
 * Returns: (transfer full): the declarations; "" for an empty style
 *
 * Since: 0.1
 */
char *
gsk_layer_style_to_string (GskLayerStyle *self)
{
  GString *s;

  g_return_val_if_fail (self != NULL, NULL);

  s = g_string_new (NULL);

  if (self->set & GSK_LAYER_STYLE_BACKGROUND_COLOR)
    {
      char *color = gsk_layer_color_to_string (&self->background_color);

      g_string_append_printf (s, "background-color: %s; ", color);
      g_free (color);
    }
  if (self->set & GSK_LAYER_STYLE_BACKGROUND_IMAGE)
    {
      g_string_append (s, "background-image: ");
      if (self->n_images == 0)
        g_string_append (s, "none");
      for (guint i = 0; i < self->n_images; i++)
        {
          const GskLayerGradient *gradient = &self->images[i];

          g_string_append_printf (s, "%s%s%s-gradient(", i > 0 ? ", " : "",
                                  gradient->repeating ? "repeating-" : "",
                                  gradient->radial ? "radial" : gradient->conic ? "conic" : "linear");
          if (gradient->conic)
            {
              g_string_append (s, "from ");
              append_number (s, gradient->angle);
              g_string_append (s, "deg at ");
              for (int axis = 0; axis < 2; axis++)
                {
                  append_number (s, gradient->center[axis]);
                  g_string_append (s, gradient->center_percent & (1 << axis) ? "%" : gradient->center[axis] != 0 ? "px" : "");
                  if (axis == 0)
                    g_string_append_c (s, ' ');
                }
            }
          else if (gradient->radial)
            {
              static const char * const extents[] = {
                "farthest-corner", "farthest-side", "closest-corner", "closest-side",
              };

              g_string_append (s, gradient->circle ? "circle " : "ellipse ");
              if (gradient->extent != GSK_LAYER_RADIAL_EXPLICIT)
                g_string_append (s, extents[gradient->extent]);
              for (int axis = 0; gradient->extent == GSK_LAYER_RADIAL_EXPLICIT && axis < (gradient->circle ? 1 : 2); axis++)
                {
                  if (axis > 0)
                    g_string_append_c (s, ' ');
                  append_number (s, gradient->size[axis]);
                  g_string_append (s, gradient->size_percent & (1 << axis) ? "%" : gradient->size[axis] != 0 ? "px" : "");
                }
              g_string_append (s, " at ");
              for (int axis = 0; axis < 2; axis++)
                {
                  append_number (s, gradient->center[axis]);
                  g_string_append (s, gradient->center_percent & (1 << axis) ? "%" : gradient->center[axis] != 0 ? "px" : "");
                  if (axis == 0)
                    g_string_append_c (s, ' ');
                }
            }
          else if (gradient->corner_x != 0 || gradient->corner_y != 0)
            g_string_append_printf (s, "to %s %s", gradient->corner_y < 0 ? "top" : "bottom",
                                    gradient->corner_x < 0 ? "left" : "right");
          else
            {
              append_number (s, gradient->angle);
              g_string_append (s, "deg");
            }
          for (guint j = 0; j < gradient->n_stops; j++)
            {
              const GskLayerColorStop *stop = &gradient->stops[j];
              char *color = gsk_layer_color_to_string (&stop->color);

              g_string_append_printf (s, ", %s", color);
              g_free (color);
              if (stop->unit != GSK_LAYER_STOP_AUTO)
                {
                  g_string_append_c (s, ' ');
                  append_number (s, stop->position);
                  g_string_append (s, stop->unit == GSK_LAYER_STOP_PERCENT ? "%" :
                                      stop->unit == GSK_LAYER_STOP_DEG ? "deg" :
                                      stop->position != 0 ? "px" : "");
                }
            }
          g_string_append_c (s, ')');
        }
      g_string_append (s, "; ");
    }
  if (self->set & GSK_LAYER_STYLE_BORDER_RADIUS)
    {
      g_string_append (s, "border-radius: ");
      append_radii (s, self->corner_radii, self->corner_percent, 0);
      if (!radii_are_circular (self))
        {
          g_string_append (s, " / ");
          append_radii (s, self->corner_radii, self->corner_percent, 1);
        }
      g_string_append (s, "; ");
    }
  if (self->set & GSK_LAYER_STYLE_BORDER)
    {
      static const char * const names[] = { "none", "solid", "double" };
      int n, i;

      g_string_append (s, "border-width: ");
      n = four_count_floats (self->border_width);
      for (i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (s, ' ');
          append_number (s, self->border_width[i]);
          g_string_append (s, self->border_width[i] != 0 ? "px" : "");
        }
      g_string_append (s, "; border-style: ");
      n = four_count_ints ((const int *) self->border_style);
      for (i = 0; i < n; i++)
        g_string_append_printf (s, "%s%s", i > 0 ? " " : "", names[self->border_style[i]]);
      g_string_append (s, "; border-color: ");
      n = four_count_colors (self->border_color);
      for (i = 0; i < n; i++)
        {
          char *color = gsk_layer_color_to_string (&self->border_color[i]);

          g_string_append_printf (s, "%s%s", i > 0 ? " " : "", color);
          g_free (color);
        }
      g_string_append (s, "; ");
    }
  if (self->set & GSK_LAYER_STYLE_PADDING)
    {
      int n = four_count_floats (self->padding), i;

      g_string_append (s, "padding: ");
      for (i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (s, ' ');
          append_number (s, self->padding[i]);
          g_string_append (s, self->padding[i] != 0 ? "px" : "");
        }
      g_string_append (s, "; ");
    }
  if (self->set & GSK_LAYER_STYLE_OUTLINE)
    {
      static const char * const names[] = { "none", "solid", "double" };
      char *color = gsk_layer_color_to_string (&self->outline_color);

      g_string_append (s, "outline: ");
      append_number (s, self->outline_width);
      g_string_append_printf (s, "%s %s %s; outline-offset: ", self->outline_width != 0 ? "px" : "",
                              names[self->outline_style], color);
      append_number (s, self->outline_offset);
      g_string_append (s, self->outline_offset != 0 ? "px; " : "; ");
      g_free (color);
    }
  if (self->set & GSK_LAYER_STYLE_BOX_SHADOW)
    append_shadows (s, "box-shadow", self->shadows, self->n_shadows, 4);
  if (self->set & GSK_LAYER_STYLE_TEXT_SHADOW)
    append_shadows (s, "text-shadow", self->text_shadows, self->n_text_shadows, 3);
  if (self->set & GSK_LAYER_STYLE_BACKGROUND_CLIP)
    {
      static const char * const names[] = { "border-box", "padding-box", "content-box" };

      g_string_append_printf (s, "background-clip: %s; ", names[self->background_clip]);
    }
  if (self->set & GSK_LAYER_STYLE_OBJECT_FIT)
    {
      static const char * const names[] = { "fill", "contain", "cover", "none", "scale-down" };

      g_string_append_printf (s, "object-fit: %s; ", names[self->object_fit]);
    }
  if (self->set & GSK_LAYER_STYLE_OBJECT_POSITION)
    {
      g_string_append (s, "object-position: ");
      for (int axis = 0; axis < 2; axis++)
        {
          append_number (s, self->object_position[axis]);
          g_string_append (s, self->object_percent & (1 << axis) ? "%" : self->object_position[axis] != 0 ? "px" : "");
          g_string_append (s, axis == 0 ? " " : "; ");
        }
    }
  if (self->set & GSK_LAYER_STYLE_FILTER)
    append_filters (s, "filter", self->filters, self->n_filters);
  if (self->set & GSK_LAYER_STYLE_BACKDROP_FILTER)
    append_filters (s, "backdrop-filter", self->backdrop_filters, self->n_backdrop_filters);
  if (self->set & GSK_LAYER_STYLE_OPACITY)
    {
      g_string_append (s, "opacity: ");
      append_number (s, self->opacity);
      g_string_append (s, "; ");
    }
  if (self->set & GSK_LAYER_STYLE_BLEND_MODE)
    {
      GEnumClass *klass = g_type_class_ref (GSK_TYPE_LAYER_BLEND_MODE);
      GEnumValue *value = g_enum_get_value (klass, self->blend_mode);

      g_string_append_printf (s, "mix-blend-mode: %s; ", value ? value->value_nick : "normal");
      g_type_class_unref (klass);
    }

  /* No separator after the last */
  if (s->len > 0)
    g_string_truncate (s, s->len - 1);

  return g_string_free (s, FALSE);
}

/**
 * gsk_layer_set_style:
 * @self: a layer
 * @style: (nullable): the declarations, or %NULL for none
 *
 * Gives @self the look @style declares, as an element's `style`
 * attribute does in CSS. Declarations that map onto properties of the
 * layer set them: `background-color`, `opacity`, `mix-blend-mode` and
 * `border-radius` (whose uniform case is
 * [property@Layer:corner-radius]), so that inside an easing state they
 * animate as those do. Setting one of those properties afterwards
 * overrides the style's value; [method@Layer.get_style] keeps what was
 * declared.
 *
 * `border-radius` takes one to four radii per axis, as CSS: lengths in
 * `px` or percentages of the width (horizontal) and height (vertical),
 * and elliptical corners with `/`; where adjacent radii add up to more
 * than the side they share, all shrink by the same factor, as CSS says.
 * A style without `border-radius` leaves the corners as they are.
 *
 * `background-image` paints linear, radial (circles and ellipses,
 * extent keywords or radii, centred anywhere) and conic gradients (from
 * any angle, around any centre, stops in angles or percentages), and
 * their repeating forms, over the background colour, both painted over
 * the box `background-clip` names (border-box, padding-box or
 * content-box, with its corners' inner curves),
 * the first on top, laid out on the padding box and painted over the
 * border box (CSS's initial background-origin and background-clip),
 * interpolated between premultiplied colours as CSS says.
 *
 * `box-shadow` draws outset shadows outside the layer's border box, past
 * its bounds, and inset ones inside its padding box, blurred as CSS
 * says (a Gaussian of half the blur radius, approximated by three box
 * blurs) and following its corners.
 *
 * `filter` puts the pixels of the layer and its subtree, composited
 * together, through its functions in order, before the layer's opacity
 * and blend mode apply: colour functions on straight colours, clamped
 * after each, as the Filter Effects spec gives them; `blur()` with its
 * length as the Gaussian's standard deviation, and `drop-shadow()` with
 * its third length as the deviation (unlike box-shadow's blur radius),
 * both in the layer's units and drawn past its bounds. Blurs take in
 * what is drawn within the renderer's target only; drop shadows move by
 * whole pixels. The software backend blurs with three box blurs each
 * way (SVG's recipe), GL with a true Gaussian of up to 256 pixels.
 *
 * `backdrop-filter` puts what is drawn below the layer within its
 * border box (its box on screen, its corners rounded) through the same
 * functions, blurs repeating the box's edges outward as browsers do,
 * and draws the result under the layer, faded by its opacity. Below
 * means within the nearest ancestor drawn as a group (one with opacity,
 * a blend mode or a filter), as CSS's backdrop root. A frame that
 * redraws any of the box redraws all of it. GTK's render-node path
 * (Broadway) draws no backdrop filter: GTK 4.8 has no node for it.
 *
 * `text-shadow` is drawn by text layers ([class@LayerText]).
 *
 * `object-fit` and `object-position` place a layer's content (an image,
 * or what a content delegate draws) in its content box, as CSS places
 * a replaced element's: the content's preferred size is its intrinsic
 * size, and what reaches past the box is clipped.
 *
 * `outline` draws a ring outside the border box grown by
 * `outline-offset`, following the corners, over the border (but under
 * the layer's content and children, where CSS puts it over them).
 *
 * A border is drawn over the background, inside the layer's bounds (its
 * size is the border box, CSS `box-sizing: border-box`), at the scale
 * the layer has on screen; with [property@Layer:clip-to-bounds] the
 * children are clipped to the padding box inside it, with the border's
 * inner curves, as CSS `overflow: hidden` clips. Children keep the
 * layer's own coordinates, from the border box's corner. Inside the
 * border and the `padding` is the content box
 * ([method@Layer.get_content_box]), where [vfunc@Layer.draw], content
 * delegates and text go.
 *
 * Since: 0.1
 */
void
gsk_layer_set_style (GskLayer      *self,
                     GskLayerStyle *style)
{
  GskLayerPrivate *priv;
  graphene_rect_t old_box, new_box;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (gsk_layer_style_equal (priv->style, style))
    return;

  gsk_layer_get_content_box (self, &old_box);
  /* Filters change the pixels of the whole subtree */
  if (gsk_layer_style_get_n_filters (priv->style) != gsk_layer_style_get_n_filters (style) ||
      (gsk_layer_style_get_n_filters (style) > 0 && !filters_equal (priv->style, style)))
    gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  if (style)
    gsk_layer_style_ref (style);
  g_clear_pointer (&priv->style, gsk_layer_style_unref);
  priv->style = style;
  gsk_layer_get_content_box (self, &new_box);

  /* What the style draws itself (borders) is redrawn, and the content
   * when its box moved or changed size */
  gsk_layer_changed (self, graphene_rect_equal (&old_box, &new_box) ? GSK_LAYER_DIRTY_PAINT
                                                                    : GSK_LAYER_DIRTY_CONTENT);

  if (style != NULL)
    {
      g_object_freeze_notify (G_OBJECT (self));
      if (style->set & GSK_LAYER_STYLE_BACKGROUND_COLOR)
        gsk_layer_set_background_color (self, &style->background_color);
      if (style->set & GSK_LAYER_STYLE_OPACITY)
        gsk_layer_set_opacity (self, style->opacity);
      if (style->set & GSK_LAYER_STYLE_BLEND_MODE)
        gsk_layer_set_blend_mode (self, style->blend_mode);
      if (style->set & GSK_LAYER_STYLE_BORDER_RADIUS)
        {
          const float *r = style->corner_radii;

          /* The uniform case is the corner-radius property, which animates */
          if (style->corner_percent == 0 && r[0] == r[1] && r[0] == r[2] && r[0] == r[3] &&
              r[0] == r[4] && r[0] == r[5] && r[0] == r[6] && r[0] == r[7])
            gsk_layer_set_corner_radius (self, r[0]);
          else if (gsk_layer_set_corner_radii (self, r, style->corner_percent))
            g_object_notify (G_OBJECT (self), "corner-radius");
        }
      g_object_thaw_notify (G_OBJECT (self));
    }

  g_object_notify (G_OBJECT (self), "style");
}

/**
 * gsk_layer_get_style:
 * @self: a layer
 *
 * Returns: (nullable) (transfer none): the style last set on @self
 *
 * Since: 0.1
 */
GskLayerStyle *
gsk_layer_get_style (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->style;
}

/**
 * gsk_layer_get_content_box:
 * @self: a layer
 * @box: (out caller-allocates): the content box
 *
 * Gets the box, in @self's coordinates, inside its style's border and
 * padding (CSS's content box; without a style, the layer's bounds).
 * What [vfunc@Layer.draw] draws has its origin at this box's top-left
 * corner and is clipped to it; content delegates fill it, and text is
 * laid out in its width.
 *
 * Since: 0.1
 */
void
gsk_layer_get_content_box (GskLayer        *self,
                           graphene_rect_t *box)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (box != NULL);

  priv = gsk_layer_get_private (self);
  gsk_layer_style_get_content_box (priv->style, &priv->size, box);
}

/**
 * gsk_layer_get_style_string:
 * @self: a layer
 *
 * Returns: (transfer full): the declarations of the style last set on
 *   @self, as [method@LayerStyle.to_string] writes them; "" for none
 *
 * Since: 0.1
 */
char *
gsk_layer_get_style_string (GskLayer *self)
{
  GskLayerStyle *style;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  style = gsk_layer_get_private (self)->style;
  return style ? gsk_layer_style_to_string (style) : g_strdup ("");
}

/* {{{ Drawing */

/* A rounded rectangle's path: @radii per corner (top-left, top-right,
 * bottom-right, bottom-left), each an ellipse of its own */
static void
rounded_rect_path (cairo_t               *cr,
                   double                 x,
                   double                 y,
                   double                 w,
                   double                 h,
                   const graphene_size_t  radii[4])
{
  static const double angles[4] = { G_PI, 1.5 * G_PI, 0, 0.5 * G_PI };
  int i;

  cairo_new_sub_path (cr);
  for (i = 0; i < 4; i++)
    {
      double rx = MAX (radii[i].width, 0), ry = MAX (radii[i].height, 0);
      double cx = (i == 1 || i == 2) ? x + w - rx : x + rx;
      double cy = (i >= 2) ? y + h - ry : y + ry;

      if (rx <= 0 || ry <= 0)
        {
          cairo_line_to (cr, (i == 1 || i == 2) ? x + w : x, (i >= 2) ? y + h : y);
          continue;
        }
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      cairo_scale (cr, rx, ry);
      cairo_arc (cr, 0, 0, 1, angles[i], angles[i] + 0.5 * G_PI);
      cairo_restore (cr);
    }
  cairo_close_path (cr);
}

/* @radii shrunk by the border widths @inset (top, right, bottom, left):
 * the rounded padding box, as CSS makes it */
static void
inner_radii (const graphene_size_t  radii[4],
             const float            inset[4],
             graphene_size_t        out[4])
{
  /* Each corner: the widths of its horizontal and its vertical side */
  static const int vertical_side[4] = { GSK_LAYER_SIDE_LEFT, GSK_LAYER_SIDE_RIGHT,
                                        GSK_LAYER_SIDE_RIGHT, GSK_LAYER_SIDE_LEFT };
  static const int horizontal_side[4] = { GSK_LAYER_SIDE_TOP, GSK_LAYER_SIDE_TOP,
                                          GSK_LAYER_SIDE_BOTTOM, GSK_LAYER_SIDE_BOTTOM };
  int i;

  for (i = 0; i < 4; i++)
    {
      out[i].width = MAX (radii[i].width - inset[vertical_side[i]], 0);
      out[i].height = MAX (radii[i].height - inset[horizontal_side[i]], 0);
    }
}

/* The ring between the rounded border box inset by @outer and by
 * @inner (widths per side), in @color */
static void
fill_ring (cairo_t               *cr,
           const graphene_size_t *size,
           const graphene_size_t  radii[4],
           const float            outer[4],
           const float            inner[4],
           const GdkRGBA         *color)
{
  graphene_size_t r[4];

  cairo_new_path (cr);
  inner_radii (radii, outer, r);
  rounded_rect_path (cr, outer[GSK_LAYER_SIDE_LEFT], outer[GSK_LAYER_SIDE_TOP],
                     size->width - outer[GSK_LAYER_SIDE_LEFT] - outer[GSK_LAYER_SIDE_RIGHT],
                     size->height - outer[GSK_LAYER_SIDE_TOP] - outer[GSK_LAYER_SIDE_BOTTOM], r);
  inner_radii (radii, inner, r);
  rounded_rect_path (cr, inner[GSK_LAYER_SIDE_LEFT], inner[GSK_LAYER_SIDE_TOP],
                     MAX (size->width - inner[GSK_LAYER_SIDE_LEFT] - inner[GSK_LAYER_SIDE_RIGHT], 0),
                     MAX (size->height - inner[GSK_LAYER_SIDE_TOP] - inner[GSK_LAYER_SIDE_BOTTOM], 0), r);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_fill (cr);
}

/* Clips to the part of the box that belongs to @side: the trapezoid
 * between the box's edge and the lines from its outer corners through
 * the inner ones (CSS's joins of differently coloured sides), up to
 * where those lines meet */
static void
clip_to_side (cairo_t               *cr,
              const graphene_size_t *size,
              const float            width[4],
              int                    side)
{
  double w = size->width, h = size->height;
  double l = width[GSK_LAYER_SIDE_LEFT], t = width[GSK_LAYER_SIDE_TOP];
  double r = width[GSK_LAYER_SIDE_RIGHT], b = width[GSK_LAYER_SIDE_BOTTOM];
  /* Along the joins as far as they go before the regions of opposite
   * sides meet: there the four regions tile the box, and they pass
   * every inner corner, rounded or not */
  double k = MIN (l + r > 0 ? w / (l + r) : G_MAXDOUBLE, t + b > 0 ? h / (t + b) : G_MAXDOUBLE);

  cairo_new_path (cr);
  switch (side)
    {
    case GSK_LAYER_SIDE_TOP:
      cairo_move_to (cr, 0, 0);
      cairo_line_to (cr, w, 0);
      cairo_line_to (cr, w - r * k, t * k);
      cairo_line_to (cr, l * k, t * k);
      break;
    case GSK_LAYER_SIDE_RIGHT:
      cairo_move_to (cr, w, 0);
      cairo_line_to (cr, w, h);
      cairo_line_to (cr, w - r * k, h - b * k);
      cairo_line_to (cr, w - r * k, t * k);
      break;
    case GSK_LAYER_SIDE_BOTTOM:
      cairo_move_to (cr, w, h);
      cairo_line_to (cr, 0, h);
      cairo_line_to (cr, l * k, h - b * k);
      cairo_line_to (cr, w - r * k, h - b * k);
      break;
    default:
      cairo_move_to (cr, 0, h);
      cairo_line_to (cr, 0, 0);
      cairo_line_to (cr, l * k, t * k);
      cairo_line_to (cr, l * k, h - b * k);
      break;
    }
  cairo_close_path (cr);
  cairo_clip (cr);
}

/* {{{ Object fit */

void
gsk_layer_style_place_object (const GskLayerStyle   *style,
                              const graphene_rect_t *box,
                              const graphene_size_t *intrinsic,
                              graphene_rect_t       *placed)
{
  GskLayerObjectFit fit = style && (style->set & GSK_LAYER_STYLE_OBJECT_FIT) ? style->object_fit
                                                                             : GSK_LAYER_OBJECT_FIT_FILL;
  float iw = intrinsic->width, ih = intrinsic->height, w, h;
  float k;
  int axis;

  if (fit == GSK_LAYER_OBJECT_FIT_FILL || !(iw > 0 && ih > 0))
    {
      *placed = *box;
      return;
    }

  if (fit == GSK_LAYER_OBJECT_FIT_NONE)
    k = 1;
  else if (fit == GSK_LAYER_OBJECT_FIT_COVER)
    k = MAX (box->size.width / iw, box->size.height / ih);
  else
    {
      k = MIN (box->size.width / iw, box->size.height / ih);
      if (fit == GSK_LAYER_OBJECT_FIT_SCALE_DOWN)
        k = MIN (k, 1);
    }
  w = iw * k;
  h = ih * k;

  placed->size.width = w;
  placed->size.height = h;
  for (axis = 0; axis < 2; axis++)
    {
      float room = axis == 0 ? box->size.width - w : box->size.height - h;
      float origin = axis == 0 ? box->origin.x : box->origin.y;
      float offset;

      if (style == NULL || !(style->set & GSK_LAYER_STYLE_OBJECT_POSITION))
        offset = room / 2;
      else if (style->object_percent & (1 << axis))
        offset = room * style->object_position[axis] / 100;
      else
        offset = style->object_position[axis];

      if (axis == 0)
        placed->origin.x = origin + offset;
      else
        placed->origin.y = origin + offset;
    }
}

/* }}} */
/* {{{ Filters */

/* The 3×3 part of a colour matrix that mixes red, green and blue */
static void
set_rgb (float       *m,
         const float  rgb[9])
{
  int i;

  for (i = 0; i < 9; i++)
    m[(i / 3) * 5 + i % 3] = rgb[i];
}

static void
filter_matrix (const GskLayerFilter *filter,
               GskLayerColorMatrix  *matrix)
{
  float a = filter->amount, *m = matrix->m;
  float r = 1 - a;
  int i;

  memset (m, 0, sizeof matrix->m);
  for (i = 0; i < 4; i++)
    m[i * 5 + i] = 1;

  switch (filter->kind)
    {
    case GSK_LAYER_FILTER_BRIGHTNESS:
      m[0] = m[6] = m[12] = a;
      break;

    case GSK_LAYER_FILTER_CONTRAST:
      m[0] = m[6] = m[12] = a;
      m[4] = m[9] = m[14] = 0.5f - 0.5f * a;
      break;

    case GSK_LAYER_FILTER_GRAYSCALE:
      {
        const float g[9] = {
          0.2126f + 0.7874f * r, 0.7152f - 0.7152f * r, 0.0722f - 0.0722f * r,
          0.2126f - 0.2126f * r, 0.7152f + 0.2848f * r, 0.0722f - 0.0722f * r,
          0.2126f - 0.2126f * r, 0.7152f - 0.7152f * r, 0.0722f + 0.9278f * r,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_SEPIA:
      {
        const float g[9] = {
          0.393f + 0.607f * r, 0.769f - 0.769f * r, 0.189f - 0.189f * r,
          0.349f - 0.349f * r, 0.686f + 0.314f * r, 0.168f - 0.168f * r,
          0.272f - 0.272f * r, 0.534f - 0.534f * r, 0.131f + 0.869f * r,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_SATURATE:
      {
        const float g[9] = {
          0.213f + 0.787f * a, 0.715f - 0.715f * a, 0.072f - 0.072f * a,
          0.213f - 0.213f * a, 0.715f + 0.285f * a, 0.072f - 0.072f * a,
          0.213f - 0.213f * a, 0.715f - 0.715f * a, 0.072f + 0.928f * a,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_HUE_ROTATE:
      {
        double c = cos (a * G_PI / 180), s = sin (a * G_PI / 180);
        const float g[9] = {
          0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
          0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
          0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
        };

        set_rgb (m, g);
      }
      break;

    case GSK_LAYER_FILTER_INVERT:
      m[0] = m[6] = m[12] = 1 - 2 * a;
      m[4] = m[9] = m[14] = a;
      break;

    case GSK_LAYER_FILTER_OPACITY:
      m[18] = a;
      break;

    case GSK_LAYER_FILTER_BLUR:
    case GSK_LAYER_FILTER_DROP_SHADOW:
    default:
      g_assert_not_reached ();
    }
}

float
gsk_layer_filter_to_render (const GskLayerFilter *filter,
                            float                 stretch,
                            const double          jacobian[4],
                            GskLayerRenderFilter *out)
{
  memset (out, 0, sizeof *out);

  switch (filter->kind)
    {
    case GSK_LAYER_FILTER_BLUR:
      out->kind = GSK_LAYER_RENDER_FILTER_BLUR;
      out->sigma = filter->amount * stretch;
      return GSK_LAYER_BLUR_REACH (out->sigma);

    case GSK_LAYER_FILTER_DROP_SHADOW:
      {
        const GskLayerShadow *shadow = &filter->shadow;

        out->kind = GSK_LAYER_RENDER_FILTER_DROP_SHADOW;
        /* Unlike box-shadow's blur radius, drop-shadow()'s third length
         * is the deviation itself (the Filter Effects spec; Chromium) */
        out->sigma = shadow->blur * stretch;
        out->dx = jacobian[0] * shadow->dx + jacobian[1] * shadow->dy;
        out->dy = jacobian[2] * shadow->dx + jacobian[3] * shadow->dy;
        out->color[0] = shadow->color.red;
        out->color[1] = shadow->color.green;
        out->color[2] = shadow->color.blue;
        out->color[3] = shadow->color.alpha;
        return GSK_LAYER_BLUR_REACH (out->sigma) + MAX (fabsf (out->dx), fabsf (out->dy));
      }

    default:
      out->kind = GSK_LAYER_RENDER_FILTER_COLOR;
      filter_matrix (filter, &out->matrix);
      return 0;
    }
}

/* }}} */
/* {{{ Shadows */


/* The radius of a corner grown by @spread, as CSS grows box-shadow
 * corners: a small radius grows less, so that sharp corners stay sharp */
static double
spread_radius (double radius,
               double spread)
{
  double ratio;

  if (radius <= 0)
    return 0;
  if (spread <= 0)
    return MAX (radius + spread, 0);
  ratio = radius / spread;
  return radius + spread * (ratio < 1 ? 1 + pow (ratio - 1, 3) : 1);
}

/* @rect with its corners @radii, grown by @spread (shrunk if negative) */
static void
spread_rect (const graphene_rect_t *rect,
             const graphene_size_t  radii[4],
             double                 spread,
             graphene_rect_t       *out_rect,
             graphene_size_t        out_radii[4])
{
  int i;

  *out_rect = GRAPHENE_RECT_INIT (rect->origin.x - spread, rect->origin.y - spread,
                                  MAX (rect->size.width + 2 * spread, 0),
                                  MAX (rect->size.height + 2 * spread, 0));
  for (i = 0; i < 4; i++)
    {
      out_radii[i].width = spread_radius (radii[i].width, spread);
      out_radii[i].height = spread_radius (radii[i].height, spread);
    }
}

/* How far a shadow's blur reaches past its shape: three sigmas */
static double
blur_reach (const GskLayerShadow *shadow)
{
  return 1.5 * shadow->blur;
}

void
gsk_layer_style_get_box_extents (const GskLayerStyle   *style,
                                 const graphene_size_t *size,
                                 graphene_rect_t       *extents)
{
  guint i;

  *extents = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  if (style == NULL)
    return;

  if (gsk_layer_style_get_outline_width (style) > 0)
    {
      double grow = style->outline_offset + style->outline_width;
      graphene_rect_t r = GRAPHENE_RECT_INIT (-grow, -grow, size->width + 2 * grow, size->height + 2 * grow);

      if (r.size.width > 0 && r.size.height > 0)
        graphene_rect_union (extents, &r, extents);
    }

  for (i = 0; i < style->n_shadows; i++)
    {
      const GskLayerShadow *shadow = &style->shadows[i];
      double grow = shadow->spread + blur_reach (shadow);
      graphene_rect_t r;

      if (shadow->inset || shadow->color.alpha <= 0)
        continue;
      r = GRAPHENE_RECT_INIT (shadow->dx - grow, shadow->dy - grow,
                              size->width + 2 * grow, size->height + 2 * grow);
      if (r.size.width > 0 && r.size.height > 0)
        graphene_rect_union (extents, &r, extents);
    }
}

/* Paints @shadow's colour through the blurred @shape (a path drawn by
 * @shape_func) or, for inset shadows, through the blurred outside of it,
 * over @area of layer space */
static void
paint_shadow (cairo_t               *cr,
              const GskLayerShadow  *shadow,
              const graphene_rect_t *shape,
              const graphene_size_t  shape_radii[4],
              const graphene_rect_t *area)
{
  cairo_surface_t *target = cairo_get_target (cr);
  double sx, sy, x0, y0;
  int w, h;
  cairo_surface_t *mask;
  cairo_t *mcr;

  cairo_surface_get_device_scale (target, &sx, &sy);
  x0 = floor (area->origin.x);
  y0 = floor (area->origin.y);
  w = (int) ceil ((area->origin.x + area->size.width - x0) * sx);
  h = (int) ceil ((area->origin.y + area->size.height - y0) * sy);
  if (w <= 0 || h <= 0)
    return;

  mask = cairo_image_surface_create (CAIRO_FORMAT_A8, w, h);
  if (cairo_surface_status (mask) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (mask);
      return;
    }
  cairo_surface_set_device_scale (mask, sx, sy);
  mcr = cairo_create (mask);
  cairo_translate (mcr, -x0, -y0);
  if (shadow->inset)
    {
      cairo_paint (mcr);
      cairo_set_operator (mcr, CAIRO_OPERATOR_CLEAR);
    }
  if (shape->size.width > 0 && shape->size.height > 0)
    {
      rounded_rect_path (mcr, shape->origin.x, shape->origin.y, shape->size.width, shape->size.height,
                         shape_radii);
      cairo_fill (mcr);
    }
  cairo_destroy (mcr);

  cairo_surface_flush (mask);
  /* The blur is even: the device scale is the same both ways */
  gsk_layer_blur_image (cairo_image_surface_get_data (mask), w, h, cairo_image_surface_get_stride (mask), 1,
                        shadow->blur / 2 * sx);
  cairo_surface_mark_dirty (mask);

  gdk_cairo_set_source_rgba (cr, &shadow->color);
  cairo_mask_surface (cr, mask, x0, y0);
  cairo_surface_destroy (mask);
}

/* Outset shadows, last first (CSS puts the first on top), outside the
 * border box only */
static void
draw_outset_shadows (const GskLayerStyle   *style,
                     cairo_t               *cr,
                     const graphene_size_t *size,
                     const graphene_size_t  radii[4])
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  int i;

  for (i = (int) style->n_shadows - 1; i >= 0; i--)
    {
      const GskLayerShadow *shadow = &style->shadows[i];
      graphene_rect_t moved, shape, area;
      graphene_size_t shape_radii[4];
      double reach = blur_reach (shadow);

      if (shadow->inset || shadow->color.alpha <= 0)
        continue;

      graphene_rect_offset_r (&bounds, shadow->dx, shadow->dy, &moved);
      spread_rect (&moved, radii, shadow->spread, &shape, shape_radii);
      graphene_rect_inset_r (&shape, -reach - 1, -reach - 1, &area);

      cairo_save (cr);
      /* Everything but the border box */
      cairo_new_path (cr);
      cairo_rectangle (cr, area.origin.x, area.origin.y, area.size.width, area.size.height);
      rounded_rect_path (cr, 0, 0, size->width, size->height, radii);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_clip (cr);
      paint_shadow (cr, shadow, &shape, shape_radii, &area);
      cairo_restore (cr);
    }
}

/* Inset shadows, last first, inside the padding box only */
static void
draw_inset_shadows (const GskLayerStyle   *style,
                    cairo_t               *cr,
                    const graphene_size_t *size,
                    const graphene_size_t  radii[4])
{
  graphene_rect_t padding;
  graphene_size_t inner[4];
  int i;

  gsk_layer_style_get_padding_box (style, size, radii, &padding, inner);
  if (padding.size.width <= 0 || padding.size.height <= 0)
    return;

  for (i = (int) style->n_shadows - 1; i >= 0; i--)
    {
      const GskLayerShadow *shadow = &style->shadows[i];
      graphene_rect_t moved, shape, area;
      graphene_size_t shape_radii[4];
      double reach = blur_reach (shadow);

      if (!shadow->inset || shadow->color.alpha <= 0)
        continue;

      graphene_rect_offset_r (&padding, shadow->dx, shadow->dy, &moved);
      spread_rect (&moved, inner, -shadow->spread, &shape, shape_radii);
      graphene_rect_inset_r (&padding, -reach - 1, -reach - 1, &area);

      cairo_save (cr);
      cairo_new_path (cr);
      rounded_rect_path (cr, padding.origin.x, padding.origin.y, padding.size.width, padding.size.height, inner);
      cairo_clip (cr);
      paint_shadow (cr, shadow, &shape, shape_radii, &area);
      cairo_restore (cr);
    }
}

/* }}} */

/* The outline: a ring outside the border box grown by outline-offset,
 * following the corners as a shadow's spread does; double as borders */
static void
draw_outline (const GskLayerStyle   *style,
              cairo_t               *cr,
              const graphene_size_t *size,
              const graphene_size_t  radii[4])
{
  float width = gsk_layer_style_get_outline_width (style);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  double offset = style->outline_offset;
  double rings[2][2];
  int n, i;

  if (width <= 0 || style->outline_color.alpha <= 0)
    return;

  /* Inner and outer edges of each ring, as distances from the box */
  if (style->outline_style == GSK_LAYER_BORDER_DOUBLE)
    {
      rings[0][0] = offset;
      rings[0][1] = offset + width / 3;
      rings[1][0] = offset + width * 2 / 3;
      rings[1][1] = offset + width;
      n = 2;
    }
  else
    {
      rings[0][0] = offset;
      rings[0][1] = offset + width;
      n = 1;
    }

  cairo_new_path (cr);
  for (i = 0; i < n; i++)
    {
      graphene_rect_t outer, inner;
      graphene_size_t outer_radii[4], inner_radii_[4];

      spread_rect (&bounds, radii, rings[i][1], &outer, outer_radii);
      spread_rect (&bounds, radii, rings[i][0], &inner, inner_radii_);
      if (outer.size.width <= 0 || outer.size.height <= 0)
        continue;
      rounded_rect_path (cr, outer.origin.x, outer.origin.y, outer.size.width, outer.size.height, outer_radii);
      if (inner.size.width > 0 && inner.size.height > 0)
        rounded_rect_path (cr, inner.origin.x, inner.origin.y, inner.size.width, inner.size.height, inner_radii_);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  gdk_cairo_set_source_rgba (cr, &style->outline_color);
  cairo_fill (cr);
}

/* {{{ Gradients */

/* The stops' offsets along a gradient line of @length: CSS's rules for
 * positions left out (the first at 0, the last at the end, the others
 * evenly between their neighbours) and for positions out of order (each
 * at least the one before) */
static void
resolve_stops (const GskLayerGradient *gradient,
               double                  length,
               double                 *offsets)
{
  guint n = gradient->n_stops, i, j;
  double last = -G_MAXDOUBLE;

  for (i = 0; i < n; i++)
    {
      const GskLayerColorStop *stop = &gradient->stops[i];

      if (stop->unit == GSK_LAYER_STOP_PERCENT)
        offsets[i] = stop->position / 100 * length;
      else if (stop->unit == GSK_LAYER_STOP_PX || stop->unit == GSK_LAYER_STOP_DEG)
        offsets[i] = stop->position;
      else if (i == 0)
        offsets[i] = 0;
      else if (i == n - 1)
        offsets[i] = length;
      else
        offsets[i] = NAN;
      if (!isnan (offsets[i]))
        offsets[i] = last = MAX (offsets[i], last);
    }

  for (i = 1; i < n; i++)
    if (isnan (offsets[i]))
      {
        for (j = i; j < n && isnan (offsets[j]); j++)
          ;
        for (guint k = i; k < j; k++)
          offsets[k] = offsets[i - 1] + (offsets[j] - offsets[i - 1]) * (k - i + 1) / (j - i + 1);
        i = j;
      }
}

/* CSS interpolates gradients between premultiplied colours, cairo
 * between straight ones: where alpha changes along a segment, stops in
 * between keep the difference under a level */
#define PREMULTIPLIED_STEPS 32

static void
add_stop (cairo_pattern_t *pattern,
          double           offset,
          const GdkRGBA   *a,
          const GdkRGBA   *b,
          double           t)
{
  double alpha = a->alpha + (b->alpha - a->alpha) * t;
  double r = a->red * a->alpha + (b->red * b->alpha - a->red * a->alpha) * t;
  double g = a->green * a->alpha + (b->green * b->alpha - a->green * a->alpha) * t;
  double bl = a->blue * a->alpha + (b->blue * b->alpha - a->blue * a->alpha) * t;

  if (alpha > 0)
    cairo_pattern_add_color_stop_rgba (pattern, offset, r / alpha, g / alpha, bl / alpha, alpha);
  else
    cairo_pattern_add_color_stop_rgba (pattern, offset, 0, 0, 0, 0);
}

/* The stops of @gradient on @pattern, at @offsets from @first to @last
 * (normalized), premultiplied where alpha changes */
static void
add_stops (cairo_pattern_t        *pattern,
           const GskLayerGradient *gradient,
           const double           *offsets,
           double                  first,
           double                  span)
{
  guint i;

  for (i = 0; i < gradient->n_stops; i++)
    {
      const GdkRGBA *c = &gradient->stops[i].color;
      double at = CLAMP ((offsets[i] - first) / span, 0, 1);

      if (i > 0 && c->alpha != gradient->stops[i - 1].color.alpha)
        {
          double from = CLAMP ((offsets[i - 1] - first) / span, 0, 1);

          for (int k = 1; k < PREMULTIPLIED_STEPS; k++)
            add_stop (pattern, from + (at - from) * k / PREMULTIPLIED_STEPS,
                      &gradient->stops[i - 1].color, c, (double) k / PREMULTIPLIED_STEPS);
        }
      add_stop (pattern, at, c, c, 0);
    }
}

/* A radial gradient's ending shape on @box: CSS's extent keywords */
static void
radial_radii (const GskLayerGradient *gradient,
              double                  w,
              double                  h,
              double                  cx,
              double                  cy,
              double                 *rx,
              double                 *ry)
{
  double sx_near = MIN (fabs (cx), fabs (w - cx)), sx_far = MAX (fabs (cx), fabs (w - cx));
  double sy_near = MIN (fabs (cy), fabs (h - cy)), sy_far = MAX (fabs (cy), fabs (h - cy));
  gboolean far = gradient->extent == GSK_LAYER_RADIAL_FARTHEST_SIDE ||
                 gradient->extent == GSK_LAYER_RADIAL_FARTHEST_CORNER;
  double sx = far ? sx_far : sx_near, sy = far ? sy_far : sy_near;

  switch (gradient->extent)
    {
    case GSK_LAYER_RADIAL_EXPLICIT:
      *rx = gradient->size_percent & 1 ? gradient->size[0] / 100 * w : gradient->size[0];
      *ry = gradient->circle ? *rx : gradient->size_percent & 2 ? gradient->size[1] / 100 * h : gradient->size[1];
      return;

    case GSK_LAYER_RADIAL_CLOSEST_SIDE:
    case GSK_LAYER_RADIAL_FARTHEST_SIDE:
      if (gradient->circle)
        *rx = *ry = far ? MAX (sx, sy) : MIN (sx, sy);
      else
        *rx = sx, *ry = sy;
      return;

    case GSK_LAYER_RADIAL_CLOSEST_CORNER:
    case GSK_LAYER_RADIAL_FARTHEST_CORNER:
    default:
      if (gradient->circle)
        *rx = *ry = hypot (sx, sy);
      else if (sy > 0)
        {
          /* Through the corner, with the sides' aspect ratio */
          *rx = sx * G_SQRT2;
          *ry = sy * G_SQRT2;
        }
      else
        *rx = *ry = 0;
      return;
    }
}

static void
paint_radial_gradient (cairo_t                *cr,
                       const GskLayerGradient *gradient,
                       const graphene_size_t  *size,
                       const graphene_rect_t  *box,
                       const graphene_size_t   radii[4])
{
  double w = box->size.width, h = box->size.height;
  double cx = gradient->center_percent & 1 ? gradient->center[0] / 100 * w : gradient->center[0];
  double cy = gradient->center_percent & 2 ? gradient->center[1] / 100 * h : gradient->center[1];
  double offsets[GSK_LAYER_GRADIENT_MAX_STOPS], first, last, span, rx, ry;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  radial_radii (gradient, w, h, cx, cy, &rx, &ry);
  /* A degenerate shape is a very thin one, as CSS says */
  rx = MAX (rx, 1e-3);
  ry = MAX (ry, 1e-3);

  /* Stops along the x radius; y is scaled to it */
  resolve_stops (gradient, rx, offsets);
  first = offsets[0];
  last = offsets[gradient->n_stops - 1];
  span = last - first;

  if (gradient->repeating && span <= 1e-6)
    gdk_cairo_set_source_rgba (cr, &gradient->stops[gradient->n_stops - 1].color);
  else
    {
      if (span <= 1e-6)
        span = 1e-6;
      /* cairo's radii cannot be negative: a repeating gradient starts a
       * whole number of spans further out */
      if (first < 0 && gradient->repeating)
        {
          double shift = ceil (-first / span) * span;

          for (guint i = 0; i < gradient->n_stops; i++)
            offsets[i] += shift;
          first += shift;
        }
      pattern = cairo_pattern_create_radial (0, 0, MAX (first, 0), 0, 0, MAX (first, 0) + span);
      add_stops (pattern, gradient, offsets, first, span);
      cairo_pattern_set_extend (pattern, gradient->repeating ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD);
      /* User space to the gradient's: centred, the ellipse a circle */
      cairo_matrix_init_scale (&matrix, 1, rx / ry);
      cairo_matrix_translate (&matrix, -(box->origin.x + cx), -(box->origin.y + cy));
      cairo_pattern_set_matrix (pattern, &matrix);
      cairo_set_source (cr, pattern);
      cairo_pattern_destroy (pattern);
    }

}

/* The colour of a gradient at @t along it (its stops at @offsets),
 * premultiplied: from the side of @t that @after says, at a hard stop */
static void
gradient_color_at (const GskLayerGradient *gradient,
                   const double           *offsets,
                   double                  t,
                   gboolean                after,
                   double                  color[4])
{
  guint n = gradient->n_stops, i;
  const GdkRGBA *a, *b;
  double k;

  if (gradient->repeating)
    {
      double span = offsets[n - 1] - offsets[0];

      t = offsets[0] + fmod (fmod (t - offsets[0], span) + span, span);
      /* The end of a period is the start of the next */
      if (after && t >= offsets[n - 1])
        t = offsets[0];
    }

  if (t < offsets[0] || (t == offsets[0] && !after))
    i = 0, k = 0;
  else
    {
      for (i = 0; i + 1 < n; i++)
        if (after ? t < offsets[i + 1] : t <= offsets[i + 1])
          break;
      if (i + 1 >= n)
        i = n - 1, k = 0;
      else
        k = offsets[i + 1] > offsets[i] ? (t - offsets[i]) / (offsets[i + 1] - offsets[i]) : 1;
    }

  a = &gradient->stops[i].color;
  b = i + 1 < n ? &gradient->stops[i + 1].color : a;
  color[3] = a->alpha + (b->alpha - a->alpha) * k;
  color[0] = a->red * a->alpha + (b->red * b->alpha - a->red * a->alpha) * k;
  color[1] = a->green * a->alpha + (b->green * b->alpha - a->green * a->alpha) * k;
  color[2] = a->blue * a->alpha + (b->blue * b->alpha - a->blue * a->alpha) * k;
}

/* A conic gradient, evaluated at each pixel's centre from the angle it
 * makes with the centre (cairo has no conic pattern, and its meshes
 * place hard stops half a pixel off) */
static void
paint_conic_gradient (cairo_t                *cr,
                      const GskLayerGradient *gradient,
                      const graphene_size_t  *size,
                      const graphene_rect_t  *box,
                      const graphene_size_t   radii[4])
{
  double w = box->size.width, h = box->size.height;
  double cx = box->origin.x + (gradient->center_percent & 1 ? gradient->center[0] / 100 * w : gradient->center[0]);
  double cy = box->origin.y + (gradient->center_percent & 2 ? gradient->center[1] / 100 * h : gradient->center[1]);
  double offsets[GSK_LAYER_GRADIENT_MAX_STOPS], span;
  double ox, oy, kx, ky, x0, y0, x1, y1, sx, sy;
  cairo_surface_t *target = cairo_get_target (cr), *image;
  cairo_matrix_t saved;
  guint n = gradient->n_stops;
  int i, j, iw, ih, stride;
  guint32 *data;

  resolve_stops (gradient, 360, offsets);
  span = offsets[n - 1] - offsets[0];
  if (gradient->repeating && span <= 1e-6)
    {
      gdk_cairo_set_source_rgba (cr, &gradient->stops[n - 1].color);
      return;
    }

  /* User units to the target's pixels: an axis-aligned scale */
  ox = 0, oy = 0;
  cairo_user_to_device (cr, &ox, &oy);
  kx = 1, ky = 1;
  cairo_user_to_device (cr, &kx, &ky);
  kx -= ox;
  ky -= oy;
  cairo_surface_get_device_scale (target, &sx, &sy);
  if (!(fabs (kx) > 1e-9 && fabs (ky) > 1e-9) || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return;

  /* The target's pixels the layer covers */
  iw = cairo_image_surface_get_width (target);
  ih = cairo_image_surface_get_height (target);
  x0 = MAX (floor (MIN (ox, ox + kx * size->width)), 0);
  y0 = MAX (floor (MIN (oy, oy + ky * size->height)), 0);
  x1 = MIN (ceil (MAX (ox, ox + kx * size->width)), iw);
  y1 = MIN (ceil (MAX (oy, oy + ky * size->height)), ih);
  if (x1 <= x0 || y1 <= y0)
    return;

  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, x1 - x0, y1 - y0);
  data = (guint32 *) cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image) / 4;
  for (j = 0; j < y1 - y0; j++)
    for (i = 0; i < x1 - x0; i++)
      {
        double ux = (x0 + i + 0.5 - ox) / kx - cx, uy = (y0 + j + 0.5 - oy) / ky - cy;
        /* Degrees clockwise from up, from the gradient's start */
        double t = fmod (atan2 (ux, -uy) * 180 / G_PI - gradient->angle + 720, 360);
        double c[4];

        gradient_color_at (gradient, offsets, t, TRUE, c);
        data[j * stride + i] = (guint32) (CLAMP (c[3], 0, 1) * 255 + 0.5) << 24 |
                               (guint32) (CLAMP (c[0], 0, 1) * 255 + 0.5) << 16 |
                               (guint32) (CLAMP (c[1], 0, 1) * 255 + 0.5) << 8 |
                               (guint32) (CLAMP (c[2], 0, 1) * 255 + 0.5);
      }
  cairo_surface_mark_dirty (image);

  /* Pixel for pixel on the target */
  cairo_get_matrix (cr, &saved);
  cairo_identity_matrix (cr);
  cairo_surface_set_device_scale (image, sx, sy);
  cairo_set_source_surface (cr, image, x0 / sx, y0 / sy);
  cairo_set_matrix (cr, &saved);
  cairo_surface_destroy (image);
}

static void paint_linear_gradient (cairo_t *cr, const GskLayerGradient *gradient, const graphene_rect_t *box);

/* A gradient laid out on @box (the padding box, CSS's background-origin)
 * and painted over @clip with its corners (background-clip) */
static void
paint_gradient (cairo_t                *cr,
                const GskLayerGradient *gradient,
                const graphene_size_t  *size,
                const graphene_rect_t  *box,
                const graphene_size_t   radii[4],
                const graphene_rect_t  *clip,
                const graphene_size_t   clip_radii[4])
{
  if (!graphene_rect_contains_rect (box, clip) && box->size.width >= 1 && box->size.height >= 1)
    {
      /* The image is a tile of the padding box, repeated where the clip
       * reaches past it (under a border), as CSS's background-repeat */
      cairo_surface_t *target = cairo_get_target (cr), *tile;
      graphene_size_t tile_size = GRAPHENE_SIZE_INIT (box->size.width, box->size.height);
      graphene_rect_t tile_box = GRAPHENE_RECT_INIT (0, 0, box->size.width, box->size.height);
      double sx, sy;
      cairo_t *tcr;

      cairo_surface_get_device_scale (target, &sx, &sy);
      tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (box->size.width * sx - 0.01),
                                         (int) ceil (box->size.height * sy - 0.01));
      cairo_surface_set_device_scale (tile, sx, sy);
      tcr = cairo_create (tile);
      paint_gradient (tcr, gradient, &tile_size, &tile_box, radii, &tile_box,
                      (graphene_size_t[4]) { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } });
      cairo_destroy (tcr);
      cairo_set_source_surface (cr, tile, box->origin.x, box->origin.y);
      cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_REPEAT);
      cairo_surface_destroy (tile);
    }
  else if (gradient->radial)
    paint_radial_gradient (cr, gradient, size, box, radii);
  else if (gradient->conic)
    paint_conic_gradient (cr, gradient, size, box, radii);
  else
    paint_linear_gradient (cr, gradient, box);

  /* Over the box background-clip says */
  cairo_new_path (cr);
  rounded_rect_path (cr, clip->origin.x, clip->origin.y, clip->size.width, clip->size.height, clip_radii);
  cairo_fill (cr);
}

/* Sets the source to a linear gradient laid out on @box */
static void
paint_linear_gradient (cairo_t                *cr,
                       const GskLayerGradient *gradient,
                       const graphene_rect_t  *box)
{
  double w = box->size.width, h = box->size.height, dx, dy, length;
  double cx = box->origin.x + w / 2, cy = box->origin.y + h / 2;
  double offsets[GSK_LAYER_GRADIENT_MAX_STOPS], first, last, span;
  cairo_pattern_t *pattern;

  if (gradient->corner_x != 0 || gradient->corner_y != 0)
    {
      /* Perpendicular to the diagonal between the other two corners */
      double d = hypot (w, h);

      dx = gradient->corner_x * h / d;
      dy = gradient->corner_y * w / d;
    }
  else
    {
      double a = gradient->angle * G_PI / 180;

      dx = sin (a);
      dy = -cos (a);
    }
  /* Long enough that its ends' perpendiculars touch the far corners */
  length = fabs (w * dx) + fabs (h * dy);
  resolve_stops (gradient, length, offsets);

  first = offsets[0];
  last = offsets[gradient->n_stops - 1];
  span = last - first;
  if (gradient->repeating && span <= 1e-6)
    {
      /* Nothing to repeat: the average colour, as CSS says; the last here */
      gdk_cairo_set_source_rgba (cr, &gradient->stops[gradient->n_stops - 1].color);
    }
  else
    {
      double x0 = cx - dx * length / 2, y0 = cy - dy * length / 2;

      if (span <= 1e-6)
        span = 1e-6;
      pattern = cairo_pattern_create_linear (x0 + dx * first, y0 + dy * first, x0 + dx * last, y0 + dy * last);
      add_stops (pattern, gradient, offsets, first, span);
      cairo_pattern_set_extend (pattern, gradient->repeating ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD);
      cairo_set_source (cr, pattern);
      cairo_pattern_destroy (pattern);
    }
}

/* }}} */

/*
 * gsk_layer_style_draw_box:
 * @style: a style that draws the box (gsk_layer_style_draws_box())
 * @cr: where to draw, in the layer's units
 * @size: the layer's size: its border box
 * @radii: the corners' radii, resolved (gsk_layer_resolve_corner_radii())
 * @background: the background colour, drawn under the border (CSS's
 *   background-clip: border-box)
 *
 * Draws the outset shadows, the background, the inset shadows and the
 * border of a layer, in that order, as CSS draws those of a box: solid borders as the ring between the rounded border box and
 * the rounded padding box, double ones as its outer and inner thirds;
 * sides of different colours meet along the lines from the outer to the
 * inner corners.
 */
void
gsk_layer_style_draw_box (const GskLayerStyle   *style,
                          cairo_t               *cr,
                          const graphene_size_t *size,
                          const graphene_size_t  radii[4],
                          const GdkRGBA         *background)
{
  float width[4], zero[4] = { 0, 0, 0, 0 };
  gboolean one_color = TRUE;
  int side;

  for (side = 0; side < 4; side++)
    {
      width[side] = gsk_layer_style_get_border_width (style, side);
      if (width[side] > 0 &&
          (!gdk_rgba_equal (&style->border_color[side], &style->border_color[0]) ||
           style->border_style[side] != style->border_style[0] ||
           gsk_layer_style_get_border_width (style, 0) == 0))
        one_color = FALSE;
    }

  draw_outset_shadows (style, cr, size, radii);

  /* Where the background goes: background-clip's box, its corners */
  {
    graphene_rect_t padding, clip = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
    graphene_size_t inner[4], clip_radii[4];
    GskLayerBackgroundClip kind = style->set & GSK_LAYER_STYLE_BACKGROUND_CLIP ? style->background_clip
                                                                              : GSK_LAYER_BACKGROUND_CLIP_BORDER_BOX;

    gsk_layer_style_get_padding_box (style, size, radii, &padding, inner);
    memcpy (clip_radii, radii, sizeof clip_radii);
    if (kind == GSK_LAYER_BACKGROUND_CLIP_PADDING_BOX)
      {
        clip = padding;
        memcpy (clip_radii, inner, sizeof clip_radii);
      }
    else if (kind == GSK_LAYER_BACKGROUND_CLIP_CONTENT_BOX)
      {
        const float *pad = style->set & GSK_LAYER_STYLE_PADDING ? style->padding : zero;

        gsk_layer_style_get_content_box (style, size, &clip);
        inner_radii (inner, pad, clip_radii);
      }

    if (background->alpha > 0)
      {
        cairo_new_path (cr);
        rounded_rect_path (cr, clip.origin.x, clip.origin.y, clip.size.width, clip.size.height, clip_radii);
        gdk_cairo_set_source_rgba (cr, background);
        cairo_fill (cr);
      }

    /* The first image on top */
    for (side = (int) style->n_images - 1; side >= 0; side--)
      paint_gradient (cr, &style->images[side], size, &padding, radii, &clip, clip_radii);
  }

  draw_inset_shadows (style, cr, size, radii);

  for (side = 0; side < 4; side++)
    {
      float outer[4], inner[4];
      int i;

      if (width[side] <= 0 || style->border_color[side].alpha <= 0)
        continue;
      /* One colour and style all round: one ring, no joins */
      if (one_color && side > 0)
        break;

      cairo_save (cr);
      if (!one_color)
        clip_to_side (cr, size, width, side);
      if (style->border_style[side] == GSK_LAYER_BORDER_DOUBLE)
        {
          /* The outer and the inner third of each width */
          for (i = 0; i < 4; i++)
            {
              outer[i] = width[i] / 3;
              inner[i] = width[i] * 2 / 3;
            }
          fill_ring (cr, size, radii, zero, outer, &style->border_color[side]);
          fill_ring (cr, size, radii, inner, width, &style->border_color[side]);
        }
      else
        fill_ring (cr, size, radii, zero, width, &style->border_color[side]);
      cairo_restore (cr);
    }

  draw_outline (style, cr, size, radii);
}

void
gsk_layer_style_get_content_box (const GskLayerStyle   *style,
                                 const graphene_size_t *size,
                                 graphene_rect_t       *box)
{
  float inset[4];
  int side;

  for (side = 0; side < 4; side++)
    inset[side] = gsk_layer_style_get_border_width (style, side) +
                  (style && (style->set & GSK_LAYER_STYLE_PADDING) ? style->padding[side] : 0.f);

  *box = GRAPHENE_RECT_INIT (inset[GSK_LAYER_SIDE_LEFT], inset[GSK_LAYER_SIDE_TOP],
                             MAX (size->width - inset[GSK_LAYER_SIDE_LEFT] - inset[GSK_LAYER_SIDE_RIGHT], 0),
                             MAX (size->height - inset[GSK_LAYER_SIDE_TOP] - inset[GSK_LAYER_SIDE_BOTTOM], 0));
}

/*
 * gsk_layer_style_get_padding_box:
 * @style: a style
 * @size: the layer's size: its border box
 * @radii: its corners' radii, resolved
 * @rect: (out): the padding box: the border box inside the border
 * @inner: (out): its corners' radii: the border's inner curves
 */
void
gsk_layer_style_get_padding_box (const GskLayerStyle   *style,
                                 const graphene_size_t *size,
                                 const graphene_size_t  radii[4],
                                 graphene_rect_t       *rect,
                                 graphene_size_t        inner[4])
{
  float width[4];
  int side;

  for (side = 0; side < 4; side++)
    width[side] = gsk_layer_style_get_border_width (style, side);

  *rect = GRAPHENE_RECT_INIT (width[GSK_LAYER_SIDE_LEFT], width[GSK_LAYER_SIDE_TOP],
                              MAX (size->width - width[GSK_LAYER_SIDE_LEFT] - width[GSK_LAYER_SIDE_RIGHT], 0),
                              MAX (size->height - width[GSK_LAYER_SIDE_TOP] - width[GSK_LAYER_SIDE_BOTTOM], 0));
  inner_radii (radii, width, inner);
}

/* }}} */
