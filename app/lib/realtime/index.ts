/**
 * The SPA's realtime hub client. The socket code itself (hub-client.ts,
 * partysocket) is loaded lazily by the provider once a back-office user is signed in.
 */
export { RealtimeProvider, type PresenceEntry, type RealtimeApi } from "./realtime-provider.tsx";
export {
  useDomainUpdates,
  useHubFrames,
  usePresence,
  useRealtime,
  useRealtimeStatus,
} from "./realtime-hooks.ts";
export { announcePartnerThread, pokeUser, publishDomainUpdate } from "./publish.ts";
export { HubWriteError } from "./hub-write-error.ts";
export type { RealtimeStatus } from "./hub-client.ts";
