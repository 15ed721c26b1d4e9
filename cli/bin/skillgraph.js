#!/usr/bin/env node
// The `skillgraph` command (EC-3); built from src/ by `npm run build --workspace cli`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS bin loads the compiled entry
require("../dist/cli/src/main.js");
