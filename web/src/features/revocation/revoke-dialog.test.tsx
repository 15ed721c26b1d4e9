import { MockedProvider } from "@apollo/client/testing/react";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { REVOKE_CONTEXT, REVOKE_SKILL_VERSION } from "./revocation-documents";
import { RevokeDialog } from "./revoke-dialog";

const usage = (name: string, pinned: boolean, resolvesTo: string) => ({
  __typename: "SkillUsage" as const,
  agentVersionId: `av-${name}`,
  agentName: name,
  agentVersion: 1,
  agentState: "PUBLISHED",
  projectId: "p1",
  pinned,
  resolvesTo: { __typename: "SkillVersion" as const, id: resolvesTo },
});

const context = {
  request: { query: REVOKE_CONTEXT, variables: { id: "v3", name: "refunds" } },
  result: {
    data: {
      skillVersion: {
        __typename: "SkillVersion",
        id: "v3",
        name: "refunds",
        version: 3,
        state: "PUBLISHED",
        usage: [usage("follower", false, "v3"), usage("pinned-here", true, "v3"), usage("pinned-old", true, "v1")],
      },
      skills: {
        __typename: "SkillVersionPage",
        items: [
          { __typename: "SkillVersion", id: "v1", version: 1, revoked: false },
          { __typename: "SkillVersion", id: "v2", version: 2, revoked: true },
        ],
      },
    },
  },
};

const revoked: { called: boolean } = { called: false };
const revoke = {
  request: { query: REVOKE_SKILL_VERSION, variables: { id: "v3", reason: "leaked key", rollbackTo: "v1" } },
  result: () => {
    revoked.called = true;
    return {
      data: {
        revokeSkillVersion: {
          __typename: "SkillVersion",
          id: "v3",
          state: "ARCHIVED",
          revoked: true,
          revokedReason: "leaked key",
          revokedAt: "2026-12-05T01:00:00.000Z",
        },
      },
    };
  },
};

describe("the Revoke dialog (PV-3)", () => {
  it("PV-3 for the live version: who loses it, a rollback to a version that is not revoked, and the reason", async () => {
    let closed = false;
    renderWithMantine(
      <MockedProvider mocks={[context, revoke]}>
        <RevokeDialog
          onClose={() => (closed = true)}
          version={{ id: "v3", name: "refunds", version: 3, state: "PUBLISHED" }}
          projectId="p1"
        />
      </MockedProvider>,
    );
    const pinned = await screen.findByRole("list", { name: "Pinned to this version" });
    expect(pinned.textContent).toContain("pinned-here");
    expect(pinned.textContent).not.toContain("pinned-old");
    expect(screen.getByRole("list", { name: "Following the live version" }).textContent).toContain("follower");
    // the newest version not revoked is offered (version 2 is revoked), and followers get it
    expect(screen.getByText("Following the live version: they get version 1 instead")).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Revoke version 3" });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("radio", { name: "Leave refunds without a live version" }));
    expect(screen.getByText("refunds will have no live version")).toBeTruthy();
    await userEvent.click(screen.getByRole("radio", { name: "Roll back to an earlier version" }));
    expect(screen.queryByText("refunds will have no live version")).toBeNull();
    await userEvent.type(screen.getByRole("textbox", { name: /Reason/ }), "leaked key");
    await userEvent.click(confirm);
    await waitFor(() => expect(closed).toBe(true));
    expect(revoked.called).toBe(true);
  });
});
