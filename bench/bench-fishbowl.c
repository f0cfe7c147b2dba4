/* bench-fishbowl.c: the software backend against plain cairo
 *
 * N 64×64 icons move and rotate over a 1024×768 surface, half of them
 * at opacity 0.7. Each frame moves every icon, then GSK renders it
 * (software backend, with its damage tracking), and plain cairo draws
 * the same frame from scratch. Prints the median frame time of each and
 * their ratio, for N = 100, 1000, 10000.
 *
 * Usage: bench-fishbowl [FRAMES]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsklayer.h>

#define W 1024
#define H 768
#define ICON 64

typedef struct {
  float x, y, vx, vy, angle, spin;
} Fish;

static cairo_surface_t *
make_icon (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ICON, ICON);
  cairo_t *cr = cairo_create (s);
  cairo_pattern_t *p = cairo_pattern_create_radial (24, 22, 4, 32, 32, 30);

  cairo_pattern_add_color_stop_rgba (p, 0, 1, 0.9, 0.5, 1);
  cairo_pattern_add_color_stop_rgba (p, 1, 0.9, 0.3, 0.1, 0.95);
  cairo_arc (cr, 32, 32, 30, 0, 2 * G_PI);
  cairo_set_source (cr, p);
  cairo_fill (cr);
  cairo_rectangle (cr, 20, 28, 24, 8);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_fill (cr);
  cairo_pattern_destroy (p);
  cairo_destroy (cr);
  cairo_surface_flush (s);

  return s;
}

static void
fish_init (Fish  *fish,
           int    n,
           GRand *rand)
{
  int i;

  for (i = 0; i < n; i++)
    {
      fish[i].x = g_rand_double_range (rand, 0, W - ICON);
      fish[i].y = g_rand_double_range (rand, 0, H - ICON);
      fish[i].vx = g_rand_double_range (rand, -3, 3);
      fish[i].vy = g_rand_double_range (rand, -3, 3);
      fish[i].angle = g_rand_double_range (rand, 0, 360);
      fish[i].spin = g_rand_double_range (rand, -4, 4);
    }
}

static void
fish_step (Fish *fish,
           int   n)
{
  int i;

  for (i = 0; i < n; i++)
    {
      Fish *f = &fish[i];

      f->x += f->vx;
      f->y += f->vy;
      if (f->x < 0 || f->x > W - ICON)
        f->vx = -f->vx;
      if (f->y < 0 || f->y > H - ICON)
        f->vy = -f->vy;
      f->angle = fmodf (f->angle + f->spin, 360);
    }
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v,
        int     n)
{
  qsort (v, n, sizeof (double), compare_double);
  return v[n / 2];
}

static double
run_gsk (int              n,
         int              frames,
         cairo_surface_t *icon)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayerContent *content = gsk_layer_image_content_new (icon);
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer **layers = g_new (GskLayer *, n);
  Fish *fish = g_new (Fish, n);
  double *times = g_new (double, frames);
  GRand *rand = g_rand_new_with_seed (42);
  GdkRGBA white = { 1, 1, 1, 1 };
  double result;
  int i, frame;

  gsk_layer_renderer_set_clear_color (renderer, &white);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  fish_init (fish, n, rand);
  for (i = 0; i < n; i++)
    {
      layers[i] = gsk_layer_new ();
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (ICON, ICON));
      gsk_layer_set_content (layers[i], content);
      if (i % 2)
        gsk_layer_set_opacity (layers[i], 0.7f);
      gsk_layer_add_child (root, layers[i]);
    }

  for (frame = -2; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_region_t *damage;

      fish_step (fish, n);
      for (i = 0; i < n; i++)
        {
          GskLayerTransform *t = gsk_layer_transform_rotate (NULL, fish[i].angle);

          gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT (fish[i].x, fish[i].y));
          gsk_layer_set_transform (layers[i], t);
          gsk_layer_transform_unref (t);
        }
      damage = gsk_layer_renderer_render (renderer, root, target);
      cairo_region_destroy (damage);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  if (g_getenv ("BENCH_FISHBOWL_PNG"))
    cairo_surface_write_to_png (target, g_getenv ("BENCH_FISHBOWL_PNG"));

  result = median (times, frames);

  g_object_unref (root);
  g_object_unref (content);
  g_object_unref (renderer);
  cairo_surface_destroy (target);
  g_rand_free (rand);
  g_free (layers);
  g_free (fish);
  g_free (times);

  return result;
}

static double
run_cairo (int              n,
           int              frames,
           cairo_surface_t *icon)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  Fish *fish = g_new (Fish, n);
  double *times = g_new (double, frames);
  GRand *rand = g_rand_new_with_seed (42);
  double result;
  int i, frame;

  fish_init (fish, n, rand);
  for (frame = -2; frame < frames; frame++)
    {
      gint64 t0 = g_get_monotonic_time ();
      cairo_t *cr = cairo_create (target);

      fish_step (fish, n);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      for (i = 0; i < n; i++)
        {
          cairo_save (cr);
          cairo_translate (cr, fish[i].x + ICON / 2.0, fish[i].y + ICON / 2.0);
          cairo_rotate (cr, fish[i].angle * G_PI / 180);
          cairo_translate (cr, -ICON / 2.0, -ICON / 2.0);
          cairo_set_source_surface (cr, icon, 0, 0);
          cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
          if (i % 2)
            cairo_paint_with_alpha (cr, 0.7);
          else
            cairo_paint (cr);
          cairo_restore (cr);
        }
      cairo_destroy (cr);
      cairo_surface_flush (target);
      if (frame >= 0)
        times[frame] = (g_get_monotonic_time () - t0) / 1000.0;
    }

  result = median (times, frames);
  cairo_surface_destroy (target);
  g_rand_free (rand);
  g_free (fish);
  g_free (times);

  return result;
}

int
main (int    argc,
      char **argv)
{
  static const int counts[] = { 100, 1000, 10000 };
  int frames = argc > 1 ? atoi (argv[1]) : 30;
  cairo_surface_t *icon = make_icon ();
  guint i;

  if (frames < 1)
    frames = 30;

  printf ("fishbowl: N 64x64 icons moving and rotating over %dx%d, half at opacity 0.7\n", W, H);
  printf ("median of %d frames; ratio > 1 means GSK is faster\n\n", frames);
  printf ("%8s %16s %16s %10s %12s\n", "N", "gsk software ms", "plain cairo ms", "ratio", "gsk fps");
  for (i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      double g = run_gsk (counts[i], frames, icon);
      double c = run_cairo (counts[i], frames, icon);

      printf ("%8d %16.2f %16.2f %10.2f %12.1f\n", counts[i], g, c, c / g, 1000.0 / g);
      fflush (stdout);
    }

  cairo_surface_destroy (icon);
  return 0;
}
