import { useState } from "react";

/**
 * A list held whole in the page, shown `perPage` rows at a time (an agent's thousands of skills): the rows of the page
 * shown and what `Pager` needs. A page past the end (the list shrank) shows the last.
 */
export function useClientPages<T>(items: readonly T[], perPage: number) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(page, pages);
  const first = (current - 1) * perPage;
  const rows = items.slice(first, first + perPage);
  return {
    rows,
    setPage,
    pager: { page: current, pages, first: first + 1, shown: rows.length, total: items.length, onPage: setPage },
  };
}
