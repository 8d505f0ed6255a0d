// ESLint (flat config): TypeScript and React hooks rules, plus the architecture's import
// boundaries — the parts share only core/, a back-office module never imports the shell or
// another module (see app/features/README.md).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { boundaries } from "./scripts/eslint-boundaries.js";

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
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "sonner", message: "Import toast from #app/lib/toast.ts (sonner loads on demand)." },
          ],
        },
      ],
    },
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
