/* gsk-layer-text.c: a layer that shows text laid out by Pango
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "gsk-layer-text.h"
#include "gsk-layer-accessible.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-private.h"
#include "gsk-layer-blur-private.h"
#include "gsk-layer-glyph-renderer-private.h"
#include "gsk-layer-enum-types.h"

/**
 * GskLayerText:
 *
 * A layer that shows text, laid out by Pango: what ClutterText and Core
 * Animation's CATextLayer are.
 *
 * ```c
 * GskLayer *label = gsk_layer_text_new ("Hello");
 *
 * gsk_layer_text_set_font (GSK_LAYER_TEXT (label), "Sans Bold 14");
 * gsk_layer_add_child (root, label);     // sized to its text
 * ```
 *
 * Until the application sets the layer's size, the size is the text's
 * ([method@LayerText.get_preferred_size]) and follows it as the text,
 * font or other properties change. Once a size is set, the text is laid
 * out in that width: wrapped ([property@LayerText:wrap]), ellipsized
 * ([property@LayerText:ellipsize]) and aligned in it
 * ([property@LayerText:alignment]), and drawn from the top-left corner,
 * clipped by nothing but what clips the layer.
 *
 * Fonts are Pango font descriptions, such as `"Cantarell Bold 14"`; a
 * family that is not installed falls back to what fontconfig picks for
 * it, as in every GTK application. Sizes are in the layer's units at
 * 96 dots per inch: a 12 point font is 16 units tall.
 *
 * Text is laid out without hinted metrics and with glyphs at fractional
 * positions, so that its layout is the same at every scale it is drawn
 * at. It is rasterized at the scale it has on screen, as all drawn
 * content is: under `scale(4)`, 12 points look as 48 do. Each glyph is
 * drawn once per font and scale and shared by every label that shows
 * it (on GL, as quads on shared atlas pages), so changing a label draws
 * only glyphs no label showed before. Text with error underlines or
 * shape attributes is drawn whole by pango-cairo instead.
 *
 * The style's `text-shadow` draws shadows of the text, blurred as CSS
 * says, in the text's colour where a shadow gives none; they reach past
 * the layer's bounds. (Text drawn whole by pango-cairo has no shadow.)
 *
 * Since: 0.1
 */
struct _GskLayerText
{
  GskLayer parent_instance;

  char *text;
  char *font;
  GdkRGBA color;
  PangoAttrList *attributes;
  float line_spacing;
  GskLayerTextAlignment alignment;
  GskLayerTextWrap wrap;
  PangoEllipsizeMode ellipsize;
  gboolean use_markup;

  /* Made when needed, dropped on any change */
  PangoLayout *layout;
  /* The logical extents of the text unwrapped, which measuring asks
   * again and again: kept until the text or its layout changes */
  PangoRectangle unwrapped;
  gboolean unwrapped_valid;
  /* The size is the text's until the application sets one; the last
   * size the layer gave itself tells its own notifications (which may
   * come late, queued while notifications were frozen) from others */
  gboolean size_is_texts;
  graphene_size_t own_size;
};

enum {
  PROP_0,
  PROP_TEXT,
  PROP_USE_MARKUP,
  PROP_FONT,
  PROP_COLOR,
  PROP_ALIGNMENT,
  PROP_WRAP,
  PROP_ELLIPSIZE,
  PROP_LINE_SPACING,
  PROP_ATTRIBUTES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define DEFAULT_FONT "Sans 12"
/* Pango works in integers of 1/1024: no layout wider than this */
#define MAX_EXTENT 1e6f

G_DEFINE_FINAL_TYPE (GskLayerText, gsk_layer_text, GSK_TYPE_LAYER)

/* {{{ Layout */

/* A context with unhinted metrics, so that a layout does not depend on
 * the scale it is drawn at. One per layout (the layout holds it): a
 * context of the library's own would keep Pango's font map, and with it
 * fontconfig's and cairo's caches, alive past
 * pango_cairo_font_map_set_default (NULL). */
static PangoContext *
new_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 96);
  /* Glyphs at fractional positions: the layout scales exactly */
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_destroy (options);

  return context;
}

static PangoWrapMode
pango_wrap (GskLayerTextWrap wrap)
{
  switch (wrap)
    {
    case GSK_LAYER_TEXT_WRAP_CHAR:      return PANGO_WRAP_CHAR;
    case GSK_LAYER_TEXT_WRAP_WORD_CHAR: return PANGO_WRAP_WORD_CHAR;
    case GSK_LAYER_TEXT_WRAP_WORD:
    case GSK_LAYER_TEXT_WRAP_NONE:
    default:                            return PANGO_WRAP_WORD;
    }
}

static gboolean
add_attribute (PangoAttribute *attribute,
               gpointer        data)
{
  pango_attr_list_change (data, pango_attribute_copy (attribute));
  return FALSE;
}

/* A layout of the text, @width wide (in units; < 0 for no width) */
static PangoLayout *
make_layout (GskLayerText *self,
             float         width)
{
  PangoContext *context = new_context ();
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string (self->font);

  g_object_unref (context);

  /* Markup that does not parse shows as it is written: set_markup() is
   * where it is checked */
  if (self->use_markup && pango_parse_markup (self->text, -1, 0, NULL, NULL, NULL, NULL))
    pango_layout_set_markup (layout, self->text, -1);
  else
    pango_layout_set_text (layout, self->text, -1);

  if (self->attributes)
    {
      PangoAttrList *list = pango_layout_get_attributes (layout);

      list = list ? pango_attr_list_copy (list) : pango_attr_list_new ();
      pango_attr_list_filter (self->attributes, add_attribute, list);
      pango_layout_set_attributes (layout, list);
      pango_attr_list_unref (list);
    }

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  switch (self->alignment)
    {
    case GSK_LAYER_TEXT_ALIGN_CENTER:
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      break;
    case GSK_LAYER_TEXT_ALIGN_RIGHT:
      pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
      break;
    case GSK_LAYER_TEXT_ALIGN_JUSTIFY:
      pango_layout_set_justify (layout, TRUE);
      G_GNUC_FALLTHROUGH;
    case GSK_LAYER_TEXT_ALIGN_LEFT:
    default:
      pango_layout_set_alignment (layout, PANGO_ALIGN_LEFT);
      break;
    }

  pango_layout_set_wrap (layout, pango_wrap (self->wrap));
  pango_layout_set_ellipsize (layout, self->ellipsize);
  if (width >= 0)
    pango_layout_set_width (layout, (int) (MIN (width, MAX_EXTENT) * PANGO_SCALE));
  /* Without wrapping, a paragraph stays one line: ellipsized, or wider
   * than the layer */
  if (self->wrap == GSK_LAYER_TEXT_WRAP_NONE && self->ellipsize == PANGO_ELLIPSIZE_NONE)
    pango_layout_set_width (layout, -1);
  if (self->ellipsize != PANGO_ELLIPSIZE_NONE && self->wrap == GSK_LAYER_TEXT_WRAP_NONE)
    pango_layout_set_height (layout, 0);
  if (self->line_spacing > 0)
    pango_layout_set_line_spacing (layout, self->line_spacing);

  return layout;
}

/* The width text is laid out in: the content box's, inside the style's
 * border and padding */
static float
layer_width (GskLayerText *self)
{
  graphene_rect_t box;

  gsk_layer_get_content_box (GSK_LAYER (self), &box);
  return box.size.width;
}

/* What the style's border and padding add around the text */
static void
box_edges (GskLayerText    *self,
           graphene_size_t *edges)
{
  GskLayerStyle *style = gsk_layer_get_style (GSK_LAYER (self));
  graphene_rect_t box;
  graphene_size_t size;

  if (style == NULL)
    {
      edges->width = edges->height = 0;
      return;
    }

  /* The size set, not the one on screen, which differs while the size
   * animates: the edges are what the style takes of either */
  gsk_layer_get_size (GSK_LAYER (self), &size);
  gsk_layer_style_get_content_box (style, &size, &box);
  /* An empty box hides how much the edges take: ask the style */
  edges->width = size.width - box.size.width;
  edges->height = size.height - box.size.height;
  if (box.size.width == 0 || box.size.height == 0)
    {
      graphene_size_t huge = GRAPHENE_SIZE_INIT (1e6f, 1e6f);

      gsk_layer_style_get_content_box (style, &huge, &box);
      edges->width = huge.width - box.size.width;
      edges->height = huge.height - box.size.height;
    }
}

/**
 * gsk_layer_text_get_layout:
 * @self: a text layer
 *
 * The Pango layout the layer draws: its text laid out in the layer's
 * width. Read it (lines, extents, cursor positions); changes to it are
 * lost at the next change to the layer.
 *
 * Returns: (transfer none): the layout
 *
 * Since: 0.1
 */
PangoLayout *
gsk_layer_text_get_layout (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), NULL);

  if (self->layout == NULL)
    self->layout = make_layout (self, layer_width (self));

  return self->layout;
}

/* Without wrapping or ellipsizing, the layout drawn is the unwrapped
 * one: measured, it is made once for both */
static void
get_unwrapped_extents (GskLayerText   *self,
                       PangoRectangle *logical)
{
  if (!self->unwrapped_valid)
    {
      if (self->wrap == GSK_LAYER_TEXT_WRAP_NONE && self->ellipsize == PANGO_ELLIPSIZE_NONE)
        pango_layout_get_extents (gsk_layer_text_get_layout (self), NULL, &self->unwrapped);
      else
        {
          PangoLayout *layout = make_layout (self, -1);

          pango_layout_get_extents (layout, NULL, &self->unwrapped);
          g_object_unref (layout);
        }
      self->unwrapped_valid = TRUE;
    }
  *logical = self->unwrapped;
}

/**
 * gsk_layer_text_get_preferred_size:
 * @self: a text layer
 * @size: (out caller-allocates): the size the text asks for
 *
 * The size of the text: Pango's logical extents of its layout, and the
 * border and padding of the layer's style around them. The width is
 * that of the longest line unwrapped; the height is that of the text
 * laid out in the layer's width when it wraps, else of the unwrapped
 * text. Empty text asks for 0 × 0 and the style's edges.
 *
 * Since: 0.1
 */
void
gsk_layer_text_get_preferred_size (GskLayerText    *self,
                                   graphene_size_t *size)
{
  PangoRectangle logical;
  graphene_size_t edges;

  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (size != NULL);

  box_edges (self, &edges);
  if (self->text[0] == '\0')
    {
      graphene_size_init (size, edges.width, edges.height);
      return;
    }

  get_unwrapped_extents (self, &logical);
  size->width = MIN (logical.width / (float) PANGO_SCALE, MAX_EXTENT);
  size->height = MIN (logical.height / (float) PANGO_SCALE, MAX_EXTENT);

  if (self->wrap != GSK_LAYER_TEXT_WRAP_NONE && !self->size_is_texts && layer_width (self) > 0)
    {
      pango_layout_get_extents (gsk_layer_text_get_layout (self), NULL, &logical);
      size->height = MIN (logical.height / (float) PANGO_SCALE, MAX_EXTENT);
    }
  size->width += edges.width;
  size->height += edges.height;
}

/* The text or how it is laid out changed */
static void
text_changed (GskLayerText *self)
{
  g_clear_object (&self->layout);
  self->unwrapped_valid = FALSE;
  gsk_layer_invalidate_content (GSK_LAYER (self));
  /* What it asks of a layout manager changed too */
  gsk_layer_queue_resize (GSK_LAYER (self));

  if (self->size_is_texts)
    {
      graphene_size_t size;

      /* A size the application set since, whose notification has not
       * come yet (held by g_object_freeze_notify (), as a scene file's
       * properties are): the application's, not to be overwritten */
      gsk_layer_get_size (GSK_LAYER (self), &size);
      if (!graphene_size_equal (&size, &self->own_size))
        {
          self->size_is_texts = FALSE;
          return;
        }

      gsk_layer_text_get_preferred_size (self, &size);
      self->own_size = size;
      gsk_layer_set_natural_size (GSK_LAYER (self), &size);
    }
}

static void
on_size_notify (GskLayerText *self)
{
  graphene_size_t size;

  gsk_layer_get_size (GSK_LAYER (self), &size);
  if (self->size_is_texts && graphene_size_equal (&size, &self->own_size))
    return;

  /* The application's size from now on, and the text laid out in it */
  self->size_is_texts = FALSE;
  g_clear_object (&self->layout);
  gsk_layer_invalidate_content (GSK_LAYER (self));
}

/* }}} */
/* {{{ GObject */

/* Where the layout's left edge goes: unwrapped lines are aligned among
 * themselves by Pango; the block goes where the alignment puts it in
 * the layer's width, as CSS's text-align does */
static double
layout_x (GskLayerText *self,
          PangoLayout  *layout)
{
  PangoRectangle logical;
  double room;

  if (self->wrap != GSK_LAYER_TEXT_WRAP_NONE || self->ellipsize != PANGO_ELLIPSIZE_NONE ||
      (self->alignment != GSK_LAYER_TEXT_ALIGN_CENTER && self->alignment != GSK_LAYER_TEXT_ALIGN_RIGHT))
    return 0;

  pango_layout_get_extents (layout, NULL, &logical);
  room = layer_width (self) - (double) logical.width / PANGO_SCALE;

  return self->alignment == GSK_LAYER_TEXT_ALIGN_CENTER ? room / 2 : room;
}

/* The text's size in the style's edges: its width unwrapped; its height
 * wrapped in @for_size where it wraps and a width is given */
static void
gsk_layer_text_measure (GskLayer            *layer,
                        GskLayerOrientation  orientation,
                        float                for_size,
                        float               *minimum,
                        float               *natural)
{
  GskLayerText *self = GSK_LAYER_TEXT (layer);
  graphene_size_t edges;
  PangoRectangle logical;
  PangoLayout *layout;
  float size;

  box_edges (self, &edges);
  if (self->text[0] == '\0')
    {
      *minimum = *natural = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? edges.width : edges.height;
      return;
    }

  if (orientation == GSK_LAYER_ORIENTATION_VERTICAL && self->wrap != GSK_LAYER_TEXT_WRAP_NONE && for_size >= 0)
    {
      layout = make_layout (self, MAX (for_size - edges.width, 1.f));
      pango_layout_get_extents (layout, NULL, &logical);
      g_object_unref (layout);
    }
  else
    get_unwrapped_extents (self, &logical);

  size = orientation == GSK_LAYER_ORIENTATION_HORIZONTAL ? logical.width / (float) PANGO_SCALE + edges.width
                                                         : logical.height / (float) PANGO_SCALE + edges.height;
  *minimum = *natural = MIN (size, MAX_EXTENT);
}

static void
gsk_layer_text_draw (GskLayer *layer,
                     cairo_t  *cr)
{
  GskLayerText *self = GSK_LAYER_TEXT (layer);
  PangoLayout *layout;

  if (self->text[0] == '\0')
    return;

  layout = gsk_layer_text_get_layout (self);
  gdk_cairo_set_source_rgba (cr, &self->color);
  cairo_move_to (cr, layout_x (self, layout), 0);
  pango_cairo_show_layout (cr, layout);
}

/* CSS text-shadow, the first on top: the run's own image (its coverage)
 * blurred, moved and painted in each shadow's colour, or the text's */
static void
add_text_shadows (GskLayerText        *self,
                  const GskLayerStyle *style,
                  GskLayerGlyphRun    *run)
{
  cairo_surface_t *image = gsk_layer_glyph_run_get_surface (run);
  float s = run->scale;
  int width, height, x0 = G_MAXINT, y0 = G_MAXINT, x1 = G_MININT, y1 = G_MININT;
  cairo_surface_t *shadow;
  cairo_t *cr;
  int i;

  if (image == NULL)
    return;

  width = cairo_image_surface_get_width (image);
  height = cairo_image_surface_get_height (image);
  for (i = 0; i < (int) style->n_text_shadows; i++)
    {
      const GskLayerShadow *sh = &style->text_shadows[i];
      /* Three sigmas of the blur */
      int reach = (int) ceil (1.5 * sh->blur * s) + 1;

      x0 = MIN (x0, (int) floor (sh->dx * s) - reach);
      y0 = MIN (y0, (int) floor (sh->dy * s) - reach);
      x1 = MAX (x1, (int) ceil (sh->dx * s) + width + reach);
      y1 = MAX (y1, (int) ceil (sh->dy * s) + height + reach);
    }
  if (x1 - x0 > 8192 || y1 - y0 > 8192)
    return;

  shadow = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, x1 - x0, y1 - y0);
  cr = cairo_create (shadow);
  for (i = (int) style->n_text_shadows - 1; i >= 0; i--)
    {
      const GskLayerShadow *sh = &style->text_shadows[i];
      int reach = (int) ceil (1.5 * sh->blur * s) + 1;
      cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, width + 2 * reach, height + 2 * reach);
      cairo_t *mcr = cairo_create (mask);

      cairo_set_source_surface (mcr, image, reach, reach);
      cairo_paint (mcr);
      cairo_destroy (mcr);
      cairo_surface_flush (mask);
      gsk_layer_blur_image (cairo_image_surface_get_data (mask), width + 2 * reach, height + 2 * reach,
                            cairo_image_surface_get_stride (mask), 1, sh->blur / 2 * s);
      cairo_surface_mark_dirty (mask);

      gdk_cairo_set_source_rgba (cr, sh->current_color ? &self->color : &sh->color);
      cairo_mask_surface (cr, mask, sh->dx * s - reach - x0, sh->dy * s - reach - y0);
      cairo_surface_destroy (mask);
    }
  cairo_destroy (cr);
  cairo_surface_flush (shadow);

  gsk_layer_glyph_run_set_shadow (run, shadow,
                                  &GRAPHENE_RECT_INIT (run->clip.origin.x + x0 / s, run->clip.origin.y + y0 / s,
                                                       (x1 - x0) / s, (y1 - y0) / s));
  cairo_surface_destroy (shadow);
}

/* What the compile shows instead of calling draw(): the same pixels, put
 * together from glyph images that every label shares */
static GskLayerGlyphRun *
gsk_layer_text_get_glyphs (GskLayer              *layer,
                           float                  scale,
                           const graphene_rect_t *clip)
{
  GskLayerText *self = GSK_LAYER_TEXT (layer);
  PangoLayout *layout;

  if (self->text[0] == '\0')
    return gsk_layer_glyph_run_new (scale, clip);

  GskLayerStyle *style = gsk_layer_get_style (layer);
  GskLayerGlyphRun *run;
  graphene_rect_t box;

  layout = gsk_layer_text_get_layout (self);
  /* The clip's corner may sit a fraction of a pixel before the content
   * box's, where the layer is on screen (its glyphs then take the phase
   * cairo would give them there) */
  gsk_layer_get_content_box (layer, &box);
  run = gsk_layer_glyph_run_new_for_layout (layout, layout_x (self, layout) + box.origin.x - clip->origin.x,
                                            box.origin.y - clip->origin.y, &self->color, scale, clip);
  if (run != NULL && style != NULL && (style->set & GSK_LAYER_STYLE_TEXT_SHADOW) && style->n_text_shadows > 0)
    add_text_shadows (self, style, run);

  return run;
}

static void
gsk_layer_text_finalize (GObject *object)
{
  GskLayerText *self = GSK_LAYER_TEXT (object);

  g_free (self->text);
  g_free (self->font);
  g_clear_pointer (&self->attributes, pango_attr_list_unref);
  g_clear_object (&self->layout);

  G_OBJECT_CLASS (gsk_layer_text_parent_class)->finalize (object);
}

static void
gsk_layer_text_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GskLayerText *self = GSK_LAYER_TEXT (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_USE_MARKUP:
      g_value_set_boolean (value, self->use_markup);
      break;
    case PROP_FONT:
      g_value_set_string (value, self->font);
      break;
    case PROP_COLOR:
      g_value_set_boxed (value, &self->color);
      break;
    case PROP_ALIGNMENT:
      g_value_set_enum (value, self->alignment);
      break;
    case PROP_WRAP:
      g_value_set_enum (value, self->wrap);
      break;
    case PROP_ELLIPSIZE:
      g_value_set_enum (value, self->ellipsize);
      break;
    case PROP_LINE_SPACING:
      g_value_set_float (value, self->line_spacing);
      break;
    case PROP_ATTRIBUTES:
      g_value_set_boxed (value, self->attributes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_text_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GskLayerText *self = GSK_LAYER_TEXT (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      gsk_layer_text_set_text (self, g_value_get_string (value));
      break;
    case PROP_USE_MARKUP:
      gsk_layer_text_set_use_markup (self, g_value_get_boolean (value));
      break;
    case PROP_FONT:
      gsk_layer_text_set_font (self, g_value_get_string (value));
      break;
    case PROP_COLOR:
      gsk_layer_text_set_color (self, g_value_get_boxed (value));
      break;
    case PROP_ALIGNMENT:
      gsk_layer_text_set_alignment (self, g_value_get_enum (value));
      break;
    case PROP_WRAP:
      gsk_layer_text_set_wrap (self, g_value_get_enum (value));
      break;
    case PROP_ELLIPSIZE:
      gsk_layer_text_set_ellipsize (self, g_value_get_enum (value));
      break;
    case PROP_LINE_SPACING:
      gsk_layer_text_set_line_spacing (self, g_value_get_float (value));
      break;
    case PROP_ATTRIBUTES:
      gsk_layer_text_set_attributes (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_text_class_init (GskLayerTextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerClass *layer_class = GSK_LAYER_CLASS (klass);

  object_class->finalize = gsk_layer_text_finalize;
  object_class->get_property = gsk_layer_text_get_property;
  object_class->set_property = gsk_layer_text_set_property;
  layer_class->draw = gsk_layer_text_draw;
  layer_class->measure = gsk_layer_text_measure;
  /* Named after its text (gsk/gtk's bridge) */
  gsk_layer_class_set_accessible_role (layer_class, GTK_ACCESSIBLE_ROLE_LABEL);

  /**
   * GskLayerText:text:
   *
   * The text, in UTF-8; Pango markup when [property@LayerText:use-markup]
   * is set. Never %NULL: setting %NULL sets "".
   *
   * Since: 0.1
   */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, "The text, in UTF-8; Pango markup when use-markup is set", "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:use-markup:
   *
   * Whether the text is Pango markup. Markup that does not parse is
   * shown as written; [method@LayerText.set_markup] checks it first.
   *
   * Since: 0.1
   */
  properties[PROP_USE_MARKUP] =
    g_param_spec_boolean ("use-markup", NULL, "Whether the text is Pango markup", FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:font:
   *
   * A Pango font description, such as `"Cantarell Bold 14"`; the default
   * is "Sans 12". A family that is not installed falls back to what
   * fontconfig gives for it.
   *
   * Since: 0.1
   */
  properties[PROP_FONT] =
    g_param_spec_string ("font", NULL, "A Pango font description, such as \"Cantarell Bold 14\"", DEFAULT_FONT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:color:
   *
   * The colour of the text where markup and attributes set none; opaque
   * black by default.
   *
   * Since: 0.1
   */
  properties[PROP_COLOR] =
    g_param_spec_boxed ("color", NULL, "The colour of the text where markup and attributes set none; opaque black by default", GDK_TYPE_RGBA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:alignment:
   *
   * How lines are placed across the layer's width.
   *
   * Since: 0.1
   */
  properties[PROP_ALIGNMENT] =
    g_param_spec_enum ("alignment", NULL, "How lines are placed across the layer's width",
                       GSK_TYPE_LAYER_TEXT_ALIGNMENT, GSK_LAYER_TEXT_ALIGN_LEFT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:wrap:
   *
   * How lines break at the layer's width, once the application set a
   * size; none by default.
   *
   * Since: 0.1
   */
  properties[PROP_WRAP] =
    g_param_spec_enum ("wrap", NULL, "How lines break at the layer's width, once the application set a size; none by default",
                       GSK_TYPE_LAYER_TEXT_WRAP, GSK_LAYER_TEXT_WRAP_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:ellipsize:
   *
   * Where text that does not fit the layer's width is cut, with an
   * ellipsis: without wrapping, each paragraph's one line; with it, the
   * last line that fits the height.
   *
   * Since: 0.1
   */
  properties[PROP_ELLIPSIZE] =
    g_param_spec_enum ("ellipsize", NULL, "Where text that does not fit the layer's width is cut, with an ellipsis",
                       PANGO_TYPE_ELLIPSIZE_MODE, PANGO_ELLIPSIZE_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:line-spacing:
   *
   * The distance between baselines as a factor of the font's height
   * (1.5 for one and a half); 0, the default, for the font's own.
   *
   * Since: 0.1
   */
  properties[PROP_LINE_SPACING] =
    g_param_spec_float ("line-spacing", NULL, "The distance between baselines as a factor of the font's height (1.5 for one and a half)", 0, 10, 0,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerText:attributes:
   *
   * Pango attributes applied over the text (and over its markup's), or
   * %NULL. Not saved in scene files.
   *
   * Since: 0.1
   */
  properties[PROP_ATTRIBUTES] =
    g_param_spec_boxed ("attributes", NULL, "Pango attributes applied over the text (and over its markup's), or NULL. Not saved in scene files", PANGO_TYPE_ATTR_LIST,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_text_init (GskLayerText *self)
{
  self->text = g_strdup ("");
  self->font = g_strdup (DEFAULT_FONT);
  self->color = (GdkRGBA) { 0, 0, 0, 1 };
  self->ellipsize = PANGO_ELLIPSIZE_NONE;
  self->size_is_texts = TRUE;
  gsk_layer_set_glyph_func (GSK_LAYER (self), gsk_layer_text_get_glyphs);
  g_signal_connect (self, "notify::size", G_CALLBACK (on_size_notify), NULL);
  /* Border and padding move the text and change its width */
  g_signal_connect (self, "notify::style", G_CALLBACK (text_changed), NULL);
}

/* }}} */
/* {{{ API */

/**
 * gsk_layer_text_new:
 * @text: (nullable): the text, in UTF-8
 *
 * Creates a layer that shows @text in the default font, sized to it.
 *
 * Returns: the new layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_text_new (const char *text)
{
  return g_object_new (GSK_TYPE_LAYER_TEXT, "text", text ? text : "", NULL);
}

/**
 * gsk_layer_text_set_text:
 * @self: a text layer
 * @text: (nullable): the text, in UTF-8; %NULL for none
 *
 * Sets [property@LayerText:text]. Text that is not valid UTF-8 is
 * refused with a critical warning, and nothing changes.
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_text (GskLayerText *self,
                         const char   *text)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (text == NULL || g_utf8_validate (text, -1, NULL));

  if (text == NULL)
    text = "";
  if (g_str_equal (self->text, text))
    return;

  g_free (self->text);
  self->text = g_strdup (text);
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

/**
 * gsk_layer_text_get_text:
 * @self: a text layer
 *
 * Gets the text of @self, as it was set: Pango markup when
 * [property@LayerText:use-markup] is set.
 *
 * Returns: the text, in UTF-8; never %NULL, "" when there is none
 *
 * Since: 0.1
 */
const char *
gsk_layer_text_get_text (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), NULL);

  return self->text;
}

/**
 * gsk_layer_text_set_markup:
 * @self: a text layer
 * @markup: Pango markup, in UTF-8
 * @error: return location for a #GError, or %NULL
 *
 * Sets the text to @markup and [property@LayerText:use-markup] on, if
 * @markup parses. If it does not, @error says why and where (GLib's
 * markup errors give the line and character), and nothing changes.
 *
 * Returns: %TRUE if @markup was set
 *
 * Since: 0.1
 */
gboolean
gsk_layer_text_set_markup (GskLayerText  *self,
                           const char    *markup,
                           GError       **error)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), FALSE);
  g_return_val_if_fail (markup != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!g_utf8_validate (markup, -1, NULL))
    {
      g_set_error_literal (error, G_MARKUP_ERROR, G_MARKUP_ERROR_BAD_UTF8, "The markup is not valid UTF-8");
      return FALSE;
    }
  if (!pango_parse_markup (markup, -1, 0, NULL, NULL, NULL, error))
    return FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  gsk_layer_text_set_use_markup (self, TRUE);
  gsk_layer_text_set_text (self, markup);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/**
 * gsk_layer_text_set_use_markup:
 * @self: a text layer
 * @use_markup: whether the text is Pango markup
 *
 * Sets [property@LayerText:use-markup].
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_use_markup (GskLayerText *self,
                               gboolean      use_markup)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));

  use_markup = !!use_markup;
  if (self->use_markup == use_markup)
    return;

  self->use_markup = use_markup;
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_MARKUP]);
}

/**
 * gsk_layer_text_get_use_markup:
 * @self: a text layer
 *
 * Gets whether the text of @self is Pango markup: see
 * [property@LayerText:use-markup].
 *
 * Returns: whether the text is Pango markup; %FALSE by default
 *
 * Since: 0.1
 */
gboolean
gsk_layer_text_get_use_markup (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), FALSE);

  return self->use_markup;
}

/**
 * gsk_layer_text_set_font:
 * @self: a text layer
 * @font: (nullable): a Pango font description, or %NULL for "Sans 12"
 *
 * Sets [property@LayerText:font].
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_font (GskLayerText *self,
                         const char   *font)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (font == NULL || g_utf8_validate (font, -1, NULL));

  if (font == NULL)
    font = DEFAULT_FONT;
  if (g_str_equal (self->font, font))
    return;

  g_free (self->font);
  self->font = g_strdup (font);
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FONT]);
}

/**
 * gsk_layer_text_get_font:
 * @self: a text layer
 *
 * Gets the font of @self: see [property@LayerText:font].
 *
 * Returns: the Pango font description, as it was set; "Sans 12" by
 *   default
 *
 * Since: 0.1
 */
const char *
gsk_layer_text_get_font (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), NULL);

  return self->font;
}

/**
 * gsk_layer_text_set_color:
 * @self: a text layer
 * @color: the colour; components outside 0 to 1, or not finite, are
 *   refused with a critical warning
 *
 * Sets [property@LayerText:color].
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_color (GskLayerText  *self,
                          const GdkRGBA *color)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (color != NULL);
  g_return_if_fail (color->red >= 0 && color->red <= 1 && color->green >= 0 && color->green <= 1 &&
                    color->blue >= 0 && color->blue <= 1 && color->alpha >= 0 && color->alpha <= 1);

  if (gdk_rgba_equal (&self->color, color))
    return;

  self->color = *color;
  gsk_layer_invalidate_content (GSK_LAYER (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR]);
}

/**
 * gsk_layer_text_get_color:
 * @self: a text layer
 * @color: (out caller-allocates): return location for the colour
 *
 * Gets the colour of the text of @self where markup and attributes set
 * none: see [property@LayerText:color]. It is opaque black by default.
 *
 * Since: 0.1
 */
void
gsk_layer_text_get_color (GskLayerText *self,
                          GdkRGBA      *color)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (color != NULL);

  *color = self->color;
}

/**
 * gsk_layer_text_set_alignment:
 * @self: a text layer
 * @alignment: the alignment
 *
 * Sets [property@LayerText:alignment].
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_alignment (GskLayerText          *self,
                              GskLayerTextAlignment  alignment)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (alignment <= GSK_LAYER_TEXT_ALIGN_JUSTIFY);

  if (self->alignment == alignment)
    return;

  self->alignment = alignment;
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ALIGNMENT]);
}

/**
 * gsk_layer_text_get_alignment:
 * @self: a text layer
 *
 * Gets how the lines of @self are placed across its width: see
 * [property@LayerText:alignment].
 *
 * Returns: the alignment; %GSK_LAYER_TEXT_ALIGN_LEFT by default
 *
 * Since: 0.1
 */
GskLayerTextAlignment
gsk_layer_text_get_alignment (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), GSK_LAYER_TEXT_ALIGN_LEFT);

  return self->alignment;
}

/**
 * gsk_layer_text_set_wrap:
 * @self: a text layer
 * @wrap: how lines break
 *
 * Sets [property@LayerText:wrap].
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_wrap (GskLayerText     *self,
                         GskLayerTextWrap  wrap)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (wrap <= GSK_LAYER_TEXT_WRAP_WORD_CHAR);

  if (self->wrap == wrap)
    return;

  self->wrap = wrap;
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRAP]);
}

/**
 * gsk_layer_text_get_wrap:
 * @self: a text layer
 *
 * Gets how the lines of @self break at its width: see
 * [property@LayerText:wrap].
 *
 * Returns: how lines break; %GSK_LAYER_TEXT_WRAP_NONE by default
 *
 * Since: 0.1
 */
GskLayerTextWrap
gsk_layer_text_get_wrap (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), GSK_LAYER_TEXT_WRAP_NONE);

  return self->wrap;
}

/**
 * gsk_layer_text_set_ellipsize:
 * @self: a text layer
 * @mode: where to cut text that does not fit
 *
 * Sets [property@LayerText:ellipsize].
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_ellipsize (GskLayerText       *self,
                              PangoEllipsizeMode  mode)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (mode <= PANGO_ELLIPSIZE_END);

  if (self->ellipsize == mode)
    return;

  self->ellipsize = mode;
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ELLIPSIZE]);
}

/**
 * gsk_layer_text_get_ellipsize:
 * @self: a text layer
 *
 * Gets where text of @self that does not fit its width is cut: see
 * [property@LayerText:ellipsize].
 *
 * Returns: where text that does not fit is cut; %PANGO_ELLIPSIZE_NONE
 *   (the default) for nowhere
 *
 * Since: 0.1
 */
PangoEllipsizeMode
gsk_layer_text_get_ellipsize (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), PANGO_ELLIPSIZE_NONE);

  return self->ellipsize;
}

/**
 * gsk_layer_text_set_line_spacing:
 * @self: a text layer
 * @factor: the distance between baselines as a factor of the font's
 *   height, from 0 (the font's own) to 10
 *
 * Sets [property@LayerText:line-spacing]. A factor out of range, or not
 * finite, is refused with a critical warning.
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_line_spacing (GskLayerText *self,
                                 float         factor)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));
  g_return_if_fail (factor >= 0 && factor <= 10);

  if (self->line_spacing == factor)
    return;

  self->line_spacing = factor;
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINE_SPACING]);
}

/**
 * gsk_layer_text_get_line_spacing:
 * @self: a text layer
 *
 * Gets the distance between the baselines of @self, as a factor of the
 * font's height: see [property@LayerText:line-spacing].
 *
 * Returns: the line spacing factor, from 0 to 10; 0 (the default) for
 *   the font's own
 *
 * Since: 0.1
 */
float
gsk_layer_text_get_line_spacing (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), 0);

  return self->line_spacing;
}

/**
 * gsk_layer_text_set_attributes:
 * @self: a text layer
 * @attributes: (nullable): Pango attributes, or %NULL
 *
 * Sets [property@LayerText:attributes]. The layer takes a reference;
 * changing the list afterwards changes nothing until it is set again.
 *
 * Since: 0.1
 */
void
gsk_layer_text_set_attributes (GskLayerText  *self,
                               PangoAttrList *attributes)
{
  g_return_if_fail (GSK_IS_LAYER_TEXT (self));

  if (self->attributes == attributes)
    return;

  if (attributes)
    pango_attr_list_ref (attributes);
  g_clear_pointer (&self->attributes, pango_attr_list_unref);
  self->attributes = attributes;
  text_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTRIBUTES]);
}

/**
 * gsk_layer_text_get_attributes:
 * @self: a text layer
 *
 * Gets the Pango attributes applied over the text of @self, as set with
 * [method@LayerText.set_attributes].
 *
 * Returns: (transfer none) (nullable): the attributes, or %NULL (the
 *   default) for none
 *
 * Since: 0.1
 */
PangoAttrList *
gsk_layer_text_get_attributes (GskLayerText *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TEXT (self), NULL);

  return self->attributes;
}

/* }}} */
