/* gsk-layer-render-mesh.c: the tiles of a mesh group, as backends draw them
 *
 * Each tile of a deformed layer's offscreen goes to the target through
 * the homography that takes its rectangle's corners to where the mesh's
 * points are seen: exact for a tile whose four points lie in a plane,
 * and close to what a pair of triangles would show for one whose points
 * do not (a fine mesh has almost flat tiles). Tiles are drawn far first,
 * by the depth of their points, so that a page curling over itself hides
 * what is below the curl.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "gsk-layer-render-list-private.h"

/* A point of the mesh seen: in target space, and how near (its z) */
typedef struct {
  double x, y, depth;
  gboolean visible;
} Seen;

static Seen
see (const graphene_matrix_t  *transform,
     const graphene_point3d_t *p)
{
  graphene_point_t at;
  Seen s = { 0, };

  if (!gsk_layer_render_mesh_see_point (transform, p, &at))
    return s;
  s = (Seen) { at.x, at.y, p->z, TRUE };
  return s;
}

/* The homography taking @rect's corners (top-left, top-right,
 * bottom-right, bottom-left) to @q, as a row-vector 4×4 on (x, y, 0, 1);
 * FALSE where @q is degenerate or folded (the map would cross infinity
 * inside the tile) */
static gboolean
homography (const graphene_rect_t *rect,
            const Seen             q[4],
            graphene_matrix_t     *out)
{
  double dx1 = q[1].x - q[2].x, dx2 = q[3].x - q[2].x, dx3 = q[0].x - q[1].x + q[2].x - q[3].x;
  double dy1 = q[1].y - q[2].y, dy2 = q[3].y - q[2].y, dy3 = q[0].y - q[1].y + q[2].y - q[3].y;
  double den = dx1 * dy2 - dx2 * dy1;
  double g, h, a, b, c, d, e, f, rx = rect->origin.x, ry = rect->origin.y;
  double rw = rect->size.width, rh = rect->size.height;

  if (fabs (den) < 1e-9 || rw <= 0 || rh <= 0)
    return FALSE;
  /* The unit square to @q (u along the top edge, v down the left) */
  g = (dx3 * dy2 - dx2 * dy3) / den;
  h = (dx1 * dy3 - dx3 * dy1) / den;
  if (1 + g <= 1e-6 || 1 + h <= 1e-6 || 1 + g + h <= 1e-6)
    return FALSE;
  a = q[1].x - q[0].x + g * q[1].x;
  b = q[3].x - q[0].x + h * q[3].x;
  c = q[0].x;
  d = q[1].y - q[0].y + g * q[1].y;
  e = q[3].y - q[0].y + h * q[3].y;
  f = q[0].y;

  /* … after @rect to the unit square: u = (x − rx) / rw, v = (y − ry) / rh */
  graphene_matrix_init_from_float (out, (float[16]) {
    a / rw,                        d / rw,                        0, g / rw,
    b / rh,                        e / rh,                        0, h / rh,
    0,                             0,                             1, 0,
    c - a * rx / rw - b * ry / rh, f - d * rx / rw - e * ry / rh, 0, 1 - g * rx / rw - h * ry / rh,
  });
  return TRUE;
}

/* Whether @a and @b take the corners of @rect to the same points, within
 * a hundredth of a pixel */
static gboolean
same_map (const graphene_matrix_t *a,
          const graphene_matrix_t *b,
          const graphene_rect_t   *rect)
{
  int k;

  for (k = 0; k < 4; k++)
    {
      graphene_vec4_t v, ra, rb;
      float wa, wb;

      graphene_vec4_init (&v, rect->origin.x + (k & 1 ? rect->size.width : 0),
                          rect->origin.y + (k & 2 ? rect->size.height : 0), 0, 1);
      graphene_matrix_transform_vec4 (a, &v, &ra);
      graphene_matrix_transform_vec4 (b, &v, &rb);
      wa = graphene_vec4_get_w (&ra);
      wb = graphene_vec4_get_w (&rb);
      if (!(wa > 0 && wb > 0) ||
          !(fabsf (graphene_vec4_get_x (&ra) / wa - graphene_vec4_get_x (&rb) / wb) < 0.01f) ||
          !(fabsf (graphene_vec4_get_y (&ra) / wa - graphene_vec4_get_y (&rb) / wb) < 0.01f))
        return FALSE;
    }
  return TRUE;
}

/* Runs of tiles that one homography draws (the flat part of a page, most
 * of it) become one tile: along each row, then runs of the same span
 * down the rows. What @valid says is dropped is merged. */
static void
merge_flat_runs (GskLayerRenderTile *tiles,
                 gboolean           *valid,
                 guint               n_x,
                 guint               n_y)
{
  const guint x_edges = GSK_LAYER_RENDER_TILE_EDGE_X1 | GSK_LAYER_RENDER_TILE_EDGE_X2;
  const guint y_edges = GSK_LAYER_RENDER_TILE_EDGE_Y1 | GSK_LAYER_RENDER_TILE_EDGE_Y2;
  guint i, j, k;

  for (j = 0; j < n_y; j++)
    {
      GskLayerRenderTile *run = NULL;

      for (i = 0; i < n_x; i++)
        {
          GskLayerRenderTile *tile = &tiles[j * n_x + i];

          if (!valid[j * n_x + i])
            {
              run = NULL;
              continue;
            }
          if (run == NULL || run->back != tile->back || !same_map (&run->transform, &tile->transform, &tile->rect))
            {
              run = tile;
              continue;
            }
          run->rect.size.width = tile->rect.origin.x + tile->rect.size.width - run->rect.origin.x;
          graphene_rect_union (&run->box, &tile->box, &run->box);
          /* Its right edge the tile's; above and below, hard where both are */
          run->hard_edges = (run->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_X1) |
                            (tile->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_X2) |
                            (run->hard_edges & tile->hard_edges & y_edges);
          valid[j * n_x + i] = FALSE;
        }
    }

  for (j = 0; j < n_y; j++)
    for (i = 0; i < n_x; i++)
      {
        GskLayerRenderTile *run = &tiles[j * n_x + i];

        if (!valid[j * n_x + i])
          continue;
        for (k = j + 1; k < n_y; k++)
          {
            GskLayerRenderTile *below = &tiles[k * n_x + i];

            if (!valid[k * n_x + i] || below->back != run->back ||
                below->rect.size.width != run->rect.size.width ||
                !same_map (&run->transform, &below->transform, &below->rect))
              break;
            run->rect.size.height = below->rect.origin.y + below->rect.size.height - run->rect.origin.y;
            graphene_rect_union (&run->box, &below->box, &run->box);
            run->hard_edges = (run->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_Y1) |
                              (below->hard_edges & GSK_LAYER_RENDER_TILE_EDGE_Y2) |
                              (run->hard_edges & below->hard_edges & x_edges);
            valid[k * n_x + i] = FALSE;
          }
      }
}

static int
far_first (const void *a,
           const void *b)
{
  const GskLayerRenderTile *ta = a, *tb = b;

  if (ta->depth != tb->depth)
    return ta->depth < tb->depth ? -1 : 1;
  /* Ties keep the grid's order: the same frame every time */
  return ta->index < tb->index ? -1 : ta->index > tb->index;
}

GskLayerRenderTile *
gsk_layer_render_mesh_get_tiles (const GskLayerRenderOp *op,
                                 guint                  *n_tiles)
{
  const GskLayerRenderMesh *mesh = op->mesh;
  GskLayerRenderTile *tiles;
  gboolean *valid;
  Seen *seen;
  guint i, j, n = 0, row;

  *n_tiles = 0;
  g_return_val_if_fail (mesh != NULL, NULL);
  if (mesh->n_x == 0 || mesh->n_y == 0 || mesh->width <= 0 || mesh->height <= 0)
    return NULL;

  row = mesh->n_x + 1;
  seen = g_new (Seen, (gsize) row * (mesh->n_y + 1));
  for (i = 0; i < (mesh->n_y + 1) * row; i++)
    seen[i] = see (&op->transform, &mesh->points[i]);

  tiles = g_new (GskLayerRenderTile, (gsize) mesh->n_x * mesh->n_y);
  valid = g_new0 (gboolean, (gsize) mesh->n_x * mesh->n_y);
  for (j = 0; j < mesh->n_y; j++)
    for (i = 0; i < mesh->n_x; i++)
      {
        GskLayerRenderTile *tile = &tiles[j * mesh->n_x + i];
        /* Offscreen pixels: the tiles share their edges exactly */
        float x0 = (float) mesh->width * i / mesh->n_x, x1 = (float) mesh->width * (i + 1) / mesh->n_x;
        float y0 = (float) mesh->height * j / mesh->n_y, y1 = (float) mesh->height * (j + 1) / mesh->n_y;
        Seen q[4] = { seen[j * row + i], seen[j * row + i + 1], seen[(j + 1) * row + i + 1], seen[(j + 1) * row + i] };
        double area = 0, minx = G_MAXDOUBLE, miny = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
        int k;

        if (!q[0].visible || !q[1].visible || !q[2].visible || !q[3].visible)
          continue;
        tile->rect = GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0);
        if (!homography (&tile->rect, q, &tile->transform))
          continue;
        tile->depth = 0;
        for (k = 0; k < 4; k++)
          {
            /* Twice the signed area (y down: clockwise is positive) */
            area += q[k].x * q[(k + 1) % 4].y - q[(k + 1) % 4].x * q[k].y;
            tile->depth += q[k].depth / 4;
            minx = MIN (minx, q[k].x);
            miny = MIN (miny, q[k].y);
            maxx = MAX (maxx, q[k].x);
            maxy = MAX (maxy, q[k].y);
          }
        tile->back = area < 0;
        tile->box = GRAPHENE_RECT_INIT (minx, miny, maxx - minx, maxy - miny);
        tile->index = j * mesh->n_x + i;
        valid[tile->index] = TRUE;
      }
  g_free (seen);

  /* Seams: the edges shared with a tile drawn alike, facing the same
   * way. Where the mesh folds from front to back, the edge is an
   * outline, antialiased. */
  for (j = 0; j < mesh->n_y; j++)
    for (i = 0; i < mesh->n_x; i++)
      {
        guint index = j * mesh->n_x + i;
        GskLayerRenderTile *tile = &tiles[index];

        if (!valid[index])
          continue;
        tile->hard_edges = 0;
        if (i > 0 && valid[index - 1] && tiles[index - 1].back == tile->back)
          tile->hard_edges |= GSK_LAYER_RENDER_TILE_EDGE_X1;
        if (j > 0 && valid[index - mesh->n_x] && tiles[index - mesh->n_x].back == tile->back)
          tile->hard_edges |= GSK_LAYER_RENDER_TILE_EDGE_Y1;
        if (i + 1 < mesh->n_x && valid[index + 1] && tiles[index + 1].back == tile->back)
          tile->hard_edges |= GSK_LAYER_RENDER_TILE_EDGE_X2;
        if (j + 1 < mesh->n_y && valid[index + mesh->n_x] && tiles[index + mesh->n_x].back == tile->back)
          tile->hard_edges |= GSK_LAYER_RENDER_TILE_EDGE_Y2;
      }
  merge_flat_runs (tiles, valid, mesh->n_x, mesh->n_y);
  for (i = 0; i < mesh->n_x * mesh->n_y; i++)
    if (valid[i])
      tiles[n++] = tiles[i];
  g_free (valid);

  qsort (tiles, n, sizeof (GskLayerRenderTile), far_first);
  *n_tiles = n;
  return tiles;
}
