import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, Title } from "@mantine/core";
import type { FindingSeverity } from "../../gql/graphql";
import { SEVERITY_CHOICES } from "../review/severity";
import { useEffect, useState } from "react";
import { errorInfo } from "../../shared/errors";
import { ErrorNotice } from "../../shared/states";
import { PUBLISH_POLICY, SET_PUBLISH_POLICY } from "./approval-documents";

/** AP-1 (admin): how many current approvals a skill or agent version needs to go live, and self-approval. */
export function PublishPolicyForm() {
  const query = useQuery(PUBLISH_POLICY);
  const [save, saving] = useMutation(SET_PUBLISH_POLICY, { refetchQueries: "active" });
  const stored = query.data?.project.publishPolicy;
  const [required, setRequired] = useState<number | string>(0);
  const [self, setSelf] = useState(false);
  // CR-3: the lowest content-review severity that keeps a skill version from going live ("NONE": never blocks)
  const [block, setBlock] = useState<string>("HIGH");
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!stored) return;
    setRequired(stored.requiredApprovals);
    setSelf(stored.allowSelfApproval);
    setBlock(stored.blockSeverity ?? "NONE");
  }, [stored]);
  const fieldError =
    errorInfo(saving.error)?.details.field === "required_approvals" ? errorInfo(saving.error)?.message : undefined;

  async function submit() {
    setSaved(false);
    try {
      const blockSeverity = block === "NONE" ? null : (block as FindingSeverity);
      await save({ variables: { requiredApprovals: Number(required), allowSelfApproval: self, blockSeverity } });
      setSaved(true);
    } catch {
      // shown below through saving.error
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="publish-policy-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="publish-policy-title">
          Publish policy
        </Title>
        <Text size="sm" c="dimmed">
          With approvals required, a skill or agent version goes live (publish, the Skills API, the CLI, a rollout) only
          once that many reviewers approved its current content, and a skill version only when its content review has no
          finding at or above the block severity that an admin did not suppress. Rolling back needs neither.
        </Text>
        <ErrorNotice error={query.error} title="The policy could not be read" />
        <Group align="flex-end">
          <NumberInput
            label="Required approvals"
            description="0 to 5; 0 publishes without approvals"
            min={0}
            max={5}
            allowDecimal={false}
            value={required}
            onChange={(v) => setRequired(v)}
            error={fieldError}
            w={220}
          />
          <Switch
            label="Authors may approve their own versions"
            checked={self}
            onChange={(e) => setSelf(e.currentTarget.checked)}
            mb={8}
          />
          <Select
            label="Content review blocks at"
            description="Findings this severe keep a skill version from going live"
            data={[...SEVERITY_CHOICES, { value: "NONE", label: "Never (findings are shown only)" }]}
            value={block}
            onChange={(v) => setBlock(v ?? "HIGH")}
            allowDeselect={false}
            w={300}
          />
        </Group>
        <Group gap="sm">
          <Button onClick={() => void submit()} loading={saving.loading} disabled={!stored}>
            Save policy
          </Button>
          {saved && !saving.error ? (
            <Text size="sm" role="status">
              Saved.
            </Text>
          ) : null}
        </Group>
        {fieldError ? null : <ErrorNotice error={saving.error} title="The policy was not saved" />}
      </Stack>
    </Paper>
  );
}
