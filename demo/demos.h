/* demos.h: the demos of gsk-demo, each a short program in a file of its
 * own, shown running beside its source
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <gsklayer.h>

G_BEGIN_DECLS

typedef struct {
  const char *name;           /* its file, demo-NAME.c, and --run-all's PNG */
  const char *title;
  const char *description;
  GtkWidget *(* create) (void);
} GskDemo;

GtkWidget *demo_cube_new     (void);
GtkWidget *demo_style_new    (void);
GtkWidget *demo_fishbowl_new (void);
GtkWidget *demo_scene_new    (void);
GtkWidget *demo_list_new     (void);
GtkWidget *demo_coverflow_new (void);
GtkWidget *demo_widgets_new   (void);
GtkWidget *demo_text_zoom_new (void);
GtkWidget *demo_gestures_new  (void);
GtkWidget *demo_layouts_new   (void);
GtkWidget *demo_shapes_new    (void);
GtkWidget *demo_page_turn_new (void);

G_END_DECLS
