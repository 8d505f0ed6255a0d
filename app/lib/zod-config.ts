/**
 * Imported first by the entry: zod would otherwise probe `new Function` (for its JIT parser) on
 * the first object parse, which the site's CSP rightly refuses and reports as a violation.
 * zod reads its settings from `globalThis.__zod_globalConfig` (shared by every copy of zod and
 * kept if already present), so setting it here keeps zod itself out of the entry chunk.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const g = globalThis as ZodGlobal;
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };
