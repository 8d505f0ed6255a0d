/**
 * Edge worker entry (wrangler.toml `main`). The app lives in app.ts; its database-facing
 * dependencies default to Supabase (publishable key for reads, secret key for form inserts).
 */
import { createApp } from "./app.ts";

export type { EdgeEnv as Bindings } from "./env.ts";

const app = createApp();

export default app;
