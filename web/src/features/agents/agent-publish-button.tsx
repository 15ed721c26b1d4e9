import { Button, Group, Text } from "@mantine/core";
import { OK_COLOR } from "../../shared/format";
import { SHORTCUTS } from "../../shared/shortcuts";

/** Publishes an agent draft; AP-1: disabled with the reason beside it while the policy is not met. */
export function AgentPublishButton(props: { loading: boolean; onPublish(): void; blocked: string | null }) {
  return (
    <Group gap={6} wrap="nowrap">
      {props.blocked ? (
        <Text size="xs" c="dimmed" maw={260} id="agent-publish-blocked" data-testid="publish-blocked">
          {props.blocked}
        </Text>
      ) : null}
      <Button
        color={OK_COLOR}
        loading={props.loading}
        disabled={!!props.blocked}
        aria-describedby={props.blocked ? "agent-publish-blocked" : undefined}
        onClick={props.onPublish}
        title="Ctrl/Cmd-Enter"
        aria-keyshortcuts={SHORTCUTS.publish.aria}
      >
        Publish agent
      </Button>
    </Group>
  );
}
