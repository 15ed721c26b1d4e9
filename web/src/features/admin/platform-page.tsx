import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { Button, Group, Select, Stack, Table, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { when } from "../../shared/format";
import { Empty, ErrorNotice, Loading } from "../../shared/states";
import { identify } from "../session/identify";
import { useSession } from "../session/session-context";
import { CREATE_PROJECT, PROJECTS, SET_LIBRARY } from "./admin-documents";
import { SecretOnce } from "./secret-once";

/** UX-6 platform view: projects, and which project reads its skills from which library. */
export default function PlatformPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { data, loading, error } = useQuery(PROJECTS);
  const [name, setName] = useState("");
  const [create, created] = useMutation(CREATE_PROJECT, { refetchQueries: [PROJECTS] });
  const [link, linked] = useMutation(SET_LIBRARY, { refetchQueries: [PROJECTS] });
  const projects = data?.projects ?? [];

  const [switchError, setSwitchError] = useState<unknown>(null);
  async function openAsAdmin(key: string) {
    try {
      signIn(await identify(client, key));
      await navigate("/skills");
    } catch (e) {
      setSwitchError(e);
    }
  }

  return (
    <Stack>
      <Title order={1} size="h3">
        Projects and libraries
      </Title>
      <Group align="flex-end">
        <TextInput label="Project name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button
          onClick={() =>
            void create({ variables: { name } })
              .then(() => setName(""))
              .catch(() => undefined)
          }
          disabled={!name.trim()}
          loading={created.loading}
        >
          Create project
        </Button>
      </Group>
      <ErrorNotice error={created.error} title="The project was not created" />
      {created.data ? (
        <SecretOnce
          title={`Admin key of ${created.data.createProject.project.name}`}
          secret={created.data.createProject.apiKey}
        >
          <Button mt="sm" size="xs" onClick={() => void openAsAdmin(created.data!.createProject.apiKey)}>
            Continue in {created.data.createProject.project.name} with this key
          </Button>
        </SecretOnce>
      ) : null}
      <ErrorNotice error={switchError} title="Could not continue with the new key" />
      <ErrorNotice error={linked.error} title="The library link was not changed" />
      {loading && !data ? <Loading /> : null}
      <ErrorNotice error={error} title="Projects could not be listed" />
      {data && projects.length === 0 ? <Empty>No projects yet.</Empty> : null}
      {projects.length > 0 ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Reads skills from</Table.Th>
              <Table.Th>Linked projects</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projects.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{when(p.createdAt)}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Skill library of ${p.name}`}
                    data={[
                      { value: "", label: "Its own skills" },
                      ...projects.filter((o) => o.id !== p.id).map((o) => ({ value: o.id, label: o.name })),
                    ]}
                    value={p.skillLibrary?.id ?? ""}
                    onChange={(v) =>
                      void link({ variables: { projectId: p.id, libraryProjectId: v || null } }).catch(() => undefined)
                    }
                    allowDeselect={false}
                    w={220}
                  />
                </Table.Td>
                <Table.Td>{p.linkedProjects.map((l) => l.name).join(", ") || "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
