import { Tabs } from "@mantine/core";
import { FilesPanel } from "./files-panel";
import { KnowledgeEditor } from "./knowledge-editor";
import { MarkdownPreview } from "./markdown-preview";
import { ToolsEditor } from "./tools-editor";
import type { useSkillDraft } from "./use-skill-draft";

/** Beside SKILL.md: its rendered preview, and the version's tools, knowledge bases and files, each editable. */
export function SkillContentPanels({
  draft,
  editable,
}: {
  draft: ReturnType<typeof useSkillDraft>;
  editable: boolean;
}) {
  return (
    <Tabs defaultValue="preview" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
        <Tabs.Tab value="tools">Tools ({draft.content.tools.length})</Tabs.Tab>
        <Tabs.Tab value="knowledge">Knowledge ({draft.content.knowledgeBases.length})</Tabs.Tab>
        <Tabs.Tab value="files">Files ({draft.content.files.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="preview" pt="sm">
        <MarkdownPreview skillMd={draft.content.skillMd} />
      </Tabs.Panel>
      <Tabs.Panel value="tools" pt="sm">
        <ToolsEditor
          tools={draft.content.tools}
          onChange={(tools) => draft.edit({ tools })}
          problems={draft.problems}
          readOnly={!editable}
        />
      </Tabs.Panel>
      <Tabs.Panel value="knowledge" pt="sm">
        <KnowledgeEditor
          rows={draft.content.knowledgeBases}
          onChange={(knowledgeBases) => draft.edit({ knowledgeBases })}
          problems={draft.problems}
          readOnly={!editable}
        />
      </Tabs.Panel>
      <Tabs.Panel value="files" pt="sm">
        <FilesPanel
          files={draft.content.files}
          onChange={(files) => draft.edit({ files })}
          problems={draft.problems}
          readOnly={!editable}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
