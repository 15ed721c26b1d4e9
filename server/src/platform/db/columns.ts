import { Column, type ColumnOptions, type ValueTransformer } from "typeorm";

/*
 * Column helpers whose meaning is the same on SQLite and PostgreSQL, so one set of entities serves both.
 * Times are epoch milliseconds in a bigint: exact to the millisecond on both databases (SQLite's datetime
 * functions have second precision), time-zone free, and ordered by plain integer comparison.
 */
const epochMs: ValueTransformer = {
  to: (value: Date | null | undefined) => (value instanceof Date ? value.getTime() : value),
  from: (value: string | number | null) => (value === null || value === undefined ? null : new Date(Number(value))),
};

/** A bigint column read as a JS number (PostgreSQL's driver answers bigint as a string). */
export const integerFromBigint: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};

export function TimestampColumn(name: string, options: Pick<ColumnOptions, "nullable"> = {}): PropertyDecorator {
  return Column({ type: "bigint", name, transformer: epochMs, nullable: options.nullable ?? false });
}

/** A counter or sequence that may outgrow 32 bits; read back as a JS number. */
export function BigIntColumn(
  name: string,
  options: Pick<ColumnOptions, "nullable" | "default"> = {},
): PropertyDecorator {
  return Column({ type: "bigint", name, transformer: integerFromBigint, ...options });
}

export function JsonColumn(name: string, options: Pick<ColumnOptions, "nullable"> = {}): PropertyDecorator {
  return Column({ type: "simple-json", name, nullable: options.nullable ?? false });
}

export function IdColumn(name: string, options: Pick<ColumnOptions, "nullable"> = {}): PropertyDecorator {
  return Column({ type: "varchar", length: 36, name, nullable: options.nullable ?? false });
}

export function TextColumn(
  name: string,
  options: Pick<ColumnOptions, "nullable" | "length" | "default"> = {},
): PropertyDecorator {
  return Column({ type: options.length ? "varchar" : "text", name, ...options });
}
