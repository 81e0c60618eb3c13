import { describe, expect, it } from "vitest";
import { asksForChildAges, childrenAgesOf, childrenCountOf, partyFormField, partyParams, partyQueryFrom, partyQueryOf } from "@/lib/guest-site/party-query";
import { guestWords } from "@/lib/i18n/guest-words";

/** The children of a search form, a link and a booking form: how many, then each one's age in a field of its own. */
const EN = guestWords("en");
const DE = guestWords("de");
const reader = (fields: Record<string, string>) => (name: string) => fields[name] ?? "";

describe("partyQueryOf", () => {
  it("reads as many ages as the count asks for, as typed", () => {
    expect(partyQueryOf(reader({ adults: "2", children: "2", age1: "4", age2: "9", age3: "12" }))).toEqual({ adults: "2", children: "2", ages: ["4", "9"] });
    // A count raised without JavaScript: the new child's age is not there yet.
    expect(partyQueryOf(reader({ adults: "2", children: "3", age1: "4", age2: "9" }))).toEqual({ adults: "2", children: "3", ages: ["4", "9", ""] });
    expect(partyQueryOf(reader({ adults: "2" }))).toEqual({ adults: "2", children: "", ages: [] });
  });

  it("asks for no age field for a count that is not one (not a whole number, or more than 10)", () => {
    for (const count of ["", "abc", "-1", "1.5", "11", "99"]) expect(childrenCountOf(count), count).toBe(0);
    expect(childrenCountOf(" 10 ")).toBe(10);
    expect(partyQueryOf(reader({ adults: "2", children: "1000", age1: "4" })).ages).toEqual([]);
  });
});

describe("childrenAgesOf", () => {
  it("gives each child's age, none for no children", () => {
    expect(childrenAgesOf({ children: "2", ages: ["4", "9"] }, EN)).toEqual({ childrenAges: [4, 9] });
    expect(childrenAgesOf({ children: "3", ages: ["0", "17", " 5 "] }, EN)).toEqual({ childrenAges: [0, 17, 5] });
    expect(childrenAgesOf({ children: "0", ages: [] }, EN)).toEqual({ childrenAges: [] });
    expect(childrenAgesOf({}, EN)).toEqual({ childrenAges: [] });
  });

  it("names each child whose age is missing or not a child's, beside its select, in the guest's language", () => {
    expect(childrenAgesOf({ children: "3", ages: ["4", "", "18"] }, EN)).toEqual({ fieldErrors: { age2: "Choose the age of child 2.", age3: "Choose the age of child 3." } });
    expect(childrenAgesOf({ children: "2", ages: ["4"] }, DE)).toEqual({ fieldErrors: { age2: "Wählen Sie das Alter von Kind 2." } });
    expect(childrenAgesOf({ children: "1", ages: ["four"] }, EN)).toEqual({ fieldErrors: { age1: "Choose the age of child 1." } });
  });

  it("refuses a count that is not 0 to 10, beside the count", () => {
    for (const count of ["11", "-1", "two"]) expect(childrenAgesOf({ children: count, ages: [] }, EN), count).toEqual({ fieldErrors: { children: "Choose how many children are coming: 0 to 10." } });
  });

  it("says when the form must ask for ages", () => {
    expect(asksForChildAges({ age2: "Choose the age of child 2." })).toBe(true);
    expect(asksForChildAges({ children: "x", adults: "y", ages: "z" })).toBe(false);
  });
});

describe("partyParams and partyQueryFrom", () => {
  it("write a party as its fields, adults alone as before children came, and read back the same", () => {
    expect(partyParams({ adults: 2, childrenAges: [] })).toEqual({ adults: "2" });
    expect(partyParams({ adults: 2, childrenAges: [4, 9] })).toEqual({ adults: "2", children: "2", age1: "4", age2: "9" });
    expect(partyQueryOf(reader(partyParams({ adults: 1, childrenAges: [0, 17] })))).toEqual({ adults: "1", children: "2", ages: ["0", "17"] });
    expect(partyQueryFrom({ adults: 2, childrenAges: [4, 9] })).toEqual({ adults: "2", children: "2", ages: ["4", "9"] });
    expect(partyQueryFrom({ adults: 3, childrenAges: [] })).toEqual({ adults: "3", children: "0", ages: [] });
  });

  it("put the API's errors about children beside the form's fields", () => {
    expect(["childrenAges", "childrenAges.0", "childrenAges.3", "adults", "guest.email"].map(partyFormField)).toEqual(["children", "age1", "age4", "adults", "guest.email"]);
  });
});
