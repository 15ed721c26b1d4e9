import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { entryErrors } from "./skill-entries";
import { PinPicker } from "./pin-picker";

const versions = [
  { id: "v3", version: 3, state: "DRAFT" },
  { id: "v2", version: 2, state: "PUBLISHED" },
  { id: "v1", version: 1, state: "ARCHIVED" },
];

describe("the pin picker (UX-4)", () => {
  it("UX-4 follows live by default and names the live version", () => {
    renderWithMantine(<PinPicker skill="refunds" versions={versions} value={null} onChange={() => undefined} />);
    expect(screen.getByRole("combobox", { name: "Version of refunds" })).toHaveValue("Follow live (now version 2)");
  });

  it("UX-4 before its versions are read it names the live version it was told of, and asks for them when opened", async () => {
    const onOpen = vi.fn();
    const picker = (live: number | null | undefined) => (
      <PinPicker skill="refunds" versions={[]} live={live} onOpen={onOpen} value={null} onChange={() => undefined} />
    );
    const box = () => screen.getByRole("combobox", { name: "Version of refunds" });
    for (const [live, label] of [
      [4, "Follow live (now version 4)"],
      [null, "Follow live (none published yet)"],
      [undefined, "Follow live"],
    ] as const) {
      const { unmount } = renderWithMantine(picker(live));
      expect(box()).toHaveValue(label);
      if (live !== undefined) unmount();
    }
    expect(onOpen).not.toHaveBeenCalled();
    await userEvent.click(box());
    expect(onOpen).toHaveBeenCalled();
  });

  it("UX-4 pins a chosen version and offers no draft to pin", async () => {
    const onChange = vi.fn();
    renderWithMantine(<PinPicker skill="refunds" versions={versions} value={null} onChange={onChange} />);
    await userEvent.click(screen.getByRole("combobox", { name: "Version of refunds" }));
    await userEvent.click(await screen.findByText("Pin version 1 (archived)"));
    expect(onChange).toHaveBeenLastCalledWith("v1");
    await userEvent.click(screen.getByRole("combobox", { name: "Version of refunds" }));
    expect((await screen.findByText("Pin version 3 (draft)")).closest("[role=option]")).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("UX-4 shows a save-time refusal on the entry it names", () => {
    const problems = [
      { path: "skills[1].version_id", message: "skills[1].version_id: version 3 of 'refunds' is a draft." },
    ];
    expect(entryErrors(problems, 0, "version_id")).toBeUndefined();
    expect(entryErrors(problems, 1, "version_id")).toContain("is a draft");
    renderWithMantine(
      <PinPicker
        skill="refunds"
        versions={versions}
        value="v3"
        onChange={() => undefined}
        error={entryErrors(problems, 1, "version_id")}
      />,
    );
    expect(screen.getByText(/is a draft/)).toBeInTheDocument();
  });
});
