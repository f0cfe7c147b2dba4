/* gsk-layer-text.h: a layer that shows text laid out by Pango
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <pango/pango.h>
#include "gsk-layer.h"

G_BEGIN_DECLS

/**
 * GskLayerTextAlignment:
 * @GSK_LAYER_TEXT_ALIGN_LEFT: lines start at the left edge
 * @GSK_LAYER_TEXT_ALIGN_CENTER: lines are centred in the layer's width
 * @GSK_LAYER_TEXT_ALIGN_RIGHT: lines end at the right edge
 * @GSK_LAYER_TEXT_ALIGN_JUSTIFY: wrapped lines fill the width, the last
 *   one starting at the left edge
 *
 * How a [class@LayerText] places its lines across its width.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TEXT_ALIGN_LEFT,
  GSK_LAYER_TEXT_ALIGN_CENTER,
  GSK_LAYER_TEXT_ALIGN_RIGHT,
  GSK_LAYER_TEXT_ALIGN_JUSTIFY,
} GskLayerTextAlignment;

/**
 * GskLayerTextWrap:
 * @GSK_LAYER_TEXT_WRAP_NONE: one line per paragraph, however long
 * @GSK_LAYER_TEXT_WRAP_WORD: lines break between words
 * @GSK_LAYER_TEXT_WRAP_CHAR: lines break between characters
 * @GSK_LAYER_TEXT_WRAP_WORD_CHAR: between words, and between characters
 *   in a word longer than a line
 *
 * How a [class@LayerText] breaks lines at its width.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TEXT_WRAP_NONE,
  GSK_LAYER_TEXT_WRAP_WORD,
  GSK_LAYER_TEXT_WRAP_CHAR,
  GSK_LAYER_TEXT_WRAP_WORD_CHAR,
} GskLayerTextWrap;

#define GSK_TYPE_LAYER_TEXT (gsk_layer_text_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerText, gsk_layer_text, GSK, LAYER_TEXT, GskLayer)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer   *gsk_layer_text_new              (const char            *text);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_text         (GskLayerText          *self,
                                             const char            *text);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_text_get_text         (GskLayerText          *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean    gsk_layer_text_set_markup       (GskLayerText          *self,
                                             const char            *markup,
                                             GError               **error);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_use_markup   (GskLayerText          *self,
                                             gboolean               use_markup);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean    gsk_layer_text_get_use_markup   (GskLayerText          *self);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_font         (GskLayerText          *self,
                                             const char            *font);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_text_get_font         (GskLayerText          *self);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_color        (GskLayerText          *self,
                                             const GdkRGBA         *color);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_get_color        (GskLayerText          *self,
                                             GdkRGBA               *color);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_alignment    (GskLayerText          *self,
                                             GskLayerTextAlignment  alignment);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTextAlignment gsk_layer_text_get_alignment (GskLayerText   *self);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_wrap         (GskLayerText          *self,
                                             GskLayerTextWrap       wrap);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTextWrap gsk_layer_text_get_wrap    (GskLayerText          *self);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_ellipsize    (GskLayerText          *self,
                                             PangoEllipsizeMode     mode);
GSK_LAYER_AVAILABLE_IN_ALL
PangoEllipsizeMode gsk_layer_text_get_ellipsize (GskLayerText       *self);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_line_spacing (GskLayerText          *self,
                                             float                  factor);
GSK_LAYER_AVAILABLE_IN_ALL
float       gsk_layer_text_get_line_spacing (GskLayerText          *self);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_set_attributes   (GskLayerText          *self,
                                             PangoAttrList         *attributes);
GSK_LAYER_AVAILABLE_IN_ALL
PangoAttrList *gsk_layer_text_get_attributes (GskLayerText         *self);
GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_text_get_preferred_size (GskLayerText        *self,
                                               graphene_size_t     *size);
GSK_LAYER_AVAILABLE_IN_ALL
PangoLayout *gsk_layer_text_get_layout      (GskLayerText          *self);

G_END_DECLS
