/* test-style-animation.c: styles that animate (issue 14)
 *
 * Each property interpolates as CSS interpolates it (the values at
 * chosen points, written back as text); a style set inside an easing
 * state animates from what is on screen, through transitions and
 * keyframes as any property; frames in between draw the style between,
 * and the damage check (on in every test) holds at each frame.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <gsklayer.h>

#include "gsk-layer-private.h"
#include "gsk-layer-style-private.h"
#include "style-test-utils.h"
#include "font-caches.h"

#define MS 1000

/* The style at @t between @from and @to, as text */
static char *
between (const char *from,
         const char *to,
         double      t)
{
  g_autoptr (GskLayerStyle) a = from ? style (from) : NULL;
  g_autoptr (GskLayerStyle) b = to ? style (to) : NULL;
  g_autoptr (GskLayerStyle) r = gsk_layer_style_interpolate (a, b, t);

  return r ? gsk_layer_style_to_string (r) : g_strdup ("(none)");
}

static void
check (const char *from,
       const char *to,
       double      t,
       const char *expected)
{
  g_autofree char *text = between (from, to, t);

  g_test_message ("%s → %s at %g: %s", from, to, t, text);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_interpolate (void)
{
  /* Lengths linearly, colours premultiplied */
  check ("border: 2px solid red", "border: 6px solid blue", 0.5, "border-width: 4px; border-style: solid; border-color: rgb(127.5,0,127.5);");
  check ("background-color: rgba(255,0,0,1)", "background-color: rgba(0,0,255,0)", 0.5,
         "background-color: rgba(255,0,0,0.5);");
  check ("padding: 0", "padding: 10px 20px", 0.25, "padding: 2.5px 5px;");
  check ("outline: 2px solid red; outline-offset: 0", "outline: 4px solid red; outline-offset: 4px", 0.5,
         "outline: 3px solid rgb(255,0,0); outline-offset: 2px;");
  check ("opacity: 0", "opacity: 1", 0.25, "opacity: 0.25;");

  /* Ends are the styles themselves */
  check ("border: 2px solid red", "border: 6px solid blue", 0, "border-width: 2px; border-style: solid; border-color: rgb(255,0,0);");
  check ("border: 2px solid red", "border: 6px solid blue", 1, "border-width: 6px; border-style: solid; border-color: rgb(0,0,255);");
  check (NULL, NULL, 0.5, "(none)");

  /* border-style is discrete, and a side that is none computes to 0px */
  check ("border: none", "border: 4px solid red", 0.25, "border-width: 1px; border-style: none; border-color: rgb(63.75,0,0);");
  check ("border: none", "border: 4px solid red", 0.75, "border-width: 3px; border-style: solid; border-color: rgb(191.25,0,0);");
  check (NULL, "border: 4px solid red", 0.75, "border-width: 3px; border-style: solid; border-color: rgb(191.25,0,0);");

  /* Radii: px with px, percent with percent, 0 with either; px with
   * percent would need calc(), and flips halfway */
  check ("border-radius: 0", "border-radius: 20px 10px", 0.5, "border-radius: 10px 5px;");
  check ("border-radius: 0", "border-radius: 50%", 0.5, "border-radius: 25%;");
  check ("border-radius: 10px", "border-radius: 50%", 0.25, "border-radius: 10px;");
  check ("border-radius: 10px", "border-radius: 50%", 0.75, "border-radius: 50%;");

  /* Shadow lists pair up, the shorter padded with transparent shadows */
  check ("box-shadow: 0 0 10px red", "box-shadow: 4px 4px 20px 2px red", 0.5,
         "box-shadow: 2px 2px 15px 1px rgb(255,0,0);");
  check ("box-shadow: none", "box-shadow: 4px 8px 10px rgba(0,0,0,1), inset 0 0 4px red", 0.5,
         "box-shadow: 2px 4px 5px 0 rgba(0,0,0,0.5), inset 0 0 2px 0 rgba(255,0,0,0.5);");
  /* inset against outset: the whole list flips */
  check ("box-shadow: 0 0 10px red", "box-shadow: inset 0 0 10px blue", 0.25, "box-shadow: 0 0 10px 0 rgb(255,0,0);");
  check ("box-shadow: 0 0 10px red", "box-shadow: inset 0 0 10px blue", 0.5,
         "box-shadow: inset 0 0 10px 0 rgb(0,0,255);");

  /* Filters function by function, the shorter list padded with the
   * identity of the other's functions; lists that differ flip */
  check ("filter: blur(4px)", "filter: blur(8px) grayscale(1)", 0.5, "filter: blur(6px) grayscale(0.5);");
  check ("filter: none", "filter: brightness(2) opacity(0)", 0.5, "filter: brightness(1.5) opacity(0.5);");
  check ("filter: hue-rotate(0deg)", "filter: hue-rotate(360deg)", 0.25, "filter: hue-rotate(90deg);");
  check ("filter: drop-shadow(0 0 0 black)", "filter: drop-shadow(4px 4px 2px black)", 0.5,
         "filter: drop-shadow(2px 2px 1px rgb(0,0,0));");
  check ("filter: sepia(1);", "filter: invert(1);", 0.25, "filter: sepia(1);");
  check ("filter: sepia(1);", "filter: invert(1);", 0.5, "filter: invert(1);");
  check ("backdrop-filter: blur(0)", "backdrop-filter: blur(10px)", 0.5, "backdrop-filter: blur(5px);");

  /* Gradients of the same shape, stop by stop; stops placed by CSS's
   * rules against stops placed by hand differ, and flip */
  check ("background-image: linear-gradient(0deg, red, blue)",
         "background-image: linear-gradient(90deg, blue 20%, red 80%)", 0.5,
         "background-image: linear-gradient(90deg, rgb(0,0,255) 20%, rgb(255,0,0) 80%);");
  check ("background-image: linear-gradient(0deg, red 0%, blue 100%)",
         "background-image: linear-gradient(90deg, blue 20%, red 80%)", 0.5,
         "background-image: linear-gradient(45deg, rgb(127.5,0,127.5) 10%, rgb(127.5,0,127.5) 90%);");
  check ("background-image: radial-gradient(circle 10px at 0 0, red, blue)",
         "background-image: radial-gradient(circle 30px at 20px 40px, blue, red)", 0.5,
         "background-image: radial-gradient(circle 20px at 10px 20px, rgb(127.5,0,127.5), rgb(127.5,0,127.5));");
  /* Different shapes flip */
  check ("background-image: linear-gradient(red, blue)",
         "background-image: radial-gradient(red, blue)", 0.75,
         "background-image: radial-gradient(ellipse farthest-corner at 50% 50%, rgb(255,0,0), rgb(0,0,255));");

  /* Keywords flip halfway */
  check ("object-fit: cover; background-clip: padding-box", "object-fit: contain", 0.25,
         "background-clip: padding-box; object-fit: cover;");
  check ("object-fit: cover; background-clip: padding-box", "object-fit: contain", 0.5,
         "background-clip: border-box; object-fit: contain;");
  check ("object-position: 0 0", "object-position: 100% 10px", 0.5, "object-position: 50% 5px;");
  /* Unset is 50% 50%, which 10px cannot meet without calc() */
  check (NULL, "object-position: 100% 10px", 0.5, "object-position: 75% 10px;");

  /* Easings that overshoot stay in each property's range */
  check ("border: 2px solid red; opacity: 0.5", "border: 6px solid red; opacity: 1", -1,
         "border-width: 0; border-style: solid; border-color: rgb(255,0,0); opacity: 0;");
  check ("box-shadow: 0 0 2px red", "box-shadow: 0 0 10px red", -1, "box-shadow: 0 0 0 0 rgb(255,0,0);");
  check ("filter: grayscale(0.5)", "filter: grayscale(1);", 2, "filter: grayscale(1);");
}

static GskLayer *
root_with_clock (GskLayerFrameClock *clock)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_frame_clock (root, clock);

  return root;
}

static char *
presentation_style (GskLayer *layer)
{
  GValue v = G_VALUE_INIT;
  char *text;

  g_assert_true (gsk_layer_get_presentation_value (layer, "style", &v));
  text = g_value_get_boxed (&v) ? gsk_layer_style_to_string (g_value_get_boxed (&v)) : g_strdup ("");
  g_value_unset (&v);

  return text;
}

/* A style set in an easing state animates from what is on screen; the
 * getter has the new style at once, notified once; every frame draws
 * the style between, and the damage check holds */
static void
test_implicit (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *card = gsk_layer_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *model = NULL;
  guint notifies = 0;
  cairo_surface_t *image;
  char *text;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (50, 50));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "background-color: red; border: 4px solid black", &error));
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  g_assert_cmphex (pixel_at (image, 100, 100), ==, 0xffff0000);
  cairo_surface_destroy (image);

  g_signal_connect_swapped (card, "notify::style", G_CALLBACK (g_atomic_int_inc), &notifies);
  ease_linearly (card, 1000);
  g_assert_true (gsk_layer_set_style_from_string (card, "background-color: blue; border: 20px solid white; "
                                                        "box-shadow: 0 0 20px 10px black", &error));
  gsk_layer_restore_easing_state (card);

  /* The model at once, notified once; nothing moved yet */
  model = gsk_layer_get_style_string (card);
  g_assert_cmpstr (model, ==, "background-color: rgb(0,0,255); border-width: 20px; border-style: solid; "
                              "border-color: rgb(255,255,255); box-shadow: 0 0 20px 10px rgb(0,0,0);");
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_nonnull (gsk_layer_get_transition (card, "style"));
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "background-color: rgb(255,0,0); border-width: 4px; border-style: solid; "
                             "border-color: rgb(0,0,0);");
  g_free (text);

  /* A quarter of the way */
  gsk_layer_manual_clock_advance (manual, 250 * MS);
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "background-color: rgb(191.25,0,63.75); border-width: 8px; border-style: solid; "
                             "border-color: rgb(63.75,63.75,63.75); box-shadow: 0 0 5px 2.5px rgba(0,0,0,0.25);");
  g_free (text);
  g_assert_cmpuint (notifies, ==, 1);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  /* The background between red and blue, the border 8px wide */
  g_assert_cmphex (pixel_at (image, 100, 100), ==, 0xffbf0040);
  g_assert_cmphex (pixel_at (image, 57, 100), ==, 0xff404040);
  g_assert_cmphex (pixel_at (image, 59, 100), ==, 0xffbf0040);
  /* A shadow reaches out of the box */
  g_assert_cmpuint (pixel_at (image, 48, 100) >> 24, >, 0);
  cairo_surface_destroy (image);

  /* Frames on: the damage check compares each with a full redraw */
  for (int i = 0; i < 4; i++)
    {
      gsk_layer_manual_clock_advance (manual, 100 * MS);
      image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
      cairo_surface_destroy (image);
    }

  /* At the end, the model */
  gsk_layer_manual_clock_advance (manual, 1000 * MS);
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, model);
  g_free (text);
  g_assert_null (gsk_layer_get_transition (card, "style"));
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  g_assert_cmphex (pixel_at (image, 100, 100), ==, 0xff0000ff);
  g_assert_cmphex (pixel_at (image, 65, 100), ==, 0xffffffff);
  cairo_surface_destroy (image);
  g_assert_cmpuint (notifies, ==, 1);

  g_object_unref (renderer);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* A style animation that is retargeted goes on from where it is */
static void
test_retarget (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *card = gsk_layer_new ();
  g_autoptr (GError) error = NULL;
  char *text;

  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "padding: 0", &error));
  ease_linearly (card, 1000);
  g_assert_true (gsk_layer_set_style_from_string (card, "padding: 100px", &error));
  gsk_layer_manual_clock_advance (manual, 500 * MS);
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "padding: 50px;");
  g_free (text);

  /* Back to 0 from 50px, over a new second */
  g_assert_true (gsk_layer_set_style_from_string (card, "padding: 0", &error));
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "padding: 50px;");
  g_free (text);
  gsk_layer_manual_clock_advance (manual, 500 * MS);
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "padding: 25px;");
  g_free (text);
  gsk_layer_restore_easing_state (card);

  /* Without an easing state, the style jumps and the animation ends */
  g_assert_true (gsk_layer_set_style_from_string (card, "padding: 7px;", &error));
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "padding: 7px;");
  g_free (text);
  g_assert_null (gsk_layer_get_transition (card, "style"));

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Explicit transitions and keyframes of "style" */
static void
test_transitions (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *card = gsk_layer_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerStyle) a = style ("filter: blur(0)");
  g_autoptr (GskLayerStyle) b = style ("filter: blur(10px)");
  g_autoptr (GskLayerStyle) c = style ("filter: blur(2px)");
  GskLayerTransition *transition;
  GValue v = G_VALUE_INIT;
  char *text;

  gsk_layer_add_child (root, card);

  transition = GSK_LAYER_TRANSITION (gsk_layer_property_transition_new ("style", &error));
  g_assert_no_error (error);
  g_value_init (&v, GSK_TYPE_LAYER_STYLE);
  g_value_set_boxed (&v, a);
  gsk_layer_property_transition_set_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &v);
  g_value_set_boxed (&v, b);
  gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &v);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (transition), 1000);
  gsk_layer_add_transition (card, "blur", transition);
  gsk_layer_timeline_start (GSK_LAYER_TIMELINE (transition));
  gsk_layer_manual_clock_advance (manual, 400 * MS);
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "filter: blur(4px);");
  g_free (text);
  gsk_layer_remove_transition (card, "blur");
  g_object_unref (transition);

  /* Keys: 0 → 10px → 2px */
  transition = GSK_LAYER_TRANSITION (gsk_layer_keyframe_transition_new ("style", &error));
  g_assert_no_error (error);
  g_value_set_boxed (&v, a);
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (transition), 0, &v,
                                                        NULL, &error));
  g_value_set_boxed (&v, b);
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (transition), 0.5, &v,
                                                        NULL, &error));
  g_value_set_boxed (&v, c);
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (transition), 1, &v,
                                                        NULL, &error));
  g_value_unset (&v);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (transition), 1000);
  gsk_layer_timeline_set_easing (GSK_LAYER_TIMELINE (transition), NULL);
  gsk_layer_add_transition (card, "keys", transition);
  gsk_layer_timeline_start (GSK_LAYER_TIMELINE (transition));
  gsk_layer_manual_clock_advance (manual, 250 * MS);
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "filter: blur(5px);");
  g_free (text);
  gsk_layer_manual_clock_advance (manual, 500 * MS);
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "filter: blur(6px);");
  g_free (text);
  g_object_unref (transition);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* A style is all its declarations: what the last one set on the layer
 * and this one leaves out goes back to its initial value */
static void
test_reset (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  g_autoptr (GError) error = NULL;
  GdkRGBA color;

  g_assert_true (gsk_layer_set_style_from_string (layer, "background-color: red; opacity: 0.5; "
                                                         "mix-blend-mode: multiply; border-radius: 4px", &error));
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 4.f);

  g_assert_true (gsk_layer_set_style_from_string (layer, "opacity: 0.75", &error));
  gsk_layer_get_background_color (layer, &color);
  g_assert_cmpfloat (color.alpha, ==, 0.f);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.75f);
  g_assert_cmpint (gsk_layer_get_blend_mode (layer), ==, GSK_LAYER_BLEND_NORMAL);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 0.f);

  gsk_layer_set_style (layer, NULL);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 1.f);

  /* Properties set on the layer itself are the layer's */
  gsk_layer_set_opacity (layer, 0.25f);
  g_assert_true (gsk_layer_set_style_from_string (layer, "padding: 2px", &error));
  gsk_layer_set_style (layer, NULL);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.25f);

  g_assert_finalize_object (layer);
}

/* Scene files animate "style" with declaration strings, or one CSS
 * property by its name on the style the layer has; both save back */
static void
test_scene (void)
{
  const char *json =
    "{ \"size\": [100, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [100, 100], \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"id\": \"card\", \"size\": [60, 40],\n"
    "    \"style\": \"background-color: teal; border: 2px solid black\" },\n"
    "  { \"type\": \"GskLayer\", \"id\": \"pane\", \"size\": [60, 40] } ] },\n"
    "  \"animations\": [\n"
    "    { \"target\": \"card\", \"property\": \"box-shadow\", \"from\": \"0 0 0 black\",\n"
    "      \"to\": \"4px 4px 8px black\", \"duration\": 1000 },\n"
    "    { \"target\": \"pane\", \"property\": \"style\", \"duration\": 1000,\n"
    "      \"keyframes\": [ { \"at\": 0, \"value\": \"padding: 0\" }, { \"at\": 0.5, \"value\": \"padding: 10px\" },\n"
    "                     { \"at\": 1, \"value\": \"padding: 0\" } ] } ] }";
  static const struct {
    const char *name, *animation, *message;
  } bad[] = {
    { "bad value", "\"property\": \"box-shadow\", \"to\": \"4px 4px red bogus\"",
      "bad.json:3:77: invalid “box-shadow”: unexpected “bogus” in a shadow" },
    { "two declarations", "\"property\": \"filter\", \"to\": \"blur(2px); opacity: 0\"",
      "bad.json:3:70: invalid “filter”: expected one value, not “;”" },
    { "not a string", "\"property\": \"filter\", \"to\": 5",
      "bad.json:3:60: “filter” must be a CSS value, not a number" },
    { "unsupported", "\"property\": \"border-image\", \"to\": \"none\"",
      "bad.json:3:67: invalid “border-image”: “border-image” is not supported yet" },
    { "a second property", "\"property\": \"filter\", \"to\": \"blur(1px)\", \"duration\": 9}, "
                           "{\"target\": \"a\", \"property\": \"box-shadow\", \"to\": \"none\", \"duration\": 9",
      "bad.json:3:89: a second CSS property animated on “a”: animate “style” with both instead" },
  };
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "style.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *data = NULL, *data2 = NULL;
  GskLayer *card, *pane;
  char *text;

  g_assert_no_error (error);
  card = gsk_layer_scene_get_layer_by_id (scene, "card");
  pane = gsk_layer_scene_get_layer_by_id (scene, "pane");
  gsk_layer_scene_set_frame_clock (scene, clock);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * MS);

  /* The shadow halfway, on the card's own declarations */
  text = presentation_style (card);
  g_assert_cmpstr (text, ==, "background-color: rgb(0,128,128); border-width: 2px; border-style: solid; "
                             "border-color: rgb(0,0,0); box-shadow: 2px 2px 4px 0 rgb(0,0,0);");
  g_free (text);
  text = presentation_style (pane);
  g_assert_cmpstr (text, ==, "padding: 10px;");
  g_free (text);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 250 * MS);
  text = presentation_style (pane);
  g_assert_cmpstr (text, ==, "padding: 5px;");
  g_free (text);

  /* Saved as written, and loaded again the same */
  data = gsk_layer_scene_to_data (scene, NULL);
  g_test_message ("%s", data);
  g_assert_nonnull (strstr (data, "\"property\" : \"box-shadow\""));
  g_assert_nonnull (strstr (data, "\"from\" : \"0 0 0 black\""));
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  data2 = gsk_layer_scene_to_data (again, NULL);
  g_assert_cmpstr (data, ==, data2);
  g_assert_cmpuint (gsk_layer_scene_get_n_animations (again), ==, 2);

  /* Bad input: an error at its place, and no scene */
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *file = g_strdup_printf ("{\"size\": [10, 10],\n\"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n"
                                               "\"animations\": [{\"target\": \"a\", %s}]}", bad[i].animation);
      g_autoptr (GError) bad_error = NULL;
      g_autoptr (GskLayerScene) broken = gsk_layer_scene_new_from_data (file, -1, "bad.json", &bad_error);

      g_test_message ("%s: %s", bad[i].name, bad_error ? bad_error->message : "(loaded)");
      g_assert_null (broken);
      g_assert_nonnull (bad_error);
      g_assert_cmpstr (bad_error->message, ==, bad[i].message);
    }

  gsk_layer_scene_set_frame_clock (scene, NULL);
  g_clear_object (&scene);
  g_clear_object (&again);
  g_assert_finalize_object (clock);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/style-animation/interpolate", test_interpolate);
  g_test_add_func ("/style-animation/implicit", test_implicit);
  g_test_add_func ("/style-animation/retarget", test_retarget);
  g_test_add_func ("/style-animation/transitions", test_transitions);
  g_test_add_func ("/style-animation/reset", test_reset);
  g_test_add_func ("/style-animation/scene", test_scene);

  status = g_test_run ();
  free_font_caches ();
  return status;
}
