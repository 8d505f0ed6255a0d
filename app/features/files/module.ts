/**
 * Registry entry of Files (docs/modules/files.md): folders, uploads (drag and drop, several at once,
 * with progress) to a private bucket with type and size limits, image and PDF preview, rename,
 * move, trash with 30-day restore (then purged by the edge's purge-trashed-files job), attach to a
 * listing, contact, deal or invoice, expiring share links; a listing's page lists its attachments.
 */
import { FolderOpenIcon } from "lucide-react";
import { lazy } from "react";
import { defineModule } from "#app/lib/modules/define-module.ts";

export default defineModule({
  id: "files",
  path: "/files",
  icon: FolderOpenIcon,
  group: "work",
  panels: [
    {
      slot: "property",
      title: "Attachments",
      component: lazy(() => import("./panels/listing-attachments-panel.tsx")),
    },
  ],
});
