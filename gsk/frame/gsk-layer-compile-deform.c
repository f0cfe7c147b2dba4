/* gsk-layer-compile-deform.c: a deformed layer's mesh group
 *
 * A deformed layer (gsk/deform/) is drawn whole, with all it holds
 * (clip path, effects, children), into an offscreen of its own
 * rectangle, and the offscreen is drawn through the layer's mesh. The
 * walk compiles the layer as usual, with nothing culled (a curl shows
 * parts that lie out of sight flat); its exit carries the ops into the
 * offscreen's space, as a clone's copy is carried into the clone's
 * place, and closes the group with the mesh, its points still in layer
 * space: backends take them to the target with the group's transform.
 *
 * What changed inside damages where the tiles are, not where the
 * layers would be flat: the damage of the walk inside is dropped, and
 * the old and new boxes of the tiles damaged instead (but on the first
 * frame drawn deformed: the layers were flat before).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-compile-impl-private.h"

typedef struct {
  GskLayer *layer;
  /* What it is clipped to, in target space */
  Box clip;
  /* The walk's damage when it opened */
  guint n_damage;
  gboolean dirty;
} Deform;

/* The offscreen's pixels per unit of the layer: as many as the target
 * shows of it at most, in reason */
#define MAX_MESH_SCALE 4.f

Box
gsk_layer_compile_mesh_box (const GskLayerRenderOp *op)
{
  const GskLayerRenderMesh *mesh = op->mesh;
  guint i, n = (mesh->n_x + 1) * (mesh->n_y + 1);
  Box box = BOX_EMPTY;

  for (i = 0; i < n; i++)
    {
      graphene_point_t at;

      /* A point behind the viewer: its tiles are not drawn */
      if (!gsk_layer_render_mesh_see_point (&op->transform, &mesh->points[i], &at))
        continue;
      box.x0 = MIN (box.x0, at.x);
      box.y0 = MIN (box.y0, at.y);
      box.x1 = MAX (box.x1, at.x);
      box.y1 = MAX (box.y1, at.y);
    }
  if (gsk_layer_box_is_empty (&box))
    return box;

  /* Antialiased edges reach half a pixel past the tiles */
  return (Box) { floorf (box.x0) - 1, floorf (box.y0) - 1, ceilf (box.x1) + 1, ceilf (box.y1) + 1 };
}

/* The mesh's points seen in the plane the layer is drawn on, with how
 * near each is, and the map from that plane to the target. A flat
 * layer's world matrix drops the z of its own space (CSS flattens it
 * into its parent's plane): the points are seen through the local
 * matrix in full (its perspective too), then flattened. */
static void
project_points (GskLayer           *layer,
                GskLayerPrivate    *p,
                graphene_point3d_t *points,
                graphene_matrix_t  *to_target)
{
  GskLayerPrivate *pp = p->parent != NULL ? gsk_layer_get_private (p->parent) : NULL;
  gsize i, n = (gsize) (p->mesh->n_x + 1) * (p->mesh->n_y + 1);
  graphene_matrix_t local;

  if (pp != NULL && gsk_layer_preserves_3d (pp) && p->context_3d != NULL)
    {
      local = p->context_3d->accumulated;
      *to_target = p->context_3d->base;
    }
  else
    {
      gsk_layer_get_local_matrix (layer, &local);
      if (pp != NULL)
        *to_target = pp->world;
      else
        graphene_matrix_init_identity (to_target);
    }

  for (i = 0; i < n; i++)
    {
      const graphene_point3d_t *v = &p->mesh->points[i];
      graphene_vec4_t in, out;
      float w;

      graphene_vec4_init (&in, v->x, v->y, v->z, 1);
      graphene_matrix_transform_vec4 (&local, &in, &out);
      w = graphene_vec4_get_w (&out);
      if (!(w > 1e-6f))
        {
          points[i] = GRAPHENE_POINT3D_INIT (NAN, NAN, NAN);
          continue;
        }
      points[i] = GRAPHENE_POINT3D_INIT (graphene_vec4_get_x (&out) / w, graphene_vec4_get_y (&out) / w,
                                         graphene_vec4_get_z (&out) / w);
    }
}

gboolean
gsk_layer_compile_is_deformed (GskLayerPrivate *p)
{
  return p->mesh != NULL && p->mesh->points != NULL && p->mesh->n_x > 0 && p->mesh->n_y > 0 &&
         p->size.width > 0 && p->size.height > 0 &&
         p->mesh->size.width == p->size.width && p->mesh->size.height == p->size.height;
}

gboolean
gsk_layer_compile_begin_deform (Compiler *c,
                                GskLayer *layer,
                                gboolean  dirty,
                                Box      *clip)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  GskLayerRenderOp *op;
  Group g;
  Deform d;

  op = gsk_layer_render_list_append (c->list, GSK_LAYER_RENDER_OP_PUSH_GROUP);
  op->opacity = 1.f;
  op->debug_name = gsk_layer_compile_debug_name (layer, p);
  g = (Group) { c->list->n_ops - 1, BOX_EMPTY };
  g_array_append_val (c->groups, g);
  c->n_open_groups++;

  if (c->deforms == NULL)
    c->deforms = g_array_new (FALSE, FALSE, sizeof (Deform));
  d = (Deform) { layer, *clip, c->damage->len, dirty };
  g_array_append_val (c->deforms, d);

  *clip = (Box) { -RECT_LIMIT, -RECT_LIMIT, RECT_LIMIT, RECT_LIMIT };
  return TRUE;
}

void
gsk_layer_compile_end_deform (Compiler *c,
                              Frame    *frame)
{
  GskLayerPrivate *p = gsk_layer_get_private (frame->layer);
  Deform d = g_array_index (c->deforms, Deform, c->deforms->len - 1);
  Group g = g_array_index (c->groups, Group, c->groups->len - 1);
  gboolean copying = gsk_layer_compile_copying (c);
  graphene_matrix_t inverse, to_mesh;
  GskLayerRenderMesh *mesh;
  GskLayerRenderOp *push;
  float scale, sx, sy, list_scale = c->list->scale > 0 ? c->list->scale : 1.f;
  gboolean changed;
  Box flat, drawn, inside;

  g_assert (d.layer == frame->layer);
  g_array_set_size (c->deforms, c->deforms->len - 1);
  g_array_set_size (c->groups, c->groups->len - 1);
  c->n_open_groups--;

  /* Whatever the layers inside damaged, flat, stands for a change; it
   * is where they were drawn only if the layer was flat the frame
   * before (then it is kept) */
  changed = !copying && (d.dirty || c->damage->len > d.n_damage);
  if (!copying && p->mesh->drawn.size.width > 0)
    c->damage->len = d.n_damage;

  flat = gsk_layer_compile_own_box (p);
  if (g.op_index + 1 == c->list->n_ops || gsk_layer_box_is_empty (&flat) ||
      p->world_singular || !graphene_matrix_inverse (&p->world, &inverse))
    goto nothing;

  /* As many offscreen pixels per unit as the flat layer shows */
  scale = MAX ((flat.x1 - flat.x0) / p->size.width, (flat.y1 - flat.y0) / p->size.height) * list_scale;
  scale = CLAMP (scale, 1e-3f, MAX_MESH_SCALE * list_scale);
  scale = MIN (scale, GSK_LAYER_MAX_SURFACE_SIZE / MAX (p->size.width, p->size.height));

  push = &c->list->ops[g.op_index];
  mesh = g_malloc0 (gsk_layer_render_mesh_sizeof (p->mesh->n_x, p->mesh->n_y));
  mesh->width = MAX ((int) ceilf (p->size.width * scale), 1);
  mesh->height = MAX ((int) ceilf (p->size.height * scale), 1);
  mesh->n_x = p->mesh->n_x;
  mesh->n_y = p->mesh->n_y;
  mesh->size = p->size;
  memcpy (mesh->back_color, p->mesh->back_color, sizeof mesh->back_color);
  project_points (frame->layer, p, mesh->points, &push->transform);
  push->mesh = mesh;

  /* Target space (layout units) to the offscreen's, in layout units:
   * the list's scale makes them its pixels */
  sx = mesh->width / (p->size.width * list_scale);
  sy = mesh->height / (p->size.height * list_scale);
  graphene_matrix_init_scale (&to_mesh, sx, sy, 1);
  graphene_matrix_multiply (&inverse, &to_mesh, &to_mesh);
  inside = (Box) { 0, 0, mesh->width / list_scale, mesh->height / list_scale };
  inside = gsk_layer_compile_place_ops (c, g.op_index + 1, &to_mesh, &inside);

  drawn = gsk_layer_compile_mesh_box (push);
  drawn = gsk_layer_box_intersect (&drawn, &d.clip);
  if (gsk_layer_box_is_empty (&inside) || gsk_layer_box_is_empty (&drawn))
    goto nothing;

  push->screen_bounds = screen_box_to_rect (&drawn);
  gsk_layer_render_list_append (c->list, GSK_LAYER_RENDER_OP_POP_GROUP);
  if (c->groups->len > 0)
    gsk_layer_box_union (&g_array_index (c->groups, Group, c->groups->len - 1).bounds, &drawn);
  goto record;

nothing:
  gsk_layer_compile_drop_ops (c, g.op_index);
  drawn = BOX_EMPTY;

record:
  if (copying)
    return;
  if (changed)
    {
      Box old = gsk_layer_box_from_rect (&p->mesh->drawn);

      gsk_layer_box_union (&old, &drawn);
      damage_box (c->damage, &old);
    }
  p->mesh->drawn = screen_box_to_rect (&drawn);
  p->drawn_bounds = p->mesh->drawn;
}
