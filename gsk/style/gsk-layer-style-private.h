/* gsk-layer-style-private.h: what a style holds, for its parser and
 * the layer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gdk/gdk.h>

#include "gsk-layer-style.h"
#include "gsk-layer-render-list-private.h"
#include "gsk-layer-basic-shape-private.h"

G_BEGIN_DECLS

/* Which declarations a style has */
typedef enum {
  GSK_LAYER_STYLE_BACKGROUND_COLOR = 1 << 0,
  GSK_LAYER_STYLE_OPACITY          = 1 << 1,
  GSK_LAYER_STYLE_BLEND_MODE       = 1 << 2,
  GSK_LAYER_STYLE_BORDER_RADIUS    = 1 << 3,
  GSK_LAYER_STYLE_BORDER           = 1 << 4,
  GSK_LAYER_STYLE_PADDING          = 1 << 5,
  GSK_LAYER_STYLE_BOX_SHADOW       = 1 << 6,
  GSK_LAYER_STYLE_OUTLINE          = 1 << 7,
  GSK_LAYER_STYLE_BACKGROUND_IMAGE = 1 << 8,
  GSK_LAYER_STYLE_TEXT_SHADOW      = 1 << 9,
  GSK_LAYER_STYLE_FILTER           = 1 << 10,
  GSK_LAYER_STYLE_OBJECT_FIT       = 1 << 11,
  GSK_LAYER_STYLE_OBJECT_POSITION  = 1 << 12,
  GSK_LAYER_STYLE_BACKDROP_FILTER  = 1 << 13,
  GSK_LAYER_STYLE_BACKGROUND_CLIP  = 1 << 14,
  GSK_LAYER_STYLE_IMAGE_RENDERING  = 1 << 15,
  GSK_LAYER_STYLE_TRANSFORM_STYLE  = 1 << 16,
  GSK_LAYER_STYLE_BACKFACE_VISIBILITY = 1 << 17,
  GSK_LAYER_STYLE_PERSPECTIVE      = 1 << 18,
  GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN = 1 << 19,
  GSK_LAYER_STYLE_CLIP_PATH        = 1 << 20,
  GSK_LAYER_STYLE_OFFSET_PATH      = 1 << 21,
  GSK_LAYER_STYLE_OFFSET_DISTANCE  = 1 << 22,
  GSK_LAYER_STYLE_OFFSET_ROTATE    = 1 << 23,
  GSK_LAYER_STYLE_OFFSET_ANCHOR    = 1 << 24,
  /* Any of mask-image, mask-mode, mask-size, mask-position, mask-repeat */
  GSK_LAYER_STYLE_MASK             = 1 << 25,
  GSK_LAYER_STYLE_OFFSET_POSITION  = 1 << 26,
} GskLayerStyleSet;

/* A colour stop of a gradient: its position as declared */
typedef enum {
  GSK_LAYER_STOP_AUTO,          /* where CSS's rules put it */
  GSK_LAYER_STOP_PERCENT,
  GSK_LAYER_STOP_PX,
  GSK_LAYER_STOP_DEG,           /* conic gradients */
} GskLayerStopUnit;

typedef struct {
  GdkRGBA color;
  float position;
  GskLayerStopUnit unit;
} GskLayerColorStop;

#define GSK_LAYER_GRADIENT_MAX_STOPS 16

/* The size of a radial gradient's ending shape */
typedef enum {
  GSK_LAYER_RADIAL_FARTHEST_CORNER,
  GSK_LAYER_RADIAL_FARTHEST_SIDE,
  GSK_LAYER_RADIAL_CLOSEST_CORNER,
  GSK_LAYER_RADIAL_CLOSEST_SIDE,
  GSK_LAYER_RADIAL_EXPLICIT,
} GskLayerRadialExtent;
#define GSK_LAYER_STYLE_MAX_IMAGES 4

/* A linear-gradient() or repeating-linear-gradient(): its direction as
 * a CSS angle (0 up, clockwise), or toward a corner (corner_x, corner_y
 * of -1 or 1, 0 for none), and its stops */
typedef struct {
  gboolean repeating;
  float angle;                  /* degrees, when not toward a corner */
  int corner_x, corner_y;
  guint n_stops;
  GskLayerColorStop stops[GSK_LAYER_GRADIENT_MAX_STOPS];

  /* radial-gradient() (conic-gradient() shares the centre): its shape,
   * its size (an extent keyword, or
   * explicit radii in px or, with their bits (x 1, y 2) in
   * size_percent, percent of the box), and its centre (as
   * object-position: px, or percent with bits in center_percent) */
  gboolean radial;
  gboolean circle;
  GskLayerRadialExtent extent;
  float size[2];
  guint8 size_percent;
  float center[2];
  guint8 center_percent;

  /* conic-gradient(): from @angle (degrees, clockwise from up), around
   * @center */
  gboolean conic;
} GskLayerGradient;

/* @gradient in CSS syntax, appended to @s */
void gsk_layer_gradient_print (const GskLayerGradient *gradient,
                               GString                *s);

/* CSS Masking's mask layers (gsk-layer-mask-image.c) */
#define GSK_LAYER_MASK_MAX_LAYERS 4

typedef enum {
  GSK_LAYER_MASK_MODE_MATCH_SOURCE,
  GSK_LAYER_MASK_MODE_ALPHA,
  GSK_LAYER_MASK_MODE_LUMINANCE,
} GskLayerMaskMode;

typedef enum {
  GSK_LAYER_MASK_REPEAT_REPEAT,
  GSK_LAYER_MASK_REPEAT_NO_REPEAT,
  GSK_LAYER_MASK_REPEAT_SPACE,
  GSK_LAYER_MASK_REPEAT_ROUND,
} GskLayerMaskRepeat;

/* mask-size: a keyword, or per axis a length, a percentage of the
 * border box (bit 1 << axis in @percent) or auto (in @automatic) */
typedef enum {
  GSK_LAYER_MASK_SIZE_EXPLICIT,
  GSK_LAYER_MASK_SIZE_COVER,
  GSK_LAYER_MASK_SIZE_CONTAIN,
} GskLayerMaskSizeKind;

typedef struct {
  GskLayerMaskSizeKind kind;
  float value[2];
  guint8 percent;
  guint8 automatic;
} GskLayerMaskSize;

/* One image of mask-image: none, a gradient, or an image (a premultiplied
 * ARGB32 surface, and the url() it came from, as written) */
typedef struct {
  gboolean none;
  cairo_surface_t *surface;
  char *url;
  GskLayerGradient gradient;
} GskLayerMaskSource;

/* The mask longhands, each a list as declared (the first layer on top),
 * which CSS repeats to the number of images; immutable once made */
typedef struct {
  grefcount ref_count;
  guint n_images, n_modes, n_sizes, n_positions, n_repeats;
  GskLayerMaskSource images[GSK_LAYER_MASK_MAX_LAYERS];
  GskLayerMaskMode modes[GSK_LAYER_MASK_MAX_LAYERS];
  GskLayerMaskSize sizes[GSK_LAYER_MASK_MAX_LAYERS];
  /* As object-position: px, or with its bit percent of the room left */
  float positions[GSK_LAYER_MASK_MAX_LAYERS][2];
  guint8 position_percent[GSK_LAYER_MASK_MAX_LAYERS];
  GskLayerMaskRepeat repeats[GSK_LAYER_MASK_MAX_LAYERS][2];
} GskLayerMask;

GskLayerMask *gsk_layer_mask_new          (void);
/* A copy to change, with references of its own */
GskLayerMask *gsk_layer_mask_copy         (const GskLayerMask *self);
GskLayerMask *gsk_layer_mask_ref          (GskLayerMask       *self);
void          gsk_layer_mask_unref        (GskLayerMask       *self);
gboolean      gsk_layer_mask_equal        (const GskLayerMask *a,
                                           const GskLayerMask *b);
/* The declared longhands, each "name: value; " */
void          gsk_layer_mask_print        (const GskLayerMask *self,
                                           GString            *s);
/* Positions and sizes of the same units and counts move; the rest
 * changes at the midpoint */
GskLayerMask *gsk_layer_mask_interpolate  (const GskLayerMask *a,
                                           const GskLayerMask *b,
                                           double              t);
/* The part of a border box of @size that the mask's tiles cover (a
 * repeating axis all of it); FALSE where they cover none */
gboolean      gsk_layer_mask_get_bounds   (const GskLayerMask    *self,
                                           const graphene_size_t *size,
                                           graphene_rect_t       *bounds);
/* Whether any image is more than none */
gboolean      gsk_layer_mask_shows        (const GskLayerMask *self);
/* The coverage of the mask over a border box of @size into @cr (an
 * ARGB32 surface, cleared), as alpha: what shows of the layer */
void          gsk_layer_mask_draw         (const GskLayerMask    *self,
                                           cairo_t               *cr,
                                           const graphene_size_t *size);

/* The length of offset-path's ray (): to the containing block's
 * closest or farthest side or corner, or to where it leaves it */
typedef enum {
  GSK_LAYER_RAY_CLOSEST_SIDE,
  GSK_LAYER_RAY_CLOSEST_CORNER,
  GSK_LAYER_RAY_FARTHEST_SIDE,
  GSK_LAYER_RAY_FARTHEST_CORNER,
  GSK_LAYER_RAY_SIDES,
} GskLayerRaySize;

/* offset-position */
typedef enum {
  GSK_LAYER_OFFSET_POSITION_NORMAL,
  GSK_LAYER_OFFSET_POSITION_AUTO,
  GSK_LAYER_OFFSET_POSITION_AT,
} GskLayerOffsetPosition;

/* One shadow of CSS box-shadow or text-shadow */
typedef struct {
  float dx, dy, blur, spread;
  GdkRGBA color;
  gboolean inset;
  /* No colour declared: text-shadow's is the text's (currentcolor) */
  gboolean current_color;
} GskLayerShadow;

/* More is surely a mistake, and each costs a blur */
#define GSK_LAYER_STYLE_MAX_SHADOWS 8

/* The filter functions of CSS that map colours */
typedef enum {
  GSK_LAYER_FILTER_BRIGHTNESS,
  GSK_LAYER_FILTER_CONTRAST,
  GSK_LAYER_FILTER_GRAYSCALE,
  GSK_LAYER_FILTER_HUE_ROTATE,
  GSK_LAYER_FILTER_INVERT,
  GSK_LAYER_FILTER_OPACITY,
  GSK_LAYER_FILTER_SATURATE,
  GSK_LAYER_FILTER_SEPIA,
  GSK_LAYER_FILTER_BLUR,
  GSK_LAYER_FILTER_DROP_SHADOW,
} GskLayerFilterKind;

/* One function of CSS filter: its amount (1 is 100%; clamped to 1 where
 * CSS clamps it), for hue-rotate its angle in degrees, for blur its
 * standard deviation in px; drop-shadow's is @shadow */
typedef struct {
  GskLayerFilterKind kind;
  float amount;
  GskLayerShadow shadow;
} GskLayerFilter;

#define GSK_LAYER_STYLE_MAX_FILTERS 8

/* @filter for the render list, its lengths scaled by @stretch and
 * drop-shadow's offset by the 2×2 @jacobian of the layer's projection
 * (row by row); colours as matrices, as the Filter Effects spec gives
 * them: rows r, g, b, a of five (the last an offset), on straight
 * colours. Returns how far it reaches (see GskLayerRenderOp). */
float gsk_layer_filter_to_render (const GskLayerFilter *filter,
                                  float                 stretch,
                                  const double          jacobian[4],
                                  GskLayerRenderFilter *out);

/* CSS background-clip */
typedef enum {
  GSK_LAYER_BACKGROUND_CLIP_BORDER_BOX,
  GSK_LAYER_BACKGROUND_CLIP_PADDING_BOX,
  GSK_LAYER_BACKGROUND_CLIP_CONTENT_BOX,
} GskLayerBackgroundClip;

/* CSS object-fit */
typedef enum {
  GSK_LAYER_OBJECT_FIT_FILL,
  GSK_LAYER_OBJECT_FIT_CONTAIN,
  GSK_LAYER_OBJECT_FIT_COVER,
  GSK_LAYER_OBJECT_FIT_NONE,
  GSK_LAYER_OBJECT_FIT_SCALE_DOWN,
} GskLayerObjectFit;

/* CSS image-rendering, as the render list samples it: auto and smooth
 * linear, high-quality mipmapped, pixelated and crisp-edges nearest */
typedef enum {
  GSK_LAYER_IMAGE_RENDERING_AUTO,
  GSK_LAYER_IMAGE_RENDERING_SMOOTH,
  GSK_LAYER_IMAGE_RENDERING_HIGH_QUALITY,
  GSK_LAYER_IMAGE_RENDERING_PIXELATED,
  GSK_LAYER_IMAGE_RENDERING_CRISP_EDGES,
} GskLayerImageRendering;

/* CSS border-style, of those GSK draws */
typedef enum {
  GSK_LAYER_BORDER_NONE,
  GSK_LAYER_BORDER_SOLID,
  GSK_LAYER_BORDER_DOUBLE,
  GSK_LAYER_BORDER_DASHED,
  GSK_LAYER_BORDER_DOTTED,
} GskLayerBorderStyle;

/* Sides in CSS order */
enum { GSK_LAYER_SIDE_TOP, GSK_LAYER_SIDE_RIGHT, GSK_LAYER_SIDE_BOTTOM, GSK_LAYER_SIDE_LEFT };

struct _GskLayerStyle
{
  grefcount ref_count;
  GskLayerStyleSet set;

  GdkRGBA background_color;
  float opacity;
  GskLayerBlendMode blend_mode;
  GskLayerTransformStyle transform_style;
  GskLayerBackfaceVisibility backface_visibility;
  /* perspective, in px; 0 for none */
  float perspective;
  /* perspective-origin (initial: 50% 50%), as object_position: px or,
   * with its bit (x 1, y 2), percent of the border box */
  float perspective_origin[2];
  guint8 perspective_origin_percent;
  /* As GskLayerPrivate.corner_radii and corner_percent: per corner
   * (top-left, top-right, bottom-right, bottom-left) a horizontal and
   * a vertical radius, in pixels or percent */
  float corner_radii[8];
  guint8 corner_percent;

  /* Per side (top, right, bottom, left), as CSS's initial values until
   * declared: medium (3px), none, currentcolor (black: layers have no
   * color) */
  float border_width[4];
  GskLayerBorderStyle border_style[4];
  GdkRGBA border_color[4];

  /* Per side, in pixels: 0 until declared */
  float padding[4];

  /* box-shadow, first on top; none: 0 */
  guint n_shadows;
  GskLayerShadow shadows[GSK_LAYER_STYLE_MAX_SHADOWS];

  /* outline, as a border's side (initial: medium, none, currentcolor),
   * and outline-offset */
  float outline_width;
  GskLayerBorderStyle outline_style;
  GdkRGBA outline_color;
  float outline_offset;

  /* background-image: gradients, the first on top */
  guint n_images;
  GskLayerGradient images[GSK_LAYER_STYLE_MAX_IMAGES];

  /* background-clip (initial: border-box) */
  GskLayerBackgroundClip background_clip;

  /* object-fit and object-position (initial: fill, 50% 50%): each
   * offset in px or, with its bit (x 1, y 2) in object_percent, in
   * percent of the room left */
  GskLayerObjectFit object_fit;
  float object_position[2];
  guint8 object_percent;

  /* image-rendering (initial: auto) */
  GskLayerImageRendering image_rendering;

  /* filter, applied in order; none: 0 */
  guint n_filters;
  GskLayerFilter filters[GSK_LAYER_STYLE_MAX_FILTERS];

  /* backdrop-filter, applied in order; none: 0 */
  guint n_backdrop_filters;
  GskLayerFilter backdrop_filters[GSK_LAYER_STYLE_MAX_FILTERS];

  /* text-shadow, first on top; drawn by text layers */
  guint n_text_shadows;
  GskLayerShadow text_shadows[GSK_LAYER_STYLE_MAX_SHADOWS];

  /* clip-path (owned); none: NULL */
  GskLayerBasicShape *clip_path;

  /* mask-image and its longhands (owned); none declared: NULL */
  GskLayerMask *mask;

  /* CSS Motion Path: offset-path's path() (owned; none: NULL), in the
   * layer's own coordinates; offset-distance in px or percent of the
   * path's length; offset-rotate (initial: auto), an angle in degrees
   * added to the path's direction (auto) or to its opposite (reverse);
   * offset-anchor (initial: auto, the pivot), as object_position: px
   * or, with its bit, percent of the border box */
  GskLayerPath *offset_path;
  /* … or ray () (offset_ray set): an angle in degrees clockwise from
   * up, how long it is, and where it starts if it says (else at
   * offset-position), as object_position; or a basic shape (owned).
   * Both are laid on the containing block: the parent's bounds. */
  gboolean offset_ray;
  float offset_ray_angle;
  GskLayerRaySize offset_ray_size;
  gboolean offset_ray_at;
  float offset_ray_position[2];
  guint8 offset_ray_position_percent;
  GskLayerBasicShape *offset_shape;
  /* offset-position (initial: normal, the containing block's centre;
   * auto: where the layer is), as object_position */
  GskLayerOffsetPosition offset_position_kind;
  float offset_position[2];
  guint8 offset_position_percent;
  float offset_distance;
  gboolean offset_distance_percent;
  gboolean offset_rotate_auto;
  gboolean offset_rotate_reverse;
  float offset_rotate;
  gboolean offset_anchor_auto;
  float offset_anchor[2];
  guint8 offset_anchor_percent;
};

/* The offset-path that applies, if it is a path (), or NULL */
static inline GskLayerPath *
gsk_layer_style_get_offset_path (const GskLayerStyle *style)
{
  return style != NULL && (style->set & GSK_LAYER_STYLE_OFFSET_PATH) ? style->offset_path : NULL;
}

/* Whether an offset-path applies: path (), ray () or a basic shape */
static inline gboolean
gsk_layer_style_moves (const GskLayerStyle *style)
{
  return style != NULL && (style->set & GSK_LAYER_STYLE_OFFSET_PATH) &&
         (style->offset_path != NULL || style->offset_ray || style->offset_shape != NULL);
}

/* Whether the offset-paths of @a and @b are the same (gsk-layer-motion.c) */
gboolean gsk_layer_style_offset_paths_equal (const GskLayerStyle *a,
                                             const GskLayerStyle *b);
/* Whether the motion path properties of @a and @b place a layer alike
 * (gsk-layer-motion.c) */
gboolean gsk_layer_style_offsets_equal (const GskLayerStyle *a,
                                        const GskLayerStyle *b);
/* The declarations of the motion path properties @self sets */
void gsk_layer_style_print_motion (const GskLayerStyle *self,
                                   GString             *s);
/* Sets @r's motion path properties to those at @t between @a and @b */
void gsk_layer_style_interpolate_motion (const GskLayerStyle *a,
                                         const GskLayerStyle *b,
                                         double               t,
                                         GskLayerStyle       *r);

/* The clip-path that applies, or NULL */
static inline const GskLayerBasicShape *
gsk_layer_style_get_clip_path (const GskLayerStyle *style)
{
  return style != NULL && (style->set & GSK_LAYER_STYLE_CLIP_PATH) ? style->clip_path : NULL;
}

/* The mask that applies (some image of it is not none), or NULL */
static inline const GskLayerMask *
gsk_layer_style_get_mask (const GskLayerStyle *style)
{
  return style != NULL && (style->set & GSK_LAYER_STYLE_MASK) && style->mask != NULL &&
         gsk_layer_mask_shows (style->mask) ? style->mask : NULL;
}


/* Where content of @intrinsic size (0 if it has none) goes in @box, as
 * @style's object-fit and object-position place it; clipped to @box by
 * whoever draws it */
void gsk_layer_style_place_object (const GskLayerStyle   *style,
                                   const graphene_rect_t *box,
                                   const graphene_size_t *intrinsic,
                                   graphene_rect_t       *placed);

/* How a layer's content image is sampled, as @style's image-rendering
 * says */
static inline GskLayerRenderSampling
gsk_layer_style_get_sampling (const GskLayerStyle *style)
{
  if (style == NULL || !(style->set & GSK_LAYER_STYLE_IMAGE_RENDERING))
    return GSK_LAYER_RENDER_SAMPLING_LINEAR;
  switch (style->image_rendering)
    {
    case GSK_LAYER_IMAGE_RENDERING_HIGH_QUALITY:
      return GSK_LAYER_RENDER_SAMPLING_MIPMAP;
    case GSK_LAYER_IMAGE_RENDERING_PIXELATED:
    case GSK_LAYER_IMAGE_RENDERING_CRISP_EDGES:
      return GSK_LAYER_RENDER_SAMPLING_NEAREST;
    case GSK_LAYER_IMAGE_RENDERING_AUTO:
    case GSK_LAYER_IMAGE_RENDERING_SMOOTH:
    default:
      return GSK_LAYER_RENDER_SAMPLING_LINEAR;
    }
}

/* How many filter functions apply */
static inline guint
gsk_layer_style_get_n_filters (const GskLayerStyle *style)
{
  return style != NULL && (style->set & GSK_LAYER_STYLE_FILTER) ? style->n_filters : 0;
}

static inline guint
gsk_layer_style_get_n_backdrop_filters (const GskLayerStyle *style)
{
  return style != NULL && (style->set & GSK_LAYER_STYLE_BACKDROP_FILTER) ? style->n_backdrop_filters : 0;
}

/* The width the outline is drawn with: 0 where its style is none */
static inline float
gsk_layer_style_get_outline_width (const GskLayerStyle *style)
{
  if (style == NULL || !(style->set & GSK_LAYER_STYLE_OUTLINE) ||
      style->outline_style == GSK_LAYER_BORDER_NONE)
    return 0.f;
  return style->outline_width;
}

/* The width a side's border is drawn with: 0 where its style is none */
static inline float
gsk_layer_style_get_border_width (const GskLayerStyle *style,
                                  int                  side)
{
  if (style == NULL || !(style->set & GSK_LAYER_STYLE_BORDER) ||
      style->border_style[side] == GSK_LAYER_BORDER_NONE)
    return 0.f;
  return style->border_width[side];
}

static inline gboolean
gsk_layer_style_has_border (const GskLayerStyle *style)
{
  int side;

  for (side = 0; side < 4; side++)
    if (gsk_layer_style_get_border_width (style, side) > 0.f)
      return TRUE;
  return FALSE;
}

/* Whether the style draws the layer's box itself (background, border,
 * shadows) rather than leaving the background to a plain colour op */
static inline gboolean
gsk_layer_style_draws_box (const GskLayerStyle *style)
{
  return style != NULL && (style->n_shadows > 0 || style->n_images > 0 || gsk_layer_style_has_border (style) ||
                           gsk_layer_style_get_outline_width (style) > 0.f ||
                           ((style->set & GSK_LAYER_STYLE_BACKGROUND_CLIP) &&
                            style->background_clip != GSK_LAYER_BACKGROUND_CLIP_BORDER_BOX));
}

GskLayerStyle *gsk_layer_style_new (void);

GskLayerStyle *gsk_layer_style_interpolate (GskLayerStyle *from,
                                            GskLayerStyle *to,
                                            double         t);

/* gsk_layer_style_new_from_string(), with the problem's place as a
 * character offset into @declarations and not in the message: for
 * scene files, which say where it is in the file. gsk/css */
GskLayerStyle *gsk_layer_style_parse (const char  *declarations,
                                      glong       *error_offset,
                                      GError     **error);
/* One CSS gradient function (linear-gradient () …) in @text, as
 * background-image takes it; FALSE with an error whose message starts
 * with the problem's column. gsk/css */
gboolean gsk_layer_gradient_parse (const char        *text,
                                   GskLayerGradient  *out,
                                   GError           **error);
/* … reading url()s relative to @base_dir (NULL: the current directory) */
GskLayerStyle *gsk_layer_style_parse_with_base (const char  *declarations,
                                                const char  *base_dir,
                                                glong       *error_offset,
                                                GError     **error);

/* A rounded rectangle's path: @radii per corner (top-left, top-right,
 * bottom-right, bottom-left), each an ellipse of its own */
void gsk_layer_rounded_rect_path (cairo_t               *cr,
                                  double                 x,
                                  double                 y,
                                  double                 w,
                                  double                 h,
                                  const graphene_size_t  radii[4]);

/* @gradient laid out on @box (the padding box, CSS's background-origin)
 * of a layer of @size, painted over @clip with its corners
 * (background-clip) */
/* @gradient over @box (of a layer of @size) as @cr's source, to fill
 * or stroke anything with */
void gsk_layer_gradient_set_source (cairo_t                *cr,
                                    const GskLayerGradient *gradient,
                                    const graphene_size_t  *size,
                                    const graphene_rect_t  *box);
void gsk_layer_gradient_paint (cairo_t                *cr,
                               const GskLayerGradient *gradient,
                               const graphene_size_t  *size,
                               const graphene_rect_t  *box,
                               const graphene_rect_t  *clip,
                               const graphene_size_t   clip_radii[4]);

/* @gradient laid out on @box (as gsk_layer_gradient_paint()) as a
 * GRADIENT op paints it; @tile when the op covers more than @box, which
 * then repeats */
void gsk_layer_gradient_to_paint (const GskLayerGradient *gradient,
                                  const graphene_rect_t  *box,
                                  gboolean                tile,
                                  GskLayerRenderPaint    *paint);

/* Whether a backend that draws BORDER and GRADIENT ops draws all of
 * the box of @style: no shadows, no outline, borders solid */
gboolean gsk_layer_style_box_is_vector (const GskLayerStyle *style);

/* The box background-clip says the background covers, with its
 * corners, for a layer of @size with corners @radii */
void gsk_layer_style_get_background_clip (const GskLayerStyle   *style,
                                          const graphene_size_t *size,
                                          const graphene_size_t  radii[4],
                                          graphene_rect_t       *clip,
                                          graphene_size_t        clip_radii[4]);

/* The border, padding and content boxes of a layer of @size with
 * @style and corners @radii, each with its corners (CSS's reference
 * boxes, in GskLayerReferenceBox's order) */
void gsk_layer_style_get_reference_boxes (const GskLayerStyle   *style,
                                          const graphene_size_t *size,
                                          const graphene_size_t  radii[4],
                                          graphene_rect_t        boxes[3],
                                          graphene_size_t        box_radii[3][4]);

/* @p's clip-path (its style has one) laid out on its boxes, in its
 * layer space */
typedef struct _GskLayerPrivate GskLayerPrivate;
/* Clips @cr (in @p's coordinates) to @p's clip-path, if it has one */
void gsk_layer_style_clip_to_clip_path (GskLayerPrivate *p,
                                        cairo_t         *cr);
void gsk_layer_style_resolve_clip_path (GskLayerPrivate       *p,
                                        GskLayerResolvedShape *out);

/* @p's offset transform (its style has an offset-path) as a 2D affine
 * map about its pivot, in gsk_layer_transform_to_affine()'s layout;
 * FALSE where it has none (gsk-layer-motion.c) */
gboolean gsk_layer_style_offset_transform (GskLayerPrivate *p,
                                           float            t[6]);

/* The BORDER op's paint of @style's border on a layer of @size with
 * corners @radii; FALSE if no side shows */
gboolean gsk_layer_style_get_border_paint (const GskLayerStyle   *style,
                                           const graphene_size_t *size,
                                           const graphene_size_t  radii[4],
                                           GskLayerRenderPaint   *paint);

/* Whether @name is a CSS property that styles take, or one that they
 * will take but do not support yet (gsk/css) */
gboolean gsk_layer_style_names_property (const char *name);

void gsk_layer_style_draw_box (const GskLayerStyle   *style,
                               cairo_t               *cr,
                               const graphene_size_t *size,
                               const graphene_size_t  radii[4],
                               const GdkRGBA         *background);

/* The content box of a layer of @size with @style (NULL: none): inside
 * the border and the padding */
void gsk_layer_style_get_content_box (const GskLayerStyle   *style,
                                      const graphene_size_t *size,
                                      graphene_rect_t       *box);

/* The part of layer space the style's box drawing covers: @size's
 * bounds and where outset shadows and their blur reach */
void gsk_layer_style_get_box_extents (const GskLayerStyle   *style,
                                      const graphene_size_t *size,
                                      graphene_rect_t       *extents);

void gsk_layer_style_get_padding_box (const GskLayerStyle   *style,
                                      const graphene_size_t *size,
                                      const graphene_size_t  radii[4],
                                      graphene_rect_t       *rect,
                                      graphene_size_t        inner[4]);

G_END_DECLS
