/* test-natural-size.c: layers whose size the application never set
 * (issue 31)
 *
 * Where no layout manager places a layer (a parent with no manager, or
 * with the fixed layout), a layer takes its natural size at the layout
 * pass: an image's pixels in its style's edges, a text's extent, a
 * fixed-layout group's children's extent; it follows when the content
 * changes; a size set by the application wins, and -1 on an axis gives
 * that axis back. Layout managers still size their children. Expected
 * sizes are worked out from the inputs (image pixels, style edges,
 * children's boxes), not read from the code under test, except for
 * text, whose extent is Pango's (gsk_layer_text_get_preferred_size ()).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <string.h>

#include <gsklayer.h>

#include "font-caches.h"

static GskLayerRenderer *renderer;

/* One frame: the layout pass, then drawing */
static void
frame (GskLayer *root)
{
  cairo_surface_t *target = gsk_layer_renderer_render_to_surface (renderer, root, 800, 600);

  cairo_surface_destroy (target);
}

static GskLayer *
new_root (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (800, 600));
  return root;
}

static GskLayerContent *
image (int width,
       int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  GskLayerContent *content;

  cairo_set_source_rgb (cr, 0.8, 0.2, 0.1);
  cairo_paint (cr);
  cairo_destroy (cr);
  content = gsk_layer_image_content_new (surface);
  cairo_surface_destroy (surface);
  return content;
}

static void
set_image (GskLayer *layer,
           int       width,
           int       height)
{
  GskLayerContent *content = image (width, height);

  gsk_layer_set_content (layer, content);
  g_object_unref (content);
}

static void
assert_size (GskLayer *layer,
             float     width,
             float     height)
{
  graphene_size_t size;

  gsk_layer_get_size (layer, &size);
  g_test_message ("%s: %gx%g, expected %gx%g", gsk_layer_get_name (layer) ? gsk_layer_get_name (layer) : "layer",
                  size.width, size.height, width, height);
  g_assert_cmpfloat_with_epsilon (size.width, width, 1e-3);
  g_assert_cmpfloat_with_epsilon (size.height, height, 1e-3);
}

/* An image in a parent with no layout manager: its pixels, then the
 * new image's, in the style's border and padding; a set size wins, -1
 * gives each axis back */
static void
test_image (void)
{
  GskLayer *root = new_root ();
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (30, 40));
  set_image (layer, 33, 21);
  gsk_layer_add_child (root, layer);
  /* Before the layout pass: as created */
  assert_size (layer, 0, 0);
  frame (root);
  assert_size (layer, 33, 21);

  /* The content changes: the size follows, at the next pass */
  set_image (layer, 40, 12);
  frame (root);
  assert_size (layer, 40, 12);

  /* Style edges: 2 px border and 3 px padding each side */
  g_assert_true (gsk_layer_set_style_from_string (layer, "border: 2px solid black; padding: 3px", NULL));
  frame (root);
  assert_size (layer, 50, 22);

  /* A set size wins, and stays when the content changes */
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (5, 6));
  frame (root);
  assert_size (layer, 5, 6);
  set_image (layer, 70, 30);
  frame (root);
  assert_size (layer, 5, 6);

  /* -1 on one axis: that axis natural, the other as set */
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (-1, 6));
  assert_size (layer, 5, 6);
  frame (root);
  assert_size (layer, 80, 6);
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (-1, -1));
  frame (root);
  assert_size (layer, 80, 40);

  /* The position is the application's throughout */
  {
    graphene_point_t p;

    gsk_layer_get_position (layer, &p);
    g_assert_cmpfloat (p.x, ==, 30);
    g_assert_cmpfloat (p.y, ==, 40);
  }

  g_object_unref (root);
}

/* The case: a group with the fixed layout, never sized, holding
 * children where they were put; centred by an align constraint. Its
 * natural size is its children's extent: 330×330 */
static void
test_fixed_group (void)
{
  GskLayer *root = new_root ();
  GskLayer *group = gsk_layer_new ();
  GskLayer *a = gsk_layer_new (), *b = gsk_layer_new (), *icon = gsk_layer_new ();
  GskLayerLayoutManager *fixed = gsk_layer_fixed_layout_new ();

  gsk_layer_set_name (group, "group");
  gsk_layer_set_layout_manager (group, fixed);
  g_object_unref (fixed);
  gsk_layer_set_size (a, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (230, 200));
  gsk_layer_set_size (b, &GRAPHENE_SIZE_INIT (100, 130));
  /* An unsized image in the group: its pixels, and part of the extent */
  gsk_layer_set_position (icon, &GRAPHENE_POINT_INIT (10, 250));
  set_image (icon, 48, 48);
  gsk_layer_add_child (group, a);
  gsk_layer_add_child (group, b);
  gsk_layer_add_child (group, icon);
  gsk_layer_add_child (root, group);
  {
    GskLayerConstraint *centre = gsk_layer_align_constraint_new_both (root, 0.5f);

    gsk_layer_add_constraint (group, centre);
    g_object_unref (centre);
  }

  frame (root);
  assert_size (icon, 48, 48);
  assert_size (group, 330, 330);
  {
    graphene_point_t p;

    /* (800 - 330) / 2, (600 - 330) / 2 */
    gsk_layer_get_position (group, &p);
    g_assert_cmpfloat_with_epsilon (p.x, 235, 1e-3);
    g_assert_cmpfloat_with_epsilon (p.y, 135, 1e-3);
  }

  /* A child moves out: the group grows to 430 wide and is centred again */
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (330, 200));
  frame (root);
  assert_size (group, 430, 330);

  g_object_unref (root);
}

/* Text: its extent (Pango's) where nobody sizes it; a wrapping text
 * given a width takes the height of its lines in that width */
static void
test_text (void)
{
  GskLayer *root = new_root ();
  GskLayer *text = gsk_layer_text_new ("Natural");
  graphene_size_t natural, one_line;

  gsk_layer_add_child (root, text);
  frame (root);
  gsk_layer_text_get_preferred_size (GSK_LAYER_TEXT (text), &natural);
  g_assert_cmpfloat (natural.width, >, 20);
  assert_size (text, natural.width, natural.height);
  one_line = natural;

  /* Set, then given back: it follows the text again */
  gsk_layer_set_size (text, &GRAPHENE_SIZE_INIT (10, 10));
  frame (root);
  assert_size (text, 10, 10);
  gsk_layer_set_size (text, &GRAPHENE_SIZE_INIT (-1, -1));
  gsk_layer_text_set_text (GSK_LAYER_TEXT (text), "Natural size, longer");
  frame (root);
  gsk_layer_text_get_preferred_size (GSK_LAYER_TEXT (text), &natural);
  g_assert_cmpfloat (natural.width, >, one_line.width);
  assert_size (text, natural.width, natural.height);

  /* A width set, the height natural: wrapped in 60 units, several lines */
  gsk_layer_text_set_wrap (GSK_LAYER_TEXT (text), GSK_LAYER_TEXT_WRAP_WORD);
  gsk_layer_set_size (text, &GRAPHENE_SIZE_INIT (60, -1));
  frame (root);
  {
    graphene_size_t size;

    gsk_layer_get_size (text, &size);
    g_assert_cmpfloat (size.width, ==, 60);
    g_assert_cmpfloat (size.height, >=, 2 * one_line.height - 1);
  }

  g_object_unref (root);
}

/* Layout managers size their children as before: a box gives an
 * unsized image its request, stretched across where it is asked to */
static void
test_managed (void)
{
  GskLayer *root = new_root ();
  GskLayer *box = gsk_layer_new ();
  GskLayer *layer = gsk_layer_new ();

  GskLayerLayoutManager *row = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);

  gsk_layer_set_layout_manager (box, row);
  g_object_unref (row);
  gsk_layer_set_size (box, &GRAPHENE_SIZE_INIT (200, 100));
  set_image (layer, 33, 21);
  gsk_layer_set_x_expand (layer, TRUE);
  gsk_layer_add_child (box, layer);
  gsk_layer_add_child (root, box);
  frame (root);
  /* The box's room, all of it (it expands; fill across), not 33×21 */
  assert_size (layer, 200, 100);
  /* And the box itself, whose size is set */
  assert_size (box, 200, 100);

  g_object_unref (root);
}

/* Nothing to measure: a plain layer or a colour stays 0×0; a root is
 * sized by whoever renders it, not by its content */
static void
test_nothing_to_measure (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *plain = gsk_layer_new (), *colour = gsk_layer_new ();
  GskLayerContent *content = gsk_layer_color_content_new (&(GdkRGBA) { 0, 0, 1, 1 });

  gsk_layer_set_content (colour, content);
  g_object_unref (content);
  set_image (root, 64, 64);
  gsk_layer_add_child (root, plain);
  gsk_layer_add_child (root, colour);
  frame (root);
  assert_size (plain, 0, 0);
  assert_size (colour, 0, 0);
  assert_size (root, 0, 0);

  g_object_unref (root);
}

/* Scene files: a layer without "size" takes its natural size; one with
 * it keeps it */
static void
test_scene (void)
{
  const char *json =
    "{ \"size\": [300, 200], \"root\": { \"type\": \"GskLayer\", \"size\": [300, 200], \"children\": [\n"
    "  { \"type\": \"GskLayerText\", \"id\": \"free\", \"text\": \"Play\" },\n"
    "  { \"type\": \"GskLayer\", \"id\": \"group\", \"layout-manager\": { \"type\": \"GskLayerFixedLayout\" },\n"
    "    \"children\": [ { \"type\": \"GskLayer\", \"position\": [10, 20], \"size\": [30, 40] } ] },\n"
    "  { \"type\": \"GskLayerText\", \"id\": \"sized\", \"text\": \"Stop\", \"size\": [90, 30] },\n"
    "  { \"type\": \"GskLayerText\", \"id\": \"wrapped\", \"text\": \"Play it again\", \"wrap\": \"word\",\n"
    "    \"size\": [30, -1] } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "natural.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *data = NULL;
  GskLayer *root;
  graphene_size_t natural;

  g_assert_no_error (error);
  root = gsk_layer_scene_get_root (scene);
  frame (root);
  gsk_layer_text_get_preferred_size (GSK_LAYER_TEXT (gsk_layer_scene_get_layer_by_id (scene, "free")), &natural);
  assert_size (gsk_layer_scene_get_layer_by_id (scene, "free"), natural.width, natural.height);
  assert_size (gsk_layer_scene_get_layer_by_id (scene, "group"), 40, 60);
  assert_size (gsk_layer_scene_get_layer_by_id (scene, "sized"), 90, 30);
  {
    graphene_size_t size;

    gsk_layer_get_size (gsk_layer_scene_get_layer_by_id (scene, "wrapped"), &size);
    g_assert_cmpfloat (size.width, ==, 30);
    g_assert_cmpfloat (size.height, >, natural.height * 1.5f);
  }

  /* Saved as loaded: no size where none was set, -1 on an axis left free */
  data = gsk_layer_scene_to_data (scene, NULL);
  g_test_message ("%s", data);
  again = gsk_layer_scene_new_from_data (data, -1, "again.json", &error);
  g_assert_no_error (error);
  g_assert_null (strstr (data, "\"size\" : [\n      40"));
  g_assert_nonnull (strstr (data, "-1"));
  frame (gsk_layer_scene_get_root (again));
  assert_size (gsk_layer_scene_get_layer_by_id (again, "free"), natural.width, natural.height);
  assert_size (gsk_layer_scene_get_layer_by_id (again, "group"), 40, 60);
  assert_size (gsk_layer_scene_get_layer_by_id (again, "sized"), 90, 30);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  renderer = gsk_layer_software_renderer_new ();

  g_test_add_func ("/natural-size/image", test_image);
  g_test_add_func ("/natural-size/fixed-group", test_fixed_group);
  g_test_add_func ("/natural-size/text", test_text);
  g_test_add_func ("/natural-size/managed", test_managed);
  g_test_add_func ("/natural-size/nothing-to-measure", test_nothing_to_measure);
  g_test_add_func ("/natural-size/scene", test_scene);

  status = g_test_run ();
  g_object_unref (renderer);
  free_font_caches ();
  return status;
}
