import { isInputObjectType, isObjectType, type GraphQLSchema } from "graphql";
import { Extensions } from "type-graphql";

/**
 * SEC-22: one limit per stored string, the length of the column that stores it. An input field or argument that is
 * stored in a `varchar(n)` column says which one (`table.column`); the input policy reads the column's length from
 * the entities and refuses a longer value with BAD_USER_INPUT naming the field and the limit, the same on both
 * databases (PostgreSQL would fail the statement; SQLite would store it). Marks are checked when the server starts:
 * a column no entity has, or one without a length, stops it.
 */
export type ColumnName = `${string}.${string}`;

const FIELD_KEY = "storedIn";
const ARGS_KEY = "argsStoredIn";

/** On an input field: the value is stored in that column. */
export const StoredIn = (column: ColumnName) => Extensions({ [FIELD_KEY]: column });

/** On a query or mutation: these arguments are stored in those columns (type-graphql has no extensions on arguments). */
export const ArgsStoredIn = (columns: Record<string, ColumnName>) => Extensions({ [ARGS_KEY]: columns });

/** A limit from a column: its length, and the column (for messages and details). */
export interface ColumnLimit {
  max: number;
  column: string;
}

/**
 * Every marked schema coordinate (`AgentInput.name`, `Mutation.createApiKey(name:)`) with its column's length;
 * throws when a mark names a column that no entity has, or one without a length.
 */
export function columnLimits(
  schema: GraphQLSchema,
  columnLengths: ReadonlyMap<string, number | null>,
): Map<string, ColumnLimit> {
  const limits = new Map<string, ColumnLimit>();
  const mark = (coordinate: string, column: unknown) => {
    const length = columnLengths.get(String(column));
    if (length === undefined)
      throw new Error(`${coordinate} is marked as stored in ${String(column)}: no such column.`);
    if (length === null)
      throw new Error(`${coordinate} is marked as stored in ${String(column)}, which has no length: remove the mark.`);
    limits.set(coordinate, { max: length, column: String(column) });
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        if (field.extensions[FIELD_KEY]) mark(`${type.name}.${field.name}`, field.extensions[FIELD_KEY]);
    } else if (isObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        const args = field.extensions[ARGS_KEY] as Record<string, string> | undefined;
        for (const [arg, column] of Object.entries(args ?? {})) {
          if (!field.args.some((a) => a.name === arg))
            throw new Error(`${type.name}.${field.name} marks an argument '${arg}' it does not have.`);
          mark(`${type.name}.${field.name}(${arg}:)`, column);
        }
      }
    }
  }
  return limits;
}
