import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../test/render";
import { ConfirmButton } from "./confirm-button";

const conflict = new CombinedGraphQLErrors({
  errors: [
    {
      message: "Skill 'refunds' is used by 1 agent version: 'desk' version 2 (published).",
      extensions: { code: "CONFLICT" },
    },
  ],
});

describe("ConfirmButton: an action that asks first and says why it failed", () => {
  it("UX-6 asks before acting; Cancel does nothing, the confirming button acts", async () => {
    const action = vi.fn(() => Promise.resolve());
    renderWithMantine(
      <ConfirmButton
        label="Delete refunds"
        confirm="Delete refunds? It cannot be undone."
        failure="Not deleted"
        onConfirm={action}
      >
        Delete
      </ConfirmButton>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete refunds" }));
    expect(await screen.findByText("Delete refunds? It cannot be undone.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(action).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Delete refunds" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(action).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText("Delete refunds? It cannot be undone.")).toBeNull());
  });

  it("UX-6 a refused action shows the server's message where it was pressed, and can be tried again", async () => {
    const action = vi.fn().mockRejectedValueOnce(conflict).mockResolvedValueOnce(undefined);
    renderWithMantine(
      <ConfirmButton
        label="Delete version 1"
        confirm="Delete version 1?"
        failure="The version was not deleted"
        onConfirm={action}
      >
        Delete
      </ConfirmButton>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Delete version 1" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The version was not deleted");
    expect(alert).toHaveTextContent("is used by 1 agent version: 'desk' version 2 (published).");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(action).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("UX-6 without a question it acts at once, and still shows a refusal", async () => {
    const action = vi.fn(() => Promise.reject(new Error("The delivery is not in this project.")));
    renderWithMantine(
      <ConfirmButton failure="Not redelivered" onConfirm={action} color="#1c5aa8">
        Redeliver
      </ConfirmButton>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Redeliver" }));
    expect(action).toHaveBeenCalledOnce();
    expect(await screen.findByRole("alert")).toHaveTextContent("The delivery is not in this project.");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});
