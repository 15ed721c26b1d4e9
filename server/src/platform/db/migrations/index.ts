// Migrations per dialect, in order. New ones come from `npm run migration:generate --workspace server -- <Name>`;
// the schema-drift test fails while the entities and the migrations disagree.
import { Initial1795977713639 as PostgresInitial } from "./postgres/1795977713639-initial";
import { Initial1795977713639 as SqliteInitial } from "./sqlite/1795977713639-initial";

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const sqliteMigrations: Function[] = [SqliteInitial];
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const postgresMigrations: Function[] = [PostgresInitial];
