/* drop-action.c: Clutter's drop-action example, ported
 *
 * Two targets, red on the left and green on the right, each a
 * GskLayerDropTarget (Clutter's ClutterDropAction), with an orange
 * block between them that takes no drops. The light blue square in a
 * target is dragged (GskLayerDragGesture) by a dark blue copy that
 * follows the pointer, as Clutter's drag handle: a target brightens as
 * the copy comes over it and dims when it leaves; dropped on a target,
 * the square moves into it, which lights up while the one it left
 * dims; dropped elsewhere, the copy bounces back to the square and
 * fades.
 *
 * Usage: drop-action [--screenshot FILE.png [--at SECONDS]] [--drag-to X,Y]
 *
 * --drag-to drags the square to X,Y (window coordinates) and lets go,
 * slowly, once the window drew (see examples/example-shot.h for
 * --screenshot).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "example-shot.h"

#define WIDTH 640
#define HEIGHT 480
#define TARGET_SIZE 200
#define HANDLE_SIZE 128

typedef struct {
  ExampleShot shot;
  GskLayer *root;
  GskLayer *targets[2];
  GskLayer *square;
  GskLayer *copy;               /* follows the pointer while dragging */
  graphene_point_t copy_start;
  gboolean dropped;
  double drag_to[2];
  gboolean scripted;
} App;

static void
fade (GskLayer *layer,
      guint     ms,
      float     opacity)
{
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, ms);
  gsk_layer_set_opacity (layer, opacity);
  gsk_layer_restore_easing_state (layer);
}

/* Into @target, in its middle; the target it left dims */
static void
put_square (App      *app,
            GskLayer *target)
{
  GskLayer *parent = gsk_layer_get_parent (app->square);

  fade (target, 150, 1);
  if (parent == target)
    return;

  g_object_ref (app->square);
  if (parent != NULL)
    {
      gsk_layer_remove_child (parent, app->square);
      fade (parent, 150, 0.25f);
    }
  gsk_layer_set_position (app->square, &GRAPHENE_POINT_INIT ((TARGET_SIZE - HANDLE_SIZE) / 2.0,
                                                             (TARGET_SIZE - HANDLE_SIZE) / 2.0));
  gsk_layer_add_child (target, app->square);
  g_object_unref (app->square);
}

static void
remove_copy (GskLayer *copy)
{
  if (gsk_layer_get_parent (copy))
    gsk_layer_remove_child (gsk_layer_get_parent (copy), copy);
}

static void
on_drag_begin (GskLayerDragGesture *gesture,
               double               x,
               double               y,
               App                 *app)
{
  graphene_point_t p;

  /* The copy, where the square is, on top of everything; it takes no
   * pointer, so that the targets under it see the drag */
  gsk_layer_map_point (app->square, app->root, &GRAPHENE_POINT_INIT (0, 0), &p);
  app->copy = gsk_layer_new ();
  gsk_layer_set_background_color (app->copy, &(GdkRGBA) { 0, 0.5f, 1, 1 });
  gsk_layer_set_size (app->copy, &GRAPHENE_SIZE_INIT (HANDLE_SIZE, HANDLE_SIZE));
  gsk_layer_set_position (app->copy, &p);
  gsk_layer_set_reactive (app->copy, FALSE);
  gsk_layer_add_child (app->root, app->copy);
  app->copy_start = p;
  app->dropped = FALSE;
  fade (app->square, 150, 0.5f);
}

static void
on_drag_update (GskLayerDragGesture *gesture,
                double               dx,
                double               dy,
                App                 *app)
{
  /* Offsets in the square's parent's space, which no transform sets
   * apart from the root's */
  gsk_layer_set_position (app->copy, &GRAPHENE_POINT_INIT (app->copy_start.x + dx, app->copy_start.y + dy));
}

static void
on_drag_end (GskLayerDragGesture *gesture,
             double               dx,
             double               dy,
             App                  *app)
{
  GskLayer *copy = g_steal_pointer (&app->copy);

  g_print ("Drag ended at: %.0f, %.0f\n", app->copy_start.x + dx, app->copy_start.y + dy);
  fade (app->square, 150, 1);
  g_signal_connect (copy, "transitions-completed", G_CALLBACK (remove_copy), NULL);
  gsk_layer_save_easing_state (copy);
  gsk_layer_set_easing_duration (copy, 250);
  if (!app->dropped)
    {
      graphene_point_t p;
      GskLayerEasing *bounce = NULL;

      gsk_layer_easing_parse ("ease-out-bounce", &bounce, NULL);
      gsk_layer_set_easing (copy, bounce);
      gsk_layer_easing_unref (bounce);
      fade (gsk_layer_get_parent (app->square), 150, 1);
      gsk_layer_map_point (app->square, app->root, &GRAPHENE_POINT_INIT (0, 0), &p);
      gsk_layer_set_position (copy, &p);
    }
  gsk_layer_set_opacity (copy, 0);
  gsk_layer_restore_easing_state (copy);
}

static void
on_drag_cancel (GskLayerDragGesture *gesture,
                App                 *app)
{
  on_drag_end (gesture, 0, 0, app);
}

static void
on_target_enter (GskLayerDropTarget *drop,
                 GskLayer           *layer,
                 double              x,
                 double              y,
                 App                *app)
{
  fade (gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (drop)), 250, 0.5f);
}

static void
on_target_leave (GskLayerDropTarget *drop,
                 App                *app)
{
  GskLayer *target = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (drop));

  if (gsk_layer_get_parent (app->square) != target)
    fade (target, 250, 0.25f);
}

static gboolean
on_target_drop (GskLayerDropTarget *drop,
                GskLayer           *layer,
                double              x,
                double              y,
                App                *app)
{
  GskLayer *target = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (drop));

  g_print ("Dropped at %.0f, %.0f on the %s target\n", x, y, target == app->targets[0] ? "left" : "right");
  app->dropped = TRUE;
  put_square (app, target);
  return TRUE;
}

static GskLayer *
new_target (App           *app,
            const GdkRGBA *color,
            float          x)
{
  GskLayerEventController *drop = gsk_layer_drop_target_new ();
  GskLayerConstraint *middle = gsk_layer_align_constraint_new (app->root, GSK_LAYER_ORIENTATION_VERTICAL, 0.5);
  GskLayer *target = gsk_layer_new ();
  GskLayerLayoutManager *fixed = gsk_layer_fixed_layout_new ();

  gsk_layer_set_layout_manager (target, fixed);
  g_object_unref (fixed);
  gsk_layer_set_background_color (target, color);
  gsk_layer_set_size (target, &GRAPHENE_SIZE_INIT (TARGET_SIZE, TARGET_SIZE));
  gsk_layer_set_opacity (target, 0.25f);
  gsk_layer_set_position (target, &GRAPHENE_POINT_INIT (x, 0));
  gsk_layer_add_constraint (target, middle);
  g_object_unref (middle);
  g_signal_connect (drop, "enter", G_CALLBACK (on_target_enter), app);
  g_signal_connect (drop, "leave", G_CALLBACK (on_target_leave), app);
  g_signal_connect (drop, "drop", G_CALLBACK (on_target_drop), app);
  gsk_layer_add_controller (target, drop);
  gsk_layer_add_child (app->root, target);
  return target;
}

static void
start_drag (gpointer data)
{
  App *app = data;
  graphene_point_t from;

  /* A slow drag from the square's middle to where --drag-to says */
  if (!app->scripted)
    return;
  gsk_layer_map_point (app->square, app->root, &GRAPHENE_POINT_INIT (HANDLE_SIZE / 2.0, HANDLE_SIZE / 2.0), &from);
  example_drag (app->shot.window, app->root, &from, &GRAPHENE_POINT_INIT (app->drag_to[0], app->drag_to[1]),
                20, 50);
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerConstraint *constraint;
  GskLayer *dummy;

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0, 0, 0, 1 });

  app->targets[0] = new_target (app, &(GdkRGBA) { 0.94f, 0.16f, 0.16f, 1 }, 10);

  /* Between the targets: takes the pointer, not drops */
  dummy = gsk_layer_new ();
  gsk_layer_set_background_color (dummy, &(GdkRGBA) { 0.81f, 0.36f, 0, 1 });
  gsk_layer_set_size (dummy, &GRAPHENE_SIZE_INIT (WIDTH - 2 * 10 - 2 * (TARGET_SIZE + 10), TARGET_SIZE));
  constraint = gsk_layer_align_constraint_new_both (app->root, 0.5);
  gsk_layer_add_constraint (dummy, constraint);
  g_object_unref (constraint);
  gsk_layer_add_child (app->root, dummy);

  app->targets[1] = new_target (app, &(GdkRGBA) { 0.54f, 0.89f, 0.2f, 1 }, WIDTH - TARGET_SIZE - 10);

  app->square = gsk_layer_new ();
  gsk_layer_set_background_color (app->square, &(GdkRGBA) { 0.45f, 0.62f, 0.81f, 1 });
  gsk_layer_set_size (app->square, &GRAPHENE_SIZE_INIT (HANDLE_SIZE, HANDLE_SIZE));
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), app);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), app);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), app);
  g_signal_connect (drag, "drag-cancel", G_CALLBACK (on_drag_cancel), app);
  gsk_layer_add_controller (app->square, drag);
  put_square (app, app->targets[0]);

  app->shot.window = example_window_present (&app->shot, application, "Drop Action", WIDTH, HEIGHT, app->root,
                                              start_drag, app);
}

int
main (int    argc,
      char **argv)
{
  App app = { { 0 } };
  int status;

  example_shot_parse (&app.shot, argc, argv);
  for (int i = 1; i + 1 < argc; i++)
    if (g_str_equal (argv[i], "--drag-to") &&
        sscanf (argv[i + 1], "%lf,%lf", &app.drag_to[0], &app.drag_to[1]) == 2)
      app.scripted = TRUE;

  status = example_run ("org.gtk.GskLayer.DropAction", argc, argv, G_CALLBACK (on_activate), &app);

  return status;
}
