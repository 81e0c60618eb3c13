/**
 * The rule for text people type (names, labels, references, reasons): no C0 or C1 control
 * characters (U+0000 included: PostgreSQL cannot store it) and no unpaired UTF-16 surrogates
 * (they have no UTF-8 and would be stored as U+FFFD). A multi-line text (a cancellation reason)
 * may also hold line breaks and tabs. Shared by the API's zod schemas, the site's and the
 * panel's forms and the admin CLI.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINE_BREAKS_AND_TABS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTER_MESSAGE = "Must not contain control characters.";
export const UNPAIRED_SURROGATE_MESSAGE = "Must be valid Unicode text (no unpaired surrogates).";

/** What is wrong with `value` as free text, or undefined when nothing is. */
export function freeTextProblem(value: string, options: { multiline?: boolean } = {}): string | undefined {
  if ((options.multiline ? CONTROL_BUT_LINE_BREAKS_AND_TABS : CONTROL).test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (UNPAIRED_SURROGATE.test(value)) return UNPAIRED_SURROGATE_MESSAGE;
  return undefined;
}

/** The problems of a name staff give a thing (a room type, a rate plan): 1 to 100 characters once trimmed, and free text. */
export function nameProblems(name: string): string[] {
  const trimmed = name.trim();
  const problems: string[] = [];
  if (trimmed.length < 1 || trimmed.length > 100) problems.push("name must be 1 to 100 characters");
  const textProblem = freeTextProblem(trimmed);
  if (textProblem) problems.push(`name: ${textProblem}`);
  return problems;
}
