/* fuzz-layout.c: layout managers, constraints and text under hostile
 * values
 *
 * The input is a program, byte by byte, over a pool of layers (some of
 * them text layers): it gives layers every layout manager (box, bin,
 * grid with spans, flow, fixed) with their properties, constraints of
 * every kind between any two layers (circles included), margins,
 * alignments, expansion, preferred sizes, texts and fonts from the
 * input, and animates sizes and positions on a manual clock, with
 * frames between. After each frame every layer's position and size
 * must be finite and within GSK_LAYER_MAX_COORDINATE, and each layout
 * pass must end (libFuzzer's timeout). The only CRITICAL layout may
 * print itself is the documented one for constraints that read each
 * other in a circle, or one that reads a layer that is neither parent
 * nor sibling; the fuzzer's invalid arguments are refused as
 * everywhere (fuzz-common.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"
#include "../font-caches.h"

#define FUZZ_MAX_INPUT 4096
#define N_LAYERS 8
#define FRAME_SIZE 48
#define MAX_OPS 160
/* Per channel, out of 255: rounding, as fuzz-tree allows */
#define TOLERANCE 2

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  static const char * const fonts[] = { "Sans 12", "Serif Bold 30", "Monospace 0.1", "Sans 400", "" };
  GskLayerRenderer *renderer;

  fuzz_setup ();
  fuzz_constraint_warnings_expected = 1;

  /* Fontconfig and Pango fill their caches at the first text they meet
   * and keep them: before the first input, or LeakSanitizer would blame
   * that input */
  renderer = gsk_layer_software_renderer_new ();
  for (guint i = 0; i < G_N_ELEMENTS (fonts); i++)
    {
      GskLayer *text = g_object_ref_sink (gsk_layer_text_new ("Layout ÀÉ 文字 ✓"));
      cairo_surface_t *target;

      gsk_layer_text_set_font (GSK_LAYER_TEXT (text), fonts[i]);
      target = gsk_layer_renderer_render_to_surface (renderer, text, 48, 48);
      cairo_surface_destroy (target);
      g_object_unref (text);
    }
  g_object_unref (renderer);
  /* And freed at exit, where LeakSanitizer looks */
  atexit (free_font_caches);
  return 0;
}

typedef struct {
  GskLayer *layers[N_LAYERS];
  GskLayerFrameClock *clock;
  GskLayerRenderer *renderer;
  cairo_surface_t *target;      /* drawn incrementally, frame after frame */
  FuzzBytes *b;
} Layout;

static GskLayer *
pick (Layout *l)
{
  return l->layers[fuzz_u8 (l->b) % N_LAYERS];
}

/* Positions and sizes from ordinary to the limits and past them */
static float
length (Layout *l)
{
  static const float values[] = {
    0.f, 1.f, 10.f, 33.5f, 100.f, -20.f, 1e4f, 16777215.f, 16777216.f, -16777216.f, 0.25f, 400.f,
  };
  guint8 k = fuzz_u8 (l->b);

  return k < 0xe0 ? values[k % G_N_ELEMENTS (values)] : fuzz_float (l->b);
}

static void
check_geometry (Layout *l)
{
  for (guint i = 0; i < N_LAYERS; i++)
    {
      graphene_point_t p;
      graphene_size_t s;
      graphene_size_t min, nat;

      gsk_layer_get_position (l->layers[i], &p);
      gsk_layer_get_size (l->layers[i], &s);
      gsk_layer_get_preferred_size (l->layers[i], &min, &nat);
      if (!(fabsf (p.x) <= GSK_LAYER_MAX_COORDINATE && fabsf (p.y) <= GSK_LAYER_MAX_COORDINATE) ||
          !(s.width >= 0 && s.width <= GSK_LAYER_MAX_COORDINATE &&
            s.height >= 0 && s.height <= GSK_LAYER_MAX_COORDINATE) ||
          !(min.width >= 0 && min.width <= nat.width && nat.width <= GSK_LAYER_MAX_COORDINATE &&
            min.height >= 0 && min.height <= nat.height && nat.height <= GSK_LAYER_MAX_COORDINATE))
        {
          fprintf (stderr, "fuzz-layout: layer %u at %g,%g sized %gx%g, asks %gx%g to %gx%g\n", i,
                   p.x, p.y, s.width, s.height, min.width, min.height, nat.width, nat.height);
          abort ();
        }
    }
}

static void
frame (Layout *l)
{
  cairo_region_t *damage = gsk_layer_renderer_render (l->renderer, l->layers[0], l->target);

  g_clear_pointer (&damage, cairo_region_destroy);
  fuzz_check_damage_error (l->renderer);
  check_geometry (l);
}

static void
set_manager (Layout   *l,
             GskLayer *layer)
{
  GskLayerLayoutManager *manager = NULL;
  guint8 k = fuzz_u8 (l->b);
  GskLayerOrientation orientation = k & 0x10 ? GSK_LAYER_ORIENTATION_VERTICAL : GSK_LAYER_ORIENTATION_HORIZONTAL;

  switch (k % 7)
    {
    case 0: manager = gsk_layer_box_layout_new (orientation); break;
    case 1: manager = gsk_layer_bin_layout_new (); break;
    case 2: manager = gsk_layer_grid_layout_new (); break;
    case 3: manager = gsk_layer_flow_layout_new (orientation); break;
    case 4: manager = gsk_layer_fixed_layout_new (); break;
    default: break;
    }
  if (manager && GSK_IS_LAYER_BOX_LAYOUT (manager))
    {
      FUZZ_MAY_REFUSE (gsk_layer_box_layout_set_spacing (GSK_LAYER_BOX_LAYOUT (manager), length (l)));
      gsk_layer_box_layout_set_homogeneous (GSK_LAYER_BOX_LAYOUT (manager), (k & 0x20) != 0);
    }
  if (manager && GSK_IS_LAYER_GRID_LAYOUT (manager))
    FUZZ_MAY_REFUSE (g_object_set (manager, "column-spacing", length (l), "row-spacing", length (l),
                                   "column-homogeneous", (gboolean) ((k & 0x20) != 0), NULL));
  FUZZ_MAY_REFUSE (gsk_layer_set_layout_manager (layer, manager));
  g_clear_object (&manager);
}

static void
add_constraint (Layout   *l,
                GskLayer *layer)
{
  GskLayer *source = pick (l);
  GskLayerConstraint *constraint = NULL;
  guint8 k = fuzz_u8 (l->b);
  float value = length (l);

  switch (k % 4)
    {
    case 0:
      FUZZ_MAY_REFUSE (constraint = gsk_layer_bind_constraint_new (source, (k >> 2) % 7, value));
      break;
    case 1:
      FUZZ_MAY_REFUSE (constraint = gsk_layer_align_constraint_new (source, (k >> 2) & 1, fuzz_float (l->b)));
      break;
    case 2:
      FUZZ_MAY_REFUSE (constraint = gsk_layer_snap_constraint_new (source, (k >> 2) % 4, (k >> 4) % 4, value));
      break;
    default:
      {
        GList *list = gsk_layer_get_constraints (layer);

        if (list)
          gsk_layer_remove_constraint (layer, list->data);
        g_list_free (list);
      }
      return;
    }
  if (constraint)
    {
      FUZZ_MAY_REFUSE (gsk_layer_add_constraint (layer, constraint));
      g_object_unref (constraint);
    }
}

static void
animate (Layout   *l,
         GskLayer *layer)
{
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 50 + fuzz_u8 (l->b) * 4);
  if (fuzz_u8 (l->b) & 1)
    FUZZ_MAY_REFUSE (gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (length (l), length (l))));
  else
    FUZZ_MAY_REFUSE (gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (length (l), length (l))));
  gsk_layer_restore_easing_state (layer);
}

static void
run_op (Layout *l)
{
  GskLayer *layer = pick (l);
  guint8 op = fuzz_u8 (l->b);

  switch (op % 14)
    {
    case 0:
      {
        /* A child anywhere, cycles refused */
        GskLayer *parent = pick (l);

        if (layer == l->layers[0])
          break;
        g_object_ref (layer);
        if (gsk_layer_get_parent (layer))
          gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
        FUZZ_MAY_REFUSE (gsk_layer_add_child (parent, layer));
        g_object_unref (layer);
      }
      break;
    case 1: set_manager (l, layer); break;
    case 2: add_constraint (l, layer); break;
    case 3:
      FUZZ_MAY_REFUSE (gsk_layer_set_margin (layer, length (l), length (l), length (l), length (l)));
      break;
    case 4:
      gsk_layer_set_x_align (layer, fuzz_u8 (l->b) % 4);
      gsk_layer_set_y_align (layer, fuzz_u8 (l->b) % 4);
      gsk_layer_set_x_expand (layer, fuzz_u8 (l->b) & 1);
      gsk_layer_set_y_expand (layer, fuzz_u8 (l->b) & 1);
      break;
    case 5:
      FUZZ_MAY_REFUSE (gsk_layer_set_preferred_size (layer, &GRAPHENE_SIZE_INIT (length (l), length (l))));
      break;
    case 6:
      {
        GskLayerLayoutManager *manager = gsk_layer_get_layout_manager (gsk_layer_get_parent (layer) ? gsk_layer_get_parent (layer) : layer);

        if (manager && GSK_IS_LAYER_GRID_LAYOUT (manager))
          FUZZ_MAY_REFUSE (gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (manager), layer,
                                                         fuzz_u8 (l->b) % 5, fuzz_u8 (l->b) % 5,
                                                         fuzz_u8 (l->b) % 4, fuzz_u8 (l->b) % 4));
      }
      break;
    case 7:
      if (GSK_IS_LAYER_TEXT (layer))
        {
          char *text = fuzz_string (l->b, 48);

          if (g_utf8_validate (text, -1, NULL))
            gsk_layer_text_set_text (GSK_LAYER_TEXT (layer), text);
          g_free (text);
        }
      break;
    case 8:
      if (GSK_IS_LAYER_TEXT (layer))
        {
          static const char * const fonts[] = { "Sans 12", "Serif Bold 30", "Monospace 0.1", "Sans 400", "" };

          gsk_layer_text_set_font (GSK_LAYER_TEXT (layer), fonts[fuzz_u8 (l->b) % G_N_ELEMENTS (fonts)]);
          gsk_layer_text_set_wrap (GSK_LAYER_TEXT (layer), fuzz_u8 (l->b) % 4);
        }
      break;
    case 9:
    case 10:
      animate (l, layer);
      break;
    case 11:
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (l->clock), 1000 * (1 + fuzz_u8 (l->b) * 4));
      break;
    case 12:
      gsk_layer_set_visible (layer, !gsk_layer_get_visible (layer));
      break;
    default:
      frame (l);
      break;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  FuzzBytes bytes = { data, MIN (size, FUZZ_MAX_INPUT), 0 };
  Layout l = { { 0 } };
  GskLayerRenderer *fresh;
  cairo_surface_t *image;
  int x = 0, y = 0;

  l.b = &bytes;
  l.clock = gsk_layer_manual_clock_new ();
  l.renderer = gsk_layer_software_renderer_new ();
  l.target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, FRAME_SIZE, FRAME_SIZE);
  for (guint i = 0; i < N_LAYERS; i++)
    {
      l.layers[i] = g_object_ref_sink (i % 3 == 2 ? gsk_layer_text_new ("Layout") : gsk_layer_new ());
      gsk_layer_set_background_color (l.layers[i], &(GdkRGBA) { 0.2f * (i % 5), 0.5f, 0.8f, 1 });
      if (i > 0)
        gsk_layer_add_child (l.layers[fuzz_u8 (&bytes) % i], l.layers[i]);
    }
  gsk_layer_set_size (l.layers[0], &GRAPHENE_SIZE_INIT (FRAME_SIZE, FRAME_SIZE));
  gsk_layer_set_frame_clock (l.layers[0], l.clock);

  for (guint n = 0; n < MAX_OPS && fuzz_bytes_left (&bytes); n++)
    run_op (&l);
  /* Two frames with nothing changed between them, the second as a
   * fresh renderer draws it all */
  frame (&l);
  frame (&l);
  fresh = gsk_layer_software_renderer_new ();
  image = gsk_layer_renderer_render_to_surface (fresh, l.layers[0], FRAME_SIZE, FRAME_SIZE);
  if (image != NULL && fuzz_compare_images (l.target, image, &x, &y) > fuzz_tolerance (TOLERANCE))
    {
      fprintf (stderr, "fuzz-layout: the last frame differs from one drawn from scratch at %d,%d\n", x, y);
      abort ();
    }
  g_clear_pointer (&image, cairo_surface_destroy);
  g_object_unref (fresh);

  for (guint i = 0; i < N_LAYERS; i++)
    {
      gsk_layer_remove_all_children (l.layers[i]);
      if (gsk_layer_get_parent (l.layers[i]))
        gsk_layer_remove_child (gsk_layer_get_parent (l.layers[i]), l.layers[i]);
    }
  for (guint i = 0; i < N_LAYERS; i++)
    g_object_unref (l.layers[i]);
  g_object_unref (l.renderer);
  cairo_surface_destroy (l.target);
  g_object_unref (l.clock);

  return 0;
}
