/* gsk-layer-style.c: a layer's look, written as CSS declarations
 *
 * The value and what it does to a layer; gsk/css/gsk-layer-style-parser.c
 * reads it from text.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-style-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-enum-types.h"

G_DEFINE_BOXED_TYPE (GskLayerStyle, gsk_layer_style, gsk_layer_style_ref, gsk_layer_style_unref)

GskLayerStyle *
gsk_layer_style_new (void)
{
  GskLayerStyle *self = g_new0 (GskLayerStyle, 1);

  g_ref_count_init (&self->ref_count);
  self->opacity = 1.f;

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
      char *color = gdk_rgba_to_string (&self->background_color);

      g_string_append_printf (s, "background-color: %s; ", color);
      g_free (color);
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
 * Since: 0.1
 */
void
gsk_layer_set_style (GskLayer      *self,
                     GskLayerStyle *style)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (gsk_layer_style_equal (priv->style, style))
    return;

  if (style)
    gsk_layer_style_ref (style);
  g_clear_pointer (&priv->style, gsk_layer_style_unref);
  priv->style = style;

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
