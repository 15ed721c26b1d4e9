import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { missingVariableWarning, renderTemplate, TemplateRenderer } from "./template";

describe("renderTemplate", () => {
  it("RT-5 renders {{name}} and {{ name }}", () => {
    expect(renderTemplate("Hello {{name}}, from {{ city }}.", { name: "Ada", city: "Paris" })).toEqual({
      text: "Hello Ada, from Paris.",
      missing: [],
    });
  });

  it("RT-5 a missing variable renders empty and is listed once, in order of first use", () => {
    expect(renderTemplate("{{b}} {{a}} {{ b }} {{name}}", { name: "Ada" })).toEqual({
      text: "   Ada",
      missing: ["b", "a"],
    });
  });

  it("RT-5 numbers and booleans render as text; lists and objects as JSON; null as empty", () => {
    const variables = { n: 42, yes: true, list: [1, "a"], obj: { a: 1 }, none: null };
    expect(renderTemplate("{{n}}|{{yes}}|{{list}}|{{obj}}|{{none}}", variables)).toEqual({
      text: '42|true|[1,"a"]|{"a":1}|',
      missing: [],
    });
  });

  it("RT-5 a dotted name reads a nested value; a key with the whole dotted name comes first", () => {
    expect(renderTemplate("{{caller.city}}", { caller: { city: "Lyon" } }).text).toBe("Lyon");
    expect(renderTemplate("{{caller.city}}", { "caller.city": "Nice", caller: { city: "Lyon" } }).text).toBe("Nice");
    expect(renderTemplate("{{caller.zip}}", { caller: { city: "Lyon" } })).toEqual({
      text: "",
      missing: ["caller.zip"],
    });
  });

  it("RT-5 no code runs: prototype names are missing, expressions stay as written", () => {
    expect(renderTemplate("{{constructor}}{{toString}}{{__proto__}}", {})).toEqual({
      text: "",
      missing: ["constructor", "toString", "__proto__"],
    });
    expect(renderTemplate("{{ 1 + 1 }} {{name()}} {{#if x}}", { name: "Ada", x: true }).text).toBe(
      "{{ 1 + 1 }} {{name()}} {{#if x}}",
    );
    expect(renderTemplate("{{caller.constructor.name}}", { caller: {} }).missing).toEqual(["caller.constructor.name"]);
  });

  it("RT-5 a value is inserted as text, never rendered again", () => {
    expect(renderTemplate("{{a}}", { a: "{{b}}", b: "secret" })).toEqual({ text: "{{b}}", missing: [] });
  });

  it("RT-5 text without placeholders is unchanged; single braces are left alone", () => {
    expect(renderTemplate("{ a } {b} {{", {})).toEqual({ text: "{ a } {b} {{", missing: [] });
    expect(renderTemplate("{{{name}}}", { name: "Ada" }).text).toBe("{Ada}");
  });

  it("RT-5 values that JSON cannot write still render", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expect(renderTemplate("{{big}}", { big: 10n }).text).toBe("10");
    expect(renderTemplate("{{c}}", { c: cyclic }).text).toBe("[object Object]");
    expect(renderTemplate("{{bare}}", { bare: Object.create(null) as object }).text).toBe("{}");
  });

  it("RT-5 the renderer collects every text's missing variables into one warning each", () => {
    const renderer = new TemplateRenderer({ name: "Ada" });
    expect(renderer.render("{{name}} {{plan}}")).toBe("Ada ");
    expect(renderer.render("{{plan}} {{due}}")).toBe(" ");
    expect(renderer.warnings()).toEqual([missingVariableWarning("plan"), missingVariableWarning("due")]);
    expect(missingVariableWarning("plan")).toBe("template variable 'plan' is missing; it rendered empty");
  });
});

describe("renderTemplate — properties", () => {
  const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/);
  const braceFree = fc.string().filter((s) => !s.includes("{") && !s.includes("}"));
  const value = fc.oneof(
    braceFree,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
  );

  it("RT-5 never throws, whatever the text and the variables", () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), fc.anything()), (text, variables) => {
        const rendered = renderTemplate(text, variables);
        expect(typeof rendered.text).toBe("string");
      }),
      { numRuns: 500 },
    );
  });

  it("RT-5 leaves no {{x}} of a known variable, and lists exactly the unknown ones used", () => {
    const template = fc.array(
      fc.oneof(
        braceFree,
        name.map((n) => `{{${n}}}`),
        name.map((n) => `{{ ${n} }}`),
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(template, fc.dictionary(name, value), (parts, variables) => {
        const text = parts.join("");
        const rendered = renderTemplate(text, variables);
        for (const known of Object.keys(variables)) {
          expect(rendered.text).not.toMatch(new RegExp(`\\{\\{\\s*${known}\\s*\\}\\}`));
        }
        const used = [...text.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g)].map((m) => m[1] as string);
        expect(rendered.missing).toEqual([...new Set(used.filter((n) => !Object.hasOwn(variables, n)))]);
      }),
      { numRuns: 500 },
    );
  });
});
