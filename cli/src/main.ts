import { processIo } from "./io";
import { run } from "./program";

run(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // One line (the stack only with SKILLGRAPH_DEBUG set): what went wrong, not where in the CLI's code.
    const detail = error instanceof Error ? (process.env.SKILLGRAPH_DEBUG ? error.stack : error.message) : error;
    process.stderr.write(`skillgraph failed unexpectedly: ${String(detail)}\n`);
    process.exitCode = 1;
  },
);
