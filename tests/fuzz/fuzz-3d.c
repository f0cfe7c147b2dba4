/* fuzz-3d.c: random planes in random 3D rendering contexts
 *
 * The input builds a tree: a root with a perspective (ordinary, tiny,
 * huge or not finite), a preserve-3d context under it, turned, and up
 * to eight opaque planes of eight colours, each turned and pushed in
 * depth, nested under the context or under each other, some of them
 * preserve-3d (extending the context), some with a hidden backface,
 * clipping or group opacity (which make them flat), some edge-on or
 * degenerate. Then it changes them, frame after frame.
 *
 * Every frame is drawn incrementally by one software renderer with the
 * damage check on; the last is compared with a frame drawn from scratch
 * by a fresh software renderer (within rounding) and by the GL renderer
 * (within 8 per channel where both show areas of one colour: edges,
 * cuts and slivers thinner than a pixel are antialiased differently by
 * the two backends; a plane sorted wrongly differs over whole areas).
 * Picking must agree with drawing: at a point
 * whose pixel and neighbours show one plane's colour, gsk_layer_pick()
 * gives that plane; where they show the background, no plane. A
 * CRITICAL or WARNING from any of it aborts (fuzz-common.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT 1024
#define FRAME_SIZE 72
#define N_PLANES 8
#define MAX_FRAMES 6
/* Per channel, out of 255: rounding, as fuzz-tree allows */
#define TOLERANCE 2
/* Between the backends, inside areas of one colour */
#define INTERIOR_TOLERANCE 8

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static GskLayerRenderer *gl_renderer;

/* FUZZ_VERBOSE=1: what the input builds and changes, to reproduce it */
#define note(...) G_STMT_START { if (g_getenv ("FUZZ_VERBOSE")) fprintf (stderr, __VA_ARGS__); } G_STMT_END

static const guint8 palette[N_PLANES][3] = {
  { 0xe0, 0x1b, 0x24 }, { 0x26, 0xa2, 0x69 }, { 0x1c, 0x71, 0xd8 }, { 0xf6, 0xd3, 0x2d },
  { 0x91, 0x41, 0xac }, { 0x00, 0x00, 0x00 }, { 0x98, 0x6a, 0x44 }, { 0x33, 0xc7, 0xde },
};

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  GError *error = NULL;

  setenv ("EGL_PLATFORM", "surfaceless", 0);
  fuzz_setup ();
  /* One GL renderer for the whole run: a context per input would cost
   * more than the input. FUZZ_NO_GL=1 leaves it out (to minimize an
   * input that fails in software alone) */
  gl_renderer = g_getenv ("FUZZ_NO_GL") ? NULL : gsk_layer_gl_renderer_new (&error);
  if (gl_renderer == NULL && error != NULL)
    {
      fprintf (stderr, "fuzz-3d: no GL, the software backend alone: %s\n", error->message);
      g_clear_error (&error);
    }
  return 0;
}

static G_NORETURN void
fail (const char *what)
{
  fprintf (stderr, "fuzz-3d: %s\n", what);
  abort ();
}

/* An angle in degrees: mostly ordinary, sometimes edge-on */
static float
fuzz_angle (FuzzBytes *b)
{
  guint8 k = fuzz_u8 (b);

  if (k < 16)
    return (k & 3) * 90.f;
  return (k - 16) * (360.f / 240.f);
}

static void
set_transform (GskLayer   *layer,
               const char *css)
{
  GskLayerTransform *t = NULL;

  if (gsk_layer_transform_parse (css, &t, NULL))
    {
      gsk_layer_set_transform (layer, t);
      gsk_layer_transform_unref (t);
    }
}

static void
turn_plane (GskLayer  *plane,
            FuzzBytes *b)
{
  g_autofree char *css = NULL;
  guint8 k = fuzz_u8 (b);

  if (k == 0xff)
    {
      /* Degenerate: squashed to a line */
      set_transform (plane, "scale(1, 0)");
      note ("  %p: scale(1, 0)\n", (void *) plane);
      return;
    }
  css = g_strdup_printf ("rotateX(%gdeg) rotateY(%gdeg) translateZ(%dpx)",
                         fuzz_angle (b), fuzz_angle (b), (int) (gint8) k / 2);
  set_transform (plane, css);
  note ("  %p: %s\n", (void *) plane, css);
}

static void
set_perspective (GskLayer  *root,
                 FuzzBytes *b)
{
  guint8 k = fuzz_u8 (b);
  GskLayerTransform *t;

  if (k < 0xe0)
    t = gsk_layer_transform_perspective (NULL, 60 + k * 4);
  else
    {
      /* A hostile depth: refused if not finite, else tiny or huge */
      float d = fuzz_float (b);

      if (!isfinite (d) || d <= 0)
        return;
      t = gsk_layer_transform_perspective (NULL, d);
    }
  if (g_getenv ("FUZZ_VERBOSE"))
    {
      g_autofree char *text = gsk_layer_transform_to_string (t);

      note ("  root child-transform %s\n", text);
    }
  FUZZ_MAY_REFUSE (gsk_layer_set_child_transform (root, t));
  gsk_layer_transform_unref (t);
}

/* Whether the 3×3 pixels around (@x, @y) all have the colour @rgb */
static gboolean
neighbourhood_is (cairo_surface_t *image,
                  int              x,
                  int              y,
                  const guint8    *rgb)
{
  const guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);

  for (int j = y - 1; j <= y + 1; j++)
    for (int i = x - 1; i <= x + 1; i++)
      {
        const guint8 *p = data + j * stride + i * 4;

        /* ARGB32 in memory on little endian: B G R A */
        if (p[2] != rgb[0] || p[1] != rgb[1] || p[0] != rgb[2])
          return FALSE;
      }
  return TRUE;
}

/* Whether the pixel (@x, @y) of @data and its eight neighbours are alike */
static gboolean
uniform_at (const guint8 *data,
            int           stride,
            int           x,
            int           y)
{
  guint32 p = *((const guint32 *) (data + y * stride) + x);

  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      if (*((const guint32 *) (data + (y + j) * stride) + x + i) != p)
        return FALSE;
  return TRUE;
}

/* Where both images show an area of one colour (the pixel and its eight
 * neighbours alike in each: no edge, no cut, no sliver thinner than a
 * pixel, which the backends antialias differently), it is the same
 * colour, within INTERIOR_TOLERANCE */
static gboolean
interiors_agree (cairo_surface_t *a,
                 cairo_surface_t *b,
                 int             *out_x,
                 int             *out_y)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);

  for (int y = 1; y < FRAME_SIZE - 1; y++)
    for (int x = 1; x < FRAME_SIZE - 1; x++)
      {
        if (!uniform_at (da, sa, x, y) || !uniform_at (db, sb, x, y))
          continue;
        for (int c = 0; c < 4; c++)
          if (abs ((int) da[y * sa + x * 4 + c] - (int) db[y * sb + x * 4 + c]) > INTERIOR_TOLERANCE)
            {
              *out_x = x;
              *out_y = y;
              return FALSE;
            }
      }
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  FuzzBytes b = { data, MIN (size, FUZZ_MAX_INPUT), 0 };
  static const guint8 white[3] = { 0xff, 0xff, 0xff };
  GskLayer *root, *context, *planes[N_PLANES];
  GskLayerRenderer *renderer, *fresh;
  cairo_surface_t *target, *image;
  guint n_planes, i, frame;
  int x = 0, y = 0;

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (FRAME_SIZE, FRAME_SIZE));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  set_perspective (root, &b);

  context = gsk_layer_new ();
  gsk_layer_set_size (context, &GRAPHENE_SIZE_INIT (FRAME_SIZE, FRAME_SIZE));
  gsk_layer_set_transform_style (context, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  /* Its plane draws nothing: picked, it would hide what it is in front
   * of from the check below, rightly (as CSS hit-tests a transparent
   * box) */
  gsk_layer_set_reactive (context, FALSE);
  turn_plane (context, &b);
  gsk_layer_add_child (root, context);

  n_planes = 1 + fuzz_u8 (&b) % N_PLANES;
  for (i = 0; i < n_planes; i++)
    {
      guint8 flags = fuzz_u8 (&b);
      guint8 parent = fuzz_u8 (&b);
      GskLayer *plane = gsk_layer_new ();
      float w = 8 + fuzz_u8 (&b) % 48, h = 8 + fuzz_u8 (&b) % 48;
      const guint8 *rgb = palette[i];

      planes[i] = plane;
      gsk_layer_set_position (plane, &GRAPHENE_POINT_INIT ((int) (gint8) fuzz_u8 (&b) / 4 + 12,
                                                          (int) (gint8) fuzz_u8 (&b) / 4 + 12));
      gsk_layer_set_size (plane, &GRAPHENE_SIZE_INIT (w, h));
      gsk_layer_set_background_color (plane, &(GdkRGBA) { rgb[0] / 255.f, rgb[1] / 255.f, rgb[2] / 255.f, 1 });
      turn_plane (plane, &b);
      if (flags & 1)
        gsk_layer_set_transform_style (plane, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
      if (flags & 2)
        gsk_layer_set_backface_visibility (plane, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
      if (flags & 4)
        gsk_layer_set_clip_to_bounds (plane, TRUE);
      if ((flags & 0x18) == 0x18)
        gsk_layer_set_opacity (plane, 0.5f);
      gsk_layer_add_child (i > 0 && parent % (i + 1) < i ? planes[parent % (i + 1)] : context, plane);
      {
        graphene_point_t at;

        gsk_layer_get_position (plane, &at);
        note ("plane %u %p in %p: %gx%g at %g,%g, flags %x\n", i, (void *) plane,
              (void *) gsk_layer_get_parent (plane), w, h, at.x, at.y, flags);
      }
    }

  renderer = gsk_layer_software_renderer_new ();
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, FRAME_SIZE, FRAME_SIZE);
  for (frame = 0; frame < MAX_FRAMES; frame++)
    {
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      fuzz_check_damage_error (renderer);
      /* (The last frame shows the last change) */
      if (!fuzz_bytes_left (&b) || frame == MAX_FRAMES - 1)
        break;

      /* A change for the next frame */
      {
        guint8 op = fuzz_u8 (&b);
        GskLayer *plane = planes[fuzz_u8 (&b) % n_planes];

        note ("frame %u, then change %u on %p\n", frame, op % 6, (void *) plane);
        switch (op % 6)
          {
          case 0:
            turn_plane (plane, &b);
            break;
          case 1:
            turn_plane (context, &b);
            break;
          case 2:
            gsk_layer_set_transform_style (plane, gsk_layer_get_transform_style (plane) ==
                                                  GSK_LAYER_TRANSFORM_STYLE_FLAT
                                                  ? GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D
                                                  : GSK_LAYER_TRANSFORM_STYLE_FLAT);
            break;
          case 3:
            gsk_layer_set_visible (plane, !gsk_layer_get_visible (plane));
            break;
          case 4:
            gsk_layer_set_z_position (plane, (gint8) fuzz_u8 (&b));
            break;
          default:
            set_perspective (root, &b);
            break;
          }
      }
    }

  fresh = gsk_layer_software_renderer_new ();
  image = gsk_layer_renderer_render_to_surface (fresh, root, FRAME_SIZE, FRAME_SIZE);
  if (fuzz_compare_images (target, image, &x, &y) > fuzz_tolerance (TOLERANCE))
    {
      fprintf (stderr, "fuzz-3d: at %d,%d\n", x, y);
      /* FUZZ_DUMP=DIR: the two frames, to look at */
      if (g_getenv ("FUZZ_DUMP"))
        {
          g_autofree char *a = g_build_filename (g_getenv ("FUZZ_DUMP"), "incremental.png", NULL);
          g_autofree char *f = g_build_filename (g_getenv ("FUZZ_DUMP"), "fresh.png", NULL);

          cairo_surface_write_to_png (target, a);
          cairo_surface_write_to_png (image, f);
        }
      fail ("the last frame differs from one drawn from scratch");
    }

  if (gl_renderer != NULL)
    {
      cairo_surface_t *gl = gsk_layer_renderer_render_to_surface (gl_renderer, root, FRAME_SIZE, FRAME_SIZE);

      cairo_surface_flush (gl);
      if (!interiors_agree (gl, image, &x, &y))
        {
          fprintf (stderr, "fuzz-3d: at %d,%d\n", x, y);
          if (g_getenv ("FUZZ_DUMP"))
            {
              g_autofree char *a = g_build_filename (g_getenv ("FUZZ_DUMP"), "gl.png", NULL);
              g_autofree char *f = g_build_filename (g_getenv ("FUZZ_DUMP"), "fresh.png", NULL);

              cairo_surface_write_to_png (gl, a);
              cairo_surface_write_to_png (image, f);
            }
          fail ("GL and software differ inside an area of one colour");
        }
      cairo_surface_destroy (gl);
    }

  /* Picking agrees with drawing, away from edges and cuts */
  cairo_surface_flush (image);
  for (i = 0; i < 6 && fuzz_bytes_left (&b); i++)
    {
      int px = 1 + fuzz_u8 (&b) % (FRAME_SIZE - 2), py = 1 + fuzz_u8 (&b) % (FRAME_SIZE - 2);
      GskLayer *picked = gsk_layer_pick (root, px + 0.5f, py + 0.5f);
      guint j;

      if (neighbourhood_is (image, px, py, white))
        {
          for (j = 0; j < n_planes; j++)
            if (picked == planes[j])
              {
                fprintf (stderr, "fuzz-3d: at %d,%d plane %u is picked\n", px, py, j);
                if (g_getenv ("FUZZ_DUMP"))
                  {
                    g_autofree char *f = g_build_filename (g_getenv ("FUZZ_DUMP"), "fresh.png", NULL);

                    cairo_surface_write_to_png (image, f);
                  }
                fail ("a plane is picked where the background shows");
              }
          continue;
        }
      for (j = 0; j < n_planes; j++)
        if (neighbourhood_is (image, px, py, palette[j]) && picked != planes[j])
          {
            fprintf (stderr, "fuzz-3d: at %d,%d plane %u shows, %s is picked\n", px, py, j,
                     picked == NULL ? "nothing" : picked == root ? "the root" : "another layer");
            fail ("picking disagrees with drawing");
          }
    }

  cairo_surface_destroy (image);
  g_object_unref (fresh);
  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_object_unref (root);
  return 0;
}
