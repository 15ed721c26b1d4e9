import { codePointLength, quote } from "../../platform/text";

// The rules of a skill name (SK-1), as the Agent Skills reference validator (`skills-ref`) reads them: NFKC first, then
// 1–64 Unicode lowercase letters, digits and hyphens (and, here, underscores), no leading, trailing or doubled hyphen.

export const SKILL_NAME_MAX_LENGTH = 64;

/**
 * The one form a skill name is stored, compared and looked up in (SK-1): NFKC, so that the composed and decomposed
 * spellings of `café` (and fullwidth `ｅｘｐｌａｉｎ`) are one skill. Every place a name comes in goes through this.
 */
export function normaliseSkillName(name: string): string {
  return name.normalize("NFKC");
}

const ASCII = /^\p{ASCII}*$/u;

/**
 * The rules of a skill name (SK-1), as sentences without a place, so that any caller can put its own in front
 * (`frontmatter.name: …`). The name is NFKC-normalised before it is checked. A name of ASCII characters only gets the
 * ASCII rules' messages; a name with other characters is held to the reference validator's Unicode rules and carries a
 * portability warning.
 */
export function checkSkillName(rawName: string): { problems: string[]; warnings: string[] } {
  const name = normaliseSkillName(rawName);
  if (name === "") {
    return {
      problems: [
        `the name is empty; a name has 1 to ${SKILL_NAME_MAX_LENGTH} lowercase letters, digits and hyphens, such as 'explain-bill'.`,
      ],
      warnings: [],
    };
  }
  const problems: string[] = [];
  const warnings: string[] = [];
  const shown = quote(name);
  const suggestion = suggestedName(name);
  const forExample = suggestion && suggestion !== name ? ` (for example ${quote(suggestion)})` : "";

  const length = codePointLength(name);
  if (length > SKILL_NAME_MAX_LENGTH) {
    problems.push(`the name ${shown} is ${length} characters long; a name has at most ${SKILL_NAME_MAX_LENGTH}.`);
  }
  if (ASCII.test(name)) {
    const disallowed = distinct(name.match(/[^a-z0-9_-]/gu));
    if (disallowed.length > 0) {
      problems.push(
        `the name ${shown} contains ${listOfCharacters(disallowed)}, which a name may not contain; use only lowercase ASCII letters, digits and hyphens${forExample}.`,
      );
    }
  } else {
    problems.push(...unicodeProblems(name, shown, forExample));
    const ascii = asciiSuggestion(name);
    warnings.push(
      `the name ${shown} has characters outside ASCII; it is accepted (the Agent Skills reference validator accepts Unicode lowercase letters and digits), but some clients, file systems and URLs handle only ASCII names, so it may not be portable${ascii ? ` (an ASCII name would be ${quote(ascii)})` : ""}.`,
    );
  }
  if (name.startsWith("-") || name.endsWith("-")) {
    problems.push(`the name ${shown} starts or ends with a hyphen; a hyphen may only separate two words${forExample}.`);
  }
  if (name.includes("--")) {
    problems.push(
      `the name ${shown} contains a doubled hyphen '--'; separate words with a single hyphen${forExample}.`,
    );
  }
  if (name.includes("_")) {
    warnings.push(
      `the name ${shown} contains an underscore; it is accepted here, but the Agent Skills specification allows only lowercase letters, digits and hyphens, so other clients may refuse it${forExample}.`,
    );
  }
  return { problems, warnings };
}

/** The reference validator's rules beyond ASCII: lowercase (`name == name.lower()`), letters, digits and hyphens. */
function unicodeProblems(name: string, shown: string, forExample: string): string[] {
  const problems: string[] = [];
  const uppercase = distinct([...name].filter((char) => char !== char.toLowerCase()));
  if (uppercase.length > 0) {
    problems.push(
      `the name ${shown} has uppercase letters (${listOfCharacters(uppercase)}); a name must be lowercase${forExample}.`,
    );
  }
  const disallowed = distinct(name.match(/[^\p{L}\p{N}_-]/gu));
  if (disallowed.length > 0) {
    problems.push(
      `the name ${shown} contains ${listOfCharacters(disallowed)}, which a name may not contain; use only lowercase letters, digits and hyphens${forExample}.`,
    );
  }
  return problems;
}

function distinct(characters: Iterable<string> | null): string[] {
  return [...new Set(characters ?? [])];
}

function listOfCharacters(characters: string[]): string {
  const shown = characters.slice(0, 5).map((text) => quote(text));
  const hidden = characters.length - shown.length;
  if (hidden > 0) return `${shown.join(", ")} and ${hidden} more characters`;
  return shown.length === 1 ? `${shown[0]}` : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** The closest name the rules accept, offered in messages; "" when nothing is left of it. */
function suggestedName(name: string): string {
  const lower = name.toLowerCase();
  const other = ASCII.test(name) ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu;
  return trimName(lower.replace(other, "-"));
}

/** An ASCII spelling of a Unicode name (accents dropped: `café` → `cafe`); "" when no letter of it is ASCII. */
function asciiSuggestion(name: string): string {
  return trimName(
    name
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-"),
  );
}

function trimName(name: string): string {
  return [...name.replace(/^-+|-+$/g, "")].slice(0, SKILL_NAME_MAX_LENGTH).join("").replace(/-+$/, "");
}
