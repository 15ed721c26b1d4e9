import { Field, Int, ObjectType, type ClassType } from "type-graphql";
import { Invalid } from "../errors";

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** A page envelope object type (SV-6) for one item type, e.g. PageOf(SkillVersionType, "SkillVersionPage"). */
export function PageOf<T extends object>(item: ClassType<T>, name: string): ClassType<Page<T>> {
  @ObjectType(name)
  class PageType implements Page<T> {
    @Field(() => [item])
    items!: T[];

    @Field(() => Int)
    total!: number;

    @Field(() => Int)
    page!: number;

    @Field(() => Int)
    limit!: number;
  }
  return PageType;
}

export interface PageWindow {
  page: number;
  limit: number;
  offset: number;
}

export const MAX_PAGE_LIMIT = 200;

/** A list's filter by one of a closed set of values: a value outside it is refused, not read as "no match". */
export function filterValue<T extends string>(
  field: string,
  value: string | null | undefined,
  allowed: readonly T[],
): T | null {
  if (value === null || value === undefined) return null;
  if (!(allowed as readonly string[]).includes(value)) {
    throw Invalid.field(field, `${field} must be one of ${allowed.join(", ")}; it is '${value}'.`);
  }
  return value as T;
}

/** Checks page (≥ 1) and limit (1–200) as SV-6 says. */
export function pageWindow(page: number, limit: number): PageWindow {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw Invalid.field("limit", `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}; it is ${limit}.`);
  }
  if (!Number.isInteger(page) || page < 1) {
    throw Invalid.field("page", `page must be a whole number of at least 1; it is ${page}.`);
  }
  return { page, limit, offset: (page - 1) * limit };
}
