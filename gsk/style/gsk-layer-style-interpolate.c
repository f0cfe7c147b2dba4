/* gsk-layer-style-interpolate.c: the style between two styles
 *
 * Each property interpolates as CSS interpolates it: lengths and
 * numbers linearly, colours in premultiplied space, shadow lists shadow
 * by shadow, filter lists function by function, gradients stop by stop
 * when their shapes match; what CSS animates discretely (keywords,
 * lists that do not match) flips halfway.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-private.h"
#include "gsk-layer-private.h"

/* Within what a style string takes (GSK_LAYER_MAX_COORDINATE either
 * way): an easing that overshoots would take a value past it, and the
 * style on screen would print as one that does not parse back */
static inline float
lerp (float  a,
      float  b,
      double t)
{
  return CLAMP (a + (b - a) * t, -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE);
}

/* Lengths that cannot be negative (widths, blur radii): easings that
 * overshoot would take them there */
static inline float
lerp_length (float  a,
             float  b,
             double t)
{
  return MAX (lerp (a, b, t), 0.f);
}

static inline gboolean
discrete (double t)
{
  return t >= 0.5;
}

/* Two values, each in px or in percent (@bit of @a_percent and
 * @b_percent): interpolated when their units match or one is 0 (which
 * is 0 in either unit); FALSE when they need calc(), which GSK's styles
 * do not hold */
static gboolean
lerp_length_percentage (float   a,
                        gboolean a_percent,
                        float   b,
                        gboolean b_percent,
                        double  t,
                        float  *out,
                        gboolean *out_percent)
{
  a_percent = a_percent != 0;
  b_percent = b_percent != 0;
  if (a_percent != b_percent && a != 0.f && b != 0.f)
    return FALSE;

  *out_percent = a != 0.f ? a_percent : b_percent;
  *out = lerp (a, b, t);
  return TRUE;
}

/* {{{ Shadows */

/* The shadow a shorter list is padded with: transparent, lengths 0 */
static GskLayerShadow
padding_shadow (gboolean inset)
{
  return (GskLayerShadow) { .inset = inset };
}

static void
lerp_shadow (const GskLayerShadow *a,
             const GskLayerShadow *b,
             double                t,
             GskLayerShadow       *out)
{
  out->dx = lerp (a->dx, b->dx, t);
  out->dy = lerp (a->dy, b->dy, t);
  out->blur = lerp_length (a->blur, b->blur, t);
  out->spread = lerp (a->spread, b->spread, t);
  out->color = gsk_layer_rgba_interpolate (&a->color, &b->color, t);
  out->inset = a->inset;
  out->current_color = a->current_color;
}

/* CSS Backgrounds 3: shadow lists pair up, the shorter padded; a pair
 * with one inset shadow, or here one in currentcolor (whose colour the
 * style does not know), makes the whole list flip */
static void
lerp_shadows (const GskLayerShadow *a,
              guint                 n_a,
              const GskLayerShadow *b,
              guint                 n_b,
              double                t,
              GskLayerShadow       *out,
              guint                *n_out)
{
  guint n = MAX (n_a, n_b), i;
  GskLayerShadow pa, pb;

  for (i = 0; i < n; i++)
    {
      pa = i < n_a ? a[i] : padding_shadow (b[i].inset);
      pb = i < n_b ? b[i] : padding_shadow (a[i].inset);
      if (pa.inset != pb.inset || pa.current_color != pb.current_color)
        break;
    }

  if (i < n)
    {
      const GskLayerShadow *from = discrete (t) ? b : a;

      *n_out = discrete (t) ? n_b : n_a;
      memcpy (out, from, *n_out * sizeof (GskLayerShadow));
      return;
    }

  for (i = 0; i < n; i++)
    {
      pa = i < n_a ? a[i] : padding_shadow (b[i].inset);
      pb = i < n_b ? b[i] : padding_shadow (a[i].inset);
      lerp_shadow (&pa, &pb, t, &out[i]);
    }
  *n_out = n;
}

/* }}} */
/* {{{ Filters */

/* A filter function's value for interpolation (Filter Effects 1): what
 * leaves the image as it is */
static GskLayerFilter
identity_filter (GskLayerFilterKind kind)
{
  GskLayerFilter filter = { .kind = kind };

  switch (kind)
    {
    case GSK_LAYER_FILTER_BRIGHTNESS:
    case GSK_LAYER_FILTER_CONTRAST:
    case GSK_LAYER_FILTER_OPACITY:
    case GSK_LAYER_FILTER_SATURATE:
      filter.amount = 1.f;
      break;
    default:
      filter.amount = 0.f;
      break;
    }

  return filter;
}

static float
clamp_amount (GskLayerFilterKind kind,
              float              amount)
{
  switch (kind)
    {
    case GSK_LAYER_FILTER_GRAYSCALE:
    case GSK_LAYER_FILTER_INVERT:
    case GSK_LAYER_FILTER_OPACITY:
    case GSK_LAYER_FILTER_SEPIA:
      return CLAMP (amount, 0.f, 1.f);
    case GSK_LAYER_FILTER_HUE_ROTATE:
      return amount;
    default:
      return MAX (amount, 0.f);
    }
}

/* Filter Effects 1: lists whose functions match in order, the shorter
 * padded with the identity of the longer's remaining functions; lists
 * that do not match flip */
static void
lerp_filters (const GskLayerFilter *a,
              guint                 n_a,
              const GskLayerFilter *b,
              guint                 n_b,
              double                t,
              GskLayerFilter       *out,
              guint                *n_out)
{
  guint n = MAX (n_a, n_b), i;

  for (i = 0; i < MIN (n_a, n_b); i++)
    if (a[i].kind != b[i].kind)
      {
        *n_out = discrete (t) ? n_b : n_a;
        memcpy (out, discrete (t) ? b : a, *n_out * sizeof (GskLayerFilter));
        return;
      }

  for (i = 0; i < n; i++)
    {
      GskLayerFilter fa = i < n_a ? a[i] : identity_filter (b[i].kind);
      GskLayerFilter fb = i < n_b ? b[i] : identity_filter (a[i].kind);

      out[i].kind = fa.kind;
      out[i].amount = clamp_amount (fa.kind, lerp (fa.amount, fb.amount, t));
      if (fa.kind == GSK_LAYER_FILTER_DROP_SHADOW)
        lerp_shadow (&fa.shadow, &fb.shadow, t, &out[i].shadow);
      else
        out[i].shadow = fa.shadow;
    }
  *n_out = n;
}

/* }}} */
/* {{{ Gradients */

static gboolean
gradients_match (const GskLayerGradient *a,
                 const GskLayerGradient *b)
{
  guint i;

  if (a->repeating != b->repeating || a->radial != b->radial || a->conic != b->conic ||
      a->n_stops != b->n_stops)
    return FALSE;
  /* Toward a corner, or an angle */
  if (!a->radial && !a->conic && (a->corner_x != b->corner_x || a->corner_y != b->corner_y))
    return FALSE;
  if (a->radial && (a->circle != b->circle || a->extent != b->extent))
    return FALSE;
  for (i = 0; i < a->n_stops; i++)
    if (a->stops[i].unit != b->stops[i].unit)
      return FALSE;

  return TRUE;
}

/* Matching gradients, stop by stop and in their geometry; FALSE if a
 * length needs calc() */
static gboolean
lerp_gradient (const GskLayerGradient *a,
               const GskLayerGradient *b,
               double                  t,
               GskLayerGradient       *out)
{
  gboolean percent;
  guint i;

  *out = *a;
  out->angle = lerp (a->angle, b->angle, t);
  out->center_percent = 0;
  out->size_percent = 0;
  for (i = 0; i < 2; i++)
    {
      if (!lerp_length_percentage (a->center[i], a->center_percent & (1 << i),
                                   b->center[i], b->center_percent & (1 << i), t, &out->center[i], &percent))
        return FALSE;
      out->center_percent |= percent << i;
      if (!lerp_length_percentage (a->size[i], a->size_percent & (1 << i),
                                   b->size[i], b->size_percent & (1 << i), t, &out->size[i], &percent))
        return FALSE;
      out->size[i] = MAX (out->size[i], 0.f);
      out->size_percent |= percent << i;
    }
  for (i = 0; i < a->n_stops; i++)
    {
      out->stops[i].color = gsk_layer_rgba_interpolate (&a->stops[i].color, &b->stops[i].color, t);
      out->stops[i].position = lerp (a->stops[i].position, b->stops[i].position, t);
    }

  return TRUE;
}

static void
lerp_images (const GskLayerStyle *a,
             const GskLayerStyle *b,
             double               t,
             GskLayerStyle       *out)
{
  guint i;

  if (a->n_images == b->n_images)
    {
      for (i = 0; i < a->n_images; i++)
        if (!gradients_match (&a->images[i], &b->images[i]) ||
            !lerp_gradient (&a->images[i], &b->images[i], t, &out->images[i]))
          break;
      if (i == a->n_images)
        {
          out->n_images = a->n_images;
          return;
        }
    }

  /* Different images: CSS Images 4 would cross-fade them; they flip */
  out->n_images = discrete (t) ? b->n_images : a->n_images;
  memcpy (out->images, discrete (t) ? b->images : a->images, out->n_images * sizeof (GskLayerGradient));
}

/* }}} */

/* The width a border or outline side computes to: 0 when its style is
 * none, as CSS computes it */
static inline float
computed_width (gboolean           declared,
                float              width,
                GskLayerBorderStyle style)
{
  return declared && style != GSK_LAYER_BORDER_NONE ? width : 0.f;
}

/*
 * gsk_layer_style_interpolate:
 * @from: (nullable): a style; NULL declares nothing
 * @to: (nullable): another
 * @t: how far from @from to @to: 0 is @from, 1 is @to; easings that
 *   overshoot take it beyond, and values are kept in their ranges
 *
 * The style at @t between @from and @to, as CSS transitions interpolate
 * computed values. A property that one style declares and the other
 * does not goes from or to its initial value. Lengths in pixels and in
 * percent of the box interpolate only where one of them is 0 (there is
 * no calc() to hold the mix): otherwise they flip halfway, as keywords
 * do.
 *
 * Returns: (transfer full) (nullable): the style at @t, @from or @to
 *   themselves at 0 and 1
 */
GskLayerStyle *
gsk_layer_style_interpolate (GskLayerStyle *from,
                             GskLayerStyle *to,
                             double         t)
{
  g_autoptr (GskLayerStyle) empty = NULL;
  const GskLayerStyle *a, *b;
  GskLayerStyle *r;
  gboolean percent;
  int i;

  if (t == 0.0 || gsk_layer_style_equal (from, to))
    return from ? gsk_layer_style_ref (from) : NULL;
  if (t == 1.0)
    return to ? gsk_layer_style_ref (to) : NULL;

  if (from == NULL || to == NULL)
    empty = gsk_layer_style_new ();
  a = from ? from : empty;
  b = to ? to : empty;

  r = gsk_layer_style_new ();
  r->set = a->set | b->set;

  r->background_color = gsk_layer_rgba_interpolate (&a->background_color, &b->background_color, t);
  r->opacity = CLAMP (lerp (a->opacity, b->opacity, t), 0.f, 1.f);
  r->blend_mode = discrete (t) ? b->blend_mode : a->blend_mode;
  r->transform_style = discrete (t) ? b->transform_style : a->transform_style;
  r->backface_visibility = discrete (t) ? b->backface_visibility : a->backface_visibility;
  /* Lengths interpolate; none against a length does not (CSS: discrete) */
  if (a->perspective > 0 && b->perspective > 0)
    r->perspective = MAX (lerp (a->perspective, b->perspective, t), 1.f);
  else
    r->perspective = discrete (t) ? b->perspective : a->perspective;

  r->corner_percent = 0;
  for (i = 0; i < 8; i++)
    {
      if (!lerp_length_percentage (a->corner_radii[i], a->corner_percent & (1 << i),
                                   b->corner_radii[i], b->corner_percent & (1 << i), t,
                                   &r->corner_radii[i], &percent))
        break;
      r->corner_radii[i] = MAX (r->corner_radii[i], 0.f);
      r->corner_percent |= percent << i;
    }
  if (i < 8)
    {
      memcpy (r->corner_radii, discrete (t) ? b->corner_radii : a->corner_radii, sizeof r->corner_radii);
      r->corner_percent = discrete (t) ? b->corner_percent : a->corner_percent;
    }

  for (i = 0; i < 4; i++)
    {
      gboolean a_border = (a->set & GSK_LAYER_STYLE_BORDER) != 0, b_border = (b->set & GSK_LAYER_STYLE_BORDER) != 0;
      GskLayerBorderStyle style = discrete (t) ? b->border_style[i] : a->border_style[i];

      r->border_style[i] = style;
      /* A side that is none all through keeps its declared width, which
       * reads back as declared */
      if (a->border_style[i] == GSK_LAYER_BORDER_NONE && b->border_style[i] == GSK_LAYER_BORDER_NONE)
        r->border_width[i] = discrete (t) ? b->border_width[i] : a->border_width[i];
      else
        r->border_width[i] = lerp_length (computed_width (a_border, a->border_width[i], a->border_style[i]),
                                          computed_width (b_border, b->border_width[i], b->border_style[i]), t);
      r->border_color[i] = gsk_layer_rgba_interpolate (&a->border_color[i], &b->border_color[i], t);
      r->padding[i] = lerp_length (a->padding[i], b->padding[i], t);
    }

  lerp_shadows (a->shadows, a->n_shadows, b->shadows, b->n_shadows, t, r->shadows, &r->n_shadows);
  lerp_shadows (a->text_shadows, a->n_text_shadows, b->text_shadows, b->n_text_shadows, t,
                r->text_shadows, &r->n_text_shadows);

  r->outline_style = discrete (t) ? b->outline_style : a->outline_style;
  if (a->outline_style == GSK_LAYER_BORDER_NONE && b->outline_style == GSK_LAYER_BORDER_NONE)
    r->outline_width = discrete (t) ? b->outline_width : a->outline_width;
  else
    r->outline_width = lerp_length (computed_width ((a->set & GSK_LAYER_STYLE_OUTLINE) != 0, a->outline_width,
                                                    a->outline_style),
                                    computed_width ((b->set & GSK_LAYER_STYLE_OUTLINE) != 0, b->outline_width,
                                                    b->outline_style), t);
  r->outline_color = gsk_layer_rgba_interpolate (&a->outline_color, &b->outline_color, t);
  r->outline_offset = lerp (a->outline_offset, b->outline_offset, t);

  lerp_images (a, b, t, r);
  r->background_clip = discrete (t) ? b->background_clip : a->background_clip;
  r->object_fit = discrete (t) ? b->object_fit : a->object_fit;
  r->image_rendering = discrete (t) ? b->image_rendering : a->image_rendering;

  /* Unset, object-position is 50% 50% */
  {
    float pa[2], pb[2];
    guint8 pca, pcb;

    memcpy (pa, a->object_position, sizeof pa);
    memcpy (pb, b->object_position, sizeof pb);
    pca = a->object_percent;
    pcb = b->object_percent;
    if (!(a->set & GSK_LAYER_STYLE_OBJECT_POSITION))
      pa[0] = pa[1] = 50, pca = 3;
    if (!(b->set & GSK_LAYER_STYLE_OBJECT_POSITION))
      pb[0] = pb[1] = 50, pcb = 3;
    r->object_percent = 0;
    for (i = 0; i < 2; i++)
      {
        if (!lerp_length_percentage (pa[i], pca & (1 << i), pb[i], pcb & (1 << i), t,
                                     &r->object_position[i], &percent))
          {
            r->object_position[i] = discrete (t) ? pb[i] : pa[i];
            percent = ((discrete (t) ? pcb : pca) >> i) & 1;
          }
        r->object_percent |= percent << i;
      }
  }

  /* Unset, perspective-origin is 50% 50% too */
  {
    float pa[2] = { 50, 50 }, pb[2] = { 50, 50 };
    guint8 pca = 3, pcb = 3;

    if (a->set & GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN)
      memcpy (pa, a->perspective_origin, sizeof pa), pca = a->perspective_origin_percent;
    if (b->set & GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN)
      memcpy (pb, b->perspective_origin, sizeof pb), pcb = b->perspective_origin_percent;
    r->perspective_origin_percent = 0;
    for (i = 0; i < 2; i++)
      {
        if (!lerp_length_percentage (pa[i], pca & (1 << i), pb[i], pcb & (1 << i), t,
                                     &r->perspective_origin[i], &percent))
          {
            r->perspective_origin[i] = discrete (t) ? pb[i] : pa[i];
            percent = ((discrete (t) ? pcb : pca) >> i) & 1;
          }
        r->perspective_origin_percent |= percent << i;
      }
  }

  lerp_filters (a->filters, a->n_filters, b->filters, b->n_filters, t, r->filters, &r->n_filters);
  gsk_layer_style_interpolate_motion (a, b, t, r);
  /* Shapes of one kind interpolate; none and a shape do not */
  if (a->clip_path && b->clip_path)
    r->clip_path = gsk_layer_basic_shape_interpolate (a->clip_path, b->clip_path, t);
  else if (discrete (t) ? b->clip_path : a->clip_path)
    r->clip_path = gsk_layer_basic_shape_ref (discrete (t) ? b->clip_path : a->clip_path);
  lerp_filters (a->backdrop_filters, a->n_backdrop_filters, b->backdrop_filters, b->n_backdrop_filters, t,
                r->backdrop_filters, &r->n_backdrop_filters);
  if (a->mask && b->mask)
    r->mask = gsk_layer_mask_interpolate (a->mask, b->mask, t);
  else if (discrete (t) ? b->mask : a->mask)
    r->mask = gsk_layer_mask_ref (discrete (t) ? b->mask : a->mask);

  return r;
}
