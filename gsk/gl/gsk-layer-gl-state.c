/* gsk-layer-gl-state.c: leaving a borrowed GL context as found
 *
 * Only what the backend may change is saved: its draws bind
 * framebuffers, a program, a vertex array and its buffer, textures on
 * units 0 and 1; set blending, the scissor, the viewport, the clear
 * color; upload and read pixels. What it assumes (no depth or stencil
 * test, no culling, no logic op, no pixel buffer bound, default pixel
 * store) it sets after saving, since a caller's context may be in any
 * state.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-state-private.h"

#ifndef GL_FRAMEBUFFER_SRGB
#define GL_FRAMEBUFFER_SRGB 0x8DB9
#endif

static void
set_enabled (GLenum    cap,
             GLboolean enabled)
{
  if (enabled)
    glEnable (cap);
  else
    glDisable (cap);
}

void
gsk_layer_gl_state_save (GskLayerGLState *state,
                         gboolean         is_gles)
{
  int i;

  state->is_gles = is_gles;

  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &state->draw_framebuffer);
  glGetIntegerv (GL_READ_FRAMEBUFFER_BINDING, &state->read_framebuffer);
  glGetIntegerv (GL_CURRENT_PROGRAM, &state->program);
  glGetIntegerv (GL_VERTEX_ARRAY_BINDING, &state->vertex_array);
  glGetIntegerv (GL_ARRAY_BUFFER_BINDING, &state->array_buffer);
  glGetIntegerv (GL_ELEMENT_ARRAY_BUFFER_BINDING, &state->element_array_buffer);
  glGetIntegerv (GL_PIXEL_PACK_BUFFER_BINDING, &state->pixel_pack_buffer);
  glGetIntegerv (GL_PIXEL_UNPACK_BUFFER_BINDING, &state->pixel_unpack_buffer);

  glGetIntegerv (GL_ACTIVE_TEXTURE, &state->active_texture);
  for (i = 0; i < GSK_LAYER_GL_N_TEXTURE_UNITS; i++)
    {
      glActiveTexture (GL_TEXTURE0 + i);
      glGetIntegerv (GL_TEXTURE_BINDING_2D, &state->texture_2d[i]);
      glGetIntegerv (GL_SAMPLER_BINDING, &state->sampler[i]);
      /* A sampler object would override the textures' own filtering */
      if (state->sampler[i] != 0)
        glBindSampler (i, 0);
    }
  glActiveTexture (GL_TEXTURE0);

  state->blend = glIsEnabled (GL_BLEND);
  glGetIntegerv (GL_BLEND_SRC_RGB, &state->blend_src_rgb);
  glGetIntegerv (GL_BLEND_DST_RGB, &state->blend_dst_rgb);
  glGetIntegerv (GL_BLEND_SRC_ALPHA, &state->blend_src_alpha);
  glGetIntegerv (GL_BLEND_DST_ALPHA, &state->blend_dst_alpha);
  glGetIntegerv (GL_BLEND_EQUATION_RGB, &state->blend_equation_rgb);
  glGetIntegerv (GL_BLEND_EQUATION_ALPHA, &state->blend_equation_alpha);

  state->scissor_test = glIsEnabled (GL_SCISSOR_TEST);
  glGetIntegerv (GL_SCISSOR_BOX, state->scissor_box);
  glGetIntegerv (GL_VIEWPORT, state->viewport);
  glGetFloatv (GL_COLOR_CLEAR_VALUE, state->clear_color);
  glGetBooleanv (GL_COLOR_WRITEMASK, state->color_mask);

  state->depth_test = glIsEnabled (GL_DEPTH_TEST);
  glGetBooleanv (GL_DEPTH_WRITEMASK, &state->depth_mask);
  glGetIntegerv (GL_DEPTH_FUNC, &state->depth_func);
  glGetIntegerv (GL_RENDERBUFFER_BINDING, &state->renderbuffer);
  state->stencil_test = glIsEnabled (GL_STENCIL_TEST);
  state->cull_face = glIsEnabled (GL_CULL_FACE);
  state->polygon_offset_fill = glIsEnabled (GL_POLYGON_OFFSET_FILL);
  state->sample_alpha_to_coverage = glIsEnabled (GL_SAMPLE_ALPHA_TO_COVERAGE);
  state->sample_coverage = glIsEnabled (GL_SAMPLE_COVERAGE);
  state->rasterizer_discard = glIsEnabled (GL_RASTERIZER_DISCARD);
  if (!is_gles)
    {
      state->framebuffer_srgb = glIsEnabled (GL_FRAMEBUFFER_SRGB);
      /* Both change every pixel written or uploaded */
      state->color_logic_op = glIsEnabled (GL_COLOR_LOGIC_OP);
      glGetIntegerv (GL_PACK_SWAP_BYTES, &state->pack_swap_bytes);
      glGetIntegerv (GL_PACK_LSB_FIRST, &state->pack_lsb_first);
      glGetIntegerv (GL_UNPACK_SWAP_BYTES, &state->unpack_swap_bytes);
      glGetIntegerv (GL_UNPACK_LSB_FIRST, &state->unpack_lsb_first);
      /* Core profiles answer with front and back alike */
      state->polygon_mode[0] = state->polygon_mode[1] = GL_FILL;
      glGetIntegerv (GL_POLYGON_MODE, state->polygon_mode);
    }

  glGetIntegerv (GL_PACK_ALIGNMENT, &state->pack_alignment);
  glGetIntegerv (GL_PACK_ROW_LENGTH, &state->pack_row_length);
  glGetIntegerv (GL_PACK_SKIP_PIXELS, &state->pack_skip_pixels);
  glGetIntegerv (GL_PACK_SKIP_ROWS, &state->pack_skip_rows);
  glGetIntegerv (GL_UNPACK_ALIGNMENT, &state->unpack_alignment);
  glGetIntegerv (GL_UNPACK_ROW_LENGTH, &state->unpack_row_length);
  glGetIntegerv (GL_UNPACK_SKIP_PIXELS, &state->unpack_skip_pixels);
  glGetIntegerv (GL_UNPACK_SKIP_ROWS, &state->unpack_skip_rows);
  glGetIntegerv (GL_UNPACK_IMAGE_HEIGHT, &state->unpack_image_height);
  glGetIntegerv (GL_UNPACK_SKIP_IMAGES, &state->unpack_skip_images);

  /* What the backend assumes */
  if (state->pixel_pack_buffer)
    glBindBuffer (GL_PIXEL_PACK_BUFFER, 0);
  if (state->pixel_unpack_buffer)
    glBindBuffer (GL_PIXEL_UNPACK_BUFFER, 0);
  glDisable (GL_DEPTH_TEST);
  glDisable (GL_STENCIL_TEST);
  glDisable (GL_CULL_FACE);
  glDisable (GL_POLYGON_OFFSET_FILL);
  glDisable (GL_SAMPLE_ALPHA_TO_COVERAGE);
  glDisable (GL_SAMPLE_COVERAGE);
  glDisable (GL_RASTERIZER_DISCARD);
  if (!is_gles)
    {
      glDisable (GL_FRAMEBUFFER_SRGB);
      glDisable (GL_COLOR_LOGIC_OP);
      glPixelStorei (GL_PACK_SWAP_BYTES, GL_FALSE);
      glPixelStorei (GL_PACK_LSB_FIRST, GL_FALSE);
      glPixelStorei (GL_UNPACK_SWAP_BYTES, GL_FALSE);
      glPixelStorei (GL_UNPACK_LSB_FIRST, GL_FALSE);
      glPolygonMode (GL_FRONT_AND_BACK, GL_FILL);
    }
  glColorMask (GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glBlendEquation (GL_FUNC_ADD);
  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glPixelStorei (GL_PACK_ROW_LENGTH, 0);
  glPixelStorei (GL_PACK_SKIP_PIXELS, 0);
  glPixelStorei (GL_PACK_SKIP_ROWS, 0);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei (GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei (GL_UNPACK_SKIP_ROWS, 0);
  glPixelStorei (GL_UNPACK_IMAGE_HEIGHT, 0);
  glPixelStorei (GL_UNPACK_SKIP_IMAGES, 0);
}

void
gsk_layer_gl_state_restore (const GskLayerGLState *state)
{
  int i;

  glBindFramebuffer (GL_DRAW_FRAMEBUFFER, state->draw_framebuffer);
  glBindFramebuffer (GL_READ_FRAMEBUFFER, state->read_framebuffer);
  glUseProgram (state->program);
  /* The element array binding belongs to the vertex array: the backend
   * never binds one, so restoring the vertex array restores it */
  glBindVertexArray (state->vertex_array);
  glBindBuffer (GL_ARRAY_BUFFER, state->array_buffer);
  glBindBuffer (GL_PIXEL_PACK_BUFFER, state->pixel_pack_buffer);
  glBindBuffer (GL_PIXEL_UNPACK_BUFFER, state->pixel_unpack_buffer);

  for (i = 0; i < GSK_LAYER_GL_N_TEXTURE_UNITS; i++)
    {
      glActiveTexture (GL_TEXTURE0 + i);
      glBindTexture (GL_TEXTURE_2D, state->texture_2d[i]);
      if (state->sampler[i] != 0)
        glBindSampler (i, state->sampler[i]);
    }
  glActiveTexture (state->active_texture);

  set_enabled (GL_BLEND, state->blend);
  glBlendFuncSeparate (state->blend_src_rgb, state->blend_dst_rgb,
                       state->blend_src_alpha, state->blend_dst_alpha);
  glBlendEquationSeparate (state->blend_equation_rgb, state->blend_equation_alpha);

  set_enabled (GL_SCISSOR_TEST, state->scissor_test);
  glScissor (state->scissor_box[0], state->scissor_box[1],
             state->scissor_box[2], state->scissor_box[3]);
  glViewport (state->viewport[0], state->viewport[1], state->viewport[2], state->viewport[3]);
  glClearColor (state->clear_color[0], state->clear_color[1],
                state->clear_color[2], state->clear_color[3]);
  glColorMask (state->color_mask[0], state->color_mask[1],
               state->color_mask[2], state->color_mask[3]);

  set_enabled (GL_DEPTH_TEST, state->depth_test);
  glDepthMask (state->depth_mask);
  glDepthFunc (state->depth_func);
  glBindRenderbuffer (GL_RENDERBUFFER, state->renderbuffer);
  set_enabled (GL_STENCIL_TEST, state->stencil_test);
  set_enabled (GL_CULL_FACE, state->cull_face);
  set_enabled (GL_POLYGON_OFFSET_FILL, state->polygon_offset_fill);
  set_enabled (GL_SAMPLE_ALPHA_TO_COVERAGE, state->sample_alpha_to_coverage);
  set_enabled (GL_SAMPLE_COVERAGE, state->sample_coverage);
  set_enabled (GL_RASTERIZER_DISCARD, state->rasterizer_discard);
  if (!state->is_gles)
    {
      set_enabled (GL_FRAMEBUFFER_SRGB, state->framebuffer_srgb);
      set_enabled (GL_COLOR_LOGIC_OP, state->color_logic_op);
      glPixelStorei (GL_PACK_SWAP_BYTES, state->pack_swap_bytes);
      glPixelStorei (GL_PACK_LSB_FIRST, state->pack_lsb_first);
      glPixelStorei (GL_UNPACK_SWAP_BYTES, state->unpack_swap_bytes);
      glPixelStorei (GL_UNPACK_LSB_FIRST, state->unpack_lsb_first);
      if (state->polygon_mode[0] == state->polygon_mode[1])
        glPolygonMode (GL_FRONT_AND_BACK, state->polygon_mode[0]);
      else
        {
          glPolygonMode (GL_FRONT, state->polygon_mode[0]);
          glPolygonMode (GL_BACK, state->polygon_mode[1]);
        }
    }

  glPixelStorei (GL_PACK_ALIGNMENT, state->pack_alignment);
  glPixelStorei (GL_PACK_ROW_LENGTH, state->pack_row_length);
  glPixelStorei (GL_PACK_SKIP_PIXELS, state->pack_skip_pixels);
  glPixelStorei (GL_PACK_SKIP_ROWS, state->pack_skip_rows);
  glPixelStorei (GL_UNPACK_ALIGNMENT, state->unpack_alignment);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, state->unpack_row_length);
  glPixelStorei (GL_UNPACK_SKIP_PIXELS, state->unpack_skip_pixels);
  glPixelStorei (GL_UNPACK_SKIP_ROWS, state->unpack_skip_rows);
  glPixelStorei (GL_UNPACK_IMAGE_HEIGHT, state->unpack_image_height);
  glPixelStorei (GL_UNPACK_SKIP_IMAGES, state->unpack_skip_images);
}
