/* gl-area.c: a layer tree drawn into a GtkGLArea, animated by GDK
 *
 * The GtkGLArea owns the GL context and the framebuffer; GSK draws into
 * them with gsk_layer_gl_renderer_render_to_framebuffer () and leaves
 * the context's state as it found it. The widget's GdkFrameClock times
 * the animations: a click turns the cards, implicitly animated.
 *
 * Usage: gl-area [--screenshot FILE.png [--at SECONDS]]
 *
 * With --screenshot, the window writes the first frame it draws SECONDS
 * or more into the cards' first turn (0, before it, by default) to
 * FILE.png, prints how far into the turn that frame was, and quits: a
 * look without a display of one's own, under xvfb-run.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <epoxy/gl.h>
#include <gtk/gtk.h>
#include <gsklayer.h>

#define N_CARDS 5

typedef struct {
  GtkWidget *area;
  GskLayerRenderer *renderer;   /* made in the area's context */
  GskLayer *root;
  GskLayer *cards[N_CARDS];
  GskLayerFrameClock *clock;
  const char *screenshot;
  double screenshot_at;         /* seconds into the first turn */
  gint64 turn_start;            /* µs, frame clock time the first turn began */
  gboolean done;
  gboolean turned;
} App;

static void
layout_cards (App *app,
              int  width,
              int  height)
{
  int i;

  gsk_layer_set_size (app->root, &GRAPHENE_SIZE_INIT (width, height));
  for (i = 0; i < N_CARDS; i++)
    {
      /* Evenly spaced, their centres at sixths of the width */
      gsk_layer_set_size (app->cards[i], &GRAPHENE_SIZE_INIT (width / 7.f, height / 2.f));
      gsk_layer_set_position (app->cards[i], &GRAPHENE_POINT_INIT (width * (i + 1) / 6.f - width / 14.f,
                                                                   height / 4.f));
    }
}

static void
turn_cards (App *app)
{
  int i;

  app->turned = !app->turned;
  for (i = 0; i < N_CARDS; i++)
    {
      GskLayerTransform *t = gsk_layer_transform_rotate_3d (NULL, app->turned ? 180 : 0,
                                                            graphene_vec3_y_axis ());

      /* Implicit: the setter animates, the getter has the end at once */
      gsk_layer_save_easing_state (app->cards[i]);
      gsk_layer_set_easing_duration (app->cards[i], 600);
      gsk_layer_set_easing_delay (app->cards[i], 80 * i);
      gsk_layer_set_easing_mode (app->cards[i], GSK_LAYER_EASING_EASE_IN_OUT_CUBIC);
      gsk_layer_set_transform (app->cards[i], t);
      gsk_layer_restore_easing_state (app->cards[i]);
      gsk_layer_transform_unref (t);
    }
}

static void
on_realize (GtkGLArea *area,
            App       *app)
{
  GError *error = NULL;

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    return;

  app->renderer = gsk_layer_gl_renderer_new_for_current_context (&error);
  if (app->renderer == NULL)
    {
      gtk_gl_area_set_error (area, error);
      g_error_free (error);
    }
}

static void
on_unrealize (GtkGLArea *area,
              App       *app)
{
  /* Its textures and programs live in this context */
  gtk_gl_area_make_current (area);
  g_clear_object (&app->renderer);
}

static void
write_screenshot (App    *app,
                  int     width,
                  int     height,
                  double  seconds)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  guchar *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  int y;

  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  for (y = 0; y < height; y++)
    glReadPixels (0, height - 1 - y, width, 1, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, data + y * stride);
  cairo_surface_mark_dirty (image);
  cairo_surface_write_to_png (image, app->screenshot);
  cairo_surface_destroy (image);
  g_print ("Wrote %s (%d×%d), %.3f s into the turn\n", app->screenshot, width, height, seconds);
}

static void
close_window (gpointer window)
{
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
on_render (GtkGLArea    *area,
           GdkGLContext *context,
           App          *app)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (area));
  int width = gtk_widget_get_width (GTK_WIDGET (area)) * scale;
  int height = gtk_widget_get_height (GTK_WIDGET (area)) * scale;
  cairo_region_t *drawn;
  GLint framebuffer = 0;
  gint64 now;

  if (app->renderer == NULL)
    return FALSE;

  layout_cards (app, width, height);

  /* GtkGLArea has bound the framebuffer it wants drawn; it does not say
   * what that one holds, so the age is 0: everything is drawn */
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
  drawn = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (app->renderer),
                                                       app->root, framebuffer, width, height, 0);
  g_clear_pointer (&drawn, cairo_region_destroy);

  now = gdk_frame_clock_get_frame_time (gtk_widget_get_frame_clock (GTK_WIDGET (area)));
  if (app->screenshot && !app->done && now - app->turn_start >= app->screenshot_at * G_USEC_PER_SEC)
    {
      write_screenshot (app, width, height, (now - app->turn_start) / (double) G_USEC_PER_SEC);
      /* Not while GTK is drawing the window */
      app->done = TRUE;
      g_idle_add_once (close_window, gtk_widget_get_root (GTK_WIDGET (area)));
    }

  return TRUE;
}

/* While anything animates, the area is drawn at every frame */
static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *frame_clock,
         gpointer       data)
{
  gtk_gl_area_queue_render (GTK_GL_AREA (widget));
  return G_SOURCE_CONTINUE;
}

static void
on_click (GtkGestureClick *gesture,
          int              n_press,
          double           x,
          double           y,
          App             *app)
{
  turn_cards (app);
}

static void
on_map (GtkWidget *widget,
        App       *app)
{
  /* The widget's frame clock exists once it is on screen */
  if (app->clock == NULL)
    {
      app->clock = gsk_layer_gdk_clock_new (gtk_widget_get_frame_clock (widget));
      gsk_layer_set_frame_clock (app->root, app->clock);
      /* The turn, set before there was a clock, begins now */
      app->turn_start = gsk_layer_frame_clock_get_frame_time (app->clock);
    }
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GtkWidget *window = gtk_application_window_new (application);
  GtkGesture *click = gtk_gesture_click_new ();
  GskLayerTransform *perspective = NULL;
  int i;

  app->root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0.12f, 0.12f, 0.18f, 1 });
  gsk_layer_transform_parse ("perspective(900px)", &perspective, NULL);
  gsk_layer_set_child_transform (app->root, perspective);
  gsk_layer_transform_unref (perspective);
  for (i = 0; i < N_CARDS; i++)
    {
      app->cards[i] = gsk_layer_new ();
      gsk_layer_set_background_color (app->cards[i], &(GdkRGBA) { 0.2f + 0.15f * i, 0.5f, 0.9f - 0.15f * i, 1 });
      gsk_layer_set_corner_radius (app->cards[i], 16);
      gsk_layer_add_child (app->root, app->cards[i]);
    }
  layout_cards (app, 800, 480);
  if (app->screenshot == NULL || app->screenshot_at > 0)
    turn_cards (app);

  app->area = gtk_gl_area_new ();
  gtk_gl_area_set_required_version (GTK_GL_AREA (app->area), 3, 3);
  g_signal_connect (app->area, "realize", G_CALLBACK (on_realize), app);
  g_signal_connect (app->area, "unrealize", G_CALLBACK (on_unrealize), app);
  g_signal_connect (app->area, "render", G_CALLBACK (on_render), app);
  g_signal_connect (app->area, "map", G_CALLBACK (on_map), app);
  gtk_widget_add_tick_callback (app->area, on_tick, NULL, NULL);
  g_signal_connect (click, "pressed", G_CALLBACK (on_click), app);
  gtk_widget_add_controller (app->area, GTK_EVENT_CONTROLLER (click));

  gtk_window_set_title (GTK_WINDOW (window), "GSK in a GtkGLArea");
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 480);
  gtk_window_set_child (GTK_WINDOW (window), app->area);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  App app = { 0, };
  GtkApplication *application;
  int status;

  if (argc >= 3 && g_str_equal (argv[1], "--screenshot"))
    app.screenshot = argv[2];
  if (argc == 5 && app.screenshot && g_str_equal (argv[3], "--at"))
    app.screenshot_at = g_ascii_strtod (argv[4], NULL);
  if (!(argc == 1 || (argc == 3 && app.screenshot) || (argc == 5 && app.screenshot_at > 0)))
    {
      g_printerr ("Usage: %s [--screenshot FILE.png [--at SECONDS]]\n", argv[0]);
      return 2;
    }
  /* GApplication does not know these options */
  argc = 1;

  application = gtk_application_new ("org.gtk.GskLayer.GlArea", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), &app);
  status = g_application_run (G_APPLICATION (application), argc, argv);

  g_clear_object (&app.root);
  g_clear_object (&app.clock);
  g_object_unref (application);

  return status;
}
