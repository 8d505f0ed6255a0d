/**
 * A client-build plugin that leaves zod's JSON Schema generator out of the SPA. Classic zod wires
 * `toJSONSchema()` and the Standard Schema `jsonSchema` hooks into every schema, so its
 * generator (~5 KB gzip of every back-office page) ships although the browser never calls it —
 * forms and rows only parse. Here the two imports that bring it in become stubs that throw if
 * anything ever does call them. The workers keep the real thing.
 *
 * The build fails when zod's file no longer has these imports (a new version moved them): look
 * again rather than ship the generator silently or break zod.
 */
import type { Plugin } from "vite";

const CLASSIC_SCHEMAS = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

const IMPORTS = {
  processors: 'import * as processors from "../core/json-schema-processors.js";',
  methods:
    'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";',
};

const STUBS = `
const noJsonSchema = () => { throw new Error("zod's JSON Schema generator is not part of the browser build"); };
const processors = new Proxy({}, { get: () => noJsonSchema });
const createStandardJSONSchemaMethod = () => noJsonSchema;
const createToJSONSchemaMethod = () => noJsonSchema;
`;

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: "ghana-realty:zod-without-json-schema",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (!CLASSIC_SCHEMAS.test(id)) return null;
      for (const [name, line] of Object.entries(IMPORTS))
        if (!code.includes(line))
          throw new Error(
            `zod's classic schemas no longer import ${name} as expected (scripts/bundle/zod-without-json-schema.ts)`,
          );
      return {
        code: STUBS + code.replace(IMPORTS.processors, "").replace(IMPORTS.methods, ""),
        map: null,
      };
    },
  };
}
