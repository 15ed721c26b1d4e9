import { useCallback, useMemo, useRef, useState } from "react";
import { problemsOf, type Problem } from "./errors";

/** The messages of the problems about `paths` (each a field, or a prefix: "url" also takes "url.host"). */
export function problemsAt(problems: readonly Problem[], ...paths: string[]): string | undefined {
  const hit = (p: Problem) =>
    paths.some((path) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`));
  return (
    problems
      .filter(hit)
      .map((p) => p.message)
      .join(" ") || undefined
  );
}

export interface Draft<T, R> {
  values: T;
  edit(change: Partial<T>): void;
  /** Starts again from `next` (by default the values the draft began with), without any problem. */
  reset(next?: T): void;
  /** Sends the draft; the answer, or null when it was refused (then `error` and `problems` say why). */
  save(): Promise<R | null>;
  saving: boolean;
  /** The values differ from what was last stored (the initial values, then each successful save's). */
  dirty: boolean;
  /** The last refusal, as the server sent it (for the notice above the form). */
  error: unknown;
  /** Its problems by field (`details.problems`, or `details.field`). */
  problems: Problem[];
  /** The messages of the problems about a field, for its `error` prop. */
  fieldError(...paths: string[]): string | undefined;
}

/**
 * A form's state outside its component: the values being edited, the save, and the server's refusal with each
 * problem placed on its field (UX-4). `check` finds problems before asking the server (JSON that does not parse);
 * they are shown the same way.
 */
export function useDraft<T, R>(options: {
  initial: T;
  submit(values: T): Promise<R>;
  check?(values: T): Problem[];
}): Draft<T, R> {
  const [values, setValues] = useState(options.initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const initial = useRef(options.initial);
  const [stored, setStored] = useState(options.initial);
  const latest = useRef(options);
  latest.current = options;
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const edit = useCallback((change: Partial<T>) => setValues((v) => ({ ...v, ...change })), []);
  const reset = useCallback((next?: T) => {
    setValues(next ?? initial.current);
    setStored(next ?? initial.current);
    setError(null);
    setProblems([]);
  }, []);
  const save = useCallback(async (): Promise<R | null> => {
    const { submit, check } = latest.current;
    const local = check?.(valuesRef.current) ?? [];
    if (local.length > 0) {
      setProblems(local);
      setError(new Error(local.map((p) => p.message).join(" ")));
      return null;
    }
    setSaving(true);
    try {
      const sent = valuesRef.current;
      const result = await submit(sent);
      setStored(sent);
      setError(null);
      setProblems([]);
      return result;
    } catch (e) {
      setError(e);
      setProblems(problemsOf(e));
      return null;
    } finally {
      setSaving(false);
    }
  }, []);
  const fieldError = useCallback((...paths: string[]) => problemsAt(problems, ...paths), [problems]);
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(stored), [values, stored]);
  return { values, edit, reset, save, saving, dirty, error, problems, fieldError };
}
