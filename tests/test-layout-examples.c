/* test-layout-examples.c: Clutter's layout examples, ported (issue 15)
 *
 * Each test is a port of one of Clutter 1.26's example programs
 * (examples/constraints.c, bin-layout.c, flow-layout.c, box-layout.c,
 * grid-layout.c, layout-manager.c) to GSK's layers, layout managers and constraints,
 * driven as a user would drive it (real events through
 * gsk_layer_dispatch_event: the pointer entering, clicks, keys) on a
 * manual clock. At fixed times the port's frame is compared with a
 * reference: a tree of plain layers, each placed where the example's
 * layout puts it, worked out here from the example's own arithmetic
 * (cells, spacings, alignments, a circle, easing curves solved by
 * hand), with no layout manager and no constraint. Both are drawn by
 * the software renderer, and by GL where there is a context; the
 * frames are written to the build folder (layout-examples/) to be
 * looked at.
 *
 * (flow-layout.c is also the reftest layout-flow-example.json, a still
 * frame; here its stage is resized as a user would.)
 *
 * Where GSK differs from Clutter, the port says so: an align
 * constraint to the stage stands for an anchor point at the centre,
 * colours that Clutter picked at random are fixed, and box-layout's
 * pack-start (deprecated in Clutter 1.12) is left out.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gdk/gdkkeysyms.h>
#include <gsklayer.h>

#include "font-caches.h"

#define STAGE_WIDTH  640
#define STAGE_HEIGHT 480

static GskLayerRenderer *software;
static GskLayerRenderer *gl;

/* Tango's colours, as Clutter names them */
#define ALUMINIUM_1     "#eeeeec"
#define ALUMINIUM_2     "#d3d7cf"
#define SCARLET_RED     "#cc0000"
#define DARK_BUTTER     "#c4a000"
#define LIGHT_CHAMELEON "#8ae234"
#define LIGHT_GRAY      "#c0c0c0"

/* Colours live in a ring long enough for the calls of one statement */
static const GdkRGBA *
keep (GdkRGBA c)
{
  static GdkRGBA ring[16];
  static guint next;

  next = (next + 1) % G_N_ELEMENTS (ring);
  ring[next] = c;
  return &ring[next];
}

static const GdkRGBA *
color (const char *spec)
{
  GdkRGBA c;

  g_assert_true (gdk_rgba_parse (&c, spec));
  return keep (c);
}

/* clutter_color_from_hls(): hue in degrees, luminance, saturation */
static GdkRGBA
color_from_hls (float hue,
                float luminance,
                float saturation)
{
  float m2 = luminance <= 0.5f ? luminance * (1 + saturation)
                               : luminance + saturation - luminance * saturation;
  float m1 = 2 * luminance - m2;
  float channel[3];

  for (int i = 0; i < 3; i++)
    {
      float h = hue + (1 - i) * 120;

      h = fmodf (h + 360, 360);
      if (h < 60)
        channel[i] = m1 + (m2 - m1) * h / 60;
      else if (h < 180)
        channel[i] = m2;
      else if (h < 240)
        channel[i] = m1 + (m2 - m1) * (240 - h) / 60;
      else
        channel[i] = m1;
      /* Clutter keeps 8 bits */
      channel[i] = roundf (channel[i] * 255) / 255;
    }

  return (GdkRGBA) { channel[0], channel[1], channel[2], 1 };
}

static GskLayer *
stage_new (const char *background)
{
  GskLayer *stage = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_name (stage, "stage");
  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (STAGE_WIDTH, STAGE_HEIGHT));
  gsk_layer_set_background_color (stage, color (background));
  return stage;
}

/* A layer of the port, with a size it asks for */
static GskLayer *
actor_new (GskLayer      *parent,
           const char    *name,
           float          width,
           float          height,
           const GdkRGBA *background)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_name (layer, name);
  if (width >= 0)
    gsk_layer_set_preferred_size (layer, &GRAPHENE_SIZE_INIT (width, height));
  if (background)
    gsk_layer_set_background_color (layer, background);
  gsk_layer_add_child (parent, layer);
  return layer;
}

static GskLayer *
label_new (GskLayer   *parent,
           const char *text,
           const char *font)
{
  GskLayer *label = gsk_layer_text_new (text);

  if (font)
    gsk_layer_text_set_font (GSK_LAYER_TEXT (label), font);
  gsk_layer_text_set_alignment (GSK_LAYER_TEXT (label), GSK_LAYER_TEXT_ALIGN_CENTER);
  gsk_layer_add_child (parent, label);
  return label;
}

/* The reference's layers: placed by hand, no layout */
static GskLayer *
ref_rect (GskLayer      *parent,
          float          x,
          float          y,
          float          width,
          float          height,
          const GdkRGBA *background)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (width, height));
  if (background)
    gsk_layer_set_background_color (layer, background);
  gsk_layer_add_child (parent, layer);
  return layer;
}

/* The natural size of a text: what the reference centres */
static graphene_size_t
text_size (const char *text,
           const char *font)
{
  GskLayer *label = g_object_ref_sink (gsk_layer_text_new (text));
  graphene_size_t natural;

  if (font)
    gsk_layer_text_set_font (GSK_LAYER_TEXT (label), font);
  gsk_layer_get_preferred_size (label, NULL, &natural);
  g_object_unref (label);
  return natural;
}

static GskLayer *
ref_label (GskLayer   *parent,
           const char *text,
           const char *font,
           float       x,
           float       y)
{
  graphene_size_t size = text_size (text, font);
  GskLayer *label = gsk_layer_text_new (text);

  if (font)
    gsk_layer_text_set_font (GSK_LAYER_TEXT (label), font);
  gsk_layer_text_set_alignment (GSK_LAYER_TEXT (label), GSK_LAYER_TEXT_ALIGN_CENTER);
  gsk_layer_set_position (label, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (label, &size);
  gsk_layer_add_child (parent, label);
  return label;
}

/* A label centred in a rectangle of the reference, as a bin layout
 * centres it: overflowing equally on both sides when larger */
static void
ref_centred_label (GskLayer   *rect,
                   const char *text,
                   const char *font)
{
  graphene_size_t rect_size, size = text_size (text, font);

  gsk_layer_get_size (rect, &rect_size);
  ref_label (rect, text, font, (rect_size.width - size.width) / 2, (rect_size.height - size.height) / 2);
}

/* Events as a user makes them */
static void
send (GskLayer          *stage,
      GskLayerEventType  type,
      double             x,
      double             y,
      guint              button,
      GdkModifierType    modifiers)
{
  GskLayerEvent *event = gsk_layer_event_new (type, 1000, x, y);

  if (button)
    gsk_layer_event_set_button (event, button);
  gsk_layer_event_set_modifiers (event, modifiers);
  gsk_layer_dispatch_event (stage, event);
  gsk_layer_event_unref (event);
}

/* A frame drawn, as before and after anything a user does: layout
 * that changed starts to move there */
static void
draw_frame (GskLayer *stage)
{
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (software, stage, STAGE_WIDTH, STAGE_HEIGHT));
}

static void
click (GskLayer        *stage,
       double           x,
       double           y,
       guint            button,
       GdkModifierType  modifiers)
{
  draw_frame (stage);
  send (stage, GSK_LAYER_EVENT_MOTION, x, y, 0, modifiers);
  send (stage, GSK_LAYER_EVENT_BUTTON_PRESS, x, y, button, modifiers | GDK_BUTTON1_MASK);
  send (stage, GSK_LAYER_EVENT_BUTTON_RELEASE, x, y, button, modifiers);
  draw_frame (stage);
}

static void
press_key (GskLayer *stage,
           guint     keyval)
{
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_KEY_PRESS, 1000, 0, 0);

  draw_frame (stage);
  gsk_layer_event_set_key (event, keyval, 0);
  gsk_layer_dispatch_event (stage, event);
  gsk_layer_event_unref (event);

  event = gsk_layer_event_new (GSK_LAYER_EVENT_KEY_RELEASE, 1000, 0, 0);
  gsk_layer_event_set_key (event, keyval, 0);
  gsk_layer_dispatch_event (stage, event);
  gsk_layer_event_unref (event);

  /* The frame that follows, where what the key changed starts */
  draw_frame (stage);
}

static GskLayerEventController *
on_event (GskLayer  *layer,
          GCallback  callback,
          gpointer   data)
{
  GskLayerEventController *controller = gsk_layer_event_controller_new ();

  g_signal_connect (controller, "event", callback, data);
  /* The layer owns it */
  gsk_layer_add_controller (layer, controller);
  return controller;
}

/* Unpremultiplied, so that a translucent pixel compares by its colour */
static void
get_rgba (cairo_surface_t *surface,
          int              x,
          int              y,
          int              rgba[4])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);
  int a = p >> 24;

  rgba[3] = a;
  for (int i = 0; i < 3; i++)
    rgba[i] = a ? ((int) ((p >> (16 - 8 * i)) & 0xff) * 255 + a / 2) / a : 0;
}

static void
save_png (cairo_surface_t *surface,
          const char      *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                           "layout-examples", NULL);
  g_autofree char *file = g_strconcat (name, ".png", NULL);
  g_autofree char *path = g_build_filename (dir, file, NULL);

  g_mkdir_with_parents (dir, 0755);
  cairo_surface_write_to_png (surface, path);
}

/* The port's frame against the reference's: every pixel within 6 per
 * channel but for a few antialiased edges of text placed a fraction of
 * a pixel differently (none is expected: both trees place the same
 * layers at the same coordinates) */
static void
assert_frame (const char *name,
              GskLayer   *port,
              GskLayer   *reference /* owned */)
{
  GskLayerRenderer *renderers[] = { software, gl };
  const char *suffixes[] = { "", ".gl" };

  for (guint r = 0; r < G_N_ELEMENTS (renderers); r++)
    {
      cairo_surface_t *out, *ref;
      guint n_over = 0, max_diff = 0;
      g_autofree char *out_name = NULL, *ref_name = NULL;

      if (renderers[r] == NULL)
        continue;

      out = gsk_layer_renderer_render_to_surface (renderers[r], port, STAGE_WIDTH, STAGE_HEIGHT);
      ref = gsk_layer_renderer_render_to_surface (renderers[r], reference, STAGE_WIDTH, STAGE_HEIGHT);
      out_name = g_strconcat (name, suffixes[r], NULL);
      ref_name = g_strconcat (name, suffixes[r], ".ref", NULL);
      save_png (out, out_name);
      save_png (ref, ref_name);

      for (int y = 0; y < STAGE_HEIGHT; y++)
        for (int x = 0; x < STAGE_WIDTH; x++)
          {
            int a[4], b[4];
            guint m = 0;

            get_rgba (out, x, y, a);
            get_rgba (ref, x, y, b);
            for (int i = 0; i < 4; i++)
              m = MAX (m, (guint) ABS (a[i] - b[i]));
            if (m > 6)
              n_over++;
            max_diff = MAX (max_diff, m);
          }

      g_test_message ("%s%s: %u pixels over 6, largest difference %u", name, suffixes[r], n_over, max_diff);
      if (n_over > 0)
        g_test_message ("see layout-examples/%s.png and %s.png in the build folder", out_name, ref_name);
      g_assert_cmpuint (n_over, <=, STAGE_WIDTH * STAGE_HEIGHT / 1000);
      g_assert_cmpuint (max_diff, <=, 96);

      cairo_surface_destroy (out);
      cairo_surface_destroy (ref);
    }

  g_object_unref (reference);
}

static void
advance (GskLayerFrameClock *clock,
         guint               ms)
{
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), ms * 1000);
}

/* {{{ examples/constraints.c */

/* Three layers held by constraints alone: "layerA" aligned to the
 * stage's middle, "layerB" and "layerC" bound to its x and width and
 * snapped between it and the stage's bottom and top edges */
static GskLayer *
constraints_reference (float width,
                       float height)
{
  GskLayer *stage = stage_new (ALUMINIUM_1);
  float ax = (width - 100) / 2, ay = (height - 25) / 2;

  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (width, height));
  ref_rect (stage, ax, ay, 100, 25, color (SCARLET_RED));
  ref_rect (stage, ax, ay + 25 + 10, 100, (height - 10) - (ay + 25 + 10), color (DARK_BUTTER));
  ref_rect (stage, ax, 10, 100, (ay - 10) - 10, color (LIGHT_CHAMELEON));
  return stage;
}

static void
test_constraints (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *stage = stage_new (ALUMINIUM_1);
  GskLayer *layer_a, *layer_b, *layer_c;

  gsk_layer_set_frame_clock (stage, clock);

  layer_a = actor_new (stage, "layerA", -1, -1, color (SCARLET_RED));
  gsk_layer_set_size (layer_a, &GRAPHENE_SIZE_INIT (100, 25));
  gsk_layer_add_constraint (layer_a, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5));
  gsk_layer_add_constraint (layer_a, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_VERTICAL, 0.5));

  layer_b = actor_new (stage, "layerB", -1, -1, color (DARK_BUTTER));
  gsk_layer_add_constraint (layer_b, gsk_layer_bind_constraint_new (layer_a, GSK_LAYER_BIND_X, 0));
  gsk_layer_add_constraint (layer_b, gsk_layer_bind_constraint_new (layer_a, GSK_LAYER_BIND_WIDTH, 0));
  gsk_layer_add_constraint (layer_b, gsk_layer_snap_constraint_new (layer_a, GSK_LAYER_SNAP_EDGE_TOP,
                                                                    GSK_LAYER_SNAP_EDGE_BOTTOM, 10));
  gsk_layer_add_constraint (layer_b, gsk_layer_snap_constraint_new (stage, GSK_LAYER_SNAP_EDGE_BOTTOM,
                                                                    GSK_LAYER_SNAP_EDGE_BOTTOM, -10));

  layer_c = actor_new (stage, "layerC", -1, -1, color (LIGHT_CHAMELEON));
  gsk_layer_add_constraint (layer_c, gsk_layer_bind_constraint_new (layer_a, GSK_LAYER_BIND_X, 0));
  gsk_layer_add_constraint (layer_c, gsk_layer_bind_constraint_new (layer_a, GSK_LAYER_BIND_WIDTH, 0));
  gsk_layer_add_constraint (layer_c, gsk_layer_snap_constraint_new (layer_a, GSK_LAYER_SNAP_EDGE_BOTTOM,
                                                                    GSK_LAYER_SNAP_EDGE_TOP, -10));
  gsk_layer_add_constraint (layer_c, gsk_layer_snap_constraint_new (stage, GSK_LAYER_SNAP_EDGE_TOP,
                                                                    GSK_LAYER_SNAP_EDGE_TOP, 10));

  assert_frame ("constraints-0", stage, constraints_reference (640, 480));

  /* The user resizes the stage (it is user-resizable in the example) */
  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (500, 300));
  assert_frame ("constraints-resized", stage, constraints_reference (500, 300));

  /* A resize that animates: the constraints follow the stage's size on
   * screen, frame by frame */
  gsk_layer_save_easing_state (stage);
  gsk_layer_set_easing_mode (stage, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_easing_duration (stage, 400);
  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (620, 460));
  gsk_layer_restore_easing_state (stage);
  advance (clock, 100);
  assert_frame ("constraints-easing-100ms", stage, constraints_reference (530, 340));
  advance (clock, 300);
  assert_frame ("constraints-easing-400ms", stage, constraints_reference (620, 460));

  gsk_layer_set_frame_clock (stage, NULL);
  g_assert_finalize_object (stage);
  g_assert_finalize_object (clock);
}

/* }}} */
/* {{{ examples/bin-layout.c */

/* The box's background, which the example draws with a canvas: a
 * rounded frame filled with a light vertical gradient */
#define BIN_BACKGROUND_STYLE \
  "border: 1px solid rgba(204, 204, 204, 0.6); border-radius: 12px; " \
  "background-image: linear-gradient(#d9d9d9, white 5%, white 95%, #d9d9d9)"
#define BIN_EMBLEM_COLOR "rgba(52, 101, 164, 0.878)"

typedef struct {
  GskLayer *box;
  GskLayer *emblem;
  gboolean expanded;
} BinExample;

static gboolean
bin_box_event (GskLayerEventController *controller,
               GskLayerEvent           *event,
               BinExample              *example)
{
  GskLayerEventType type = gsk_layer_event_get_event_type (event);

  if (type != GSK_LAYER_EVENT_ENTER && type != GSK_LAYER_EVENT_LEAVE)
    return FALSE;

  /* "we ease the opacity linearly" */
  gsk_layer_save_easing_state (example->emblem);
  gsk_layer_set_easing_mode (example->emblem, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_easing_duration (example->emblem, 250);
  gsk_layer_set_opacity (example->emblem, type == GSK_LAYER_EVENT_ENTER ? 1 : 0);
  gsk_layer_restore_easing_state (example->emblem);
  return TRUE;
}

static void
bin_emblem_clicked (GskLayerClickGesture *gesture,
                    int                   n_press,
                    double                x,
                    double                y,
                    BinExample           *example)
{
  float size;

  /* "we add a little bounce to the resizing of the box" */
  gsk_layer_save_easing_state (example->box);
  gsk_layer_set_easing_mode (example->box, GSK_LAYER_EASING_EASE_OUT_BOUNCE);
  gsk_layer_set_easing_duration (example->box, 500);
  size = example->expanded ? 200 : 400;
  gsk_layer_set_size (example->box, &GRAPHENE_SIZE_INIT (size, size));
  gsk_layer_restore_easing_state (example->box);

  example->expanded = !example->expanded;
}

static char *
image_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "reftests", "images", name, NULL);
}

/* The box of side @size, with its emblem at @emblem_opacity */
static GskLayer *
bin_reference (float size,
               float emblem_opacity)
{
  GskLayer *stage = stage_new (ALUMINIUM_2);
  g_autofree char *path = image_path ("quadrants.png");
  GskLayerContent *image = gsk_layer_image_content_new_from_file (path, NULL);
  graphene_size_t label = text_size ("A simple test", NULL);
  GskLayer *box, *bg, *icon, *emblem;

  box = ref_rect (stage, (STAGE_WIDTH - size) / 2, (STAGE_HEIGHT - size) / 2, size, size, NULL);
  bg = ref_rect (box, 0, 0, size, size, NULL);
  g_assert_true (gsk_layer_set_style_from_string (bg, BIN_BACKGROUND_STYLE, NULL));
  /* The 60×30 image kept in its aspect in a 196×196 icon: 196×98 */
  icon = ref_rect (box, (size - 196) / 2, (size - 196) / 2 + 49, 196, 98, NULL);
  gsk_layer_set_content (icon, image);
  g_object_unref (image);
  emblem = ref_rect (box, size - 48, size - 48, 48, 48, color (BIN_EMBLEM_COLOR));
  gsk_layer_set_opacity (emblem, emblem_opacity);
  ref_label (box, "A simple test", NULL, (size - label.width) / 2, 0);
  return stage;
}

/* Penner's ease-out bounce, which Clutter and CSS libraries share */
static double
ease_out_bounce (double t)
{
  if (t < 1 / 2.75)
    return 7.5625 * t * t;
  if (t < 2 / 2.75)
    return 7.5625 * (t - 1.5 / 2.75) * (t - 1.5 / 2.75) + 0.75;
  if (t < 2.5 / 2.75)
    return 7.5625 * (t - 2.25 / 2.75) * (t - 2.25 / 2.75) + 0.9375;
  return 7.5625 * (t - 2.625 / 2.75) * (t - 2.625 / 2.75) + 0.984375;
}

static void
test_bin_layout (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *stage = stage_new (ALUMINIUM_2);
  BinExample example = { 0, };
  g_autofree char *path = image_path ("quadrants.png");
  g_autoptr (GError) error = NULL;
  GskLayerContent *image;
  GskLayerEventController *gesture;
  GskLayer *bg, *icon, *label;

  gsk_layer_set_frame_clock (stage, clock);

  /* "we use the anchor point to keep it centered on the same position
   * even when we change its size": GSK has no anchor point; an align
   * constraint to the stage's middle does the same */
  example.box = actor_new (stage, "box", -1, -1, NULL);
  gsk_layer_set_size (example.box, &GRAPHENE_SIZE_INIT (200, 200));
  gsk_layer_set_layout_manager (example.box, gsk_layer_bin_layout_new ());
  g_object_unref (gsk_layer_get_layout_manager (example.box));
  gsk_layer_add_constraint (example.box, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5));
  gsk_layer_add_constraint (example.box, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_VERTICAL, 0.5));

  bg = actor_new (example.box, "background", 200, 200, NULL);
  g_assert_true (gsk_layer_set_style_from_string (bg, BIN_BACKGROUND_STYLE, NULL));
  gsk_layer_set_x_expand (bg, TRUE);
  gsk_layer_set_y_expand (bg, TRUE);

  image = gsk_layer_image_content_new_from_file (path, &error);
  g_assert_no_error (error);
  icon = actor_new (example.box, "icon", 196, 196, NULL);
  gsk_layer_set_x_expand (icon, TRUE);
  gsk_layer_set_y_expand (icon, TRUE);
  gsk_layer_set_x_align (icon, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_y_align (icon, GSK_LAYER_ALIGN_CENTER);
  /* CLUTTER_CONTENT_GRAVITY_RESIZE_ASPECT */
  g_assert_true (gsk_layer_set_style_from_string (icon, "object-fit: contain", NULL));
  gsk_layer_set_content (icon, image);
  g_object_unref (image);

  /* Clutter picks the emblem's colour at random (alpha 224) */
  example.emblem = actor_new (example.box, "emblem", 48, 48, color (BIN_EMBLEM_COLOR));
  gsk_layer_set_x_expand (example.emblem, TRUE);
  gsk_layer_set_y_expand (example.emblem, TRUE);
  gsk_layer_set_x_align (example.emblem, GSK_LAYER_ALIGN_END);
  gsk_layer_set_y_align (example.emblem, GSK_LAYER_ALIGN_END);
  gsk_layer_set_opacity (example.emblem, 0);
  gesture = gsk_layer_click_gesture_new ();
  g_signal_connect (gesture, "clicked", G_CALLBACK (bin_emblem_clicked), &example);
  gsk_layer_add_controller (example.emblem, gesture);

  on_event (example.box, G_CALLBACK (bin_box_event), &example);

  label = gsk_layer_text_new ("A simple test");
  gsk_layer_set_x_expand (label, TRUE);
  gsk_layer_set_x_align (label, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_y_expand (label, TRUE);
  gsk_layer_set_y_align (label, GSK_LAYER_ALIGN_START);
  gsk_layer_add_child (example.box, label);

  assert_frame ("bin-layout-0", stage, bin_reference (200, 0));

  /* The pointer enters the box: the emblem fades in, linearly */
  send (stage, GSK_LAYER_EVENT_MOTION, 300, 200, 0, 0);
  advance (clock, 125);
  assert_frame ("bin-layout-hover-125ms", stage, bin_reference (200, 0.5));
  advance (clock, 125);
  assert_frame ("bin-layout-hover-250ms", stage, bin_reference (200, 1));

  /* A click on the emblem (the box spans 220…420, 140…340): the box
   * grows to 400 with a bounce, its children with it */
  click (stage, 400, 320, 1, 0);
  g_assert_true (example.expanded);
  advance (clock, 150);
  assert_frame ("bin-layout-grow-150ms", stage, bin_reference (200 + 200 * ease_out_bounce (0.3), 1));
  advance (clock, 150);
  assert_frame ("bin-layout-grow-300ms", stage, bin_reference (200 + 200 * ease_out_bounce (0.6), 1));
  advance (clock, 200);
  assert_frame ("bin-layout-grow-500ms", stage, bin_reference (400, 1));

  /* The pointer leaves the box (now 120…520, 40…440): the emblem fades */
  send (stage, GSK_LAYER_EVENT_MOTION, 600, 460, 0, 0);
  advance (clock, 250);
  assert_frame ("bin-layout-left", stage, bin_reference (400, 0));

  gsk_layer_set_frame_clock (stage, NULL);
  g_assert_finalize_object (stage);
  g_assert_finalize_object (clock);
}

/* }}} */
/* {{{ examples/flow-layout.c */

#define N_FLOW_RECTS 20

static const GdkRGBA *
flow_color (guint i)
{
  return keep (color_from_hls (360.f / N_FLOW_RECTS * i, 0.5f, 0.8f));
}

/* Squares of 50 in rows as wide as the stage lets them be */
static GskLayer *
flow_reference (float width,
                float height)
{
  GskLayer *stage = stage_new ("#87cefa");
  int per_row = MAX ((int) (width / 50), 1);
  GskLayer *box;

  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (width, height));
  box = ref_rect (stage, 0, 0, width, height, color (ALUMINIUM_2));
  for (guint i = 0; i < N_FLOW_RECTS; i++)
    ref_rect (box, (i % per_row) * 50, (i / per_row) * 50, 50, 50, flow_color (i));
  return stage;
}

static void
test_flow_layout (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *stage = stage_new ("#87cefa");
  GskLayer *box;

  gsk_layer_set_frame_clock (stage, clock);

  box = actor_new (stage, "box", -1, -1, color (ALUMINIUM_2));
  gsk_layer_set_layout_manager (box, gsk_layer_flow_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL));
  g_object_unref (gsk_layer_get_layout_manager (box));
  gsk_layer_add_constraint (box, gsk_layer_bind_constraint_new (stage, GSK_LAYER_BIND_SIZE, 0));
  for (guint i = 0; i < N_FLOW_RECTS; i++)
    actor_new (box, "rect", 50, 50, flow_color (i));

  assert_frame ("flow-layout-0", stage, flow_reference (640, 480));

  /* The stage shrinks to 320 × 240 over 400 ms: the box follows it on
   * screen and the squares flow again in every frame, 11 to a row at
   * 560, 9 at 480, 6 at 320 */
  gsk_layer_save_easing_state (stage);
  gsk_layer_set_easing_mode (stage, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_easing_duration (stage, 400);
  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (320, 240));
  gsk_layer_restore_easing_state (stage);
  advance (clock, 100);
  assert_frame ("flow-layout-100ms", stage, flow_reference (560, 420));
  advance (clock, 100);
  assert_frame ("flow-layout-200ms", stage, flow_reference (480, 360));
  advance (clock, 200);
  assert_frame ("flow-layout-400ms", stage, flow_reference (320, 240));

  gsk_layer_set_frame_clock (stage, NULL);
  g_assert_finalize_object (stage);
  g_assert_finalize_object (clock);
}

/* }}} */
/* {{{ examples/box-layout.c and grid-layout.c: what they share */

#define SMALL_FONT "Sans 8px"
#define INSTRUCTIONS_FONT "Sans 12px"

static const char *
align_name (GskLayerAlign align)
{
  switch (align)
    {
    case GSK_LAYER_ALIGN_FILL: return "fill";
    case GSK_LAYER_ALIGN_START: return "start";
    case GSK_LAYER_ALIGN_CENTER: return "center";
    case GSK_LAYER_ALIGN_END: return "end";
    default: g_assert_not_reached ();
    }
}

/* Clutter's order of alignments: fill, start, center, end */
static GskLayerAlign
next_align (GskLayerAlign align)
{
  switch (align)
    {
    case GSK_LAYER_ALIGN_FILL: return GSK_LAYER_ALIGN_START;
    case GSK_LAYER_ALIGN_START: return GSK_LAYER_ALIGN_CENTER;
    case GSK_LAYER_ALIGN_CENTER: return GSK_LAYER_ALIGN_END;
    default: return GSK_LAYER_ALIGN_FILL;
    }
}

typedef void (* LabelUpdate) (GskLayer *rect, GParamSpec *pspec, GskLayer *label);

/* A rectangle of both examples: a bin layout centring a label that
 * @update writes its layout properties into whenever they change, and
 * @on_click for its clicks; expanding both ways */
static GskLayer *
labelled_rect_new (const GdkRGBA *background,
                   float          width,
                   float          height,
                   GCallback      on_click,
                   LabelUpdate    update)
{
  GskLayer *rect = gsk_layer_new ();
  GskLayer *label;
  const char *notify[] = { "notify::x-expand", "notify::y-expand", "notify::x-align", "notify::y-align" };

  gsk_layer_set_name (rect, "rect");
  gsk_layer_set_layout_manager (rect, gsk_layer_bin_layout_new ());
  g_object_unref (gsk_layer_get_layout_manager (rect));
  gsk_layer_set_background_color (rect, background);
  gsk_layer_set_preferred_size (rect, &GRAPHENE_SIZE_INIT (width, height));
  gsk_layer_set_x_expand (rect, TRUE);
  gsk_layer_set_y_expand (rect, TRUE);

  label = label_new (rect, NULL, SMALL_FONT);
  gsk_layer_set_x_align (label, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_y_align (label, GSK_LAYER_ALIGN_CENTER);
  on_event (rect, on_click, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (notify); i++)
    g_signal_connect (rect, notify[i], G_CALLBACK (update), label);
  return rect;
}

/* }}} */
/* {{{ examples/grid-layout.c */

#define GRID_INSTRUCTIONS \
  "Press r\t\342\236\236\tSwitch row homogeneous\n" \
  "Press c\t\342\236\236\tSwitch column homogeneous\n" \
  "Press s\t\342\236\236\tIncrement spacing (up to 12px)\n" \
  "Press q\t\342\236\236\tQuit\n\n" \
  "Left/right click\t\t\342\236\236\tChange actor align\n" \
  "Shift left/right click\t\342\236\236\tChange actor expand"

static const guint grid_cells[9][4] = {
  { 0, 0, 1, 1 }, { 1, 0, 1, 1 }, { 2, 0, 1, 1 },
  { 0, 1, 1, 1 }, { 1, 1, 2, 1 }, { 0, 2, 3, 1 },
  { 0, 3, 2, 2 }, { 2, 3, 1, 1 }, { 2, 4, 1, 1 },
};

static char *
grid_label_text (const guint   cell[4],
                 gboolean      x_expand,
                 gboolean      y_expand,
                 GskLayerAlign x_align,
                 GskLayerAlign y_align)
{
  return g_strdup_printf ("attach: %u,%u\nspan: %u,%u\nexpand: %d,%d\nalign: %s,%s",
                          cell[0], cell[1], cell[2], cell[3], x_expand, y_expand,
                          align_name (x_align), align_name (y_align));
}

static void
grid_rect_changed (GskLayer   *rect,
                   GParamSpec *pspec,
                   GskLayer   *label)
{
  GskLayerGridLayout *grid = GSK_LAYER_GRID_LAYOUT (gsk_layer_get_layout_manager (gsk_layer_get_parent (rect)));
  guint cell[4];
  g_autofree char *text = NULL;

  g_assert_true (gsk_layer_grid_layout_get_cell (grid, rect, &cell[0], &cell[1], &cell[2], &cell[3]));
  text = grid_label_text (cell, gsk_layer_get_x_expand (rect), gsk_layer_get_y_expand (rect),
                          gsk_layer_get_x_align (rect), gsk_layer_get_y_align (rect));
  gsk_layer_text_set_text (GSK_LAYER_TEXT (label), text);
}

/* Left click: the next x alignment (with shift: x-expand); right
 * click: the same for y */
static gboolean
grid_rect_event (GskLayerEventController *controller,
                 GskLayerEvent           *event,
                 gpointer                 data)
{
  GskLayer *rect = gsk_layer_event_controller_get_layer (controller);
  gboolean shift = (gsk_layer_event_get_modifiers (event) & GDK_SHIFT_MASK) != 0;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_BUTTON_RELEASE)
    return FALSE;

  switch (gsk_layer_event_get_button (event))
    {
    case GDK_BUTTON_PRIMARY:
      if (shift)
        gsk_layer_set_x_expand (rect, !gsk_layer_get_x_expand (rect));
      else
        gsk_layer_set_x_align (rect, next_align (gsk_layer_get_x_align (rect)));
      return TRUE;

    case GDK_BUTTON_SECONDARY:
      if (shift)
        gsk_layer_set_y_expand (rect, !gsk_layer_get_y_expand (rect));
      else
        gsk_layer_set_y_align (rect, next_align (gsk_layer_get_y_align (rect)));
      return TRUE;

    default:
      return FALSE;
    }
}

static gboolean
grid_key_event (GskLayerEventController *controller,
                GskLayerEvent           *event,
                GskLayer                *box)
{
  GskLayerLayoutManager *grid = gsk_layer_get_layout_manager (box);
  gboolean toggle;
  float spacing;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_RELEASE)
    return FALSE;

  switch (gsk_layer_event_get_keyval (event))
    {
    case GDK_KEY_c:
      g_object_get (grid, "column-homogeneous", &toggle, NULL);
      g_object_set (grid, "column-homogeneous", !toggle, NULL);
      return TRUE;

    case GDK_KEY_r:
      g_object_get (grid, "row-homogeneous", &toggle, NULL);
      g_object_set (grid, "row-homogeneous", !toggle, NULL);
      return TRUE;

    case GDK_KEY_s:
      g_object_get (grid, "column-spacing", &spacing, NULL);
      spacing = spacing < 12 ? spacing + 1 : 0;
      g_object_set (grid, "column-spacing", spacing, "row-spacing", spacing, NULL);
      return TRUE;

    default:
      return FALSE;
    }
}

/* Its nine rectangles in hues 40° apart (Clutter's are random) */
static const GdkRGBA *
grid_color (guint i)
{
  return keep (color_from_hls (40.f * i, 0.5f, 0.5f));
}

typedef struct {
  GskLayerAlign x_align, y_align;
  gboolean x_expand, y_expand;
} GridChild;

/* Every rectangle asks for 60×60 and expands, so every column and row
 * shares what the box leaves equally: the cells are all one size */
static GskLayer *
grid_reference (float            spacing,
                const GridChild  children[9])
{
  GskLayer *stage = stage_new (ALUMINIUM_1);
  graphene_size_t instructions = text_size (GRID_INSTRUCTIONS, INSTRUCTIONS_FONT);
  float box_height = STAGE_HEIGHT - (instructions.height + 8);
  float column = (STAGE_WIDTH - 2 * spacing) / 3, row = (box_height - 4 * spacing) / 5;
  GskLayer *box = ref_rect (stage, 0, 0, STAGE_WIDTH, box_height, color (LIGHT_GRAY));
  GskLayer *label;

  for (guint i = 0; i < 9; i++)
    {
      const guint *cell = grid_cells[i];
      float x = cell[0] * (column + spacing), y = cell[1] * (row + spacing);
      float w = cell[2] * column + (cell[2] - 1) * spacing;
      float h = cell[3] * row + (cell[3] - 1) * spacing;
      g_autofree char *text = grid_label_text (cell, children[i].x_expand, children[i].y_expand,
                                               children[i].x_align, children[i].y_align);
      GskLayer *rect;

      if (children[i].x_align != GSK_LAYER_ALIGN_FILL)
        {
          x += children[i].x_align == GSK_LAYER_ALIGN_START ? 0
               : children[i].x_align == GSK_LAYER_ALIGN_END ? w - 60 : (w - 60) / 2;
          w = 60;
        }
      if (children[i].y_align != GSK_LAYER_ALIGN_FILL)
        {
          y += children[i].y_align == GSK_LAYER_ALIGN_START ? 0
               : children[i].y_align == GSK_LAYER_ALIGN_END ? h - 60 : (h - 60) / 2;
          h = 60;
        }

      rect = ref_rect (box, x, y, w, h, grid_color (i));
      ref_centred_label (rect, text, SMALL_FONT);
    }

  /* Margins of 4 at the top, left and bottom; filling the width */
  label = ref_label (stage, GRID_INSTRUCTIONS, INSTRUCTIONS_FONT, 4, box_height + 4);
  gsk_layer_text_set_alignment (GSK_LAYER_TEXT (label), GSK_LAYER_TEXT_ALIGN_LEFT);
  gsk_layer_set_size (label, &GRAPHENE_SIZE_INIT (STAGE_WIDTH - 4, instructions.height));
  return stage;
}

static void
test_grid_layout (void)
{
  GskLayer *stage = stage_new (ALUMINIUM_1);
  GskLayerLayoutManager *stage_layout = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);
  GskLayerLayoutManager *grid = gsk_layer_grid_layout_new ();
  GridChild children[9];
  GskLayer *box, *instructions;

  gsk_layer_set_layout_manager (stage, stage_layout);
  g_object_unref (stage_layout);

  box = actor_new (stage, "box", -1, -1, color (LIGHT_GRAY));
  gsk_layer_set_x_expand (box, TRUE);
  gsk_layer_set_y_expand (box, TRUE);
  gsk_layer_set_layout_manager (box, grid);
  g_object_unref (grid);

  for (guint i = 0; i < 9; i++)
    {
      GskLayer *rect = labelled_rect_new (grid_color (i), 60, 60, G_CALLBACK (grid_rect_event), grid_rect_changed);

      /* Attached before its label is written: the label shows the cell */
      gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), rect, grid_cells[i][0], grid_cells[i][1],
                                    grid_cells[i][2], grid_cells[i][3]);
      grid_rect_changed (rect, NULL, gsk_layer_get_first_child (rect));

      children[i] = (GridChild) { GSK_LAYER_ALIGN_FILL, GSK_LAYER_ALIGN_FILL, TRUE, TRUE };
    }

  instructions = label_new (stage, GRID_INSTRUCTIONS, INSTRUCTIONS_FONT);
  gsk_layer_text_set_alignment (GSK_LAYER_TEXT (instructions), GSK_LAYER_TEXT_ALIGN_LEFT);
  gsk_layer_set_margin (instructions, 4, 0, 4, 4);
  gsk_layer_set_x_align (instructions, GSK_LAYER_ALIGN_FILL);
  gsk_layer_set_y_align (instructions, GSK_LAYER_ALIGN_CENTER);

  on_event (stage, G_CALLBACK (grid_key_event), box);

  assert_frame ("grid-layout-0", stage, grid_reference (0, children));

  /* s, s, s: spacings of 3 between columns and rows */
  press_key (stage, GDK_KEY_s);
  press_key (stage, GDK_KEY_s);
  press_key (stage, GDK_KEY_s);
  assert_frame ("grid-layout-spacing", stage, grid_reference (3, children));

  /* A left click on the rectangle at (1, 0): it aligns to the start of
   * its cell at its 60 px; a right click on the one at (2, 4): to the
   * top; a shift-left click on the one spanning row 2: x-expand off,
   * which changes its label but not the columns (each has a child of
   * its own that expands) */
  {
    graphene_size_t instructions_size = text_size (GRID_INSTRUCTIONS, INSTRUCTIONS_FONT);
    float box_height = STAGE_HEIGHT - (instructions_size.height + 8);
    float column = (STAGE_WIDTH - 6) / 3.f, row = (box_height - 12) / 5;

    click (stage, 1 * (column + 3) + column - 10, 10, GDK_BUTTON_PRIMARY, 0);
    children[1].x_align = GSK_LAYER_ALIGN_START;
    click (stage, 2 * (column + 3) + 10, 4 * (row + 3) + row - 5, GDK_BUTTON_SECONDARY, 0);
    children[8].y_align = GSK_LAYER_ALIGN_START;
    click (stage, 10, 2 * (row + 3) + 10, GDK_BUTTON_PRIMARY, GDK_SHIFT_MASK);
    children[5].x_expand = FALSE;
  }
  assert_frame ("grid-layout-clicks", stage, grid_reference (3, children));

  /* c and r: homogeneous columns and rows, equal already */
  press_key (stage, GDK_KEY_c);
  press_key (stage, GDK_KEY_r);
  assert_frame ("grid-layout-homogeneous", stage, grid_reference (3, children));

  g_assert_finalize_object (stage);
}

/* }}} */
/* {{{ examples/box-layout.c */

#define BOX_INSTRUCTIONS \
  "Press v\t\342\236\236\tSwitch horizontal/vertical\n" \
  "Press h\t\342\236\236\tSwitch homogeneous\n" \
  "Press p\t\342\236\236\tSwitch pack start/end\n" \
  "Press s\t\342\236\236\tIncrement spacing (up to 12px)\n" \
  "Press +\t\342\236\236\tAdd a new actor\n" \
  "Press q\t\342\236\236\tQuit"

static char *
box_label_text (gboolean      x_expand,
                gboolean      y_expand,
                GskLayerAlign x_align,
                GskLayerAlign y_align)
{
  return g_strdup_printf ("%d,%d\n%s\n%s", x_expand, y_expand, align_name (x_align), align_name (y_align));
}

static void
box_rect_changed (GskLayer   *rect,
                  GParamSpec *pspec,
                  GskLayer   *label)
{
  g_autofree char *text = box_label_text (gsk_layer_get_x_expand (rect), gsk_layer_get_y_expand (rect),
                                          gsk_layer_get_x_align (rect), gsk_layer_get_y_align (rect));

  gsk_layer_text_set_text (GSK_LAYER_TEXT (label), text);
}

/* Left click: the next x alignment (with shift: y); right click:
 * x-expand (with shift: y-expand) */
static gboolean
box_rect_event (GskLayerEventController *controller,
                GskLayerEvent           *event,
                gpointer                 data)
{
  GskLayer *rect = gsk_layer_event_controller_get_layer (controller);
  gboolean shift = (gsk_layer_event_get_modifiers (event) & GDK_SHIFT_MASK) != 0;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_BUTTON_RELEASE)
    return FALSE;

  switch (gsk_layer_event_get_button (event))
    {
    case GDK_BUTTON_PRIMARY:
      if (shift)
        gsk_layer_set_y_align (rect, next_align (gsk_layer_get_y_align (rect)));
      else
        gsk_layer_set_x_align (rect, next_align (gsk_layer_get_x_align (rect)));
      return TRUE;

    case GDK_BUTTON_SECONDARY:
      if (shift)
        gsk_layer_set_y_expand (rect, !gsk_layer_get_y_expand (rect));
      else
        gsk_layer_set_x_expand (rect, !gsk_layer_get_x_expand (rect));
      return TRUE;

    default:
      return FALSE;
    }
}

/* Hues 72° apart for the first five, then 36° off (Clutter's are
 * random) */
static const GdkRGBA *
box_color (guint i)
{
  return keep (color_from_hls (72.f * i + (i >= 5 ? 36.f : 0.f), 0.5f, 0.5f));
}

static void
box_add_actor (GskLayer *box,
               guint     index,
               guint     color_index)
{
  GskLayer *rect = labelled_rect_new (box_color (color_index), 32, 64, G_CALLBACK (box_rect_event), box_rect_changed);

  gsk_layer_set_x_align (rect, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_y_align (rect, GSK_LAYER_ALIGN_CENTER);
  box_rect_changed (rect, NULL, gsk_layer_get_first_child (rect));

  gsk_layer_insert_child_at_index (box, rect, index);
}

static gboolean
box_key_event (GskLayerEventController *controller,
               GskLayerEvent           *event,
               GskLayer                *box)
{
  GskLayerBoxLayout *layout = GSK_LAYER_BOX_LAYOUT (gsk_layer_get_layout_manager (box));
  float spacing;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_RELEASE)
    return FALSE;

  switch (gsk_layer_event_get_keyval (event))
    {
    case GDK_KEY_v:
      gsk_layer_box_layout_set_orientation (layout,
                                            gsk_layer_box_layout_get_orientation (layout) == GSK_LAYER_ORIENTATION_HORIZONTAL
                                            ? GSK_LAYER_ORIENTATION_VERTICAL : GSK_LAYER_ORIENTATION_HORIZONTAL);
      return TRUE;

    case GDK_KEY_h:
      gsk_layer_box_layout_set_homogeneous (layout, !gsk_layer_box_layout_get_homogeneous (layout));
      return TRUE;

    case GDK_KEY_s:
      spacing = gsk_layer_box_layout_get_spacing (layout);
      gsk_layer_box_layout_set_spacing (layout, spacing > 12 ? 0 : spacing + 1);
      return TRUE;

    case GDK_KEY_plus:
      /* Clutter inserts at a random index; the port at the middle */
      box_add_actor (box, gsk_layer_get_n_children (box) / 2, gsk_layer_get_n_children (box));
      return TRUE;

    default:
      return FALSE;
    }
}

typedef struct {
  guint color;
  GskLayerAlign x_align, y_align;
  gboolean x_expand, y_expand;
} BoxChild;

/* The box's children along its orientation: each gets its natural
 * size (32 across, 64 down) plus an equal share of what is left among
 * those that expand (all of them, when homogeneous: equal slots), and
 * sits in its slot by its alignment; across, the whole box.
 * Homogeneous: slots of one size */
static GskLayer *
box_reference (gboolean        vertical,
               gboolean        homogeneous,
               float           spacing,
               const BoxChild *children,
               guint           n_children)
{
  GskLayer *stage = stage_new (ALUMINIUM_1);
  graphene_size_t instructions = text_size (BOX_INSTRUCTIONS, INSTRUCTIONS_FONT);
  float box_height = STAGE_HEIGHT - (instructions.height + 8);
  GskLayer *box = ref_rect (stage, 0, 0, STAGE_WIDTH, box_height, color (LIGHT_GRAY));
  float length = vertical ? box_height : STAGE_WIDTH, across = vertical ? STAGE_WIDTH : box_height;
  float natural = vertical ? 64 : 32, natural_across = vertical ? 32 : 64;
  float left = length - spacing * (n_children - 1) - natural * n_children;
  guint n_expand = 0;
  float at = 0;

  for (guint i = 0; i < n_children; i++)
    n_expand += vertical ? children[i].y_expand : children[i].x_expand;

  for (guint i = 0; i < n_children; i++)
    {
      gboolean expand = vertical ? children[i].y_expand : children[i].x_expand;
      GskLayerAlign along = vertical ? children[i].y_align : children[i].x_align;
      GskLayerAlign across_align = vertical ? children[i].x_align : children[i].y_align;
      float slot = homogeneous ? (length - spacing * (n_children - 1)) / n_children
                               : natural + (expand ? left / n_expand : 0);
      float offset_along, size_along = natural, offset_across, size_across = natural_across;
      g_autofree char *text = box_label_text (children[i].x_expand, children[i].y_expand,
                                              children[i].x_align, children[i].y_align);
      GskLayer *rect;

      if (along == GSK_LAYER_ALIGN_FILL)
        size_along = slot;
      offset_along = along == GSK_LAYER_ALIGN_CENTER ? (slot - size_along) / 2
                     : along == GSK_LAYER_ALIGN_END ? slot - size_along : 0;
      if (across_align == GSK_LAYER_ALIGN_FILL)
        size_across = across;
      offset_across = across_align == GSK_LAYER_ALIGN_CENTER ? (across - size_across) / 2
                      : across_align == GSK_LAYER_ALIGN_END ? across - size_across : 0;

      if (vertical)
        rect = ref_rect (box, offset_across, at + offset_along, size_across, size_along, box_color (children[i].color));
      else
        rect = ref_rect (box, at + offset_along, offset_across, size_along, size_across, box_color (children[i].color));
      ref_centred_label (rect, text, SMALL_FONT);
      at += slot + spacing;
    }

  /* x-align start, margins of 4 at the top, left and bottom */
  gsk_layer_text_set_alignment (GSK_LAYER_TEXT (ref_label (stage, BOX_INSTRUCTIONS, INSTRUCTIONS_FONT, 4, box_height + 4)),
                                GSK_LAYER_TEXT_ALIGN_LEFT);
  return stage;
}

static void
test_box_layout (void)
{
  GskLayer *stage = stage_new (ALUMINIUM_1);
  GskLayerLayoutManager *stage_layout = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);
  GskLayerLayoutManager *layout = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);
  BoxChild children[6];
  GskLayer *box, *instructions;

  gsk_layer_set_layout_manager (stage, stage_layout);
  g_object_unref (stage_layout);

  box = actor_new (stage, "box", -1, -1, color (LIGHT_GRAY));
  gsk_layer_set_x_expand (box, TRUE);
  gsk_layer_set_y_expand (box, TRUE);
  gsk_layer_set_layout_manager (box, layout);
  g_object_unref (layout);

  instructions = label_new (stage, BOX_INSTRUCTIONS, INSTRUCTIONS_FONT);
  gsk_layer_text_set_alignment (GSK_LAYER_TEXT (instructions), GSK_LAYER_TEXT_ALIGN_LEFT);
  gsk_layer_set_x_expand (instructions, TRUE);
  gsk_layer_set_x_align (instructions, GSK_LAYER_ALIGN_START);
  gsk_layer_set_margin (instructions, 4, 0, 4, 4);

  for (guint i = 0; i < 5; i++)
    {
      box_add_actor (box, i, i);
      children[i] = (BoxChild) { i, GSK_LAYER_ALIGN_CENTER, GSK_LAYER_ALIGN_CENTER, TRUE, TRUE };
    }

  on_event (stage, G_CALLBACK (box_key_event), box);

  assert_frame ("box-layout-0", stage, box_reference (FALSE, FALSE, 0, children, 5));

  /* A left click on the first rectangle: x-align center → end; a
   * right click on the second: x-expand off, so the others share its
   * room; a shift-left click on the third (which moved): y-align
   * center → end */
  {
    graphene_size_t instructions_size = text_size (BOX_INSTRUCTIONS, INSTRUCTIONS_FONT);
    float middle = (STAGE_HEIGHT - (instructions_size.height + 8)) / 2;
    float slot = STAGE_WIDTH / 5.f, wider = 32 + (STAGE_WIDTH - 5 * 32) / 4.f;

    click (stage, slot / 2, middle, GDK_BUTTON_PRIMARY, 0);
    children[0].x_align = GSK_LAYER_ALIGN_END;
    click (stage, slot * 1.5f, middle, GDK_BUTTON_SECONDARY, 0);
    children[1].x_expand = FALSE;
    click (stage, wider + 32 + wider / 2, middle, GDK_BUTTON_PRIMARY, GDK_SHIFT_MASK);
    children[2].y_align = GSK_LAYER_ALIGN_END;
  }
  assert_frame ("box-layout-clicks", stage, box_reference (FALSE, FALSE, 0, children, 5));

  /* s, s: spacing 2 */
  press_key (stage, GDK_KEY_s);
  press_key (stage, GDK_KEY_s);
  assert_frame ("box-layout-spacing", stage, box_reference (FALSE, FALSE, 2, children, 5));

  /* v: a column (five rectangles fit in it, six would not) */
  press_key (stage, GDK_KEY_v);
  assert_frame ("box-layout-vertical", stage, box_reference (TRUE, FALSE, 2, children, 5));

  /* h: homogeneous, slots of one height in the column; and h back */
  press_key (stage, GDK_KEY_h);
  assert_frame ("box-layout-homogeneous", stage, box_reference (TRUE, TRUE, 2, children, 5));
  press_key (stage, GDK_KEY_h);

  /* v again, and +: a sixth rectangle in the middle of the row */
  press_key (stage, GDK_KEY_v);
  press_key (stage, GDK_KEY_plus);
  memmove (&children[3], &children[2], 3 * sizeof (BoxChild));
  children[2] = (BoxChild) { 5, GSK_LAYER_ALIGN_CENTER, GSK_LAYER_ALIGN_CENTER, TRUE, TRUE };
  assert_frame ("box-layout-added", stage, box_reference (FALSE, FALSE, 2, children, 6));

  g_assert_finalize_object (stage);
}

/* }}} */
/* {{{ examples/layout-manager.c */

/* The example's own layout manager: its children in a grid, or around
 * a circle; a change of state inside the container's easing state
 * moves them there */
typedef enum {
  MULTI_LAYOUT_GRID,
  MULTI_LAYOUT_CIRCLE
} MultiLayoutState;

typedef struct {
  GskLayerLayoutManager parent_instance;
  MultiLayoutState state;
  float spacing;
  float cell_width;
  float cell_height;
} MultiLayout;

typedef GskLayerLayoutManagerClass MultiLayoutClass;

static GType multi_layout_get_type (void);
G_DEFINE_TYPE (MultiLayout, multi_layout, GSK_TYPE_LAYER_LAYOUT_MANAGER)

static void
multi_layout_measure (GskLayerLayoutManager *manager,
                      GskLayer              *container,
                      GskLayerOrientation    orientation,
                      float                  for_size,
                      float                 *minimum,
                      float                 *natural)
{
  MultiLayout *self = (MultiLayout *) manager;
  float min = 0, nat = 0, max_natural = 0;
  int n_children = 0;

  for (GskLayer *child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      float child_min, child_nat;

      if (!gsk_layer_get_visible (child))
        continue;

      gsk_layer_measure (child, orientation, -1, &child_min, &child_nat);
      max_natural = MAX (max_natural, child_nat);
      if (orientation == GSK_LAYER_ORIENTATION_HORIZONTAL && self->state == MULTI_LAYOUT_GRID)
        {
          min += child_min;
          nat += child_nat;
        }
      else
        {
          min = MAX (min, child_min);
          nat = MAX (nat, child_nat);
        }
      n_children++;
    }

  if (orientation == GSK_LAYER_ORIENTATION_HORIZONTAL)
    self->cell_width = max_natural;
  else
    self->cell_height = max_natural;

  *minimum = min + self->spacing * MAX (n_children - 1, 0);
  *natural = nat + self->spacing * MAX (n_children - 1, 0);
}

static void
multi_layout_allocate (GskLayerLayoutManager *manager,
                       GskLayer              *container,
                       float                  width,
                       float                  height)
{
  MultiLayout *self = (MultiLayout *) manager;
  float min, nat, radius;
  int n_items = 0, per_row, index = 0;

  for (GskLayer *child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    n_items += gsk_layer_get_visible (child);
  if (n_items == 0)
    return;

  /* Updates the cell size */
  multi_layout_measure (manager, container, GSK_LAYER_ORIENTATION_HORIZONTAL, height, &min, &nat);
  multi_layout_measure (manager, container, GSK_LAYER_ORIENTATION_VERTICAL, width, &min, &nat);

  per_row = self->cell_width > 0 ? MAX ((int) ((width + self->spacing) / (self->cell_width + self->spacing)), 1) : 1;
  radius = MIN ((width - self->cell_width) / 2, (height - self->cell_height) / 2);

  for (GskLayer *child = gsk_layer_get_first_child (container); child; child = gsk_layer_get_next_sibling (child))
    {
      float x, y;

      if (!gsk_layer_get_visible (child))
        continue;

      if (self->state == MULTI_LAYOUT_GRID)
        {
          x = (index % per_row) * (self->cell_width + self->spacing);
          y = (index / per_row) * (self->cell_height + self->spacing);
        }
      else
        {
          double theta = 2 * G_PI / n_items * index;

          x = width / 2 + radius * sin (theta) - self->cell_width / 2;
          y = height / 2 - radius * cos (theta) - self->cell_height / 2;
        }

      gsk_layer_allocate (child, x, y, self->cell_width, self->cell_height);
      index++;
    }
}

static void
multi_layout_class_init (MultiLayoutClass *klass)
{
  klass->measure = multi_layout_measure;
  klass->allocate = multi_layout_allocate;
}

static void
multi_layout_init (MultiLayout *self)
{
  self->cell_width = self->cell_height = -1;
}

static void
multi_layout_set_state (MultiLayout      *self,
                        MultiLayoutState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  gsk_layer_layout_manager_layout_changed (GSK_LAYER_LAYOUT_MANAGER (self));
}

#define N_RECTS   16
#define RECT_SIZE 64.f
#define PADDING   12.f
#define BOX_SIZE  (RECT_SIZE * 4 + PADDING * 3)
#define MULTI_INSTRUCTIONS \
  "Press g\t\342\236\236\tGrid layout\n" \
  "Press c\t\342\236\236\tCircular layout\n" \
  "Press q\t\342\236\236\tQuit"

/* Clutter's layout managers animated with CLUTTER_EASE_OUT_CUBIC over
 * 500 ms when asked to use animations; the port puts the state change
 * in the box's easing state */
static gboolean
multi_key_event (GskLayerEventController *controller,
                 GskLayerEvent           *event,
                 GskLayer                *box)
{
  MultiLayout *layout = (MultiLayout *) gsk_layer_get_layout_manager (box);
  guint keyval = gsk_layer_event_get_keyval (event);

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_PRESS ||
      (keyval != GDK_KEY_g && keyval != GDK_KEY_c))
    return FALSE;

  gsk_layer_save_easing_state (box);
  gsk_layer_set_easing_mode (box, GSK_LAYER_EASING_EASE_OUT_CUBIC);
  gsk_layer_set_easing_duration (box, 500);
  multi_layout_set_state (layout, keyval == GDK_KEY_g ? MULTI_LAYOUT_GRID : MULTI_LAYOUT_CIRCLE);
  gsk_layer_restore_easing_state (box);
  return TRUE;
}

static const GdkRGBA *
multi_color (guint i)
{
  GdkRGBA c = color_from_hls (360.f / N_RECTS * i, 0.5f, 0.8f);

  c.alpha = (128 + 128 / N_RECTS * i) / 255.f;
  return keep (c);
}

/* @circle: how far each square is from its grid cell to its place on
 * the circle, 0 to 1 */
static GskLayer *
multi_reference (double circle)
{
  GskLayer *stage = stage_new (ALUMINIUM_1);
  graphene_size_t label = text_size (MULTI_INSTRUCTIONS, NULL);
  float radius = (BOX_SIZE - RECT_SIZE) / 2;
  GskLayer *box = ref_rect (stage, (STAGE_WIDTH - BOX_SIZE) / 2, (STAGE_HEIGHT - BOX_SIZE) / 2,
                            BOX_SIZE, BOX_SIZE, NULL);

  for (guint i = 0; i < N_RECTS; i++)
    {
      float grid_x = (i % 4) * (RECT_SIZE + PADDING), grid_y = (i / 4) * (RECT_SIZE + PADDING);
      double theta = 2 * G_PI / N_RECTS * i;
      float circle_x = BOX_SIZE / 2 + radius * sin (theta) - RECT_SIZE / 2;
      float circle_y = BOX_SIZE / 2 - radius * cos (theta) - RECT_SIZE / 2;

      ref_rect (box, grid_x + (circle_x - grid_x) * circle, grid_y + (circle_y - grid_y) * circle,
                RECT_SIZE, RECT_SIZE, multi_color (i));
    }

  gsk_layer_text_set_alignment (GSK_LAYER_TEXT (ref_label (stage, MULTI_INSTRUCTIONS, NULL,
                                                           (STAGE_WIDTH - label.width) * 0.5f,
                                                           (STAGE_HEIGHT - label.height) * 0.95f)),
                                GSK_LAYER_TEXT_ALIGN_LEFT);
  return stage;
}

static double
ease_out_cubic (double t)
{
  return 1 - (1 - t) * (1 - t) * (1 - t);
}

static void
test_layout_manager (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *stage = stage_new (ALUMINIUM_1);
  MultiLayout *manager = g_object_new (multi_layout_get_type (), NULL);
  GskLayer *box, *label;

  gsk_layer_set_frame_clock (stage, clock);
  manager->spacing = PADDING;

  box = actor_new (stage, "box", -1, -1, NULL);
  gsk_layer_set_margin (box, PADDING, PADDING, PADDING, PADDING);
  gsk_layer_set_layout_manager (box, GSK_LAYER_LAYOUT_MANAGER (manager));
  g_object_unref (manager);
  gsk_layer_set_size (box, &GRAPHENE_SIZE_INIT (BOX_SIZE, BOX_SIZE));
  gsk_layer_add_constraint (box, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5));
  gsk_layer_add_constraint (box, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_VERTICAL, 0.5));

  for (guint i = 0; i < N_RECTS; i++)
    actor_new (box, "rect", RECT_SIZE, RECT_SIZE, multi_color (i));

  label = gsk_layer_text_new (MULTI_INSTRUCTIONS);
  gsk_layer_add_constraint (label, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5));
  gsk_layer_add_constraint (label, gsk_layer_align_constraint_new (stage, GSK_LAYER_ORIENTATION_VERTICAL, 0.95));
  gsk_layer_set_size (label, &(graphene_size_t) { text_size (MULTI_INSTRUCTIONS, NULL).width,
                                                  text_size (MULTI_INSTRUCTIONS, NULL).height });
  gsk_layer_add_child (stage, label);

  on_event (stage, G_CALLBACK (multi_key_event), box);

  assert_frame ("layout-manager-grid", stage, multi_reference (0));

  /* c: to the circle, with the box's easing */
  press_key (stage, GDK_KEY_c);
  assert_frame ("layout-manager-circle-0ms", stage, multi_reference (0));
  advance (clock, 100);
  assert_frame ("layout-manager-circle-100ms", stage, multi_reference (ease_out_cubic (0.2)));
  advance (clock, 150);
  assert_frame ("layout-manager-circle-250ms", stage, multi_reference (ease_out_cubic (0.5)));
  advance (clock, 250);
  assert_frame ("layout-manager-circle", stage, multi_reference (1));

  /* g: back to the grid, the same way */
  press_key (stage, GDK_KEY_g);
  advance (clock, 250);
  assert_frame ("layout-manager-back-250ms", stage, multi_reference (1 - ease_out_cubic (0.5)));
  advance (clock, 250);
  assert_frame ("layout-manager-back", stage, multi_reference (0));

  gsk_layer_set_frame_clock (stage, NULL);
  g_assert_finalize_object (stage);
  g_assert_finalize_object (clock);
}

/* }}} */

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  software = gsk_layer_software_renderer_new ();
  gl = gsk_layer_gl_renderer_new (&error);
  if (gl == NULL)
    g_test_message ("no GL here (%s): the software renderer alone", error->message);

  g_test_add_func ("/layout-examples/constraints", test_constraints);
  g_test_add_func ("/layout-examples/bin-layout", test_bin_layout);
  g_test_add_func ("/layout-examples/flow-layout", test_flow_layout);
  g_test_add_func ("/layout-examples/box-layout", test_box_layout);
  g_test_add_func ("/layout-examples/grid-layout", test_grid_layout);
  g_test_add_func ("/layout-examples/layout-manager", test_layout_manager);

  status = g_test_run ();

  g_object_unref (software);
  g_clear_object (&gl);
  free_font_caches ();
  return status;
}
