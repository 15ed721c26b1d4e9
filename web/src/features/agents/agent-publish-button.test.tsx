import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { AgentPublishButton } from "./agent-publish-button";

describe("the agent's Publish button (AP-1)", () => {
  it("AP-1 disabled with the reason beside it while the policy is not met", () => {
    renderWithMantine(<AgentPublishButton loading={false} onPublish={vi.fn()} blocked="Needs 2 approvals, has 1" />);
    const button = screen.getByRole("button", { name: "Publish agent" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Needs 2 approvals, has 1");
  });

  it("AP-1 enabled when nothing blocks it", () => {
    renderWithMantine(<AgentPublishButton loading={false} onPublish={vi.fn()} blocked={null} />);
    expect(screen.getByRole("button", { name: "Publish agent" })).toBeEnabled();
    expect(screen.queryByTestId("publish-blocked")).toBeNull();
  });
});
