// ESLint (flat config): TypeScript and React hooks rules, plus the architecture's import
// boundaries — the parts share only core/, a back-office module never imports the shell or
// another module (see app/features/README.md).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { boundaries } from "./scripts/eslint-boundaries.js";

// The module template's data layer (app/features/README.md "Data"): supabase is called only from
// `api/` files, TanStack Query hooks live only in `hooks/` files, and query keys come from the
// module's key factory. Three rules hold it: the two import restrictions and the key syntax below.
const SONNER = { name: "sonner", message: "Import toast from #app/lib/toast.ts (sonner loads on demand)." };
const QUERY_HOOKS = {
  name: "@tanstack/react-query",
  importNames: ["useQuery", "useMutation", "useInfiniteQuery", "useQueries", "useSuspenseQuery"],
  message: "Query and mutation hooks live in the module's hooks/ folder: import the hook from there.",
};
const SUPABASE_CLIENT = {
  patterns: [
    {
      group: ["#app/lib/supabase.ts", "**/supabase.ts", "@supabase/*"],
      allowTypeImports: true,
      message: "Only a module's api/ folder (or a shared *-api.ts) calls supabase: add a function there.",
    },
  ],
};
/** Files that may query: a module's api/, a shared data layer named *-api.ts, and the client itself
 *  and the session (which owns the client's sign-in state). */
const DATA_LAYER = ["app/**/api/**", "app/lib/**/*-api.ts", "app/lib/supabase.ts", "app/lib/session.tsx"];
/** Files that may hold query hooks: hooks/ folders and the shared *-queries.ts hook files of app/lib. */
const HOOK_LAYER = ["app/**/hooks/**", "app/lib/**/*-queries.ts"];
const AD_HOC_KEY = {
  selector: [
    "Property[key.name='queryKey'] > ArrayExpression.value",
    "CallExpression[callee.property.name=/^(setQueryData|getQueryData|setQueriesData|getQueriesData)$/] > ArrayExpression.arguments:first-child",
  ].join(", "),
  message: "Query keys come from the module's key factory (e.g. dealKeys.detail(id)): add the key there.",
};

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "dist-local/**",
      "node_modules/**",
      ".data/**",
      ".wrangler/**",
      "test-results/**",
      "public/**",
      "worker-configuration.d.ts",
      "core/database.types.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { boundaries },
    rules: {
      "boundaries/imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-empty": ["error", { allowEmptyCatch: true }],
      // Control characters in patterns are deliberate: input validation refuses them.
      "no-control-regex": "off",
      // PartyServer's this.sql`…` runs a statement: a tagged template used for its effect.
      "@typescript-eslint/no-unused-expressions": ["error", { allowTaggedTemplates: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The toast library loads on demand: screens toast through app/lib/toast.ts.
      "no-restricted-imports": ["error", { paths: [SONNER, QUERY_HOOKS] }],
      "@typescript-eslint/no-restricted-imports": ["error", SUPABASE_CLIENT],
      "no-restricted-syntax": ["error", AD_HOC_KEY],
    },
  },
  {
    files: HOOK_LAYER,
    rules: { "no-restricted-imports": ["error", { paths: [SONNER] }] },
  },
  {
    files: DATA_LAYER,
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    files: ["app/lib/toast.ts", "app/components/ui/sonner.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
