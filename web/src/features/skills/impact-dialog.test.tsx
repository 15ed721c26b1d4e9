import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PreviewFieldsFragment } from "../../gql/graphql";
import { renderWithMantine } from "../../test/render";
import { ImpactDialog } from "./impact-dialog";

const usage = (name: string, projectId: string, version = 1) => ({
  agentId: `${name}-id`,
  agentVersionId: `${name}-v${version}`,
  agentName: name,
  agentVersion: version,
  agentState: "PUBLISHED" as const,
  projectId,
});

const preview: PreviewFieldsFragment = {
  version: { id: "v2", name: "refunds", version: 2 },
  live: { id: "v1", version: 1 },
  reaches: [usage("follower", "p1"), usage("linked follower", "p2")],
  pinned: [{ ...usage("pinned", "p1"), resolvesTo: { id: "v1", version: 1 } }],
  toolCollisions: [
    { agentId: "follower-id", agentName: "follower", agentVersion: 1, agentVersionId: "follower-v1", tool: "refund" },
  ],
};

function renderDialog(onConfirm = vi.fn()) {
  renderWithMantine(
    <ImpactDialog
      opened
      kind="publish"
      preview={preview}
      loading={false}
      error={null}
      confirming={false}
      confirmError={null}
      projectId="p1"
      onConfirm={onConfirm}
      onClose={() => undefined}
    />,
  );
  return onConfirm;
}

describe("the impact dialog (UX-3)", () => {
  it("UX-3 groups who is reached and who stays pinned by project", () => {
    renderDialog();
    expect(screen.getByTestId("reaches-count")).toHaveTextContent("Reaches 2 agent versions");
    expect(screen.getByTestId("pinned-count")).toHaveTextContent("1 stay pinned");
    const here = within(screen.getByRole("region", { name: "This project" }));
    expect(here.getByRole("list", { name: "Reached in This project" })).toHaveTextContent("follower");
    expect(here.getByRole("list", { name: "Pinned in This project" })).toHaveTextContent("pinned");
    const linked = within(screen.getByRole("region", { name: /^Linked project/ }));
    expect(linked.getByText("linked follower")).toBeInTheDocument();
    expect(linked.queryByText("pinned")).toBeNull();
  });

  it("AG-5 names each tool collision", () => {
    renderDialog();
    expect(screen.getByRole("list", { name: "Tool collisions" })).toHaveTextContent(
      "follower version 1 already has a tool named refund",
    );
  });

  it("UX-3 publishes only on confirm", async () => {
    const onConfirm = renderDialog();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Publish now" }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("UX-3 shows the refusal instead of numbers and cannot be confirmed when the server refuses", () => {
    renderWithMantine(
      <ImpactDialog
        opened
        kind="publish"
        preview={null}
        loading={false}
        error={new Error("Version 1 of 'refunds' is already live.")}
        confirming={false}
        confirmError={null}
        projectId="p1"
        onConfirm={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("already live");
    expect(screen.getByRole("button", { name: "Publish now" })).toBeDisabled();
  });

  it("CR-3 a version the content review blocks cannot be published or rolled out from the preview, and it says why", async () => {
    const onConfirm = vi.fn();
    renderWithMantine(
      <ImpactDialog
        opened
        kind="publish"
        preview={preview}
        loading={false}
        error={null}
        confirming={false}
        confirmError={null}
        projectId="p1"
        onConfirm={onConfirm}
        onClose={() => undefined}
        onRollout={() => undefined}
        confirmBlocked
      />,
    );
    expect(screen.getByRole("button", { name: "Publish now" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Start rollout…" })).toBeDisabled();
    expect(screen.getByTestId("impact-review-blocked")).toHaveTextContent("The content review blocks this version");
    expect(screen.getByRole("button", { name: "Publish now" })).toHaveAccessibleDescription(/content review blocks/);
  });
});
