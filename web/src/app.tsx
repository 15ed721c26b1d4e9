import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { forgetApiKey, readApiKey, saveApiKey } from "./api-key-storage";
import { fetchProjectSkills, probe, type Health, type ProjectSkills, type Readiness } from "./server-api";

export function App() {
  return (
    <main className="page">
      <header>
        <h1>Skillgraph</h1>
        <p className="tagline">A registry and runtime for agent skills.</p>
      </header>
      <ServerStatus />
      <ProjectSkillsPanel />
    </main>
  );
}

function ServerStatus() {
  const [health, setHealth] = useState<Health>("checking");
  const [readiness, setReadiness] = useState<Readiness>("checking");
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setHealth("checking");
    setReadiness("checking");
    Promise.all([probe("/healthz", controller.signal), probe("/readyz", controller.signal)]).then(
      ([up, ready]) => {
        setHealth(up ? "up" : "down");
        setReadiness(ready ? "ready" : "not ready");
      },
      () => undefined, // aborted: a newer round or unmount owns the state
    );
    return () => controller.abort();
  }, [round]);

  return (
    <section aria-labelledby="server-heading">
      <h2 id="server-heading">Server</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd data-testid="server-status" className={`badge badge-${health.replace(" ", "-")}`}>
          {health}
        </dd>
        <dt>Database</dt>
        <dd data-testid="server-readiness" className={`badge badge-${readiness.replace(" ", "-")}`}>
          {readiness}
        </dd>
      </dl>
      <button type="button" onClick={() => setRound((n) => n + 1)} disabled={health === "checking"}>
        Check again
      </button>
    </section>
  );
}

type SkillsResult =
  { kind: "idle" } | { kind: "loading" } | { kind: "error"; message: string } | { kind: "loaded"; data: ProjectSkills };

function ProjectSkillsPanel() {
  const inputId = useId();
  const [apiKey, setApiKey] = useState(readApiKey);
  const [result, setResult] = useState<SkillsResult>({ kind: "idle" });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback((key: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setResult({ kind: "loading" });
    fetchProjectSkills(key, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ kind: "loaded", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ kind: "error", message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  // A key kept from earlier in this tab lists the skills straight away.
  useEffect(() => {
    const stored = readApiKey();
    if (stored !== "") load(stored);
    return () => inFlight.current?.abort();
  }, [load]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const key = apiKey.trim();
    if (key === "") {
      setResult({ kind: "error", message: 'Paste an API key into the "API key" field first.' });
      return;
    }
    saveApiKey(key);
    load(key);
  }

  function onForget() {
    inFlight.current?.abort();
    forgetApiKey();
    setApiKey("");
    setResult({ kind: "idle" });
  }

  return (
    <section aria-labelledby="skills-heading">
      <h2 id="skills-heading">Project skills</h2>
      <form className="key-form" onSubmit={onSubmit}>
        <label htmlFor={inputId}>API key</label>
        <input
          id={inputId}
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
        <button type="submit" disabled={result.kind === "loading"}>
          List skills
        </button>
        <button type="button" onClick={onForget}>
          Forget key
        </button>
      </form>
      <p className="hint">The key is kept in this tab only (sessionStorage) and sent only to this server.</p>
      <SkillsResultView result={result} />
    </section>
  );
}

function SkillsResultView({ result }: { result: SkillsResult }) {
  switch (result.kind) {
    case "idle":
      return null;
    case "loading":
      return <p role="status">Loading…</p>;
    case "error":
      return (
        <p role="alert" className="error" data-testid="skills-error">
          {result.message}
        </p>
      );
    case "loaded":
      return <SkillsTable data={result.data} />;
  }
}

function SkillsTable({ data }: { data: ProjectSkills }) {
  const { project, skills } = data;
  return (
    <div data-testid="skills-result">
      <p>
        Project <strong>{project?.name ?? "(unknown)"}</strong>
        {project ? <code className="muted"> {project.id}</code> : null}: {skills.total}{" "}
        {skills.total === 1 ? "skill version" : "skill versions"}
        {skills.total > skills.items.length ? ` (showing the first ${skills.items.length})` : ""}.
      </p>
      {skills.items.length === 0 ? (
        <p>This project has no skills yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Version</th>
              <th scope="col">State</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {skills.items.map((skill) => (
              <tr key={skill.id}>
                <td>
                  <code>{skill.name}</code>
                </td>
                <td>{skill.version}</td>
                <td>
                  <span className={`badge badge-${skill.state.toLowerCase()}`}>{skill.state.toLowerCase()}</span>
                </td>
                <td>{skill.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
