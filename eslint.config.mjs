// Lint rules that keep the architecture honest (architecture.md): layer boundaries, no floating promises,
// exhaustive switches, kebab-case file names.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import fs from "node:fs";
import path from "node:path";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

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

const ISSUE_NUMBER = /\bissues? ?#?\d+/i;

/**
 * Code reads as if it had always been this way: comments and test titles say why, and name spec rules (`RT-4`), never
 * the issue that asked for a change — history belongs in commits and docs/benchmarks.md.
 */
const noIssueNumbers = {
  meta: {
    type: "suggestion",
    schema: [],
    messages: { issue: "Say why, or name the spec rule, instead of an issue number ('{{text}}')." },
  },
  create(context) {
    const check = (node, text) => {
      const found = ISSUE_NUMBER.exec(text);
      if (found) context.report({ node, messageId: "issue", data: { text: found[0] } });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value);
      },
      Literal(node) {
        if (typeof node.value === "string") check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.raw);
      },
    };
  },
};

const MODULES = `${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;

/** The module an import statement of `file` reaches, with the path inside it; null for anything else. */
function importedModule(file, node) {
  const source = node.source.value;
  if (typeof source !== "string" || !source.startsWith(".")) return null;
  const target = path.resolve(path.dirname(file), source);
  if (!target.includes(MODULES)) return null;
  const [module, ...rest] = target.split(MODULES)[1].split(path.sep);
  return { module, rest, target };
}

/**
 * Modules meet through their face: from outside `modules/<name>/`, only `modules/<name>` (its index.ts) may be
 * imported, never one of its files (architecture.md).
 */
const moduleFaces = {
  meta: {
    type: "problem",
    schema: [],
    messages: { face: "Import the '{{module}}' module through its face ('{{face}}'), not its file '{{file}}'." },
  },
  create(context) {
    const here = context.filename;
    const ownModule = here.includes(MODULES) ? here.split(MODULES)[1].split(path.sep)[0] : null;
    return {
      ImportDeclaration(node) {
        const imported = importedModule(here, node);
        if (!imported) return;
        const { module, rest, target } = imported;
        if (module === ownModule || rest.length === 0 || (rest.length === 1 && rest[0] === "index")) return;
        const face = path.relative(path.dirname(here), target.split(MODULES)[0] + MODULES + module);
        context.report({ node, messageId: "face", data: { module, face, file: rest.join("/") } });
      },
    };
  },
};

/**
 * The rows of ARCHITECTURE.md's module picture (the fenced block under "Modules and the directions they may
 * import"), top row first: each line that starts with module names joined by " · " and then, after two spaces or
 * more, what they use. A row's description that says "usable from every row" puts its modules below every row.
 */
function readModuleRows(modulesRoot) {
  const known = new Set(
    fs
      .readdirSync(modulesRoot, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  );
  const text = fs.readFileSync(path.join(import.meta.dirname, "ARCHITECTURE.md"), "utf8");
  const section = text.split("## Modules and the directions they may import")[1] ?? "";
  const block = section.split("```")[1] ?? "";
  const rowOf = new Map();
  const everywhere = new Set();
  const rows = [];
  for (const line of block.split("\n")) {
    const match = /^([a-z][a-z-]*(?: · [a-z][a-z-]*)*)(?:\s{2,}(.*))?$/.exec(line.trimEnd());
    if (!match) continue;
    const names = match[1].split(" · ");
    if (!names.every((name) => known.has(name))) continue;
    if (/usable from every row/.test(match[2] ?? "")) names.forEach((name) => everywhere.add(name));
    else {
      names.forEach((name) => rowOf.set(name, rows.length));
      rows.push(names.join(" · "));
    }
  }
  return { rowOf, rows, everywhere, known };
}

let moduleRows = null;

/**
 * Modules form the layers ARCHITECTURE.md draws: a module uses (even for a type) only modules of the rows below its
 * own, or those usable from every row; never one of its own row or above. Every module has a row.
 */
const moduleLayers = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      upward:
        "'{{own}}' (row '{{ownRow}}') may not use '{{other}}' (row '{{otherRow}}'): a module uses only the rows below its own (ARCHITECTURE.md). Invert it with a port the composition root wires, or move the code.",
      noRow: "The module '{{module}}' has no row in ARCHITECTURE.md's module picture: add it where it belongs.",
    },
  },
  create(context) {
    const here = context.filename;
    if (!here.includes(MODULES)) return {};
    moduleRows ??= readModuleRows(here.split(MODULES)[0] + MODULES);
    const { rowOf, rows, everywhere } = moduleRows;
    const own = here.split(MODULES)[1].split(path.sep)[0];
    const placed = (module) => rowOf.has(module) || everywhere.has(module);
    return {
      Program(node) {
        if (!placed(own)) context.report({ node, messageId: "noRow", data: { module: own } });
      },
      ImportDeclaration(node) {
        const other = importedModule(here, node)?.module;
        if (!other || other === own || everywhere.has(other) || !rowOf.has(own)) return;
        if (!rowOf.has(other)) {
          context.report({ node, messageId: "noRow", data: { module: other } });
          return;
        }
        if (rowOf.get(other) > rowOf.get(own)) return;
        context.report({
          node,
          messageId: "upward",
          data: { own, ownRow: rows[rowOf.get(own)], other, otherRow: rows[rowOf.get(other)] },
        });
      },
    };
  },
};

const typeormOnlyHere = "TypeORM belongs in entities, repositories and platform/db: go through a repository.";
const telemetryOnlyThere =
  "OpenTelemetry and prom-client belong in platform/telemetry: emit spans and counts through its port (Tracing, AgentTelemetry, Metrics).";
const telemetryPatterns = [{ group: ["@opentelemetry/*", "prom-client"], message: telemetryOnlyThere }];
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
    plugins: {
      local: {
        rules: {
          "file-names": fileNames,
          "module-faces": moduleFaces,
          "module-layers": moduleLayers,
          "no-issue-numbers": noIssueNumbers,
        },
      },
    },
    rules: {
      "local/file-names": "error",
      "local/no-issue-numbers": "error",
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
    // Telemetry's libraries only behind its port (architecture.md: modules never import the SDK).
    files: ["server/src/**/*.ts"],
    ignores: ["server/src/platform/telemetry/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "typeorm", message: typeormOnlyHere }], patterns: telemetryPatterns },
      ],
    },
  },
  {
    // No import cycles between files (and so between modules); modules meet through their faces.
    files: ["server/src/**/*.ts", "server/scripts/**/*.ts"],
    ignores: ["server/src/**/*.test.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: path.join(import.meta.dirname, "server/tsconfig.json") }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "local/module-faces": "error",
      "local/module-layers": "error",
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
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
    // platform/ never imports modules/; only platform/db touches TypeORM, only platform/telemetry the SDK.
    files: ["server/src/platform/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "typeorm", message: typeormOnlyHere }],
          patterns: [{ group: ["**/modules/**"], message: platformBelowModules }, ...telemetryPatterns],
        },
      ],
    },
  },
  {
    files: ["server/src/platform/telemetry/**"],
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
            ...telemetryPatterns,
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
            ...telemetryPatterns,
          ],
        },
      ],
    },
  },
  {
    // config.ts is the only reader of the environment (architecture.md): settings are validated once, in one place.
    files: ["server/src/**/*.ts"],
    ignores: ["server/src/config.ts", "server/src/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read settings from Config (server/src/config.ts)." },
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
