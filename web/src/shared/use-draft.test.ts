import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { problemsAt, useDraft } from "./use-draft";

const refusal = new CombinedGraphQLErrors({
  errors: [
    {
      message: "2 problems.",
      extensions: {
        code: "BAD_USER_INPUT",
        details: {
          problems: [
            { path: "url", message: "url: 'http://10.0.0.1/' is a private address." },
            { path: "event_types[1]", message: "event_types[1]: 'call.started' is not an event type." },
          ],
        },
      },
    },
  ],
});

describe("useDraft: a form's state, its save and the refusal on each field (UX-4)", () => {
  it("UX-4 says whether the form holds changes the stored version does not (so a publish cannot skip them)", async () => {
    const submit = vi.fn().mockResolvedValue("v2");
    const { result } = renderHook(() => useDraft({ initial: { prompt: "Old." }, submit }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.edit({ prompt: "New." }));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.edit({ prompt: "Old." }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.edit({ prompt: "New." }));
    await act(async () => {
      await result.current.save();
    });
    expect(result.current.dirty).toBe(false);
  });

  it("UX-4 a refused save puts each of the server's problems on its field and keeps what was typed", async () => {
    const submit = vi.fn().mockRejectedValueOnce(refusal);
    const { result } = renderHook(() => useDraft({ initial: { url: "", eventTypes: [] as string[] }, submit }));
    act(() => result.current.edit({ url: "http://10.0.0.1/" }));
    let answer: unknown = "unset";
    await act(async () => {
      answer = await result.current.save();
    });
    expect(answer).toBeNull();
    expect(submit).toHaveBeenCalledWith({ url: "http://10.0.0.1/", eventTypes: [] });
    expect(result.current.fieldError("url")).toBe("url: 'http://10.0.0.1/' is a private address.");
    expect(result.current.fieldError("event_types")).toContain("'call.started' is not an event type");
    expect(result.current.fieldError("name")).toBeUndefined();
    expect(result.current.values.url).toBe("http://10.0.0.1/");
    expect(result.current.error).toBe(refusal);
  });

  it("UX-4 a save that goes through answers and clears the last refusal", async () => {
    const submit = vi.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce({ id: "w1" });
    const { result } = renderHook(() => useDraft({ initial: { url: "https://a.example" }, submit }));
    await act(async () => void (await result.current.save()));
    expect(result.current.problems).toHaveLength(2);
    let answer: unknown;
    await act(async () => {
      answer = await result.current.save();
    });
    expect(answer).toEqual({ id: "w1" });
    expect(result.current.problems).toEqual([]);
    expect(result.current.error).toBeNull();
  });

  it("UX-4 a problem found before asking the server is shown the same way, and nothing is sent", async () => {
    const submit = vi.fn();
    const { result } = renderHook(() =>
      useDraft({
        initial: { expectations: "[{" },
        submit,
        check: (v) => {
          try {
            JSON.parse(v.expectations);
            return [];
          } catch {
            return [{ path: "expectations", message: "Expectations is not valid JSON." }];
          }
        },
      }),
    );
    await act(async () => void (await result.current.save()));
    expect(submit).not.toHaveBeenCalled();
    expect(result.current.fieldError("expectations")).toBe("Expectations is not valid JSON.");
    act(() => result.current.reset());
    expect(result.current.problems).toEqual([]);
  });

  it("UX-4 problemsAt matches a field and what lies under it, not a field that merely starts the same", () => {
    const problems = [
      { path: "skills[0].version_id", message: "a" },
      { path: "skills[0]", message: "b" },
      { path: "skills[10].name", message: "c" },
      { path: "skillset", message: "d" },
    ];
    expect(problemsAt(problems, "skills[0]")).toBe("a b");
    expect(problemsAt(problems, "skills")).toBe("a b c");
    expect(problemsAt(problems, "skills[1]")).toBeUndefined();
  });
});
