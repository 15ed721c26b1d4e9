import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../test/render";
import { PagedTable, type Column } from "./paged-table";

interface Row {
  id: string;
  name: string;
}
const columns: Array<Column<Row>> = [
  { header: "Id", cell: (r) => r.id, nowrap: true },
  { header: "Name", cell: (r) => r.name },
];
const rows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, name: `row ${from + i}` }));

/** A page of `limit` rows from row `first`, with its pager; answers the pager's onPage. */
function paged(p: { label: string; first: number; total: number; page: number; limit: number }) {
  const onPage = vi.fn();
  renderWithMantine(
    <PagedTable
      label={p.label}
      columns={columns}
      rows={rows(p.first, p.limit)}
      rowKey={(r) => r.id}
      total={p.total}
      page={p.page}
      limit={p.limit}
      onPage={onPage}
    />,
  );
  return onPage;
}

describe("PagedTable: the list scaffold", () => {
  it("UX-5 a named table with its headers and one row per item; no pager when everything fits", () => {
    renderWithMantine(
      <PagedTable
        label="Calls"
        columns={columns}
        rows={rows(1, 3)}
        rowKey={(r) => r.id}
        total={3}
        page={1}
        limit={25}
        onPage={() => undefined}
      />,
    );
    const table = screen.getByRole("table", { name: "Calls" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Id", "Name"]);
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("UX-5 with more than a page: says which rows these are and moves to the page picked", async () => {
    const onPage = paged({ label: "Calls", first: 26, total: 80, page: 2, limit: 25 });
    expect(screen.getByText("26–50 of 80")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Pages of calls" });
    await userEvent.click(within(pager).getByRole("button", { name: "4" }));
    expect(onPage).toHaveBeenCalledWith(4);
  });

  it("UX-5 every control of the pager has a name (axe button-name): previous and next page", async () => {
    const onPage = paged({ label: "Skills", first: 1, total: 60, page: 1, limit: 20 });
    const pager = screen.getByRole("navigation", { name: "Pages of skills" });
    for (const button of within(pager).getAllByRole("button")) expect(button).toHaveAccessibleName();
    expect(within(pager).getByRole("button", { name: "Previous page" })).toBeDisabled();
    await userEvent.click(within(pager).getByRole("button", { name: "Next page" }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("UX-5 a table wider than the window scrolls in a named region the keyboard can reach (axe scrollable-region-focusable)", () => {
    renderWithMantine(<PagedTable label="Audit log" columns={columns} rows={rows(1, 2)} rowKey={(r) => r.id} />);
    const region = screen.getByRole("region", { name: "Audit log" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(within(region).getByRole("table", { name: "Audit log" })).toBeInTheDocument();
  });

  it("UX-5 an opened row shows its detail under it, across every column", () => {
    renderWithMantine(
      <PagedTable
        label="Runs"
        columns={columns}
        rows={rows(1, 2)}
        rowKey={(r) => r.id}
        below={(r) => (r.id === "r2" ? <p>detail of r2</p> : null)}
      />,
    );
    const cell = screen.getByText("detail of r2").closest("td");
    expect(cell).toHaveAttribute("colspan", "2");
    expect(screen.getAllByRole("row")).toHaveLength(4);
  });
});
