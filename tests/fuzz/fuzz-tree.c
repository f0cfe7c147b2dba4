/* fuzz-tree.c: random sequences of operations on a layer tree
 *
 * The input is a program, byte by byte, over a pool of layers (the
 * first is the root of the frames): every setter with NaN, infinite,
 * huge and negative values; add, insert, remove and replace children,
 * with cycles and layers that already have a parent; masks and a
 * clone's source set and changed; a page turn's period, angle, radius,
 * tiles and back (issue 32), any value; edits while a
 * GskLayerIter visits the children, through it and behind its back, and
 * inside gsk_layer_traverse(); picks; mapping points; and 64×64 frames
 * with the software renderer.
 *
 * Every frame is drawn incrementally into one surface by one renderer,
 * with GSK_LAYER_DEBUG=check-damage (each damaged frame is compared
 * with a full redraw of the same render list). Some frames, and the
 * last, are also compared with a frame drawn from scratch by a fresh
 * renderer: differences beyond TOLERANCE abort. So does a pick that
 * gives another answer right after a frame with no change to the tree,
 * or a picked layer outside the tree. The invalid calls are expected to
 * be refused with a CRITICAL; one from a frame or a pick aborts
 * (fuzz-common.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fuzz-common.h"

#define FUZZ_MAX_INPUT 4096
#define FRAME_SIZE 64
#define N_LAYERS 8
#define MAX_FRAMES 24
/* Per channel, out of 255: rounding, not a misplaced pixel */
#define TOLERANCE 2

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_setup ();
  return 0;
}

typedef struct {
  GskLayer *layers[N_LAYERS];
  GskLayerRenderer *renderer;
  cairo_surface_t *target;
  guint n_frames;
  FuzzBytes *b;
} Tree;

static GskLayer *
pick_layer (Tree *tree)
{
  return tree->layers[fuzz_u8 (tree->b) % N_LAYERS];
}

/* Any layer but the root of the frames, which stays a top level */
static GskLayer *
pick_child_layer (Tree *tree)
{
  return tree->layers[1 + fuzz_u8 (tree->b) % (N_LAYERS - 1)];
}

/* {{{ Frames and picks */

static void
full_redraw_check (Tree *tree)
{
  GskLayerRenderer *fresh = gsk_layer_software_renderer_new ();
  cairo_surface_t *image;
  int x = 0, y = 0, diff;

  image = gsk_layer_renderer_render_to_surface (fresh, tree->layers[0], FRAME_SIZE, FRAME_SIZE);
  diff = fuzz_compare_images (tree->target, image, &x, &y);
  if (diff > fuzz_tolerance (TOLERANCE))
    {
      fprintf (stderr, "fuzz-tree: frame %u differs from a full redraw by a fresh renderer "
               "by %d at %d,%d\n", tree->n_frames, diff, x, y);
      abort ();
    }

  cairo_surface_destroy (image);
  g_object_unref (fresh);
}

/* The tree as a scene file, to reproduce a finding by hand */
static void
dump_tree (GskLayer *root)
{
  GskLayerScene *scene;
  char *text;

  if (gsk_layer_get_parent (root) != NULL)
    return;
  scene = gsk_layer_scene_new (root, FRAME_SIZE, FRAME_SIZE);
  text = gsk_layer_scene_to_data (scene, NULL);
  fprintf (stderr, "%s", text);
  g_free (text);
  g_object_unref (scene);
}

static void
frame (Tree     *tree,
       gboolean  compare)
{
  cairo_region_t *damage;

  /* FUZZ_TREE_TRACE=1 prints the tree before each frame */
  if (g_getenv ("FUZZ_TREE_TRACE"))
    dump_tree (tree->layers[0]);

  damage = gsk_layer_renderer_render (tree->renderer, tree->layers[0], tree->target);
  cairo_region_destroy (damage);
  fuzz_check_damage_error (tree->renderer);
  tree->n_frames++;

  /* The fresh renderer takes the root over, so the next frame of
   * tree->renderer is a full one: compare only now and then */
  if (compare)
    full_redraw_check (tree);
}

static void
pick (Tree *tree)
{
  float x = fuzz_u8 (tree->b) % 2 ? fuzz_float (tree->b) : (fuzz_u8 (tree->b) % FRAME_SIZE) + 0.5f;
  float y = fuzz_u8 (tree->b) % 2 ? fuzz_float (tree->b) : (fuzz_u8 (tree->b) % FRAME_SIZE) + 0.5f;
  GskLayer *root = tree->layers[0];
  GskLayer *before, *after;

  if (isnan (x) || isnan (y))
    {
      FUZZ_MAY_REFUSE (gsk_layer_pick (root, x, y));
      return;
    }

  before = gsk_layer_pick (root, x, y);
  if (before && before != root && !gsk_layer_contains (root, before))
    {
      fprintf (stderr, "fuzz-tree: pick (%g, %g) gave a layer outside the tree\n", x, y);
      abort ();
    }

  /* A frame changes nothing in the tree, so nothing in the answer */
  frame (tree, FALSE);
  after = gsk_layer_pick (root, x, y);
  if (before != after)
    {
      fprintf (stderr, "fuzz-tree: pick (%g, %g) gave %s (%p) before a frame and %s (%p) after it\n",
               x, y, before ? gsk_layer_get_name (before) : "nothing", before,
               after ? gsk_layer_get_name (after) : "nothing", after);
      dump_tree (root);
      abort ();
    }
}

/* }}} */
/* {{{ Setters */

static GskLayerTransform *
pick_transform (FuzzBytes *b)
{
  static const char * const texts[] = {
    "none", "rotate(45deg)", "perspective(100px) rotateY(60deg)", "scale(1e30)",
    "translate(0, 1e38px) scale(10) translate(0, 1e38px)", "scale3d(4.5e-7, 57, -1) skew(-6deg, 56deg)",
    "matrix(0, 0, 0, 0, 0, 0)", "perspective(1px) translateZ(0.999px)", "rotateX(90deg)",
    "scale(-1, 1)", "translate(1e10px, 0)",
  };
  GskLayerTransform *t = NULL;
  guint8 k = fuzz_u8 (b);

  if (k < 0x80)
    {
      gsk_layer_transform_parse (texts[k % G_N_ELEMENTS (texts)], &t, NULL);
      return t;
    }

  fuzz_may_refuse++;
  for (guint i = 0, n = k % 4; i < n; i++)
    {
      switch (fuzz_u8 (b) % 8)
        {
        case 0: t = gsk_layer_transform_translate (t, fuzz_float (b), fuzz_float (b)); break;
        case 1: t = gsk_layer_transform_translate_3d (t, fuzz_float (b), fuzz_float (b), fuzz_float (b)); break;
        case 2: t = gsk_layer_transform_scale (t, fuzz_float (b), fuzz_float (b)); break;
        case 3: t = gsk_layer_transform_scale_3d (t, fuzz_float (b), fuzz_float (b), fuzz_float (b)); break;
        case 4: t = gsk_layer_transform_rotate (t, fuzz_float (b)); break;
        case 5: t = gsk_layer_transform_skew (t, fuzz_float (b), fuzz_float (b)); break;
        case 6: t = gsk_layer_transform_perspective (t, fuzz_float (b)); break;
        default:
          {
            graphene_vec3_t axis;

            graphene_vec3_init (&axis, fuzz_float (b), fuzz_float (b), fuzz_float (b));
            t = gsk_layer_transform_rotate_3d (t, fuzz_float (b), &axis);
          }
          break;
        }
    }
  fuzz_may_refuse--;

  return t;
}

static GskLayerContent *
pick_content (FuzzBytes *b)
{
  guint8 k = fuzz_u8 (b);

  if (k % 3 == 0)
    return NULL;
  if (k % 3 == 1)
    return gsk_layer_color_content_new (&(GdkRGBA) { (k >> 2) / 63.f, 0.3f, 0.6f, (k & 0x80) ? 0.5f : 1.f });
  else
    {
      int w = fuzz_u8 (b) % 8 + 1, h = fuzz_u8 (b) % 8 + 1;
      cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cairo_t *cr = cairo_create (s);
      GskLayerContent *content;

      cairo_set_source_rgba (cr, 0.9, k / 255., 0.1, 0.8);
      cairo_paint (cr);
      cairo_set_source_rgb (cr, 0, 0, 1);
      cairo_rectangle (cr, 0, 0, w / 2., h / 2.);
      cairo_fill (cr);
      cairo_destroy (cr);
      content = gsk_layer_image_content_new (s);
      cairo_surface_destroy (s);
      return content;
    }
}

static void
set_something (Tree     *tree,
               GskLayer *layer)
{
  FuzzBytes *b = tree->b;
  GskLayerTransform *t;
  GskLayerContent *content;

  fuzz_may_refuse++;
  switch (fuzz_u8 (b) % 15)
    {
    case 0: gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (fuzz_float (b), fuzz_float (b))); break;
    case 1: gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (fuzz_float (b), fuzz_float (b))); break;
    case 2:
      gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (fuzz_float (b), fuzz_float (b), fuzz_float (b)));
      break;
    case 3:
      t = pick_transform (b);
      gsk_layer_set_transform (layer, t);
      g_clear_pointer (&t, gsk_layer_transform_unref);
      break;
    case 4:
      t = pick_transform (b);
      gsk_layer_set_child_transform (layer, t);
      g_clear_pointer (&t, gsk_layer_transform_unref);
      break;
    case 5: gsk_layer_set_z_position (layer, fuzz_float (b)); break;
    case 6: gsk_layer_set_opacity (layer, fuzz_float (b)); break;
    case 7: gsk_layer_set_corner_radius (layer, fuzz_float (b)); break;
    case 8:
      if (fuzz_u8 (b) % 4 == 0)
        gsk_layer_set_background_color (layer, NULL);
      else
        gsk_layer_set_background_color (layer, &(GdkRGBA) { fuzz_float (b), fuzz_float (b),
                                                            fuzz_float (b), fuzz_float (b) });
      break;
    case 9: gsk_layer_set_blend_mode (layer, fuzz_u8 (b) % 18); break;
    case 10:
      {
        guint8 k = fuzz_u8 (b);

        gsk_layer_set_visible (layer, k & 1);
        gsk_layer_set_clip_to_bounds (layer, k & 2);
        gsk_layer_set_reactive (layer, k & 4);
        /* 3D rendering contexts: planes ordered and cut by depth */
        gsk_layer_set_transform_style (layer, k & 8 ? GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D
                                                    : GSK_LAYER_TRANSFORM_STYLE_FLAT);
        gsk_layer_set_backface_visibility (layer, k & 16 ? GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN
                                                         : GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE);
      }
      break;
    case 11:
      content = pick_content (b);
      gsk_layer_set_content (layer, content);
      g_clear_object (&content);
      break;
    case 12:
      {
        cairo_rectangle_int_t area = { (gint8) fuzz_u8 (b), (gint8) fuzz_u8 (b), fuzz_u8 (b), fuzz_u8 (b) };

        if (fuzz_u8 (b) & 1)
          gsk_layer_invalidate_content (layer);
        else
          gsk_layer_queue_redraw (layer, &area);
      }
      break;
    case 13:
      {
        /* Filters, which the software renderer keeps for groups that
         * only move, and borders */
        static const char * const styles[] = {
          "",
          "filter: blur(2px)",
          "filter: blur(7px) grayscale(0.5)",
          "filter: drop-shadow(3px 4px 2px rgba(0, 0, 0, 0.6))",
          "filter: opacity(0.5) blur(1px)",
          "border: 3px solid #e01b24; border-radius: 6px; filter: blur(1px)",
          "backdrop-filter: blur(3px)",
        };

        gsk_layer_set_style_from_string (layer, styles[fuzz_u8 (b) % G_N_ELEMENTS (styles)], NULL);
      }
      break;
    default:
      {
        GskLayer *target = fuzz_u8 (b) & 1 ? NULL : pick_layer (tree);
        graphene_point_t p = GRAPHENE_POINT_INIT (fuzz_float (b), fuzz_float (b)), out;
        graphene_matrix_t m;
        graphene_rect_t bounds;

        /* Queries: they must not change what is drawn */
        gsk_layer_map_point (layer, target, &p, &out);
        gsk_layer_compute_transform (layer, target, &m);
        gsk_layer_get_transformed_bounds (layer, target, &bounds);
      }
      break;
    }
  fuzz_may_refuse--;
}

/* }}} */
/* {{{ Tree edits */

static void
edit_tree (Tree *tree)
{
  FuzzBytes *b = tree->b;
  GskLayer *a = pick_layer (tree), *c = pick_child_layer (tree), *d = pick_child_layer (tree);

  fuzz_may_refuse++;
  switch (fuzz_u8 (b) % 10)
    {
    case 0: gsk_layer_add_child (a, c); break;
    case 1: gsk_layer_insert_child_at_index (a, c, (gint8) fuzz_u8 (b)); break;
    case 2: gsk_layer_insert_child_above (a, c, fuzz_u8 (b) & 1 ? NULL : d); break;
    case 3: gsk_layer_insert_child_below (a, c, fuzz_u8 (b) & 1 ? NULL : d); break;
    case 4: gsk_layer_remove_child (a, c); break;
    case 5: gsk_layer_replace_child (a, c, d); break;
    /* Masks and clones: cycles, layers with parents, the pool's clone
     * showing any layer (issue 32) */
    case 6: gsk_layer_set_mask (a, fuzz_u8 (b) & 1 ? NULL : c); break;
    case 7: gsk_layer_clone_set_source (GSK_LAYER_CLONE (tree->layers[N_LAYERS - 1]), fuzz_u8 (b) & 1 ? NULL : a); break;
    case 8:
      {
        /* The pool's page turn, deformed any way (refusals included) */
        GskLayerPageTurn *page = GSK_LAYER_PAGE_TURN (tree->layers[N_LAYERS - 2]);

        switch (fuzz_u8 (b) % 5)
          {
          case 0: gsk_layer_page_turn_set_period (page, fuzz_float (b)); break;
          case 1: gsk_layer_page_turn_set_angle (page, fuzz_float (b)); break;
          case 2: gsk_layer_page_turn_set_radius (page, fuzz_float (b)); break;
          case 3: gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (page), fuzz_u8 (b), fuzz_u8 (b) % 9); break;
          default:
            gsk_layer_deform_set_back_color (GSK_LAYER_DEFORM (page),
                                             fuzz_u8 (b) & 1 ? NULL : &(GdkRGBA) { 0.5f, 0.5f, 0.5f, fuzz_float (b) });
            break;
          }
      }
      break;
    default: gsk_layer_remove_all_children (a); break;
    }
  fuzz_may_refuse--;
}

static void
iterate (Tree *tree)
{
  FuzzBytes *b = tree->b;
  GskLayer *parent = pick_layer (tree), *child;
  GskLayerIter iter;
  gboolean backward = fuzz_u8 (b) & 1;

  fuzz_may_refuse++;
  gsk_layer_iter_init (&iter, parent);
  for (guint n = 0; n < 2 * N_LAYERS && (backward ? gsk_layer_iter_prev (&iter, &child)
                                                   : gsk_layer_iter_next (&iter, &child)); n++)
    {
      g_assert (gsk_layer_get_parent (child) == parent);

      switch (fuzz_u8 (b) % 6)
        {
        case 0: gsk_layer_iter_remove (&iter); break;
        case 1: set_something (tree, child); break;
        case 2: edit_tree (tree); break;                /* perhaps behind the iterator's back */
        case 3: gsk_layer_add_child (child, pick_child_layer (tree)); break;
        case 4: backward = !backward; break;
        default: break;
        }
    }
  fuzz_may_refuse--;
}

typedef struct {
  Tree *tree;
  guint budget;
} TraverseData;

static GskLayerTraverseResult
traverse_func (GskLayer *layer,
               int       depth,
               gpointer  user_data)
{
  TraverseData *data = user_data;
  guint8 k = fuzz_u8 (data->tree->b);

  if (data->budget-- == 0)
    return GSK_LAYER_TRAVERSE_STOP;

  switch (k % 5)
    {
    case 0: edit_tree (data->tree); break;
    case 1:
      if (gsk_layer_get_parent (layer))
        gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
      break;
    case 2: return GSK_LAYER_TRAVERSE_SKIP_CHILDREN;
    case 3: set_something (data->tree, layer); break;
    default: break;
    }

  return GSK_LAYER_TRAVERSE_CONTINUE;
}

/* }}} */

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  FuzzBytes bytes = { data, size, 0 };
  Tree tree = { .b = &bytes };

  if (size > FUZZ_MAX_INPUT)
    return -1;

  for (guint i = 0; i < N_LAYERS; i++)
    {
      char name[8];

      /* The last is a clone, of nothing until the program says; the one
       * before it a page turn, flat until the program says */
      tree.layers[i] = g_object_ref_sink (i == N_LAYERS - 1 ? gsk_layer_clone_new (NULL) :
                                          i == N_LAYERS - 2 ? gsk_layer_page_turn_new () : gsk_layer_new ());
      g_snprintf (name, sizeof name, "l%u", i);
      gsk_layer_set_name (tree.layers[i], name);
      gsk_layer_set_position (tree.layers[i], &GRAPHENE_POINT_INIT (i % 3 * 7, i % 4 * 5));
      gsk_layer_set_size (tree.layers[i], &GRAPHENE_SIZE_INIT (i == 0 ? FRAME_SIZE : 24, i == 0 ? FRAME_SIZE : 20));
      gsk_layer_set_background_color (tree.layers[i], &(GdkRGBA) { i / 8.f, 1 - i / 8.f, 0.5f, i % 2 ? 0.6f : 1 });
      gsk_layer_set_reactive (tree.layers[i], TRUE);
      if (i > 0)
        gsk_layer_add_child (tree.layers[(i - 1) / 2], tree.layers[i]);
    }
  tree.renderer = gsk_layer_software_renderer_new ();
  tree.target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, FRAME_SIZE, FRAME_SIZE);

  frame (&tree, FALSE);
  while (fuzz_bytes_left (&bytes) && tree.n_frames < MAX_FRAMES)
    {
      guint8 op = fuzz_u8 (&bytes);

      switch (op % 8)
        {
        case 0: case 1: set_something (&tree, pick_layer (&tree)); break;
        case 2: edit_tree (&tree); break;
        case 3: iterate (&tree); break;
        case 4:
          {
            TraverseData td = { &tree, 2 * N_LAYERS };

            fuzz_may_refuse++;
            gsk_layer_traverse (pick_layer (&tree), fuzz_u8 (&bytes) % 3, traverse_func, &td);
            fuzz_may_refuse--;
          }
          break;
        case 5: pick (&tree); break;
        default: frame (&tree, op & 0x80); break;
        }
    }
  frame (&tree, TRUE);

  cairo_surface_destroy (tree.target);
  g_object_unref (tree.renderer);
  gsk_layer_clone_set_source (GSK_LAYER_CLONE (tree.layers[N_LAYERS - 1]), NULL);
  for (guint i = 0; i < N_LAYERS; i++)
    gsk_layer_set_mask (tree.layers[i], NULL);
  for (guint i = 0; i < N_LAYERS; i++)
    {
      gsk_layer_remove_all_children (tree.layers[i]);
      if (gsk_layer_get_parent (tree.layers[i]))
        gsk_layer_remove_child (gsk_layer_get_parent (tree.layers[i]), tree.layers[i]);
    }
  for (guint i = 0; i < N_LAYERS; i++)
    g_object_unref (tree.layers[i]);

  return 0;
}
