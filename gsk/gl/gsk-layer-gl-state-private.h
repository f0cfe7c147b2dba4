/* gsk-layer-gl-state-private.h: leaving a borrowed GL context as found
 *
 * A renderer drawing in a context that belongs to someone else (a
 * GtkGLArea, SDL, a compositor) saves every piece of GL state it may
 * change before drawing, sets the state it assumes, and puts the saved
 * state back afterwards.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <epoxy/gl.h>

G_BEGIN_DECLS

/* The texture units the backend binds textures to */
#define GSK_LAYER_GL_N_TEXTURE_UNITS 2

typedef struct
{
  gboolean is_gles;

  GLint draw_framebuffer;
  GLint read_framebuffer;
  GLint program;
  GLint vertex_array;
  GLint array_buffer;
  GLint element_array_buffer;
  GLint pixel_pack_buffer;
  GLint pixel_unpack_buffer;

  GLint active_texture;
  GLint texture_2d[GSK_LAYER_GL_N_TEXTURE_UNITS];
  GLint sampler[GSK_LAYER_GL_N_TEXTURE_UNITS];

  GLboolean blend;
  GLint blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
  GLint blend_equation_rgb, blend_equation_alpha;

  GLboolean scissor_test;
  GLint scissor_box[4];
  GLint viewport[4];
  GLfloat clear_color[4];
  GLboolean color_mask[4];

  GLboolean depth_test;
  GLboolean depth_mask;
  GLint depth_func;
  GLint renderbuffer;
  GLboolean stencil_test;
  GLboolean cull_face;
  GLboolean polygon_offset_fill;
  GLboolean sample_alpha_to_coverage;
  GLboolean sample_coverage;
  GLboolean rasterizer_discard;
  GLboolean framebuffer_srgb;      /* desktop GL only */
  GLint polygon_mode[2];           /* desktop GL only */
  GLboolean color_logic_op;        /* desktop GL only */
  GLint pack_swap_bytes;           /* desktop GL only */
  GLint pack_lsb_first;            /* desktop GL only */
  GLint unpack_swap_bytes;         /* desktop GL only */
  GLint unpack_lsb_first;          /* desktop GL only */

  GLint pack_alignment, pack_row_length, pack_skip_pixels, pack_skip_rows;
  GLint unpack_alignment, unpack_row_length, unpack_skip_pixels, unpack_skip_rows;
  GLint unpack_image_height, unpack_skip_images;
} GskLayerGLState;

/* Saves the state into @state, then sets what the backend assumes:
 * nothing bound to the pixel buffer targets or the samplers of its
 * units, every test and face culling off, all colors written, filled
 * polygons, tightly packed pixel rows with no skips. */
void gsk_layer_gl_state_save    (GskLayerGLState *state,
                                 gboolean         is_gles);
/* Puts back what gsk_layer_gl_state_save() saved */
void gsk_layer_gl_state_restore (const GskLayerGLState *state);

G_END_DECLS
