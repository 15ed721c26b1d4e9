import { Group, Pagination, Table, Text } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { QueryState, type QueryLike } from "./query-state";

export interface Column<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
  /** Keeps the cell on one line (names, states, dates); long free text wraps instead. */
  nowrap?: boolean;
  /** The widest the column may be, e.g. 420 for a description. */
  maxWidth?: number;
  /** The narrowest, for names that should not break into syllables when the table scrolls at a narrow window. */
  minWidth?: number;
  /** For a header that says nothing visible (an actions column). */
  key?: string;
}

interface Props<T> {
  /** The table's accessible name ("Calls"). */
  label: string;
  columns: Array<Column<T>>;
  rows: readonly T[];
  rowKey(row: T): string;
  /** With `total`, `page` and `onPage`: pages of `limit` rows, and the pager under the table. */
  total?: number;
  page?: number;
  limit?: number;
  onPage?(page: number): void;
  /** Extra rows after a row (an opened detail), spanning every column. */
  below?(row: T): ReactNode;
  striped?: boolean;
}

const NOWRAP: CSSProperties = { whiteSpace: "nowrap" };

const PAGER_NAMES = { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" };
/** The pager's arrows say what they do (their icons alone leave the buttons unnamed). */
const pagerControlName = (control: keyof typeof PAGER_NAMES) => ({ "aria-label": PAGER_NAMES[control] });

/** The list scaffold every list page shares: a named table, its columns, and the pager with "21–40 of 75". */
export function PagedTable<T>(props: Props<T>) {
  const { label, columns, rows, rowKey, total, page = 1, limit, onPage, below } = props;
  const pages = total !== undefined && limit ? Math.ceil(total / limit) : 1;
  const first = limit ? (page - 1) * limit + 1 : 1;
  return (
    <>
      {/* at a narrow window the table scrolls sideways: a named region the keyboard can reach and scroll */}
      <Table.ScrollContainer minWidth={640} type="native" role="region" aria-label={label} tabIndex={0}>
        <Table striped={props.striped ?? true} highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th key={c.key ?? (typeof c.header === "string" ? c.header : i)} style={NOWRAP}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const extra = below?.(row);
              return [
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c, i) => (
                    <Table.Td
                      key={c.key ?? (typeof c.header === "string" ? c.header : i)}
                      style={c.nowrap ? NOWRAP : undefined}
                      maw={c.maxWidth}
                      miw={c.minWidth}
                    >
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>,
                extra ? (
                  <Table.Tr key={`${rowKey(row)}:below`}>
                    <Table.Td colSpan={columns.length}>{extra}</Table.Td>
                  </Table.Tr>
                ) : null,
              ];
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total !== undefined && onPage ? (
        <Pager
          label={label}
          page={page}
          pages={pages}
          first={first}
          shown={rows.length}
          total={total}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}

/** "21–40 of 75" and the pages of a list named `label`; nothing when it has one page. */
export function Pager(props: {
  label: string;
  page: number;
  pages: number;
  /** The first row shown (1-based) and how many are shown. */
  first: number;
  shown: number;
  total: number;
  onPage(page: number): void;
}) {
  if (props.pages <= 1) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {props.first}–{props.first + props.shown - 1} of {props.total}
      </Text>
      <nav aria-label={`Pages of ${props.label.toLowerCase()}`}>
        <Pagination total={props.pages} value={props.page} onChange={props.onPage} getControlProps={pagerControlName} />
      </nav>
    </Group>
  );
}

interface PagedQueryProps<D, T> extends Omit<Props<T>, "rows" | "total" | "page" | "onPage" | "limit"> {
  query: QueryLike<D>;
  /** The page envelope in the answer (`d.calls`). */
  pageOf(data: D): { items: readonly T[]; total: number };
  filters: { page: number; setPage(page: number): void };
  limit: number;
  errorTitle: string;
  empty: ReactNode;
}

/** A list page's read and its table as one: loading, failure with retry, empty, then the rows and the pager. */
export function PagedQueryTable<D, T>({
  query,
  pageOf,
  filters,
  limit,
  errorTitle,
  empty,
  ...table
}: PagedQueryProps<D, T>) {
  return (
    <QueryState query={query} errorTitle={errorTitle} isEmpty={(d) => pageOf(d).total === 0} empty={empty}>
      {(d) => (
        <PagedTable
          {...table}
          rows={pageOf(d).items}
          total={pageOf(d).total}
          page={filters.page}
          limit={limit}
          onPage={filters.setPage}
        />
      )}
    </QueryState>
  );
}
