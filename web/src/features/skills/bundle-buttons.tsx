import { useApolloClient } from "@apollo/client/react";
import { Button, FileButton } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { downloadBase64, fileToBase64 } from "../../shared/download";
import { errorInfo } from "../../shared/errors";
import { EXPORT_BUNDLE, IMPORT_BUNDLE } from "./skill-documents";
import { FAILED_COLOR } from "../../shared/format";

/** Downloads the version as a zip bundle (SKILL.md and its files). */
export function ExportZipButton({
  versionId,
  name,
  size = "sm",
}: {
  versionId: string;
  name: string;
  size?: "xs" | "sm";
}) {
  const client = useApolloClient();
  const [problem, setProblem] = useState<string | null>(null);
  async function exportZip() {
    try {
      const { data } = await client.query({
        query: EXPORT_BUNDLE,
        variables: { id: versionId },
        fetchPolicy: "no-cache",
      });
      if (data) downloadBase64(`${name}.zip`, data.exportSkillBundle, "application/zip");
      setProblem(null);
    } catch (e) {
      setProblem(errorInfo(e)?.message ?? "Export failed.");
    }
  }
  return (
    <Button
      variant="default"
      size={size}
      onClick={() => void exportZip()}
      title={problem ?? undefined}
      color={problem ? FAILED_COLOR : undefined}
    >
      {problem ? "Export failed — retry" : "Export zip"}
    </Button>
  );
}

/**
 * "Import zip": an Agent Skills zip becomes the next draft of the skill its SKILL.md names (SK-2), which opens.
 * The refusal is returned for the page to show where the author looks (the server names the bad entry).
 */
export function useZipImport() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [importing, setImporting] = useState(false);
  async function importZip(file: File | null) {
    if (!file) return;
    setImporting(true);
    setError(null);
    try {
      const res = await client.mutate({ mutation: IMPORT_BUNDLE, variables: { zipBase64: await fileToBase64(file) } });
      if (res.data) await navigate(`/skills/v/${res.data.importSkillBundle.id}`);
    } catch (e) {
      setError(e);
    } finally {
      setImporting(false);
    }
  }
  return { importZip, error, importing };
}

export function ImportZipButton({
  onPick,
  loading,
  size = "sm",
}: {
  onPick(file: File | null): void;
  loading: boolean;
  size?: "xs" | "sm";
}) {
  return (
    <FileButton accept=".zip,application/zip" onChange={onPick}>
      {(props) => (
        <Button
          variant="default"
          size={size}
          loading={loading}
          title="An Agent Skills zip becomes a new draft"
          {...props}
        >
          Import zip
        </Button>
      )}
    </FileButton>
  );
}
