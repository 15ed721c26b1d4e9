import { MockedProvider, type MockedProviderProps } from "@apollo/client/testing/react";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { NEW_SKILL_MD, type SkillContent } from "./skill-content";
import { CREATE_SKILL_VERSION, DELETE_SKILL_VERSION, UPDATE_SKILL_VERSION } from "./skill-documents";
import { useSkillDraft } from "./use-skill-draft";

const md = (n: number) => `---\nname: refunds\ndescription: Refunds, take ${n}.\n---\n\n# Refunds\n`;
const content = (n: number): SkillContent => ({ skillMd: md(n), tools: [], knowledgeBases: [], files: [] });
const input = (n: number) => ({ skillMd: md(n), tools: [], knowledgeBases: [], files: [] });
const version = { __typename: "SkillVersion", id: "v1", name: "refunds", version: 1, state: "DRAFT", warnings: [] };

// The create answers after a moment, so the author can type (or save again) while it runs. Each mock answers once:
// a second create would find none and fail the save.
const created = (n: number): NonNullable<MockedProviderProps["mocks"]>[number] => ({
  request: { query: CREATE_SKILL_VERSION, variables: { input: input(n) } },
  result: { data: { createSkillVersion: version } },
  delay: 50,
});
const updated = (n: number): NonNullable<MockedProviderProps["mocks"]>[number] => ({
  request: { query: UPDATE_SKILL_VERSION, variables: { id: "v1", input: input(n) } },
  result: { data: { updateSkillVersion: { ...version, updatedAt: "2026-12-01T08:00:00.000Z" } } },
});

function draft(mocks: MockedProviderProps["mocks"]) {
  const onCreated = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks}>{children}</MockedProvider>;
  const hook = renderHook(() => useSkillDraft({ versionId: null, editable: true, initial: content(0), onCreated }), {
    wrapper,
  });
  return { hook, onCreated };
}

describe("the skill draft's saves (UX-1)", () => {
  it("UX-1 what is typed while the first save creates the version stays 'editing' and is saved into that version", async () => {
    const { hook, onCreated } = draft([created(1), updated(2)]);
    act(() => hook.result.current.edit({ skillMd: md(1) }));
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = hook.result.current.save();
    });
    act(() => hook.result.current.edit({ skillMd: md(2) }));
    await act(async () => {
      expect(await first).toBe(false); // what the author sees now is not what was stored
    });
    expect(onCreated).toHaveBeenCalledExactlyOnceWith("v1");
    expect(hook.result.current.status).toBe("editing");
    // The pause after typing saves the rest into v1 (a second create would find no answer and fail).
    await waitFor(() => expect(hook.result.current.status).toBe("saved"), { timeout: 3000 });
    expect(hook.result.current.failure).toBeNull();
  });

  it("UX-1 a save started while the first one is creating the version updates it instead of creating another", async () => {
    const { hook, onCreated } = draft([created(1), updated(1)]);
    act(() => hook.result.current.edit({ skillMd: md(1) }));
    let saves: Promise<boolean[]> = Promise.resolve([]);
    act(() => {
      saves = Promise.all([hook.result.current.save(), hook.result.current.save()]);
    });
    await act(async () => {
      expect(await saves).toEqual([false, true]);
    });
    expect(onCreated).toHaveBeenCalledExactlyOnceWith("v1");
    expect(hook.result.current.status).toBe("saved");
  });
});

describe("a new skill's name (UX-1)", () => {
  const named = (name: string) => `---\nname: ${name}\ndescription: Greets the caller.\n---\n\nHello.\n`;
  const asInput = (name: string) => ({ skillMd: named(name), tools: [], knowledgeBases: [], files: [] });
  const answer = (id: string, name: string) => ({ ...version, id, name });

  it("UX-1 the new skill's template names no skill: editing its body saves nothing until the author names it", () => {
    // a template with a valid name would be created as that skill by the first pause in typing, and a draft keeps
    // its skill's name: the author could never rename it
    expect(NEW_SKILL_MD).toMatch(/^name:[ \t]*$/m);
  });

  it("UX-1 a name saved half-typed (a pause after 'greet') is not kept: the draft this editor made is replaced by 'greet-caller'", async () => {
    const { hook, onCreated } = draft([
      {
        request: { query: CREATE_SKILL_VERSION, variables: { input: asInput("greet") } },
        result: { data: { createSkillVersion: answer("v1", "greet") } },
      },
      {
        request: { query: CREATE_SKILL_VERSION, variables: { input: asInput("greet-caller") } },
        result: { data: { createSkillVersion: answer("v2", "greet-caller") } },
      },
      {
        request: { query: DELETE_SKILL_VERSION, variables: { id: "v1" } },
        result: { data: { deleteSkillVersion: "v1" } },
      },
    ]);
    act(() => hook.result.current.edit({ skillMd: named("greet") }));
    await act(async () => {
      expect(await hook.result.current.save()).toBe(true);
    });
    act(() => hook.result.current.edit({ skillMd: named("greet-caller") }));
    await act(async () => {
      expect(await hook.result.current.save()).toBe(true);
    });
    expect(onCreated.mock.calls).toEqual([["v1"], ["v2"]]);
    expect(hook.result.current.status).toBe("saved");
    expect(hook.result.current.failure).toBeNull();
  });
});
