/* gsk-layer-gl-program-private.h: the GL backend's shader programs
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <epoxy/gl.h>

G_BEGIN_DECLS

/* Vertex attributes of the quad program: all per instance */
enum {
  GSK_LAYER_GL_ATTRIB_TRANSFORM = 0,   /* mat4: locations 0–3 */
  GSK_LAYER_GL_ATTRIB_BOUNDS = 4,
  GSK_LAYER_GL_ATTRIB_SOURCE = 5,
  GSK_LAYER_GL_ATTRIB_COLOR = 6,
  GSK_LAYER_GL_ATTRIB_PARAMS = 7,
  GSK_LAYER_GL_ATTRIB_CLIP = 8,
  GSK_LAYER_GL_ATTRIB_UV_CLAMP = 9,
  GSK_LAYER_GL_ATTRIB_RRECT = 10,
  GSK_LAYER_GL_ATTRIB_RADIUS_X = 11,
  GSK_LAYER_GL_ATTRIB_RADIUS_Y = 12,
  GSK_LAYER_GL_ATTRIB_DEPTH = 13,
};

/* Rounded clips the quad program applies at once, as uniforms; deeper
 * nesting takes an offscreen per further clip */
#define GSK_LAYER_GL_MAX_CLIPS 4

/* GskLayerGLInstance.params[2]: what a quad's color is multiplied by */
#define GSK_LAYER_GL_MODE_COLOR      0.f  /* nothing: a solid color */
#define GSK_LAYER_GL_MODE_TEXTURE    1.f  /* the texture, over @source in layer space */
#define GSK_LAYER_GL_MODE_OFFSCREEN  2.f  /* the texture, over @source in target space */
#define GSK_LAYER_GL_MODE_PAINT      3.f  /* a BORDER or GRADIENT op's paint, in slot @uv_clamp[0] */

/* Vectors of a paint slot (u_paint): [0] kind (0 a border, 1 + the
 * GskLayerRenderGradientKind), repeating, stops, angle; a border's
 * [1] inner rectangle, [2] its x radii, [3] y radii, [4] widths, [5–8]
 * side colours; a gradient's [1] point and axis, [2] tile, [3–6]
 * offsets, [7–22] stop colours */
#define GSK_LAYER_GL_PAINT_SIZE 23
/* The most slots a draw has; fewer where the fragment shader's
 * uniforms are fewer */
#define GSK_LAYER_GL_MAX_PAINTS 64

/* Variants of the quad program, as bits: an index into an array */
#define GSK_LAYER_GL_QUAD_PROJECTIVE  (1 << 0)  /* w varies over the quad */
#define GSK_LAYER_GL_QUAD_ROUNDED     (1 << 1)  /* own rounded corners or rounded clips */
#define GSK_LAYER_GL_QUAD_HARD        (1 << 2)  /* affine, every edge on pixel boundaries */
/* Samples mipmaps (the level from the texture coordinates' derivatives);
 * these variants are linked when first used */
#define GSK_LAYER_GL_QUAD_MIPMAP      (1 << 3)
/* Also paints BORDER and GRADIENT ops (always with ROUNDED; their
 * paints in uniform slots); linked when first used */
#define GSK_LAYER_GL_QUAD_PAINT       (1 << 4)
/* Clamps texture coordinates to an atlas item's texel centres: only
 * where a quad's fringe reaches past the pixel of repeated edges around
 * the item (minified, or not affine); linked when first used */
#define GSK_LAYER_GL_QUAD_CLAMP       (1 << 5)
#define GSK_LAYER_GL_N_QUAD_VARIANTS  64

typedef struct
{
  GLuint id;
  GLint u_viewport;
  GLint u_texture;
  GLint u_n_clips;
  GLint u_clip_map;
  GLint u_clip_rect;
  GLint u_clip_radius_x;
  GLint u_clip_radius_y;
  /* The PAINT variants': slots of GSK_LAYER_GL_PAINT_SIZE vectors */
  GLint u_paint;
} GskLayerGLQuadProgram;

typedef struct
{
  GLuint id;
  GLint u_viewport;
  GLint u_box;
  GLint u_source_rect;
  GLint u_backdrop_rect;
  GLint u_source;
  GLint u_backdrop;
  GLint u_mode;
  GLint u_opacity;
} GskLayerGLBlendProgram;

typedef struct
{
  GLuint id;
  GLint u_viewport;
  GLint u_box;
  GLint u_source_rect;
  GLint u_source;
  GLint u_n_filters;
  GLint u_matrix;
  GLint u_offset;
} GskLayerGLFilterProgram;

typedef struct
{
  GLuint id;
  GLint u_viewport;
  GLint u_box;
  GLint u_source_rect;
  GLint u_source;
  GLint u_direction;
  GLint u_sigma;
  GLint u_bounds;
  GLint u_scale;
  GLint u_step;
  GLint u_offset;
  GLint u_shadow;
  GLint u_color;
  GLint u_clamp;
} GskLayerGLBlurProgram;

/* Depths of boxes: the program, and its instances' buffer and array */
typedef struct
{
  GLuint id;
  GLint u_viewport;
  GLuint vao;
  GLuint vbo;
} GskLayerGLDepthProgram;

gboolean gsk_layer_gl_depth_program_init  (GskLayerGLDepthProgram *program,
                                           gboolean                is_gles,
                                           GError                **error);
gboolean gsk_layer_gl_blur_program_init   (GskLayerGLBlurProgram  *program,
                                           gboolean                is_gles,
                                           GError                **error);

/* As many colour filters as a style takes */
#define GSK_LAYER_GL_MAX_FILTERS 8

gboolean gsk_layer_gl_filter_program_init (GskLayerGLFilterProgram *program,
                                           gboolean                 is_gles,
                                           GError                 **error);
gboolean gsk_layer_gl_quad_program_init   (GskLayerGLQuadProgram  *program,
                                           guint                   variant,
                                           guint                   max_paints,
                                           gboolean                is_gles,
                                           GError                **error);
gboolean gsk_layer_gl_blend_program_init  (GskLayerGLBlendProgram *program,
                                           gboolean                is_gles,
                                           GError                **error);

G_END_DECLS
