import { useApolloClient } from "@apollo/client/react";
import { Button, Card, Center, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ErrorNotice } from "../../shared/states";
import { identify } from "./identify";
import { ServerStatus } from "./server-status";
import { useSession } from "./session-context";

export default function SignInPage() {
  const client = useApolloClient();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [credential, setCredential] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await identify(client, credential.trim());
      signIn(session);
      await navigate(session.role === "PLATFORM" ? "/platform" : "/skills");
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <main>
        <Card withBorder shadow="sm" p="xl" w={460}>
          <Stack>
            <Title order={1}>Skillgraph</Title>
            <Text c="dimmed">
              A registry and runtime for agent skills. Sign in with a project API key or the platform credential.
            </Text>
            <ServerStatus />
            <form onSubmit={(e) => void submit(e)}>
              <Stack>
                <PasswordInput
                  label="API key or platform credential"
                  description="Kept for this browser tab only; closing it signs you out."
                  value={credential}
                  onChange={(e) => setCredential(e.currentTarget.value)}
                  required
                  autoFocus
                />
                <ErrorNotice error={error} title="Sign-in refused" />
                <Button type="submit" loading={busy} disabled={credential.trim() === ""}>
                  Sign in
                </Button>
              </Stack>
            </form>
          </Stack>
        </Card>
      </main>
    </Center>
  );
}
