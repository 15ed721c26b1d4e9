import { MockedProvider } from "@apollo/client/testing/react";
import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../features/sign-in/session-context";
import { writeSession } from "../features/sign-in/session-storage";
import { routes } from "./router";

// The calls page's code cannot be fetched, as when the server stopped after the console was loaded.
vi.mock("../features/calls/calls-list-page", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/calls-list-page.js");
});

describe("the console's routes", () => {
  // React and React Router report the caught error on the console; the test reads the page instead
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);

  it("UX-5 a page that cannot be loaded (the server is down) says so inside the console, with its sections and a reload", async () => {
    writeSession({ credential: "sgk_test", role: "ADMIN", project: { id: "p1", name: "Acme" } });
    const router = createMemoryRouter(routes, { initialEntries: ["/calls"] });
    render(
      <MantineProvider env="test">
        <MockedProvider mocks={[]}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </MockedProvider>
      </MantineProvider>,
    );
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("This page could not be opened")).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
    // the frame stays: the reader can go elsewhere
    expect(screen.getByRole("navigation", { name: "Sections" })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });
});
