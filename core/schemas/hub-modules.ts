/**
 * Which back-office modules' record changes travel through the realtime hub, who receives them,
 * and the frames that carry them — without a parser. Screens that only send or react to updates
 * (a module's live list, the partner portal's thread) import this, not the wire protocol's zod
 * schemas (./hub.ts, which re-exports it), so their first load stays light; the hub and the
 * socket client parse every frame with those schemas.
 */
import type { Role } from "../roles.ts";
import type { ClientDomainFrame, HubFrame, RelayedDomainFrame } from "./hub.ts";

/**
 * The back-office modules whose record changes go through the hub, and the roles that receive
 * them: a module's updates reach only the roles allowed to open it. Adding a
 * module's realtime is one line here — the hub routes by this table, the SPA's
 * `useDomainUpdates(module, …)` and `publishDomainUpdate(module, …)` accept the new name.
 */
export const REALTIME_MODULES = {
  deals: ["admin", "staff"],
  listings: ["admin", "staff"],
  blog: ["admin", "staff"],
  finances: ["admin"],
  property_hunt: ["admin"],
  announcements: ["admin", "staff"],
  events: ["admin", "staff"],
  tasks: ["admin", "staff"],
  inbox: ["admin", "staff"],
  contacts: ["admin", "staff"],
} as const satisfies Record<string, readonly Role[]>;
export type RealtimeModule = keyof typeof REALTIME_MODULES;
export const REALTIME_MODULE_NAMES = Object.keys(REALTIME_MODULES) as [RealtimeModule, ...RealtimeModule[]];

/** The product's own frame types (docs/product.md#realtime-socket), each the updates of one module; other modules use `record_update`. */
export const SPEC_DOMAIN_FRAMES = {
  deal_update: "deals",
  financial_update: "finances",
  property_hunt_update: "property_hunt",
} as const satisfies Record<string, RealtimeModule>;
export type SpecDomainFrameType = keyof typeof SPEC_DOMAIN_FRAMES;
export const DOMAIN_UPDATE_TYPES = [
  "property_hunt_update",
  "financial_update",
  "deal_update",
  "record_update",
] as const;
export type DomainUpdateType = (typeof DOMAIN_UPDATE_TYPES)[number];

/** What happened to the records; never their contents (receivers refetch through RLS). */
export const RECORD_UPDATE_ACTIONS = ["created", "updated", "moved", "deleted"] as const;
export type RecordUpdateAction = (typeof RECORD_UPDATE_ACTIONS)[number];
/** Ids per update frame (a bulk status change of one page of a list). */
export const MAX_RECORD_IDS = 100;

/** The module a client's update frame is about. */
export function moduleOfFrame(frame: ClientDomainFrame): RealtimeModule {
  return frame.type === "record_update" ? frame.module : SPEC_DOMAIN_FRAMES[frame.type];
}

/** True when `role` may receive the updates of `module` (the table above decides). */
export function mayReceiveModule(role: Role | null | undefined, module: RealtimeModule): boolean {
  return !!role && (REALTIME_MODULES[module] as readonly Role[]).includes(role);
}

/** The frame a client sends for an update of `module`: the spec's own type where it has one. */
export function domainUpdateFrame(
  module: RealtimeModule,
  action: RecordUpdateAction,
  ids: string[],
): ClientDomainFrame {
  const spec = (Object.keys(SPEC_DOMAIN_FRAMES) as SpecDomainFrameType[]).find(
    (t) => SPEC_DOMAIN_FRAMES[t] === module,
  );
  return spec ? { type: spec, action, ids } : { type: "record_update", module, action, ids };
}

/** A relayed update, whichever frame type carried it: what a module's screen reacts to. */
export interface DomainUpdate {
  module: RealtimeModule;
  action: RecordUpdateAction;
  ids: string[];
  fromUserId: string;
}

export function domainUpdateOf(frame: HubFrame): DomainUpdate | null {
  if (!(DOMAIN_UPDATE_TYPES as readonly string[]).includes(frame.type)) return null;
  const f = frame as RelayedDomainFrame;
  return { module: moduleOfFrame(f), action: f.action, ids: f.ids, fromUserId: f.fromUserId };
}
