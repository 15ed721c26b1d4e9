import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, RouterProvider, createMemoryRouter, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../test/render";
import { LeaveGuard } from "./leave-guard";

function Editor() {
  const navigate = useNavigate();
  return (
    <>
      <LeaveGuard when what="What you typed since the last save is not saved." />
      <Link to="/elsewhere">Elsewhere</Link>
      <button onClick={() => void navigate("/saved", { state: { saved: true } })}>Save</button>
    </>
  );
}

const show = () =>
  renderWithMantine(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: "/edit", element: <Editor /> },
          { path: "/elsewhere", element: <p>another page</p> },
          { path: "/saved", element: <p>the saved version</p> },
        ],
        { initialEntries: ["/edit"] },
      )}
    />,
  );

describe("LeaveGuard: unsaved edits are not lost by leaving", () => {
  it("UX-1 leaving with unsaved edits asks first: Stay keeps the page, Leave goes", async () => {
    show();
    await userEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave without saving?" });
    expect(dialog).toHaveTextContent("What you typed since the last save is not saved.");
    for (const button of within(dialog).getAllByRole("button")) expect(button).toHaveAccessibleName();
    await userEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(screen.getByRole("link", { name: "Elsewhere" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    await userEvent.click(await screen.findByRole("button", { name: "Leave" }));
    expect(await screen.findByText("another page")).toBeInTheDocument();
  });

  it("UX-4 the editor's own move to what it just saved is not stopped", async () => {
    show();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("the saved version")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
