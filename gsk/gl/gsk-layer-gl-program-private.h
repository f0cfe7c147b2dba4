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
};

/* Rounded clips the quad program applies at once, as uniforms; deeper
 * nesting takes an offscreen per further clip */
#define GSK_LAYER_GL_MAX_CLIPS 4

/* GskLayerGLInstance.params[2]: what a quad's color is multiplied by */
#define GSK_LAYER_GL_MODE_COLOR      0.f  /* nothing: a solid color */
#define GSK_LAYER_GL_MODE_TEXTURE    1.f  /* the texture, over @source in layer space */
#define GSK_LAYER_GL_MODE_OFFSCREEN  2.f  /* the texture, over @source in target space */

/* Variants of the quad program, as bits: an index into an array */
#define GSK_LAYER_GL_QUAD_PROJECTIVE  (1 << 0)  /* w varies over the quad */
#define GSK_LAYER_GL_QUAD_ROUNDED     (1 << 1)  /* own rounded corners or rounded clips */
#define GSK_LAYER_GL_QUAD_HARD        (1 << 2)  /* affine, every edge on pixel boundaries */
/* Samples mipmaps (the level from the texture coordinates' derivatives);
 * these variants are linked when first used */
#define GSK_LAYER_GL_QUAD_MIPMAP      (1 << 3)
/* Paints a BORDER or GRADIENT op (always with ROUNDED; one quad a draw,
 * the paint in uniforms); linked when first used */
#define GSK_LAYER_GL_QUAD_PAINT       (1 << 4)
#define GSK_LAYER_GL_N_QUAD_VARIANTS  32

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
  /* The PAINT variants' */
  GLint u_paint;
  GLint u_inner_rect;
  GLint u_inner_radius_x;
  GLint u_inner_radius_y;
  GLint u_widths;
  GLint u_side_color;
  GLint u_gradient;
  GLint u_point;
  GLint u_axis;
  GLint u_angle;
  GLint u_tile;
  GLint u_repeating;
  GLint u_n_stops;
  GLint u_offsets;
  GLint u_stop_color;
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
                                           gboolean                is_gles,
                                           GError                **error);
gboolean gsk_layer_gl_blend_program_init  (GskLayerGLBlendProgram *program,
                                           gboolean                is_gles,
                                           GError                **error);

G_END_DECLS
