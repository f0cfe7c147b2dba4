/* gsk-layer-types.h: shared enumerations and forward declarations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <glib-object.h>
#include <graphene.h>
#include <graphene-gobject.h>
#include <cairo.h>

#include "gsk-layer-version-macros.h"

G_BEGIN_DECLS

typedef struct _GskLayer GskLayer;
typedef struct _GskLayerTransform GskLayerTransform;

/**
 * GskLayerBlendMode:
 * @GSK_LAYER_BLEND_NORMAL: the layer is drawn over its backdrop
 * @GSK_LAYER_BLEND_MULTIPLY: CSS `multiply`
 * @GSK_LAYER_BLEND_SCREEN: CSS `screen`
 * @GSK_LAYER_BLEND_OVERLAY: CSS `overlay`
 * @GSK_LAYER_BLEND_DARKEN: CSS `darken`
 * @GSK_LAYER_BLEND_LIGHTEN: CSS `lighten`
 * @GSK_LAYER_BLEND_COLOR_DODGE: CSS `color-dodge`
 * @GSK_LAYER_BLEND_COLOR_BURN: CSS `color-burn`
 * @GSK_LAYER_BLEND_HARD_LIGHT: CSS `hard-light`
 * @GSK_LAYER_BLEND_SOFT_LIGHT: CSS `soft-light`
 * @GSK_LAYER_BLEND_DIFFERENCE: CSS `difference`
 * @GSK_LAYER_BLEND_EXCLUSION: CSS `exclusion`
 * @GSK_LAYER_BLEND_HUE: CSS `hue`
 * @GSK_LAYER_BLEND_SATURATION: CSS `saturation`
 * @GSK_LAYER_BLEND_COLOR: CSS `color`
 * @GSK_LAYER_BLEND_LUMINOSITY: CSS `luminosity`
 *
 * How a layer, composited as one image with its subtree, mixes with
 * what is drawn below it: the `mix-blend-mode` values of CSS
 * Compositing and Blending Level 1.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_BLEND_NORMAL,
  GSK_LAYER_BLEND_MULTIPLY,
  GSK_LAYER_BLEND_SCREEN,
  GSK_LAYER_BLEND_OVERLAY,
  GSK_LAYER_BLEND_DARKEN,
  GSK_LAYER_BLEND_LIGHTEN,
  GSK_LAYER_BLEND_COLOR_DODGE,
  GSK_LAYER_BLEND_COLOR_BURN,
  GSK_LAYER_BLEND_HARD_LIGHT,
  GSK_LAYER_BLEND_SOFT_LIGHT,
  GSK_LAYER_BLEND_DIFFERENCE,
  GSK_LAYER_BLEND_EXCLUSION,
  GSK_LAYER_BLEND_HUE,
  GSK_LAYER_BLEND_SATURATION,
  GSK_LAYER_BLEND_COLOR,
  GSK_LAYER_BLEND_LUMINOSITY,
} GskLayerBlendMode;

/**
 * GskLayerTraverseOrder:
 * @GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE: visit a layer, then its children
 * @GSK_LAYER_TRAVERSE_DEPTH_FIRST_POST: visit the children, then the layer
 * @GSK_LAYER_TRAVERSE_BREADTH_FIRST: visit layers level by level
 *
 * The order in which gsk_layer_traverse() visits a subtree. Children
 * are always visited in child order.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE,
  GSK_LAYER_TRAVERSE_DEPTH_FIRST_POST,
  GSK_LAYER_TRAVERSE_BREADTH_FIRST,
} GskLayerTraverseOrder;

/**
 * GskLayerTraverseResult:
 * @GSK_LAYER_TRAVERSE_CONTINUE: go on
 * @GSK_LAYER_TRAVERSE_SKIP_CHILDREN: do not visit this layer's children
 *   (meaningful in pre-order and breadth-first order)
 * @GSK_LAYER_TRAVERSE_STOP: end the traversal now
 *
 * What a #GskLayerTraverseFunc tells gsk_layer_traverse() to do next.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TRAVERSE_CONTINUE,
  GSK_LAYER_TRAVERSE_SKIP_CHILDREN,
  GSK_LAYER_TRAVERSE_STOP,
} GskLayerTraverseResult;

/**
 * GSK_LAYER_MAX_COORDINATE:
 *
 * The largest magnitude, in pixels, of a layer's position, size,
 * z-position, corner radius and pivot point (its z; x and y are
 * relative to the size and have the same bound), and of every length,
 * scale factor and matrix entry in a transform: 2^24^ (16,777,216).
 *
 * Setters refuse values beyond it with a critical warning and change
 * nothing; parsers and scene files report them as errors, with their
 * position. Within it, GSK computes with the precision of a float
 * (about 7 significant digits: a sixteenth of a pixel at a million
 * pixels), and both backends, incremental and full frames draw the same
 * pixels. A tree can still stack transforms whose product overflows:
 * a layer whose matrix to the screen is not finite is neither drawn
 * nor picked.
 *
 * Since: 0.1
 */
#define GSK_LAYER_MAX_COORDINATE 16777216.f

/**
 * GSK_LAYER_MAX_SURFACE_SIZE:
 *
 * The largest width or height, in pixels, of what GSK draws into or
 * decodes: render targets, scene sizes and images (16,384, as GL
 * guarantees no more than this on most drivers).
 *
 * Since: 0.1
 */
#define GSK_LAYER_MAX_SURFACE_SIZE 16384

/**
 * GSK_LAYER_MAX_SURFACE_PIXELS:
 *
 * The largest number of pixels, width times height, of a render target
 * or an image: 2^26^ (8,192 × 8,192, 256 MiB at 4 bytes a pixel), so
 * that a small scene file cannot make GSK allocate gigabytes.
 *
 * Since: 0.1
 */
#define GSK_LAYER_MAX_SURFACE_PIXELS (1 << 26)

/**
 * GSK_LAYER_MAX_DEPTH:
 *
 * The deepest nesting of layers that scene files load: 500 layers from
 * the root down, which every json-glib GSK builds with parses (1.10, in
 * Debian 13, refuses JSON nested past 1,024 levels, and a layer takes
 * two). A deeper tree built in code is saved, but does not load back.
 *
 * Since: 0.1
 */
#define GSK_LAYER_MAX_DEPTH 500

/**
 * GSK_LAYER_ERROR:
 *
 * The error domain of GSK layer parsers and loaders.
 */
#define GSK_LAYER_ERROR (gsk_layer_error_quark ())

/**
 * GskLayerError:
 * @GSK_LAYER_ERROR_SYNTAX: the text is not well formed
 * @GSK_LAYER_ERROR_INVALID_VALUE: a value is well formed but not allowed
 *   (out of range, not finite, of the wrong kind)
 * @GSK_LAYER_ERROR_UNKNOWN_TYPE: a type name is not a known #GskLayer type
 * @GSK_LAYER_ERROR_UNKNOWN_PROPERTY: a property or key is not known
 * @GSK_LAYER_ERROR_FAILED: anything else, such as a file that cannot be read
 * @GSK_LAYER_ERROR_UNSUPPORTED: valid CSS that GSK does not take (yet)
 *
 * Errors reported in the %GSK_LAYER_ERROR domain. Messages name the
 * place of the problem: `file:line:column` for files, character
 * offsets for strings (`line:column` for style declarations).
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_ERROR_SYNTAX,
  GSK_LAYER_ERROR_INVALID_VALUE,
  GSK_LAYER_ERROR_UNKNOWN_TYPE,
  GSK_LAYER_ERROR_UNKNOWN_PROPERTY,
  GSK_LAYER_ERROR_FAILED,
  GSK_LAYER_ERROR_UNSUPPORTED,
} GskLayerError;

GSK_LAYER_AVAILABLE_IN_ALL
GQuark gsk_layer_error_quark (void);

/**
 * GskLayerOrientation:
 * @GSK_LAYER_ORIENTATION_HORIZONTAL: along x: widths
 * @GSK_LAYER_ORIENTATION_VERTICAL: along y: heights
 *
 * An axis of layout.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_ORIENTATION_HORIZONTAL,
  GSK_LAYER_ORIENTATION_VERTICAL,
} GskLayerOrientation;

/**
 * GskLayerAlign:
 * @GSK_LAYER_ALIGN_FILL: the whole room its layout gives it
 * @GSK_LAYER_ALIGN_START: its natural size, at the start (left, top)
 * @GSK_LAYER_ALIGN_END: its natural size, at the end (right, bottom)
 * @GSK_LAYER_ALIGN_CENTER: its natural size, centred
 *
 * Where a layer goes in the room a layout manager gives it, along one
 * axis (as GtkAlign and CSS's `justify-self`/`align-self`).
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_ALIGN_FILL,
  GSK_LAYER_ALIGN_START,
  GSK_LAYER_ALIGN_END,
  GSK_LAYER_ALIGN_CENTER,
} GskLayerAlign;

/**
 * GskLayerRequestMode:
 * @GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH: the width first, then the height
 *   for that width (text that wraps)
 * @GSK_LAYER_REQUEST_WIDTH_FOR_HEIGHT: the height first, then the width
 *   for that height (text in a vertical script, a column that wraps)
 *
 * In which order [method@Layer.get_preferred_size] asks a layer for its
 * two sizes, as Clutter's ClutterRequestMode.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH,
  GSK_LAYER_REQUEST_WIDTH_FOR_HEIGHT,
} GskLayerRequestMode;

/**
 * GskLayerTransformStyle:
 * @GSK_LAYER_TRANSFORM_STYLE_FLAT: the children are flattened into the
 *   layer's plane before its own transform applies (the default, as CSS's
 *   `transform-style: flat` and Core Animation's `CALayer`)
 * @GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D: the children keep their depth in
 *   the layer's 3D space, as CSS's `transform-style: preserve-3d` and
 *   Core Animation's `CATransformLayer`
 *
 * How the children of a layer keep their 3D transforms: see
 * [property@Layer:transform-style].
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TRANSFORM_STYLE_FLAT,
  GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D,
} GskLayerTransformStyle;

/**
 * GskLayerBackfaceVisibility:
 * @GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE: the layer is drawn whichever
 *   side faces the viewer (the default)
 * @GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN: the layer is neither drawn nor
 *   picked while its back faces the viewer
 *
 * Whether a layer turned away from the viewer shows, as CSS's
 * `backface-visibility`: see [property@Layer:backface-visibility].
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE,
  GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN,
} GskLayerBackfaceVisibility;

G_END_DECLS
