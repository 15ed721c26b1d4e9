import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useUrlFilters } from "./use-url-filters";

function filtersAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ filters: useUrlFilters(["agent", "status"]), location: useLocation() }), { wrapper });
}

describe("useUrlFilters: a list's filters and page in the address", () => {
  it("UX-5 reads the filters and the page from the address; unset filters are null", () => {
    const { result } = filtersAt("/calls?agent=a1&page=3&tab=x");
    expect(result.current.filters.values).toEqual({ agent: "a1", status: null });
    expect(result.current.filters.page).toBe(3);
    expect(result.current.filters.active).toBe(true);
  });

  it("UX-5 a changed filter starts again at page 1 and keeps the other parameters", () => {
    const { result } = filtersAt("/calls?agent=a1&page=3&tab=x");
    act(() => result.current.filters.set({ status: "ended" }));
    expect(result.current.location.search).toBe("?agent=a1&tab=x&status=ended");
    expect(result.current.filters.page).toBe(1);
    act(() => result.current.filters.set({ agent: null, status: "" }));
    expect(result.current.location.search).toBe("?tab=x");
    expect(result.current.filters.active).toBe(false);
  });

  it("UX-5 moves between pages; page 1 leaves the parameter out; a page that is not a number reads as 1", () => {
    const { result } = filtersAt("/calls?agent=a1&page=oops");
    expect(result.current.filters.page).toBe(1);
    act(() => result.current.filters.setPage(4));
    expect(result.current.location.search).toBe("?agent=a1&page=4");
    act(() => result.current.filters.setPage(1));
    expect(result.current.location.search).toBe("?agent=a1");
  });

  it("UX-5 two changes in one event both land (each starts from the address the last one left)", () => {
    const { result } = filtersAt("/calls");
    act(() => {
      result.current.filters.set({ agent: "a2" });
      result.current.filters.set({ status: "active" });
    });
    expect(result.current.filters.values).toEqual({ agent: "a2", status: "active" });
    act(() => result.current.filters.clear());
    expect(result.current.location.search).toBe("");
  });
});
