import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import de from "@/lib/i18n/messages/de.json" with { type: "json" };
import en from "@/lib/i18n/messages/en.json" with { type: "json" };
import { guestWords, isSiteLanguage, SITE_LANGUAGES } from "@/lib/i18n/guest-words";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";

type Catalogue = Record<string, unknown>;
const keysOf = (messages: Catalogue, prefix = ""): string[] =>
  Object.entries(messages).flatMap(([key, value]) => (typeof value === "object" && value ? keysOf(value as Catalogue, `${prefix}${key}.`) : [`${prefix}${key}`]));
const valueAt = (messages: Catalogue, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Catalogue)[part], messages) as string;

describe("the guest pages' message catalogues", () => {
  it("have the same messages in every language", () => {
    expect(SITE_LANGUAGES).toEqual(["en", "de"]);
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
  });

  it("format every message in every language without an error (ICU syntax, arguments, tags)", () => {
    for (const [lang, messages] of [["en", en], ["de", de]] as const) {
      const errors: string[] = [];
      const t = createTranslator({ locale: lang, messages: messages as typeof en, onError: (error) => errors.push(error.message) });
      for (const key of keysOf(messages)) {
        const text = valueAt(messages, key);
        const args = Object.fromEntries([...text.matchAll(/\{(\w+)/g)].map(([, name]) => [name, name === "count" ? 2 : "x"]));
        const tags = Object.fromEntries([...text.matchAll(/<(\w+)>/g)].map(([, name]) => [name, (chunks: string) => `[${chunks}]`]));
        expect(() => t.markup(key as never, { ...args, ...tags } as never), `${lang} ${key}`).not.toThrow();
      }
      expect(errors, lang).toEqual([]);
    }
  });

  it("say numbers, dates and prices the language's way", () => {
    const [english, german] = [guestWords("en"), guestWords("de")];
    expect([english.nights(1), english.nights(3), german.nights(1), german.nights(3)]).toEqual(["1 night", "3 nights", "1 Nacht", "3 Nächte"]);
    expect([german.adults(1), german.adults(2)]).toEqual(["1 Erwachsener", "2 Erwachsene"]);
    expect(english.stayDate("2026-12-04")).toBe("Fri, 4 Dec 2026");
    expect(german.stayDate("2026-12-04")).toBe("Fr., 4. Dez. 2026");
    expect(german.money({ amount: 12_050, currency: "EUR" })).toBe("120,50\u00a0€");
    expect(german.priceDifference({ amount: 15_000, currency: "EUR" }, { amount: 12_000, currency: "EUR" })).toBe("+ 30,00\u00a0€");
    const terms = { refundable: true, freeUntil: "2026-12-02", feeFrom: "2026-12-02T23:00:00Z", fee: { amount: 12_000, currency: "EUR" } };
    expect(cancellationSentence(terms, german)).toBe("Kostenlose Stornierung bis Mi., 2. Dezember, danach 120,00\u00a0€");
    expect(cancellationSentence(terms, english)).toBe("Free cancellation until Wed 2 December, then €120.00");
  });

  it("say who stays, the children with their ages, the same way on every page and e-mail", () => {
    const [english, german] = [guestWords("en"), guestWords("de")];
    expect(english.party({ adults: 2, childrenAges: [] })).toBe("2 adults");
    expect(english.party({ adults: 2, childrenAges: [4, 9] })).toBe("2 adults, 2 children (4, 9)");
    expect(english.party({ adults: 1, childrenAges: [4] })).toBe("1 adult, 1 child (4)");
    expect(german.party({ adults: 2, childrenAges: [4, 9] })).toBe("2 Erwachsene, 2 Kinder (4, 9)");
    expect(german.party({ adults: 1, childrenAges: [0] })).toBe("1 Erwachsener, 1 Kind (0)");
    expect(german.party({ adults: 3, childrenAges: [] })).toBe("3 Erwachsene");
  });

  it("say what a party adds to each night: extra adults, each band's children, a free band as free", () => {
    const eur = (amount: number) => ({ amount, currency: "EUR" });
    const extras = [
      { kind: "adult" as const, count: 1, amount: eur(2_000) },
      { kind: "child" as const, band: "Baby", count: 1, amount: eur(0) },
      { kind: "child" as const, band: "Child", count: 2, amount: eur(1_500) },
    ];
    expect(guestWords("en").extras(extras)).toBe("Extra adult ×1, €20.00 a night each; Baby ×1, free; Child ×2, €15.00 a night each");
    expect(guestWords("de").extras(extras)).toBe("Weitere Erwachsene ×1, je 20,00\u00a0€ pro Nacht; Baby ×1, kostenlos; Child ×2, je 15,00\u00a0€ pro Nacht");
    expect(guestWords("en").extras([])).toBe("");
    expect(guestWords("en").t("common.childAgeOption", { count: 0 })).toBe("under 1");
    expect(guestWords("de").t("common.childAgeOption", { count: 1 })).toBe("1 Jahr");
  });

  it("fall back to English for a language it does not have", () => {
    expect(isSiteLanguage("fr")).toBe(false);
    expect(guestWords("fr").lang).toBe("en");
    expect(isSiteLanguage("toString")).toBe(false);
  });
});
