import type { GuestWords } from "@/lib/i18n/guest-words";
import { MAX_CHILD_AGE, MAX_CHILDREN } from "@/lib/rate-plans/party-price";

/**
 * Who stays, as a search form, a page's link or a booking form carries it: the adults, how many
 * children, and each child's age in a field of its own (children=2&age1=4&age2=9), as a person
 * fills it in (how many, then a select per child). All as typed: a count changed without
 * JavaScript comes back with that many age fields, the ones not chosen yet marked. Without
 * children and ages: adults only, as a search was before children came.
 */
export type PartyQuery = { adults: string; children?: string; ages?: string[] };

/** The form field of the n-th child's age (1-based): age1, age2, ... */
export const childAgeField = (number: number) => `age${number}`;

const isChildAgeField = (field: string) => /(^|\.)age\d+$/.test(field);

/** The form's field for a field the API (or its schema) names: the children's ages as a whole beside the number of children, one child's age (childrenAges.1) beside its select (age2); any other as it is. */
export function partyFormField(field: string): string {
  if (field === "childrenAges") return "children";
  const child = /^childrenAges\.(\d+)$/.exec(field);
  return child ? childAgeField(Number(child[1]) + 1) : field;
}

const WHOLE = /^\d{1,2}$/;

/** How many age fields a count as typed asks for: the count when it is one (0 to MAX_CHILDREN), else none. */
export function childrenCountOf(children: string): number {
  const count = children.trim();
  return WHOLE.test(count) && Number(count) <= MAX_CHILDREN ? Number(count) : 0;
}

/** The party of a query or a form, read field by field (`read` answers "" for a field not there). */
export function partyQueryOf(read: (field: string) => string): Required<PartyQuery> {
  const children = read("children").slice(0, 10);
  const ages = Array.from({ length: childrenCountOf(children) }, (_, index) => read(childAgeField(index + 1)).slice(0, 10));
  return { adults: read("adults").slice(0, 10), children, ages };
}

/** A party as its fields' values (a booking's, to fill a change form). */
export function partyQueryFrom(party: { adults: number; childrenAges: readonly number[] }): Required<PartyQuery> {
  return { adults: String(party.adults), children: String(party.childrenAges.length), ages: party.childrenAges.map(String) };
}

/**
 * The children's ages the fields give, or what is wrong beside each field: the count (`children`)
 * when it is not 0 to MAX_CHILDREN, and each age not chosen (age1, age2, ...). No children: [].
 * The adults are the API's to judge.
 */
export function childrenAgesOf(query: Pick<PartyQuery, "children" | "ages">, words: GuestWords): { childrenAges: number[] } | { fieldErrors: Record<string, string> } {
  const children = (query.children ?? "").trim();
  if (children !== "" && !(WHOLE.test(children) && Number(children) <= MAX_CHILDREN)) {
    return { fieldErrors: { children: words.t("common.childrenCount", { max: MAX_CHILDREN }) } };
  }
  const fieldErrors: Record<string, string> = {};
  const childrenAges: number[] = [];
  for (let number = 1; number <= childrenCountOf(children); number++) {
    const age = (query.ages?.[number - 1] ?? "").trim();
    if (WHOLE.test(age) && Number(age) <= MAX_CHILD_AGE) childrenAges.push(Number(age));
    else fieldErrors[childAgeField(number)] = words.t("common.missingChildAge", { number });
  }
  return Object.keys(fieldErrors).length ? { fieldErrors } : { childrenAges };
}

/** Whether some of these field errors ask for a child's age (the form then says why ages matter). */
export const asksForChildAges = (fieldErrors: Record<string, string>) => Object.keys(fieldErrors).some(isChildAgeField);

/**
 * A party as the fields of a link's query or a form's hidden inputs: adults, and only when
 * children come, their count and each age. A party of adults only is what it always was (adults=2).
 */
export function partyParams(party: { adults: number | string; childrenAges: readonly (number | string)[] }): Record<string, string> {
  const params: Record<string, string> = { adults: String(party.adults) };
  if (party.childrenAges.length) params.children = String(party.childrenAges.length);
  party.childrenAges.forEach((age, index) => (params[childAgeField(index + 1)] = String(age)));
  return params;
}
