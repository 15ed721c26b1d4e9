import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../test/render";
import { MemoryRouter } from "react-router";
import { QueryState, type QueryLike } from "./query-state";
import { NotFound } from "./states";

const refused = new CombinedGraphQLErrors({
  errors: [{ message: "The database is not reachable right now.", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
});

function show(query: QueryLike<string[]>) {
  return renderWithMantine(
    <QueryState query={query} errorTitle="Calls could not be listed" isEmpty={(d) => d.length === 0} empty="No calls.">
      {(rows) => (
        <ul aria-label="rows">
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe("QueryState: loading, failed, empty, answered", () => {
  it("UX-5 says it is loading before the first answer", () => {
    show({ data: undefined, loading: true });
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
  });

  it("UX-5 a read that never reached the server (it is down) says so in words, not the browser's 'Failed to fetch'", () => {
    show({
      data: undefined,
      loading: false,
      error: new TypeError("Failed to fetch"),
      refetch: () => Promise.resolve(),
    });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The server could not be reached");
    expect(alert).not.toHaveTextContent("Failed to fetch");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("UX-5 a failed read shows the server's sentence and code, and 'Try again' reads again", async () => {
    const refetch = vi.fn(() => Promise.resolve());
    show({ data: undefined, loading: false, error: refused, refetch });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Calls could not be listed");
    expect(alert).toHaveTextContent("The database is not reachable right now.");
    expect(alert).toHaveTextContent("code INTERNAL_SERVER_ERROR");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("UX-5 an empty answer says so; an answer is shown", () => {
    const { unmount } = show({ data: [], loading: false });
    expect(screen.getByText("No calls.")).toBeInTheDocument();
    unmount();
    show({ data: ["c1", "c2"], loading: true });
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["c1", "c2"]);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("UX-5 a failed read again keeps the earlier answer under the notice", () => {
    show({ data: ["c1"], loading: false, error: new Error("Network error"), refetch: () => Promise.resolve() });
    expect(screen.getByRole("alert")).toHaveTextContent("Network error");
    expect(screen.getByRole("listitem")).toHaveTextContent("c1");
  });

  it("UX-5 a subject that is not there (null answer or NOT_FOUND) says so with a way back, not an alarm to retry", () => {
    const missing = new CombinedGraphQLErrors({
      errors: [{ message: "The knowledge base was not found.", extensions: { code: "NOT_FOUND" } }],
    });
    const page = (query: QueryLike<string | null>) =>
      renderWithMantine(
        <MemoryRouter>
          <QueryState
            query={query}
            errorTitle="The base could not be read"
            isEmpty={(d) => d === null}
            notFound={<NotFound back={{ to: "/knowledge", label: "Back to knowledge bases" }}>No base k1.</NotFound>}
          >
            {(d) => <p>{d}</p>}
          </QueryState>
        </MemoryRouter>,
      );
    for (const query of [
      { data: undefined, loading: false, error: missing, refetch: () => Promise.resolve() },
      { data: null, loading: false },
    ]) {
      const { unmount } = page(query);
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("No base k1.");
      expect(screen.getByRole("link", { name: "Back to knowledge bases" })).toHaveAttribute("href", "/knowledge");
      expect(screen.queryByRole("alert")).toBeNull();
      expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
      unmount();
    }
  });
});
