/** Command-palette search of hunts (admins): by title, place, GhanaPost GPS or owner. */
import type { SearchProvider } from "#app/lib/modules/define-module.ts";
import { HUNT_STAGE_LABELS } from "#core/property-hunt/hunt-workflow.ts";
import { huntListQuery } from "#core/property-hunt/hunt-schema.ts";
import { defaultListQuery } from "#core/records/list-query.ts";
import { listHunts } from "./api/hunts-api.ts";

export const huntSearch: SearchProvider = {
  async search(q) {
    const { rows } = await listHunts(
      { ...defaultListQuery(huntListQuery), search: q, pageSize: 8 },
      { from: 0, to: 7 },
    );
    return rows.map((h) => ({
      id: h.id,
      title: h.title,
      subtitle: `${HUNT_STAGE_LABELS[h.stage]} · ${[h.neighbourhood, h.city].filter(Boolean).join(", ")}`,
      href: `/property-hunt/${h.id}`,
    }));
  },
};
