/* gsk-layer-style-parser-private.h: what the files of the style parser
 * share: the parser and its readers of values
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-style-private.h"
#include "gsk-layer.h"

G_BEGIN_DECLS

typedef struct {
  const char *text;
  /* Where url()s are read from (NULL: the current directory) */
  const char *base_dir;
  GError **error;
  const char *error_at;         /* where the problem is, once there is one */
} Parser;

/* Sets the error, with the line and column of @at; returns FALSE */
gboolean gsk_layer_style_parser_fail (Parser        *parser,
                                      const char    *at,
                                      GskLayerError  code,
                                      const char    *format,
                                      ...) G_GNUC_PRINTF (4, 5);

/* A colour in [@start, @end); currentcolor is black, as layers have no
 * color property */
gboolean gsk_layer_style_parser_color (Parser     *parser,
                                       const char *start,
                                       const char *end,
                                       GdkRGBA    *out);

/* A number in px, or a percentage, or 0 at *@pp; negative ones only
 * with @signed_ok */
gboolean gsk_layer_style_parser_dimension (Parser      *parser,
                                           const char **pp,
                                           const char  *end,
                                           gboolean     signed_ok,
                                           float       *out,
                                           gboolean    *percent);

/* CSS <position> in one or two values: x then y, px or percent (bits) */
gboolean gsk_layer_style_parser_position (Parser      *parser,
                                          const char  *p,
                                          const char **starts,
                                          const char **ends,
                                          int          n,
                                          float        position[2],
                                          guint8      *percent_bits);

/* Whether [@start, @end) is @word, ignoring ASCII case */
gboolean gsk_layer_style_parser_span_is (const char *start,
                                         const char *end,
                                         const char *word);

/* The most values separated by spaces a property takes (four sides) */
#define MAX_VALUES 4

/* Splits [@p, @end) at white space outside parentheses into at most
 * @max values; FALSE (with an error) for more */
gboolean gsk_layer_style_parser_split (Parser      *parser,
                                       const char  *p,
                                       const char  *end,
                                       int          max,
                                       const char **starts,
                                       const char **ends,
                                       int         *n);

/* The next comma at depth 0 in [@p, @end), or @end */
const char *gsk_layer_style_parser_next_comma (const char *p,
                                               const char *end);

/* An angle: deg, grad, rad or turn (or a bare 0), in degrees */
gboolean gsk_layer_style_parser_angle (const char *start,
                                       const char *end,
                                       float      *degrees);

/* One gradient function in [@p, @end) (gsk-layer-gradient-parser.c) */
gboolean gsk_layer_style_parser_gradient (Parser           *parser,
                                          const char       *p,
                                          const char       *end,
                                          GskLayerGradient *gradient);

/* A basic shape and a reference box, either or both, in either order
 * (gsk-layer-shape-parser.c); NULL with the parser's error */
GskLayerBasicShape *gsk_layer_style_parser_basic_shape (Parser     *parser,
                                                        const char *p,
                                                        const char *end);

/* mask-image, mask-mode, mask-size, mask-position, mask-repeat (@name);
 * *@handled FALSE for other names (gsk-layer-mask-parser.c) */
gboolean gsk_layer_style_parser_mask (Parser        *parser,
                                      const char    *name,
                                      const char    *p,
                                      const char    *end,
                                      GskLayerStyle *style,
                                      gboolean      *handled);

/* background-image: none, or gradients separated by commas */
gboolean gsk_layer_style_parser_background_image (Parser        *parser,
                                                  const char    *p,
                                                  const char    *end,
                                                  GskLayerStyle *style);

/* box-shadow (text-shadow with @text): none, or shadows separated by
 * commas (gsk-layer-filter-parser.c) */
gboolean gsk_layer_style_parser_shadows (Parser         *parser,
                                         const char     *p,
                                         const char     *end,
                                         gboolean        text,
                                         GskLayerShadow *shadows,
                                         guint          *n_shadows);

/* filter and backdrop-filter: none, or functions separated by spaces
 * (gsk-layer-filter-parser.c) */
gboolean gsk_layer_style_parser_filter (Parser         *parser,
                                        const char     *p,
                                        const char     *end,
                                        GskLayerFilter *filters,
                                        guint          *n_filters);

/* SVG path data in quotes, all of [@p, @end) but white space, as in
 * path(); errors at their place in the data (gsk-layer-shape-parser.c) */
gboolean gsk_layer_style_parser_path_data (Parser        *parser,
                                           const char    *p,
                                           const char    *end,
                                           GskLayerPath **out);

/* clip-path: none, or a basic shape and a reference box
 * (gsk-layer-shape-parser.c) */
gboolean gsk_layer_style_parser_clip_path (Parser        *parser,
                                           const char    *p,
                                           const char    *end,
                                           GskLayerStyle *style);

/* offset-path, offset-distance, offset-rotate and offset-anchor;
 * *@handled FALSE for other names (gsk-layer-motion-parser.c) */
gboolean gsk_layer_style_parser_motion (Parser        *parser,
                                        const char    *name,
                                        const char    *p,
                                        const char    *end,
                                        GskLayerStyle *style,
                                        gboolean      *handled);

G_END_DECLS
