import type { TemplateVariables } from "./types";

export interface RenderedText {
  text: string;
  /** Variables the text names that were not given, each once, in order of first use. */
  missing: string[];
}

// `{{name}}` or `{{ name }}`; a dotted name (`{{caller.city}}`) reads a nested value when no key has the whole name.
const PLACEHOLDER = /\{\{[ \t]*([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*\}\}/g;

/**
 * RT-5: renders the call's template variables. One pass: a value is inserted as text and never rendered again, so a
 * caller's value cannot pull in another variable. No expression is evaluated and only own properties are read
 * (`{{constructor}}` is missing, not a function). A missing variable renders empty and is listed.
 */
export function renderTemplate(text: string, variables: TemplateVariables): RenderedText {
  const missing: string[] = [];
  const rendered = text.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const found = lookUp(variables, name);
    if (!found.present || found.value === undefined) {
      if (!missing.includes(name)) missing.push(name);
      return "";
    }
    return asText(found.value);
  });
  return { text: rendered, missing };
}

/** The warning a missing variable puts on the call (RT-5); one per variable, however often it is used. */
export function missingVariableWarning(name: string): string {
  return `template variable '${name}' is missing; it rendered empty`;
}

/**
 * What rendering with one set of variables made, kept for the next assembly with the same variables (by
 * value): each text's rendering, and parts built from renders (a prompt section, by kind and the object it is built
 * from, by identity). Every entry is a pure function of its key and the variables, so a kept one is what building it
 * again would give. Give it only variables equal (as JSON) to those it was made with.
 */
export class RenderedParts {
  private readonly texts = new Map<string, RenderedText>();
  private readonly built = new Map<string, WeakMap<object, RenderedText>>();

  constructor(readonly variables: TemplateVariables) {}

  render(text: string): RenderedText {
    let rendered = this.texts.get(text);
    if (!rendered) this.texts.set(text, (rendered = renderTemplate(text, this.variables)));
    return rendered;
  }

  part(kind: string, owner: object, build: () => RenderedText): RenderedText {
    let byOwner = this.built.get(kind);
    if (!byOwner) this.built.set(kind, (byOwner = new WeakMap()));
    let made = byOwner.get(owner);
    if (!made) byOwner.set(owner, (made = build()));
    return made;
  }
}

/** Renders each text and collects the missing-variable warnings of all of them, deduplicated. */
export class TemplateRenderer {
  private readonly missing = new Set<string>();

  /** `parts`: renders kept from earlier assemblies with these variables (made with them, or equal ones). */
  constructor(
    private readonly variables: TemplateVariables,
    private readonly parts?: RenderedParts,
  ) {}

  render(text: string): string {
    const rendered = this.parts ? this.parts.render(text) : renderTemplate(text, this.variables);
    for (const name of rendered.missing) this.missing.add(name);
    return rendered.text;
  }

  /**
   * A text built from renders of this renderer's variables, once per kind and owner when there are kept parts; its
   * missing variables are noted as if its renders ran again (in the same order), so the warnings do not change.
   */
  part(kind: string, owner: object, build: (renderer: TemplateRenderer) => string): string {
    if (!this.parts) return build(this);
    const made = this.parts.part(kind, owner, () => {
      const inner = new TemplateRenderer(this.variables, this.parts);
      return { text: build(inner), missing: [...inner.missing] };
    });
    for (const name of made.missing) this.missing.add(name);
    return made.text;
  }

  warnings(): string[] {
    return [...this.missing].map(missingVariableWarning);
  }
}

function lookUp(variables: TemplateVariables, name: string): { present: true; value: unknown } | { present: false } {
  if (Object.hasOwn(variables, name)) return { present: true, value: variables[name] };
  if (!name.includes(".")) return { present: false };
  let current: unknown = variables;
  for (const key of name.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return { present: false };
    current = (current as Record<string, unknown>)[key];
  }
  return { present: true, value: current };
}

function asText(value: unknown): string {
  if (typeof value === "string") return value;
  // null reads as empty, as template engines print nil; other values as JSON (numbers, lists, objects).
  if (value === null) return "";
  try {
    const json = JSON.stringify(value);
    if (typeof json === "string") return json;
  } catch {
    // BigInt or a cycle: fall back to the value's own text below.
  }
  try {
    return String(value);
  } catch {
    return "";
  }
}
