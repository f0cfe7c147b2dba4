/* bench-fishbowl-floor.c: the least a GL renderer can do for the fishbowl
 *
 * The scene of bench-fishbowl (bench-fishbowl-scene.h) drawn with raw GL
 * on the GL context GSK would use (EGL surfaceless; llvmpipe here), by
 * the simplest program that gives its pixels: one instanced draw of
 * rotated quads, each fragment the icon's bilinear texel times the
 * opacity, blended premultiplied OVER a white clear, then read back
 * into an image, as GSK's GL backend reads its frame back. No
 * antialiased edges, no clips, no damage tracking, no layer tree.
 *
 * It is not a renderer but a yardstick: every renderer of the fishbowl,
 * GSK's, Clutter's, GTK's, draws at least these fragments, each with a
 * texture fetch and a blend. bench/run-peers.sh prints it beside them,
 * to tell how much of a frame is the rasterizer's and how much is left
 * to any renderer's own choices.
 *
 * Usage: bench-fishbowl-floor [--raw] [--counts=100,1000,10000] [--scene=NAME] [FRAMES]
 *
 * BENCH_FISHBOWL_PNG=FILE writes the last frame.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdio.h>

#include <epoxy/gl.h>

#include "gsk-layer-gl-context-private.h"
#include "bench-fishbowl-scene.h"

#define W FISHBOWL_WIDTH
#define H FISHBOWL_HEIGHT

static const char vertex_source[] =
  "#version 330 core\n"
  "layout(location = 0) in vec4 a_fish;  /* x, y, angle (radians), opacity */\n"
  "uniform vec2 u_size;  /* of the sprite */\n"
  "out vec2 v_uv;\n"
  "flat out float v_alpha;\n"
  "void main ()\n"
  "{\n"
  "  vec2 corner = vec2 (float (gl_VertexID & 1), float (gl_VertexID >> 1));\n"
  "  vec2 r = (corner - 0.5) * u_size;\n"
  "  float c = cos (a_fish.z), s = sin (a_fish.z);\n"
  "  vec2 p = a_fish.xy + 0.5 * u_size + vec2 (c * r.x - s * r.y, s * r.x + c * r.y);\n"
  "  /* y down: row 0 of the framebuffer is the top of the image */\n"
  "  gl_Position = vec4 (p.x / 512.0 - 1.0, p.y / 384.0 - 1.0, 0.0, 1.0);\n"
  "  v_uv = corner;\n"
  "  v_alpha = a_fish.w;\n"
  "}\n";

static const char fragment_source[] =
  "#version 330 core\n"
  "uniform sampler2D u_texture;\n"
  "in vec2 v_uv;\n"
  "flat in float v_alpha;\n"
  "layout(location = 0) out vec4 o_color;\n"
  "void main ()\n"
  "{\n"
  "  o_color = texture (u_texture, v_uv) * v_alpha;\n"
  "}\n";

static GLuint
compile (GLenum      type,
         const char *source)
{
  GLuint shader = glCreateShader (type);
  GLint status;

  glShaderSource (shader, 1, &source, NULL);
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &status);
  if (!status)
    {
      char log[1024];

      glGetShaderInfoLog (shader, sizeof log, NULL, log);
      g_error ("bench-fishbowl-floor: %s", log);
    }

  return shader;
}

/* Median frame time in ms */
static double
run_floor (int              n,
           int              frames,
           cairo_surface_t *icon)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  Fish *fish = fishbowl_new (n);
  float *instances = g_new (float, 4 * n);
  double *times = g_new (double, frames);
  GLuint program, texture, fbo_texture, fbo, vao, vbo;
  gint64 start = 0;
  double result;
  int i, frame;

  program = glCreateProgram ();
  glAttachShader (program, compile (GL_VERTEX_SHADER, vertex_source));
  glAttachShader (program, compile (GL_FRAGMENT_SHADER, fragment_source));
  glLinkProgram (program);

  glGenTextures (1, &texture);
  glBindTexture (GL_TEXTURE_2D, texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, cairo_image_surface_get_stride (icon) / 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, fishbowl_scene.width, fishbowl_scene.height, 0,
                GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV,
                cairo_image_surface_get_data (icon));
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);

  glGenTextures (1, &fbo_texture);
  glBindTexture (GL_TEXTURE_2D, fbo_texture);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glGenFramebuffers (1, &fbo);
  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fbo_texture, 0);
  g_assert (glCheckFramebufferStatus (GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE);

  glGenVertexArrays (1, &vao);
  glBindVertexArray (vao);
  glGenBuffers (1, &vbo);
  glBindBuffer (GL_ARRAY_BUFFER, vbo);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 4, GL_FLOAT, GL_FALSE, 4 * sizeof (float), NULL);
  glVertexAttribDivisor (0, 1);

  glViewport (0, 0, W, H);
  glUseProgram (program);
  glUniform2f (glGetUniformLocation (program, "u_size"), fishbowl_scene.width, fishbowl_scene.height);
  glBindTexture (GL_TEXTURE_2D, texture);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glClearColor (1, 1, 1, 1);

  for (frame = -BENCH_WARMUP; bench_more_frames (frame, frames, start); frame++)
    {
      gint64 t0 = g_get_monotonic_time ();

      if (frame == 0)
        start = t0;
      fishbowl_step (fish, n);
      for (i = 0; i < n; i++)
        {
          instances[4 * i + 0] = fish[i].x;
          instances[4 * i + 1] = fish[i].y;
          instances[4 * i + 2] = fish[i].angle * G_PI / 180;
          instances[4 * i + 3] = fishbowl_opacity (i);
        }
      glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) (4 * n * sizeof (float)), instances, GL_STREAM_DRAW);
      glClear (GL_COLOR_BUFFER_BIT);
      glDrawArraysInstanced (GL_TRIANGLE_STRIP, 0, 4, n);
      glPixelStorei (GL_PACK_ROW_LENGTH, cairo_image_surface_get_stride (target) / 4);
      glReadPixels (0, 0, W, H, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, cairo_image_surface_get_data (target));
      glPixelStorei (GL_PACK_ROW_LENGTH, 0);
      cairo_surface_mark_dirty (target);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_FISHBOWL_PNG"))
    cairo_surface_write_to_png (target, g_getenv ("BENCH_FISHBOWL_PNG"));

  result = bench_median (times, frame);

  glDeleteBuffers (1, &vbo);
  glDeleteVertexArrays (1, &vao);
  glDeleteFramebuffers (1, &fbo);
  glDeleteTextures (1, &fbo_texture);
  glDeleteTextures (1, &texture);
  glDeleteProgram (program);
  cairo_surface_destroy (target);
  g_free (instances);
  g_free (fish);
  g_free (times);

  return result;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GskLayerGLContext) context = NULL;
  BenchOptions options;
  cairo_surface_t *icon;
  GError *error = NULL;
  guint i;

  bench_parse_options (&options, argc, argv, 30);

  context = gsk_layer_gl_context_new (&error);
  if (context == NULL || context->is_gles)
    {
      fprintf (stderr, "bench-fishbowl-floor: no OpenGL 3.3 context: %s\n",
               error ? error->message : "OpenGL ES only");
      g_clear_error (&error);
      return 1;
    }

  icon = fishbowl_make_icon ();
  if (!options.raw)
    {
      printf ("%s floor (texture x opacity, blended, read back; no antialiasing) on %s\n", fishbowl_scene.name,
              (const char *) glGetString (GL_RENDERER));
      printf ("%8s %12s %12s\n", "N", "floor ms", "us/layer");
    }

  for (i = 0; i < options.counts->len; i++)
    {
      int n = g_array_index (options.counts, int, i);
      double ms = run_floor (n, options.frames, icon);

      if (options.raw)
        printf ("%s floor %d %.4f\n", fishbowl_scene.name, n, ms);
      else
        printf ("%8d %12.2f %12.3f\n", n, ms, ms * 1000.0 / n);
      fflush (stdout);
    }

  g_array_unref (options.counts);
  cairo_surface_destroy (icon);

  return 0;
}
