import { useMutation } from "@apollo/client/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorInfo, problemsOf, type Problem } from "../../shared/errors";
import { CREATE_SKILL_VERSION, DELETE_SKILL_VERSION, UPDATE_SKILL_VERSION } from "./skill-documents";
import { frontmatterName, toInput, type SkillContent } from "./skill-content";

export type DraftStatus = "idle" | "editing" | "checking" | "saved" | "invalid" | "failed";

const DEBOUNCE_MS = 700;

/**
 * UX-1: every pause in typing sends the draft to the server (create, then update), so the problems shown are the
 * server's own validator's; a valid draft is saved. Ctrl/Cmd-S saves at once; `flush` saves what is unsaved and says
 * whether the stored draft is now what the author sees (before a publish).
 */
export function useSkillDraft(options: {
  versionId: string | null;
  editable: boolean;
  initial: SkillContent;
  onCreated(id: string): void;
}) {
  const { versionId, editable, onCreated } = options;
  const [content, setContent] = useState(options.initial);
  const [status, setStatus] = useState<DraftStatus>("idle");
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [create] = useMutation(CREATE_SKILL_VERSION);
  const [update] = useMutation(UPDATE_SKILL_VERSION);
  const [remove] = useMutation(DELETE_SKILL_VERSION);
  // The draft this editor created, under the name it was created with: a name saved half-typed (a pause after
  // "greet" of "greet-caller") is not the author's, and a draft keeps its skill's name, so a renamed draft of
  // this editor's own is created again under the new name and the old one deleted.
  const createdHere = useRef<{ id: string; name: string } | null>(null);
  const sequence = useRef(0);
  // The page keys the editor by version, so another version is another hook; within one, the id only goes from
  // none to the version the first save created (and known here before the page moves to its address).
  const idRef = useRef(versionId);
  if (versionId) idRef.current = versionId;
  // Saves run one after another: a save that starts while the first one is creating the version updates it.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const contentRef = useRef(content);
  contentRef.current = content;

  const statusRef = useRef(status);
  statusRef.current = status;

  const save = useCallback(async (): Promise<boolean> => {
    if (!editable) return false;
    const mine = ++sequence.current;
    const built = toInput(contentRef.current);
    if ("problems" in built) {
      setProblems(built.problems);
      setStatus("invalid");
      return false;
    }
    const sent = contentRef.current;
    setStatus("checking");
    const mineDone = queue.current.then(async () => {
      const id = idRef.current;
      const name = frontmatterName(built.input.skillMd);
      const renamed =
        id !== null && createdHere.current?.id === id && name !== null && name !== createdHere.current.name;
      if (id && !renamed) {
        await update({ variables: { id, input: built.input } });
        return;
      }
      const res = await create({ variables: { input: built.input } });
      const created = res.data?.createSkillVersion;
      if (!created) return;
      idRef.current = created.id;
      createdHere.current = { id: created.id, name: name ?? created.name };
      onCreated(created.id);
      // best effort: a draft left behind shows in the skills list, where it can be deleted
      if (id) await remove({ variables: { id } }).catch(() => undefined);
    });
    queue.current = mineDone.catch(() => undefined);
    try {
      await mineDone;
      if (mine !== sequence.current) return false;
      setProblems([]);
      setFailure(null);
      // Typed while the save ran: that is not saved yet, and the pause after it saves it.
      setStatus(contentRef.current === sent ? "saved" : "editing");
      return contentRef.current === sent;
    } catch (error) {
      if (mine !== sequence.current) return false;
      const found = problemsOf(error);
      setProblems(found);
      setFailure(found.length === 0 ? (errorInfo(error)?.message ?? "The draft could not be saved.") : null);
      setStatus(found.length > 0 ? "invalid" : "failed");
      return false;
    }
  }, [create, update, editable, onCreated]);

  const flush = useCallback(async (): Promise<boolean> => {
    const now = statusRef.current;
    if (now === "editing" || now === "checking" || now === "failed") return save();
    return now !== "invalid";
  }, [save]);

  useEffect(() => {
    if (status !== "editing") return;
    const timer = setTimeout(() => void save(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [content, status, save]);

  const edit = useCallback(
    (change: Partial<SkillContent>) => {
      if (!editable) return;
      setContent((c) => ({ ...c, ...change }));
      setStatus("editing");
    },
    [editable],
  );

  return { content, edit, save, flush, status, problems, failure };
}
