import { THESAURUS } from "./skill-thesaurus.data";

/** Synonyms' stems by stem, from WordNet's common senses (scripts/build-skill-thesaurus.ts). */
export type Thesaurus = ReadonlyMap<string, readonly string[]>;

let table: Map<string, string[]> | null = null;

/** The thesaurus, parsed on first use (about 30,000 lines; a few milliseconds) and kept. */
export function wordnetThesaurus(): Thesaurus {
  if (!table) {
    table = new Map();
    for (const line of THESAURUS.split("\n")) {
      const [key, ...synonyms] = line.split(" ");
      if (key) table.set(key, synonyms);
    }
  }
  return table;
}
