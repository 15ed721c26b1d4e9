import { Stack, Title } from "@mantine/core";
import { PublishPolicyForm } from "../approvals/publish-policy-form";

/** The project's settings an admin changes: the publish policy (AP-1). */
export default function ProjectSettingsPage() {
  return (
    <Stack>
      <Title order={1} size="h3">
        Project settings
      </Title>
      <PublishPolicyForm />
    </Stack>
  );
}
