/* test-gl-framebuffer.c: the OpenGL renderer in a caller's context,
 * drawing into its framebuffer: the pixels of the headless renderer,
 * the caller's GL state left as it was, buffer ages, and damage of
 * many rectangles
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <string.h>

#include <gsklayer.h>
#include <epoxy/gl.h>
#include <epoxy/egl.h>

#include "gsk-layer-gl-renderer-private.h"
#include "gsk-layer-renderer-private.h"
#include "gl-test-utils.h"

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

/* A context of the test's own, as an application would have one: on
 * the surfaceless EGL display, as the renderer's own context code does */
typedef struct
{
  EGLDisplay display;
  EGLContext context;
  gboolean is_gles;
} TestContext;

static gboolean
test_context_init (TestContext *tc)
{
  static const EGLint gl_attribs[] = {
    EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE
  };
  static const EGLint gles_attribs[] = {
    EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE
  };

  *tc = (TestContext) { EGL_NO_DISPLAY, EGL_NO_CONTEXT, FALSE };

  if (!epoxy_has_egl () ||
      !epoxy_has_egl_extension (EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless"))
    {
      g_test_skip ("no surfaceless EGL here");
      return FALSE;
    }

  tc->display = eglGetPlatformDisplayEXT (EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  /* Never terminated: the renderers share the display */
  if (tc->display == EGL_NO_DISPLAY || !eglInitialize (tc->display, NULL, NULL))
    {
      g_test_skip ("cannot initialize the surfaceless EGL display");
      return FALSE;
    }

  /* The API the headless renderer compared with uses: the shaders'
   * interpolation differs by a bit between GLSL and GLSL ES */
  if (g_strcmp0 (g_getenv ("GSK_LAYER_GL"), "gles") != 0 && eglBindAPI (EGL_OPENGL_API))
    tc->context = eglCreateContext (tc->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl_attribs);
  if (tc->context == EGL_NO_CONTEXT && eglBindAPI (EGL_OPENGL_ES_API))
    {
      tc->is_gles = TRUE;
      tc->context = eglCreateContext (tc->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gles_attribs);
    }
  if (tc->context == EGL_NO_CONTEXT)
    {
      g_test_skip ("cannot create a GL context");
      return FALSE;
    }

  g_assert_true (eglMakeCurrent (tc->display, EGL_NO_SURFACE, EGL_NO_SURFACE, tc->context));
  return TRUE;
}

static void
test_context_make_current (TestContext *tc)
{
  g_assert_true (eglMakeCurrent (tc->display, EGL_NO_SURFACE, EGL_NO_SURFACE, tc->context));
}

static void
test_context_finish (TestContext *tc)
{
  eglMakeCurrent (tc->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext (tc->display, tc->context);
}

static GLuint
make_fbo (int     width,
          int     height,
          GLuint *texture)
{
  GLuint fbo;

  glGenTextures (1, texture);
  glBindTexture (GL_TEXTURE_2D, *texture);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glGenFramebuffers (1, &fbo);
  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *texture, 0);
  g_assert_cmphex (glCheckFramebufferStatus (GL_FRAMEBUFFER), ==, GL_FRAMEBUFFER_COMPLETE);
  glBindTexture (GL_TEXTURE_2D, 0);

  return fbo;
}

/* Fills @fbo with the marker color: what no frame draws */
#define MARKER 0xff00ff80u   /* RGBA bytes 255, 0, 255, 128 read as a big-endian word */

static void
fill_marker (GLuint fbo)
{
  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glDisable (GL_SCISSOR_TEST);
  glColorMask (GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glClearColor (1, 0, 1, 128 / 255.);
  glClear (GL_COLOR_BUFFER_BIT);
}

/* @fbo as RGBA bytes, top row first */
static guint8 *
read_fbo (GLuint fbo,
          int    width,
          int    height)
{
  guint8 *pixels = g_malloc ((gsize) width * height * 4);
  guint8 *flipped = g_malloc ((gsize) width * height * 4);
  int y;

  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glPixelStorei (GL_PACK_ROW_LENGTH, 0);
  glReadPixels (0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  for (y = 0; y < height; y++)
    memcpy (flipped + (gsize) y * width * 4, pixels + (gsize) (height - 1 - y) * width * 4, width * 4);
  g_free (pixels);

  return flipped;
}

/* Every pixel of @fbo: inside @region as @expected (a cairo image of
 * the frame) has it, premultiplied, exactly; outside, the marker */
static void
assert_framebuffer (const char           *name,
                    GLuint                fbo,
                    cairo_surface_t      *expected,
                    const cairo_region_t *region)
{
  int width = cairo_image_surface_get_width (expected);
  int height = cairo_image_surface_get_height (expected);
  int stride = cairo_image_surface_get_stride (expected);
  const guint8 *data;
  g_autofree guint8 *pixels = read_fbo (fbo, width, height);
  guint n_wrong = 0, n_inside = 0;
  int x, y;

  cairo_surface_flush (expected);
  data = cairo_image_surface_get_data (expected);

  for (y = 0; y < height; y++)
    for (x = 0; x < width; x++)
      {
        const guint8 *p = pixels + ((gsize) y * width + x) * 4;
        guint32 got = (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
        guint32 want;

        if (cairo_region_contains_point (region, x, y))
          {
            guint32 w = *(const guint32 *) (data + (gsize) y * stride + x * 4);

            want = ((w >> 16) & 0xff) << 24 | ((w >> 8) & 0xff) << 16 | (w & 0xff) << 8 | w >> 24;
            n_inside++;
          }
        else
          want = MARKER;

        if (got != want)
          {
            if (n_wrong++ < 5)
              g_test_message ("%s: pixel %d,%d is %08x, expected %08x (%s the region)",
                              name, x, y, got, want, want == MARKER ? "outside" : "inside");
          }
      }

  g_test_message ("%s: %u pixels redrawn, %u wrong", name, n_inside, n_wrong);
  g_assert_cmpuint (n_wrong, ==, 0);
}

/* The same scene twice, for renderers that must not share a root */
static GskLayer *
framebuffer_scene_new (void)
{
  GskLayer *root = fishbowl_new (30, 200, 150, 3);
  GskLayer *group, *clip, *child;

  group = add_layer (root, 20, 30, 80, 70, "rgba(40, 120, 200, 0.6)");
  gsk_layer_set_opacity (group, 0.7f);
  add_layer (group, 30, 20, 60, 40, "#e01b24");
  clip = add_layer (root, 120, 60, 60, 60, "#deddda");
  set_transform (clip, "rotate(20deg)");
  gsk_layer_set_clip_to_bounds (clip, TRUE);
  child = add_layer (clip, 30, 30, 50, 50, "#33d17a");
  gsk_layer_set_blend_mode (child, GSK_LAYER_BLEND_MULTIPLY);

  return root;
}

typedef struct
{
  GLint draw_fbo, read_fbo, program, vao, array_buffer, element_buffer, unpack_buffer;
  GLint active_texture, texture0, texture1, sampler0;
  GLint blend, blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha, eq_rgb, eq_alpha;
  GLint scissor_test, scissor[4], viewport[4];
  GLfloat clear_color[4];
  GLint depth_test, stencil_test, cull_face;
  GLint unpack_alignment, pack_alignment, unpack_row_length;
  GLint logic_op, unpack_swap_bytes;   /* desktop GL */
  GLboolean color_mask[4];
} Sentinel;

static void
get_sentinel (Sentinel *s)
{
  memset (s, 0, sizeof *s);
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &s->draw_fbo);
  glGetIntegerv (GL_READ_FRAMEBUFFER_BINDING, &s->read_fbo);
  glGetIntegerv (GL_CURRENT_PROGRAM, &s->program);
  glGetIntegerv (GL_VERTEX_ARRAY_BINDING, &s->vao);
  glGetIntegerv (GL_ARRAY_BUFFER_BINDING, &s->array_buffer);
  glGetIntegerv (GL_ELEMENT_ARRAY_BUFFER_BINDING, &s->element_buffer);
  glGetIntegerv (GL_PIXEL_UNPACK_BUFFER_BINDING, &s->unpack_buffer);
  glGetIntegerv (GL_ACTIVE_TEXTURE, &s->active_texture);
  glActiveTexture (GL_TEXTURE0);
  glGetIntegerv (GL_TEXTURE_BINDING_2D, &s->texture0);
  glGetIntegerv (GL_SAMPLER_BINDING, &s->sampler0);
  glActiveTexture (GL_TEXTURE1);
  glGetIntegerv (GL_TEXTURE_BINDING_2D, &s->texture1);
  glActiveTexture (s->active_texture);
  s->blend = glIsEnabled (GL_BLEND);
  glGetIntegerv (GL_BLEND_SRC_RGB, &s->blend_src_rgb);
  glGetIntegerv (GL_BLEND_DST_RGB, &s->blend_dst_rgb);
  glGetIntegerv (GL_BLEND_SRC_ALPHA, &s->blend_src_alpha);
  glGetIntegerv (GL_BLEND_DST_ALPHA, &s->blend_dst_alpha);
  glGetIntegerv (GL_BLEND_EQUATION_RGB, &s->eq_rgb);
  glGetIntegerv (GL_BLEND_EQUATION_ALPHA, &s->eq_alpha);
  s->scissor_test = glIsEnabled (GL_SCISSOR_TEST);
  glGetIntegerv (GL_SCISSOR_BOX, s->scissor);
  glGetIntegerv (GL_VIEWPORT, s->viewport);
  glGetFloatv (GL_COLOR_CLEAR_VALUE, s->clear_color);
  s->depth_test = glIsEnabled (GL_DEPTH_TEST);
  s->stencil_test = glIsEnabled (GL_STENCIL_TEST);
  s->cull_face = glIsEnabled (GL_CULL_FACE);
  glGetIntegerv (GL_UNPACK_ALIGNMENT, &s->unpack_alignment);
  glGetIntegerv (GL_PACK_ALIGNMENT, &s->pack_alignment);
  glGetIntegerv (GL_UNPACK_ROW_LENGTH, &s->unpack_row_length);
  glGetBooleanv (GL_COLOR_WRITEMASK, s->color_mask);
  if (!epoxy_is_desktop_gl ())
    return;
  s->logic_op = glIsEnabled (GL_COLOR_LOGIC_OP);
  glGetIntegerv (GL_UNPACK_SWAP_BYTES, &s->unpack_swap_bytes);
}

static GLuint
compile_sentinel_program (gboolean is_gles)
{
  const char *vs = is_gles ? "#version 300 es\nvoid main () { gl_Position = vec4 (0.0); }\n"
                           : "#version 330 core\nvoid main () { gl_Position = vec4 (0.0); }\n";
  const char *fs = is_gles ? "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main () { c = vec4 (1.0); }\n"
                           : "#version 330 core\nout vec4 c;\nvoid main () { c = vec4 (1.0); }\n";
  GLuint program = glCreateProgram ();
  GLuint v = glCreateShader (GL_VERTEX_SHADER), f = glCreateShader (GL_FRAGMENT_SHADER);
  GLint status;

  glShaderSource (v, 1, &vs, NULL);
  glCompileShader (v);
  glShaderSource (f, 1, &fs, NULL);
  glCompileShader (f);
  glAttachShader (program, v);
  glAttachShader (program, f);
  glLinkProgram (program);
  glGetProgramiv (program, GL_LINK_STATUS, &status);
  g_assert_true (status);
  glDeleteShader (v);
  glDeleteShader (f);

  return program;
}

/* Sets state a caller might have left, unlike anything the renderer
 * uses; @fbo stays bound for drawing and reading */
static void
set_sentinel_state (gboolean is_gles,
                    GLuint   fbo,
                    GLuint   objects[6])
{
  /* program, vao, array buffer, element buffer, unpack buffer, sampler */
  objects[0] = compile_sentinel_program (is_gles);
  glUseProgram (objects[0]);
  glGenVertexArrays (1, &objects[1]);
  glBindVertexArray (objects[1]);
  glGenBuffers (3, &objects[2]);
  glBindBuffer (GL_ARRAY_BUFFER, objects[2]);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, objects[3]);
  glBindBuffer (GL_PIXEL_UNPACK_BUFFER, objects[4]);
  glBufferData (GL_PIXEL_UNPACK_BUFFER, 16, NULL, GL_STATIC_DRAW);
  glGenSamplers (1, &objects[5]);
  /* Nearest filtering would show on every scaled texture */
  glSamplerParameteri (objects[5], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glSamplerParameteri (objects[5], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindSampler (0, objects[5]);

  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glActiveTexture (GL_TEXTURE2);
  glEnable (GL_BLEND);
  glBlendFuncSeparate (GL_SRC_ALPHA, GL_ONE, GL_ZERO, GL_DST_ALPHA);
  glBlendEquationSeparate (GL_FUNC_SUBTRACT, GL_MAX);
  glEnable (GL_SCISSOR_TEST);
  glScissor (1, 2, 3, 4);
  glViewport (5, 6, 7, 8);
  glClearColor (0.25f, 0.5f, 0.75f, 0.125f);
  glEnable (GL_DEPTH_TEST);
  glEnable (GL_STENCIL_TEST);
  glEnable (GL_CULL_FACE);
  glCullFace (GL_FRONT_AND_BACK);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei (GL_PACK_ALIGNMENT, 2);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 7);
  /* Both would change every pixel GSK writes or uploads */
  if (!is_gles)
    {
      glEnable (GL_COLOR_LOGIC_OP);
      glLogicOp (GL_XOR);
      glPixelStorei (GL_UNPACK_SWAP_BYTES, GL_TRUE);
    }
  glColorMask (GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
}

static void
assert_sentinel_equal (const Sentinel *a,
                       const Sentinel *b)
{
#define SAME(field) g_assert_cmpint (a->field, ==, b->field)
  SAME (draw_fbo); SAME (read_fbo); SAME (program); SAME (vao); SAME (array_buffer);
  SAME (element_buffer); SAME (unpack_buffer); SAME (active_texture); SAME (texture0);
  SAME (texture1); SAME (sampler0); SAME (blend); SAME (blend_src_rgb); SAME (blend_dst_rgb);
  SAME (blend_src_alpha); SAME (blend_dst_alpha); SAME (eq_rgb); SAME (eq_alpha);
  SAME (scissor_test); SAME (depth_test); SAME (stencil_test); SAME (cull_face);
  SAME (unpack_alignment); SAME (pack_alignment); SAME (unpack_row_length);
  SAME (logic_op); SAME (unpack_swap_bytes);
#undef SAME
  g_assert_cmpmem (a->scissor, sizeof a->scissor, b->scissor, sizeof b->scissor);
  g_assert_cmpmem (a->viewport, sizeof a->viewport, b->viewport, sizeof b->viewport);
  g_assert_cmpmem (a->clear_color, sizeof a->clear_color, b->clear_color, sizeof b->clear_color);
  g_assert_cmpmem (a->color_mask, sizeof a->color_mask, b->color_mask, sizeof b->color_mask);
}

static void
test_framebuffer_no_context (void)
{
  TestContext tc;
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer;

  if (!test_context_init (&tc))
    return;

  eglMakeCurrent (tc.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  renderer = gsk_layer_gl_renderer_new_for_current_context (&error);
  g_assert_null (renderer);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_test_message ("%s", error->message);

  test_context_make_current (&tc);
  test_context_finish (&tc);
}

/* Draws through a caller's context into its framebuffer: the pixels are
 * those of the headless renderer, y up, the caller's GL state is left
 * as it was, and buffer ages redraw what each age lacks */
static void
test_framebuffer_caller_context (void)
{
  const int W = 200, H = 150;
  g_autoptr (GskLayerRenderer) headless = new_gl_renderer_or_skip ();
  g_autoptr (GskLayerRenderer) caller = NULL;
  g_autoptr (GskLayer) root = NULL;
  g_autoptr (GskLayer) reference_root = NULL;
  g_autoptr (GError) error = NULL;
  cairo_surface_t *expected;
  cairo_region_t *region, *d1, *d2, *both;
  cairo_rectangle_int_t all = { 0, 0, W, H };
  Sentinel before, after;
  GLuint fbo, fbo_texture, other_fbo, other_texture, objects[6];
  TestContext tc;

  if (headless == NULL || !test_context_init (&tc))
    return;

  root = framebuffer_scene_new ();
  reference_root = framebuffer_scene_new ();

  caller = gsk_layer_gl_renderer_new_for_current_context (&error);
  g_assert_no_error (error);
  g_assert_true (GSK_IS_LAYER_GL_RENDERER (caller));

  fbo = make_fbo (W, H, &fbo_texture);
  other_fbo = make_fbo (W, H, &other_texture);
  fill_marker (fbo);

  /* Frame 1, age 0: all of it, into @fbo while @other_fbo is bound */
  set_sentinel_state (tc.is_gles, other_fbo, objects);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, other_texture);
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, fbo_texture);
  glActiveTexture (GL_TEXTURE2);
  get_sentinel (&before);

  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root,
                                                        fbo, W, H, 0);
  g_assert_nonnull (region);
  g_assert_cmpint (cairo_region_contains_rectangle (region, &all), ==, CAIRO_REGION_OVERLAP_IN);
  g_assert_cmphex (glGetError (), ==, GL_NO_ERROR);
  get_sentinel (&after);
  assert_sentinel_equal (&before, &after);
  g_assert_false (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (caller))->software);

  /* Nothing of the sentinel state leaks into the next frames either */
  glBindSampler (0, 0);
  glColorMask (GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 1, age 0", fbo, expected, region);
  cairo_surface_destroy (expected);
  cairo_region_destroy (region);

  /* Frame 2, age 1: only what changed */
  move_fish (root, 3, 7.5f);
  move_fish (reference_root, 3, 7.5f);
  fill_marker (fbo);
  d1 = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 1);
  g_assert_false (cairo_region_is_empty (d1));
  g_assert_cmpint (cairo_region_contains_rectangle (d1, &all), !=, CAIRO_REGION_OVERLAP_IN);
  g_assert_null (gsk_layer_renderer_get_damage_error (caller));
  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 2, age 1", fbo, expected, d1);
  cairo_surface_destroy (expected);

  /* Frame 3, age 2: the union of frames 2 and 3 */
  move_fish (root, 20, -6.25f);
  move_fish (reference_root, 20, -6.25f);
  fill_marker (fbo);
  both = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 2);
  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 3, age 2", fbo, expected, both);
  cairo_surface_destroy (expected);
  g_assert_cmpint (cairo_region_contains_rectangle (both, &all), !=, CAIRO_REGION_OVERLAP_IN);

  /* ... which is more than frame 3's own damage: age 1 of the same
   * change redraws less */
  move_fish (root, 20, 6.25f);
  move_fish (reference_root, 20, 6.25f);
  fill_marker (fbo);
  d2 = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 1);
  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 4, age 1", fbo, expected, d2);
  {
    cairo_region_t *check = cairo_region_copy (d1);

    /* Frame 3 undid frame 2's change elsewhere: frame 4's damage is
     * frame 3's, and the age-2 redraw held frame 2's too */
    cairo_region_union (check, d2);
    g_assert_true (cairo_region_equal (check, both));
    g_assert_false (cairo_region_equal (d2, both));
    cairo_region_destroy (check);
  }

  /* Frame 5, age 0 after no change: everything again, nothing drawn */
  fill_marker (fbo);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 0);
  g_assert_cmpint (cairo_region_contains_rectangle (region, &all), ==, CAIRO_REGION_OVERLAP_IN);
  assert_framebuffer ("frame 5, age 0", fbo, expected, region);
  cairo_region_destroy (region);

  /* An age older than the renderer remembers is a full redraw too */
  fill_marker (fbo);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 100);
  assert_framebuffer ("frame 6, age 100", fbo, expected, region);
  cairo_region_destroy (region);
  cairo_surface_destroy (expected);

  cairo_region_destroy (d1);
  cairo_region_destroy (d2);
  cairo_region_destroy (both);

  /* Dropped with its context current, as documented */
  g_assert_finalize_object (g_steal_pointer (&caller));
  g_assert_cmphex (glGetError (), ==, GL_NO_ERROR);

  glDeleteProgram (objects[0]);
  glDeleteVertexArrays (1, &objects[1]);
  glDeleteBuffers (3, &objects[2]);
  glDeleteSamplers (1, &objects[5]);
  glDeleteFramebuffers (1, &fbo);
  glDeleteFramebuffers (1, &other_fbo);
  glDeleteTextures (1, &fbo_texture);
  glDeleteTextures (1, &other_texture);
  test_context_finish (&tc);
}

/* Many small changes apart: more than 8 rectangles of damage go into the
 * framebuffer as their bounding box, written whole, and the rest of the
 * framebuffer is left alone */
static void
test_framebuffer_many_rectangles (void)
{
  const int W = 200, H = 150;
  g_autoptr (GskLayerRenderer) headless = new_gl_renderer_or_skip ();
  g_autoptr (GskLayerRenderer) caller = NULL;
  g_autoptr (GskLayer) root = NULL;
  g_autoptr (GskLayer) reference_root = NULL;
  g_autoptr (GError) error = NULL;
  cairo_rectangle_int_t all = { 0, 0, W, H }, extents;
  cairo_surface_t *expected;
  cairo_region_t *region;
  GskLayer *dots[12], *reference_dots[12];
  GLuint fbo, fbo_texture;
  TestContext tc;
  int i;

  if (headless == NULL || !test_context_init (&tc))
    return;

  root = g_object_ref_sink (gsk_layer_new ());
  reference_root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  gsk_layer_set_size (reference_root, &GRAPHENE_SIZE_INIT (W, H));
  /* Twelve dots on a grid, 40 px apart, inside 30..170 × 30..110 */
  for (i = 0; i < 12; i++)
    {
      dots[i] = add_layer (root, 30 + 40 * (i % 4), 30 + 40 * (i / 4), 4, 4, "#1c71d8");
      reference_dots[i] = add_layer (reference_root, 30 + 40 * (i % 4), 30 + 40 * (i / 4), 4, 4, "#1c71d8");
    }

  caller = gsk_layer_gl_renderer_new_for_current_context (&error);
  g_assert_no_error (error);
  fbo = make_fbo (W, H, &fbo_texture);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 0);
  cairo_region_destroy (region);

  for (i = 0; i < 12; i++)
    {
      gsk_layer_set_position (dots[i], &GRAPHENE_POINT_INIT (31 + 40 * (i % 4), 30 + 40 * (i / 4)));
      gsk_layer_set_position (reference_dots[i], &GRAPHENE_POINT_INIT (31 + 40 * (i % 4), 30 + 40 * (i / 4)));
    }
  fill_marker (fbo);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 1);
  g_assert_cmpint (cairo_region_num_rectangles (region), ==, 1);
  cairo_region_get_extents (region, &extents);
  g_assert_cmpint (cairo_region_contains_rectangle (region, &all), !=, CAIRO_REGION_OVERLAP_IN);
  g_assert_cmpint (extents.x, <=, 30);
  g_assert_cmpint (extents.x + extents.width, >=, 155);
  g_assert_cmpint (extents.y + extents.height, >=, 114);

  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("twelve dots moved", fbo, expected, region);
  cairo_surface_destroy (expected);
  cairo_region_destroy (region);

  g_assert_finalize_object (g_steal_pointer (&caller));
  glDeleteFramebuffers (1, &fbo);
  glDeleteTextures (1, &fbo_texture);
  test_context_finish (&tc);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gl/framebuffer/no-context", test_framebuffer_no_context);
  g_test_add_func ("/gl/framebuffer/caller-context", test_framebuffer_caller_context);
  g_test_add_func ("/gl/framebuffer/many-rectangles", test_framebuffer_many_rectangles);

  return g_test_run ();
}
