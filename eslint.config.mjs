// Lint rules that keep the architecture honest (architecture.md): layer boundaries, no floating promises,
// exhaustive switches, kebab-case file names.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import path from "node:path";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** Kebab-case file names: `skill-version.entity.ts`, `skill.int.test.ts`. */
const fileNames = {
  meta: { type: "suggestion", schema: [], messages: { kebab: "File name '{{name}}' must be kebab-case." } },
  create(context) {
    return {
      Program(node) {
        const base = path.basename(context.filename).replace(/\.(ts|tsx|mts|mjs|js)$/, "");
        if (/^\d+-/.test(base) && context.filename.includes(`${path.sep}migrations${path.sep}`)) return;
        if (!KEBAB.test(base))
          context.report({ node, messageId: "kebab", data: { name: path.basename(context.filename) } });
      },
    };
  },
};

const typeormOnlyHere = "TypeORM belongs in entities, repositories and platform/db: go through a repository.";
const platformBelowModules = "platform/ never imports modules/: take it from the composition root (app.ts).";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "web/dist/**",
      "web/src/gql/**",
      "coverage/**",
      "data/**",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { local: { rules: { "file-names": fileNames } } },
    rules: {
      "local/file-names": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: false }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "no-restricted-imports": ["error", { paths: [{ name: "typeorm", message: typeormOnlyHere }] }],
    },
  },
  {
    // Where TypeORM may be imported.
    files: [
      "server/src/**/*.entity.ts",
      "server/src/**/*.repository.ts",
      "server/src/platform/db/**",
      "server/scripts/**",
      "server/bench/**",
    ],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // platform/ never imports modules/; only platform/db touches TypeORM.
    files: ["server/src/platform/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "typeorm", message: typeormOnlyHere }],
          patterns: [{ group: ["**/modules/**"], message: platformBelowModules }],
        },
      ],
    },
  },
  {
    files: ["server/src/platform/db/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/modules/**"], message: platformBelowModules }] }],
    },
  },
  {
    files: ["server/src/modules/runtime/**"],
    ignores: ["server/src/modules/runtime/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "typeorm", message: "The runtime is pure: no database." },
            { name: "graphql", message: "The runtime is pure: no GraphQL." },
            { name: "type-graphql", message: "The runtime is pure: no GraphQL." },
          ],
          patterns: [
            {
              group: ["node:http", "node:https", "node:net", "node:fs", "../*", "!./*"],
              message: "The runtime is pure: no I/O and nothing of ours outside runtime/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/src/**/*.resolver.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "typeorm", message: "Resolvers shape GraphQL only: no SQL." }],
          patterns: [
            {
              group: ["**/*.repository", "**/*.entity"],
              allowTypeImports: true,
              message: "Resolvers call services, never repositories.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "server/test/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
);
