import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

export type FilterValues<K extends string> = Record<K, string | null>;

export interface UrlFilters<K extends string> {
  /** Each filter as the address holds it; null when not set. */
  values: FilterValues<K>;
  /** Sets (or, with null or "", clears) filters and goes back to page 1. */
  set(change: Partial<FilterValues<K>>): void;
  /** 1 when the address names no page (or not a page number). */
  page: number;
  setPage(page: number): void;
  /** Whether any filter is set (a list then says "nothing matches" rather than "nothing yet"). */
  active: boolean;
  clear(): void;
}

/**
 * A list page's filters and page number, kept in the address (`?agent=…&page=2`) so a filtered list can be
 * reloaded, shared and gone back to. Changing a filter starts again at page 1; other parameters are left alone.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]): UrlFilters<K> {
  const [params, setParams] = useSearchParams();
  // the same keys on every render, even when the page passes a new array each time
  const signature = keys.join(",");
  const stableKeys = useMemo(() => signature.split(",").filter(Boolean) as K[], [signature]);
  const values = useMemo(
    () => Object.fromEntries(stableKeys.map((k) => [k, params.get(k) || null])) as FilterValues<K>,
    [params, stableKeys],
  );
  // React Router hands every functional update the address of the last render: two changes in one event would
  // each start from it, so the next one starts from what the last one wrote until the address shows it.
  const written = useRef<URLSearchParams | null>(null);
  written.current = null;
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, replace: boolean) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(written.current ?? prev);
          edit(next);
          written.current = next;
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  const raw = Number(params.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;

  const set = useCallback(
    (values: Partial<FilterValues<K>>) =>
      change((next) => {
        for (const [k, v] of Object.entries(values) as Array<[K, string | null | undefined]>) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete("page");
      }, true),
    [change],
  );
  const setPage = useCallback(
    (p: number) =>
      change((next) => {
        if (p > 1) next.set("page", String(p));
        else next.delete("page");
      }, false),
    [change],
  );
  const clear = useCallback(
    () => set(Object.fromEntries(stableKeys.map((k) => [k, null])) as Partial<FilterValues<K>>),
    [set, stableKeys],
  );
  const active = stableKeys.some((k) => values[k] !== null);
  return { values, set, page, setPage, active, clear };
}
