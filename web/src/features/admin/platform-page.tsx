import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { ProjectsQuery } from "../../gql/graphql";
import { ConfirmButton } from "../../shared/confirm-button";
import { when } from "../../shared/format";
import { PagedTable, type Column } from "../../shared/paged-table";
import { QueryState } from "../../shared/query-state";
import { ErrorNotice } from "../../shared/states";
import { identify } from "../sign-in/identify";
import { useSession } from "../sign-in/session-context";
import { PROJECTS, SET_LIBRARY } from "./admin-documents";
import { SecretOnce } from "./secret-once";
import { useProjectDraft } from "./use-admin-drafts";

type Project = ProjectsQuery["projects"][number];

function NewProjectForm() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const draft = useProjectDraft();
  const [created, setCreated] = useState<{ name: string; apiKey: string } | null>(null);
  const [switchError, setSwitchError] = useState<unknown>(null);
  async function create() {
    const made = await draft.save();
    if (made) {
      setCreated({ name: made.project.name, apiKey: made.apiKey });
      draft.reset();
    }
  }
  async function openAsAdmin(key: string) {
    try {
      signIn(await identify(client, key));
      await navigate("/skills");
    } catch (e) {
      setSwitchError(e);
    }
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="New project">
      <Stack gap="sm">
        <Group align="flex-start">
          <TextInput
            label="Project name"
            value={draft.values.name}
            onChange={(e) => draft.edit({ name: e.currentTarget.value })}
            error={draft.fieldError("name")}
          />
          <Button mt={25} onClick={() => void create()} disabled={!draft.values.name.trim()} loading={draft.saving}>
            Create project
          </Button>
        </Group>
        <ErrorNotice error={draft.problems.length ? null : draft.error} title="The project was not created" />
        {created ? (
          <SecretOnce title={`Admin key of ${created.name}`} secret={created.apiKey}>
            <Button mt="sm" size="xs" onClick={() => void openAsAdmin(created.apiKey)}>
              Continue in {created.name} with this key
            </Button>
          </SecretOnce>
        ) : null}
        <ErrorNotice error={switchError} title="Could not continue with the new key" />
      </Stack>
    </Paper>
  );
}

/** Reads its skills from: pick a library to link, or unlink to read its own skills again (LB-1). */
function LibraryCell({ project, projects }: { project: Project; projects: readonly Project[] }) {
  const [link, linked] = useMutation(SET_LIBRARY, { refetchQueries: [PROJECTS] });
  const [unlink] = useMutation(SET_LIBRARY, { refetchQueries: [PROJECTS] });
  const library = project.skillLibrary;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label={`Skill library of ${project.name}`}
          data={projects.filter((o) => o.id !== project.id).map((o) => ({ value: o.id, label: o.name }))}
          value={library?.id ?? null}
          placeholder="Its own skills"
          onChange={(v) =>
            v && void link({ variables: { projectId: project.id, libraryProjectId: v } }).catch(() => undefined)
          }
          allowDeselect={false}
          w={220}
          disabled={linked.loading}
        />
        {library ? (
          <ConfirmButton
            label={`Unlink ${project.name} from ${library.name}`}
            confirm={`Unlink ${project.name} from ${library.name}? Its agents read its own skills again from their next call.`}
            confirmLabel="Unlink"
            failure="The project was not unlinked"
            onConfirm={() => unlink({ variables: { projectId: project.id, libraryProjectId: null } })}
          >
            Unlink
          </ConfirmButton>
        ) : null}
      </Group>
      <ErrorNotice error={linked.error} title={`${project.name} was not linked`} />
    </Stack>
  );
}

/** UX-6 platform view: projects, and which project reads its skills from which library. */
export default function PlatformPage() {
  const query = useQuery(PROJECTS);
  const projects = query.data?.projects ?? [];
  const columns: Array<Column<Project>> = [
    { header: "Project", maxWidth: 260, cell: (p) => <Text size="sm">{p.name}</Text> },
    { header: "Created", nowrap: true, cell: (p) => when(p.createdAt) },
    { header: "Reads skills from", cell: (p) => <LibraryCell project={p} projects={projects} /> },
    {
      header: "Linked projects (read this one's skills)",
      maxWidth: 300,
      cell: (p) => p.linkedProjects.map((l) => l.name).join(", ") || "—",
    },
  ];
  return (
    <Stack>
      <Title order={1} size="h3">
        Projects and libraries
      </Title>
      <NewProjectForm />
      <QueryState
        query={query}
        errorTitle="Projects could not be listed"
        isEmpty={(d) => d.projects.length === 0}
        empty="No projects yet."
      >
        {(d) => <PagedTable label="Projects" columns={columns} rows={d.projects} rowKey={(p) => p.id} />}
      </QueryState>
    </Stack>
  );
}
