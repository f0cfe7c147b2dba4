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
#include "gsk-layer-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-enum-types.h"

static gboolean clip_path_contains (GskLayerPrivate        *p,
                                    const graphene_point_t *point);

static const GskLayerStyleHooks style_hooks = {
  .set = gsk_layer_set_style,
  .get = gsk_layer_get_style,
  .unref = gsk_layer_style_unref,
  .clip_path_contains = clip_path_contains,
  .offset_transform = gsk_layer_style_offset_transform,
};

void
gsk_layer_style_resolve_clip_path (GskLayerPrivate       *p,
                                   GskLayerResolvedShape *out)
{
  graphene_size_t radii[4] = { { 0, 0 }, }, box_radii[3][4];
  graphene_rect_t boxes[3];

  gsk_layer_resolve_corner_radii (p, radii);
  gsk_layer_style_get_reference_boxes (p->style, &p->size, radii, boxes, box_radii);
  gsk_layer_basic_shape_resolve (gsk_layer_style_get_clip_path (p->style), boxes, box_radii, out);
}

/* Hit testing follows the clip path, as in CSS */
void
gsk_layer_style_clip_to_clip_path (GskLayerPrivate *p,
                                   cairo_t         *cr)
{
  GskLayerResolvedShape shape;

  if (gsk_layer_style_get_clip_path (p->style) == NULL)
    return;

  gsk_layer_style_resolve_clip_path (p, &shape);
  if (shape.is_path)
    {
      gsk_layer_path_to_cairo (shape.path, cr);
      cairo_set_fill_rule (cr, shape.fill_rule == GSK_LAYER_PATH_FILL_RULE_EVENODD ? CAIRO_FILL_RULE_EVEN_ODD
                                                                                   : CAIRO_FILL_RULE_WINDING);
    }
  else
    gsk_layer_rounded_rect_path (cr, shape.rect.origin.x, shape.rect.origin.y,
                                 shape.rect.size.width, shape.rect.size.height, shape.radii);
  cairo_clip (cr);
  gsk_layer_resolved_shape_clear (&shape);
}

static gboolean
clip_path_contains (GskLayerPrivate        *p,
                    const graphene_point_t *point)
{
  GskLayerResolvedShape shape;
  gboolean inside;

  if (gsk_layer_style_get_clip_path (p->style) == NULL)
    return TRUE;

  gsk_layer_style_resolve_clip_path (p, &shape);
  if (shape.is_path)
    inside = gsk_layer_path_contains_point (shape.path, point, shape.fill_rule);
  else
    inside = graphene_rect_contains_point (&shape.rect, point) &&
             gsk_layer_rounded_rect_contains (&shape.rect, shape.radii, point);
  gsk_layer_resolved_shape_clear (&shape);
  return inside;
}

/* GskLayer registers the type for its style property, in its class_init:
 * the hooks are in place before any layer exists */
G_DEFINE_BOXED_TYPE_WITH_CODE (GskLayerStyle, gsk_layer_style, gsk_layer_style_ref, gsk_layer_style_unref,
                               gsk_layer_style_hooks = &style_hooks)

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
  self->offset_rotate_auto = TRUE;
  self->offset_anchor_auto = TRUE;

  return self;
}

/**
 * gsk_layer_style_ref:
 * @self: a style
 *
 * Acquires a reference on @self.
 *
 * Returns: (transfer full): @self, with one more reference
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
    {
      g_clear_pointer (&self->clip_path, gsk_layer_basic_shape_unref);
      g_clear_pointer (&self->offset_path, gsk_layer_path_unref);
      g_clear_pointer (&self->offset_shape, gsk_layer_basic_shape_unref);
      g_clear_pointer (&self->mask, gsk_layer_mask_unref);
      g_free (self);
    }
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
 * Compares two styles by what they declare: the same properties, with
 * the same values. Two %NULL styles are equal; %NULL and a style are
 * not, even one that declares nothing.
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
  if ((a->set & GSK_LAYER_STYLE_TRANSFORM_STYLE) && a->transform_style != b->transform_style)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_BACKFACE_VISIBILITY) && a->backface_visibility != b->backface_visibility)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_PERSPECTIVE) && a->perspective != b->perspective)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN) &&
      (a->perspective_origin[0] != b->perspective_origin[0] ||
       a->perspective_origin[1] != b->perspective_origin[1] ||
       a->perspective_origin_percent != b->perspective_origin_percent))
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
  if ((a->set & GSK_LAYER_STYLE_CLIP_PATH) && !gsk_layer_basic_shape_equal (a->clip_path, b->clip_path))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_MASK) && !gsk_layer_mask_equal (a->mask, b->mask))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OFFSET_PATH) && !gsk_layer_style_offset_paths_equal (a, b))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OFFSET_POSITION) &&
      (a->offset_position_kind != b->offset_position_kind ||
       (a->offset_position_kind == GSK_LAYER_OFFSET_POSITION_AT &&
        (a->offset_position[0] != b->offset_position[0] || a->offset_position[1] != b->offset_position[1] ||
         a->offset_position_percent != b->offset_position_percent))))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OFFSET_DISTANCE) &&
      (a->offset_distance != b->offset_distance || a->offset_distance_percent != b->offset_distance_percent))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OFFSET_ROTATE) &&
      (a->offset_rotate != b->offset_rotate || a->offset_rotate_auto != b->offset_rotate_auto ||
       a->offset_rotate_reverse != b->offset_rotate_reverse))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OFFSET_ANCHOR) &&
      (a->offset_anchor_auto != b->offset_anchor_auto ||
       (!a->offset_anchor_auto && (a->offset_anchor[0] != b->offset_anchor[0] ||
                                   a->offset_anchor[1] != b->offset_anchor[1] ||
                                   a->offset_anchor_percent != b->offset_anchor_percent))))
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_BACKGROUND_CLIP) && a->background_clip != b->background_clip)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_OBJECT_FIT) && a->object_fit != b->object_fit)
    return FALSE;
  if ((a->set & GSK_LAYER_STYLE_IMAGE_RENDERING) && a->image_rendering != b->image_rendering)
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

void
gsk_layer_gradient_print (const GskLayerGradient *gradient,
                          GString                *s)
{
  g_string_append_printf (s, "%s%s-gradient(", gradient->repeating ? "repeating-" : "",
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
 * [ctor@LayerStyle.new_from_string] reads back into an equal style:
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
          if (i > 0)
            g_string_append (s, ", ");
          gsk_layer_gradient_print (&self->images[i], s);
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
      static const char * const names[] = { "none", "solid", "double", "dashed", "dotted" };
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
      static const char * const names[] = { "none", "solid", "double", "dashed", "dotted" };
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
  if (self->set & GSK_LAYER_STYLE_IMAGE_RENDERING)
    {
      static const char * const names[] = { "auto", "smooth", "high-quality", "pixelated", "crisp-edges" };

      g_string_append_printf (s, "image-rendering: %s; ", names[self->image_rendering]);
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
  if (self->set & GSK_LAYER_STYLE_TRANSFORM_STYLE)
    g_string_append_printf (s, "transform-style: %s; ",
                            self->transform_style == GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D ? "preserve-3d" : "flat");
  if (self->set & GSK_LAYER_STYLE_BACKFACE_VISIBILITY)
    g_string_append_printf (s, "backface-visibility: %s; ",
                            self->backface_visibility == GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN ? "hidden" : "visible");
  if (self->set & GSK_LAYER_STYLE_PERSPECTIVE)
    {
      if (self->perspective > 0)
        {
          g_string_append (s, "perspective: ");
          append_number (s, self->perspective);
          g_string_append (s, "px; ");
        }
      else
        g_string_append (s, "perspective: none; ");
    }
  if (self->set & GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN)
    {
      g_string_append (s, "perspective-origin: ");
      for (int axis = 0; axis < 2; axis++)
        {
          append_number (s, self->perspective_origin[axis]);
          g_string_append (s, self->perspective_origin_percent & (1 << axis) ? "%"
                              : self->perspective_origin[axis] != 0 ? "px" : "");
          g_string_append (s, axis == 0 ? " " : "; ");
        }
    }

  gsk_layer_style_print_motion (self, s);
  if ((self->set & GSK_LAYER_STYLE_MASK) && self->mask != NULL)
    gsk_layer_mask_print (self->mask, s);
  if (self->set & GSK_LAYER_STYLE_CLIP_PATH)
    {
      g_string_append (s, "clip-path: ");
      if (self->clip_path)
        gsk_layer_basic_shape_print (self->clip_path, s);
      else
        g_string_append (s, "none");
      g_string_append (s, "; ");
    }

  /* No separator after the last */
  if (s->len > 0)
    g_string_truncate (s, s->len - 1);

  return g_string_free (s, FALSE);
}

/* perspective-origin as the layer takes it: relative to the border box
 * (the layer's size) plus an offset in px; 50% 50% when undeclared */
static void
gsk_layer_style_get_perspective_origin (const GskLayerStyle *style,
                                        graphene_point_t    *relative,
                                        graphene_point_t    *offset)
{
  float r[2] = { 0.5f, 0.5f }, o[2] = { 0.f, 0.f };

  if (style->set & GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN)
    for (int axis = 0; axis < 2; axis++)
      {
        if (style->perspective_origin_percent & (1 << axis))
          r[axis] = style->perspective_origin[axis] / 100.f;
        else
          r[axis] = 0.f, o[axis] = style->perspective_origin[axis];
      }
  graphene_point_init (relative, r[0], r[1]);
  graphene_point_init (offset, o[0], o[1]);
}

/* The layer properties that the last style declared and @style does
 * not go back to their initial values: a style is all its
 * declarations, as a CSS rule is */
static void
reset_undeclared (GskLayer            *self,
                  const GskLayerStyle *old,
                  const GskLayerStyle *style)
{
  GskLayerStyleSet dropped;

  if (old == NULL)
    return;

  dropped = old->set & ~(style ? style->set : 0);
  if (dropped & GSK_LAYER_STYLE_BACKGROUND_COLOR)
    gsk_layer_set_background_color (self, NULL);
  if (dropped & GSK_LAYER_STYLE_OPACITY)
    gsk_layer_set_opacity (self, 1.f);
  if (dropped & GSK_LAYER_STYLE_BLEND_MODE)
    gsk_layer_set_blend_mode (self, GSK_LAYER_BLEND_NORMAL);
  if (dropped & GSK_LAYER_STYLE_TRANSFORM_STYLE)
    gsk_layer_set_transform_style (self, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  if (dropped & GSK_LAYER_STYLE_BACKFACE_VISIBILITY)
    gsk_layer_set_backface_visibility (self, GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE);
  if (dropped & GSK_LAYER_STYLE_PERSPECTIVE)
    gsk_layer_set_child_transform (self, NULL);
  if ((dropped & (GSK_LAYER_STYLE_PERSPECTIVE | GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN)) &&
      !(style && (style->set & (GSK_LAYER_STYLE_PERSPECTIVE | GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN))))
    gsk_layer_set_child_origin (self, NULL, NULL);
  if (dropped & GSK_LAYER_STYLE_BORDER_RADIUS)
    gsk_layer_set_corner_radius (self, 0.f);
}

/**
 * gsk_layer_set_style:
 * @self: a layer
 * @style: (nullable): the declarations, or %NULL for none
 *
 * Gives @self the look @style declares, as an element's `style`
 * attribute does in CSS. Declarations that map onto properties of the
 * layer set them: `background-color`, `opacity`, `mix-blend-mode`,
 * `transform-style`, `backface-visibility`, `perspective` and
 * `perspective-origin` (the [property@Layer:child-transform] and its
 * [property@Layer:child-transform-origin], which is the centre when
 * only `perspective` is declared, as in CSS) and
 * `border-radius` (whose uniform case is [property@Layer:corner-radius]). Setting one of those properties
 * afterwards overrides the style's value; [method@Layer.get_style]
 * keeps what was declared. A style is all its declarations, as a CSS
 * rule is: of those eight properties, one that the last style declared
 * and @style does not goes back to its initial value (transparent, 1,
 * normal, flat, visible, none, the pivot point, 0); one that no style
 * declared stays as the layer has it.
 *
 * Inside an easing state ([method@Layer.save_easing_state]) the style
 * animates from the one on screen, and so do transitions and keyframes
 * of the `style` property: each declaration interpolates as CSS
 * interpolates its computed value (lengths, numbers and angles
 * linearly, colours premultiplied, shadow lists shadow by shadow,
 * filter lists function by function, gradients stop by stop where
 * their shapes and stops' units match); keywords, lists that do not
 * match and lengths that would need `calc()` (pixels against
 * percentages) change halfway. A declaration that only one of the two
 * styles has goes from or to its initial value. The getter returns the
 * new style at once; the frames in between notify nothing.
 *
 * `border-radius` takes one to four radii per axis, as CSS: lengths in
 * `px` or percentages of the width (horizontal) and height (vertical),
 * and elliptical corners with `/`; where adjacent radii add up to more
 * than the side they share, all shrink by the same factor, as CSS says.
 * A style without `border-radius` leaves corners that no style gave
 * radii as they are.
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
 * `image-rendering` says how a content image is sampled when it is
 * drawn larger or smaller than its pixels: `auto` and `smooth`
 * bilinearly, `pixelated` and `crisp-edges` from the nearest pixel,
 * `high-quality` from a smaller copy of the image where it is drawn at
 * less than half its size (GL: trilinearly between mipmaps; images in
 * GL's atlas of small textures, or cut into tiles, are sampled
 * bilinearly). GTK's render-node path samples bilinearly (GTK 4.8 has
 * no filter on texture nodes).
 *
 * `outline` draws a ring outside the border box grown by
 * `outline-offset`, following the corners, over the border and under
 * the layer's content and children, as browsers paint the outline of a
 * positioned element under its positioned descendants (CSS 2.1 lets
 * them paint outlines before the last step).
 *
 * Dashed borders have dashes twice their width long (three times, under
 * 3px) and dotted ones round dots as wide as the border, spaced as
 * Chromium spaces them: a dash or a dot in each square corner, the gaps
 * stretched to fit each side; round a border of one width, colour and
 * style with rounded corners, one pattern from the start of the top
 * side's straight part. Outlines take the same styles.
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
  g_autoptr (GskLayerStyle) old = NULL;
  GskLayerPrivate *priv;
  graphene_rect_t old_box, new_box;

  g_return_if_fail (GSK_IS_LAYER (self));

  if (gsk_layer_animate_style (self, style))
    return;

  priv = gsk_layer_get_private (self);
  if (gsk_layer_style_equal (priv->style, style))
    return;
  old = priv->style ? gsk_layer_style_ref (priv->style) : NULL;

  gsk_layer_get_content_box (self, &old_box);
  /* Filters change the pixels of the whole subtree */
  if (gsk_layer_style_get_n_filters (priv->style) != gsk_layer_style_get_n_filters (style) ||
      (gsk_layer_style_get_n_filters (style) > 0 && !filters_equal (priv->style, style)))
    gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  /* So do a clip path and a mask */
  if (!gsk_layer_basic_shape_equal (gsk_layer_style_get_clip_path (priv->style), gsk_layer_style_get_clip_path (style)) ||
      !gsk_layer_mask_equal (gsk_layer_style_get_mask (priv->style), gsk_layer_style_get_mask (style)))
    gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  /* A motion path moves the layer */
  if (!gsk_layer_style_offsets_equal (priv->style, style))
    gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
  if (style)
    gsk_layer_style_ref (style);
  g_clear_pointer (&priv->style, gsk_layer_style_unref);
  priv->style = style;
  priv->style_moves = gsk_layer_style_moves (style);
  {
    gboolean preserved_before = gsk_layer_preserves_3d (priv);

    /* Filters, backdrop filters, clip paths and masks are grouping
     * properties: a preserve-3d layer with them is flat */
    priv->style_groups = gsk_layer_style_get_n_filters (style) > 0 ||
                         gsk_layer_style_get_n_backdrop_filters (style) > 0 ||
                         gsk_layer_style_get_clip_path (style) != NULL ||
                         gsk_layer_style_get_mask (style) != NULL;
    gsk_layer_grouping_changed (self, preserved_before);
  }
  gsk_layer_get_content_box (self, &new_box);

  /* What the style draws itself (borders) is redrawn, and the content
   * when its box moved or changed size */
  gsk_layer_changed (self, graphene_rect_equal (&old_box, &new_box) ? GSK_LAYER_DIRTY_PAINT
                                                                    : GSK_LAYER_DIRTY_CONTENT);
  /* Borders and padding are part of the size it asks for */
  if (!graphene_rect_equal (&old_box, &new_box))
    gsk_layer_queue_resize (self);

  g_object_freeze_notify (G_OBJECT (self));
  reset_undeclared (self, old, style);
  if (style != NULL)
    {
      if (style->set & GSK_LAYER_STYLE_BACKGROUND_COLOR)
        gsk_layer_set_background_color (self, &style->background_color);
      if (style->set & GSK_LAYER_STYLE_OPACITY)
        gsk_layer_set_opacity (self, style->opacity);
      if (style->set & GSK_LAYER_STYLE_BLEND_MODE)
        gsk_layer_set_blend_mode (self, style->blend_mode);
      if (style->set & GSK_LAYER_STYLE_TRANSFORM_STYLE)
        gsk_layer_set_transform_style (self, style->transform_style);
      if (style->set & GSK_LAYER_STYLE_BACKFACE_VISIBILITY)
        gsk_layer_set_backface_visibility (self, style->backface_visibility);
      if (style->set & GSK_LAYER_STYLE_PERSPECTIVE)
        {
          GskLayerTransform *perspective = style->perspective > 0
                                           ? gsk_layer_transform_perspective (NULL, style->perspective)
                                           : NULL;

          gsk_layer_set_child_transform (self, perspective);
          g_clear_pointer (&perspective, gsk_layer_transform_unref);
        }
      if (style->set & (GSK_LAYER_STYLE_PERSPECTIVE | GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN))
        {
          graphene_point_t relative, offset;

          gsk_layer_style_get_perspective_origin (style, &relative, &offset);
          gsk_layer_set_child_origin (self, &relative, &offset);
        }
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
    }

  /* Only the model notifies: not the frames of an animation */
  if (!priv->updating_presentation)
    g_object_notify (G_OBJECT (self), "style");
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * gsk_layer_get_style:
 * @self: a layer
 *
 * Gets the style last set on @self with [method@Layer.set_style]: while
 * it animates, where it is going. Setting a property that the style
 * declares afterwards does not change it.
 *
 * Returns: (nullable) (transfer none): the style last set on @self, or
 *   %NULL for none (the default)
 *
 * Since: 0.1
 */
GskLayerStyle *
gsk_layer_get_style (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_model_style (self);
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
 * Gets the style of @self (see [method@Layer.get_style]) as text, which
 * [method@Layer.set_style_from_string] reads back.
 *
 * Returns: (transfer full): the declarations of the style last set on
 *   @self, as [method@LayerStyle.to_string] writes them; "" for none.
 *   Free with g_free()
 *
 * Since: 0.1
 */
char *
gsk_layer_get_style_string (GskLayer *self)
{
  GskLayerStyle *style;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  style = gsk_layer_get_style (self);
  return style ? gsk_layer_style_to_string (style) : g_strdup ("");
}
