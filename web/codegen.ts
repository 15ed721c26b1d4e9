import type { CodegenConfig } from "@graphql-codegen/cli";

// Typed documents from the committed schema.graphql; `npm run check:codegen` fails when src/gql is stale.
const config: CodegenConfig = {
  schema: "../schema.graphql",
  documents: ["src/**/*.{ts,tsx}", "!src/gql/**"],
  ignoreNoDocuments: true,
  generates: {
    "src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: {
        scalars: { DateTime: "string", JSON: "unknown" },
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;
