/* gsk-layer-software-filter-cache.c: blurred groups kept from frame to
 * frame
 *
 * The bands draw a group with a blur or a drop shadow each for its part,
 * filtering an offscreen that reaches as far around the part as the
 * filters do: every frame it is damaged in (any change inside it damages
 * all of it). The cache remembers the ops of the last few such groups
 * (GskLayerKeptOps). A group drawn with the same ops as in the frame
 * before, moved by whole pixels or not, is drawn whole before the bands,
 * on the calling thread, and its filtered pixels kept; in later frames
 * where it only moved, they are taken as they are, moved, and nothing is
 * filtered. The bands composite the group from them. A group that
 * changes every frame is left to the bands, which filter it in
 * parallel.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-software-backend-impl-private.h"
#include "gsk-layer-kept-ops-private.h"
#include "gsk-layer-debug-private.h"

/* Groups kept: each holds an image at most the target's size */
#define CACHE_SIZE 4
/* Frames an entry stays without being drawn */
#define MAX_IDLE_FRAMES 60

typedef struct
{
  GskLayerKeptOps kept;
  pixman_image_t *image;        /* the filtered pixels; NULL: not drawn yet */
  pixman_box32_t box;           /* where they are, in target space */
  guint64 last_used;            /* the frame that last drew them */
} Entry;

struct _GskLayerSoftwareFilterCache
{
  Entry entries[CACHE_SIZE];
  guint64 frame;
  guint kept;                   /* in the last frame */
  guint filtered;
};

GskLayerSoftwareFilterCache *
gsk_layer_software_filter_cache_new (void)
{
  return g_new0 (GskLayerSoftwareFilterCache, 1);
}

static void
entry_clear (Entry *entry)
{
  gsk_layer_kept_ops_clear (&entry->kept);
  g_clear_pointer (&entry->image, pixman_image_unref);
}

void
gsk_layer_software_filter_cache_free (GskLayerSoftwareFilterCache *cache)
{
  guint i;

  if (cache == NULL)
    return;

  for (i = 0; i < CACHE_SIZE; i++)
    entry_clear (&cache->entries[i]);
  g_free (cache);
}

void
gsk_layer_software_filter_cache_get_stats (GskLayerSoftwareFilterCache *cache,
                                           guint                       *kept,
                                           guint                       *filtered)
{
  *kept = cache->kept;
  *filtered = cache->filtered;
}

/* Groups whose pixels depend on nothing but their ops, that composite
 * with a plain OVER: those the bands can take whole */
static gboolean
may_keep (const GskLayerRenderOp *op)
{
  guint i;

  if (op->kind != GSK_LAYER_RENDER_OP_PUSH_GROUP || op->filter_reach <= 0 ||
      op->blend_mode != GSK_LAYER_BLEND_NORMAL || !(op->opacity > 0))
    return FALSE;

  for (i = 0; i < op->n_filters; i++)
    if (op->filters[i].kind == GSK_LAYER_RENDER_FILTER_BLUR ||
        op->filters[i].kind == GSK_LAYER_RENDER_FILTER_DROP_SHADOW)
      return TRUE;

  return FALSE;
}

/* Whether the ops of the group from @start to @end draw the same pixels
 * moved when they move by whole pixels. Not where pixman samples an
 * image through a scale or a turn: its fixed-point inverse of a moved
 * map may round differently, a level off here and there */
static gboolean
moves_exactly (const GskLayerRenderList *list,
               guint                     start,
               guint                     end)
{
  guint i;

  for (i = start + 1; i < end; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      float m[16];

      if (op->kind != GSK_LAYER_RENDER_OP_TEXTURE && op->kind != GSK_LAYER_RENDER_OP_GLYPHS &&
          op->kind != GSK_LAYER_RENDER_OP_BORDER && op->kind != GSK_LAYER_RENDER_OP_GRADIENT)
        continue;
      graphene_matrix_to_float (&op->transform, m);
      if (m[0] != 1 || m[1] != 0 || m[3] != 0 || m[4] != 0 || m[5] != 1 || m[7] != 0 || m[15] != 1)
        return FALSE;
    }

  return TRUE;
}

static Entry *
lookup (GskLayerSoftwareFilterCache *cache,
        const GskLayerRenderOp      *ops,
        guint                        n,
        const pixman_box32_t        *box)
{
  guint i;

  for (i = 0; i < CACHE_SIZE; i++)
    {
      Entry *entry = &cache->entries[i];
      int dx, dy;

      if (entry->kept.n_ops > 0 &&
          gsk_layer_kept_ops_moved (&entry->kept, ops, n, &dx, &dy) &&
          box->x1 == entry->box.x1 + dx && box->y1 == entry->box.y1 + dy &&
          box->x2 == entry->box.x2 + dx && box->y2 == entry->box.y2 + dy)
        return entry;
    }

  return NULL;
}

/* The entry a group seen for the first time takes: an empty one, else
 * the least recently used of those not drawn yet, else of all. Groups
 * that change every frame then take each other's, not those kept */
static Entry *
entry_for_new_group (GskLayerSoftwareFilterCache *cache)
{
  Entry *entry = NULL;
  guint i;

  for (i = 0; i < CACHE_SIZE; i++)
    {
      Entry *e = &cache->entries[i];

      if (e->kept.n_ops == 0)
        return e;
      if (e->image == NULL && (entry == NULL || e->last_used < entry->last_used))
        entry = e;
    }
  if (entry != NULL)
    return entry;

  entry = &cache->entries[0];
  for (i = 1; i < CACHE_SIZE; i++)
    if (cache->entries[i].last_used < entry->last_used)
      entry = &cache->entries[i];

  return entry;
}

GskLayerSoftwarePrepared *
gsk_layer_software_filter_cache_prepare (GskLayerSoftwareFilterCache *cache,
                                         const GskLayerRenderList    *list,
                                         const pixman_region32_t     *damage,
                                         int                          width,
                                         int                          height,
                                         guint                        flags,
                                         guint                       *n_prepared)
{
  pixman_box32_t target = { 0, 0, width, height };
  GArray *prepared = NULL;
  guint i, end;

  cache->frame++;
  cache->kept = 0;
  cache->filtered = 0;
  *n_prepared = 0;

  if (GSK_LAYER_DEBUG_CHECK (NO_CACHE))
    return NULL;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      GskLayerSoftwarePrepared group;
      pixman_box32_t box;
      Entry *entry;

      /* A mesh's groups are in its offscreen's space: drawn with it */
      if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP && op->mesh != NULL)
        {
          i = gsk_layer_render_list_matching_pop (list, i);
          continue;
        }
      if (!may_keep (op))
        continue;
      /* Groups within it are drawn with it: on from its end */
      end = gsk_layer_render_list_matching_pop (list, i);
      if (end == i)
        continue;
      if (!moves_exactly (list, i, end))
        {
          i = end;
          continue;
        }

      /* Not damaged: not drawn */
      if (!gsk_layer_software_box_from_rect (&op->screen_bounds, &target, ROUND_OUT, &box) ||
          pixman_region32_contains_rectangle ((pixman_region32_t *) damage, &box) == PIXMAN_REGION_OUT)
        {
          i = end;
          continue;
        }

      entry = lookup (cache, op, end - i + 1, &box);
      if (entry == NULL)
        {
          /* Seen for the first time, or changed: the bands draw it, in
           * parallel, and it is drawn whole only if the next frame
           * draws it the same, so that a group that changes every
           * frame is never drawn twice */
          entry = entry_for_new_group (cache);
          entry_clear (entry);
          gsk_layer_kept_ops_init (&entry->kept, op, end - i + 1);
          entry->box = box;
          entry->last_used = cache->frame;
          i = end;
          continue;
        }
      if (entry->image != NULL)
        cache->kept++;
      else
        {
          /* The same ops as the frame before: it only moved, or stayed
           * where the damage reaches it. Kept from now on */
          entry->image = gsk_layer_software_render_group (list, i, end, &box, width, height, flags);
          if (entry->image == NULL)
            {
              i = end;
              continue;
            }
          /* The pixels are where the group is now: so are the ops */
          gsk_layer_kept_ops_clear (&entry->kept);
          gsk_layer_kept_ops_init (&entry->kept, op, end - i + 1);
          entry->box = box;
          cache->filtered++;
        }
      entry->last_used = cache->frame;

      group.op_index = i;
      group.image = pixman_image_ref (entry->image);
      group.x = box.x1;
      group.y = box.y1;
      if (prepared == NULL)
        prepared = g_array_new (FALSE, FALSE, sizeof (GskLayerSoftwarePrepared));
      g_array_append_val (prepared, group);
      i = end;
    }

  /* Groups not drawn for a while let their pixels go */
  for (i = 0; i < CACHE_SIZE; i++)
    if (cache->entries[i].kept.n_ops > 0 && cache->entries[i].last_used + MAX_IDLE_FRAMES < cache->frame)
      entry_clear (&cache->entries[i]);

  if (prepared == NULL)
    return NULL;
  *n_prepared = prepared->len;
  return (GskLayerSoftwarePrepared *) g_array_free (prepared, FALSE);
}

void
gsk_layer_software_prepared_free (GskLayerSoftwarePrepared *prepared,
                                  guint                     n_prepared)
{
  guint i;

  for (i = 0; i < n_prepared; i++)
    pixman_image_unref (prepared[i].image);
  g_free (prepared);
}
