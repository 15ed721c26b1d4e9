import { useMutation } from "@apollo/client/react";
import { useDraft } from "../../shared/use-draft";
import {
  ADD_KNOWLEDGE_DOCUMENT,
  CREATE_KNOWLEDGE_BASE,
  KNOWLEDGE_BASE_LIST,
  READ_KNOWLEDGE_BASE,
} from "./knowledge-documents";

export interface KnowledgeBaseFields {
  name: string;
  description: string;
  topK: number;
  similarityThreshold: number;
}

const NEW_BASE: KnowledgeBaseFields = { name: "", description: "", topK: 3, similarityThreshold: 0 };

/** The "new knowledge base" form; answers the created base. */
export function useKnowledgeBaseDraft() {
  const [create] = useMutation(CREATE_KNOWLEDGE_BASE, { refetchQueries: [KNOWLEDGE_BASE_LIST] });
  return useDraft({
    initial: NEW_BASE,
    submit: async (v) => {
      const res = await create({ variables: { input: { ...v, description: v.description || null } } });
      return res.data!.createKnowledgeBase;
    },
  });
}

/** The "add a document" form of one base; emptied after each document is added. */
export function useDocumentDraft(knowledgeBaseId: string) {
  const [add] = useMutation(ADD_KNOWLEDGE_DOCUMENT, {
    refetchQueries: [{ query: READ_KNOWLEDGE_BASE, variables: { id: knowledgeBaseId } }],
    awaitRefetchQueries: true,
  });
  const draft = useDraft({
    initial: { title: "", content: "" },
    submit: async (v) => (await add({ variables: { knowledgeBaseId, ...v } })).data!.addKnowledgeDocument,
  });
  return {
    ...draft,
    save: async () => {
      const added = await draft.save();
      if (added) draft.reset();
      return added;
    },
  };
}
