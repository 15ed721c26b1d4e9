import { useApolloClient } from "@apollo/client/react";
import { Button } from "@mantine/core";
import { useState } from "react";
import { downloadBase64 } from "../../shared/download";
import { errorInfo } from "../../shared/errors";
import { EXPORT_BUNDLE } from "./skill-documents";

/** Downloads the version as a zip bundle (SKILL.md and its files). */
export function BundleButtons({ versionId, name }: { versionId: string; name: string }) {
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
      size="sm"
      onClick={() => void exportZip()}
      title={problem ?? undefined}
      color={problem ? "#b02525" : undefined}
    >
      {problem ? "Export failed — retry" : "Export zip"}
    </Button>
  );
}
