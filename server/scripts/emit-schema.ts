/** Writes schema.graphql from the code, or with --check fails when the committed file differs. */
import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { buildAppSchema } from "../src/app";
import { printSortedSchema } from "../src/platform/graphql/schema";

async function main(): Promise<void> {
  const file = path.resolve(__dirname, "..", "..", "..", "schema.graphql");
  const emitted = printSortedSchema(await buildAppSchema());
  if (process.argv.includes("--check")) {
    const committed = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (committed !== emitted) {
      console.error("schema.graphql differs from what the code emits: run `npm run fix:schema` and commit it.");
      process.exit(1);
    }
    console.log("schema.graphql matches the code.");
    return;
  }
  fs.writeFileSync(file, emitted);
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
