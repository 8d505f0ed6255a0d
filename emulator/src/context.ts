/** What every surface of the emulator shares. */
import type { EmulatorConfig } from "./config.ts";
import type { Database } from "./db.ts";
import type { SigningKeys } from "./keys.ts";

export interface EmulatorContext {
  config: EmulatorConfig;
  db: Database;
  keys: SigningKeys;
}
