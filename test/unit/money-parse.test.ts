import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyInput, MAX_PRICE_MINOR, parseMoney } from "@/lib/money/currency";

const amount = (input: string, currency: string) => {
  const parsed = parseMoney(input, currency);
  if (!parsed.ok) throw new Error(`refused "${input}": ${parsed.message}`);
  return parsed.amount;
};
const refusal = (input: string, currency: string) => {
  const parsed = parseMoney(input, currency);
  if (parsed.ok) throw new Error(`accepted "${input}" as ${parsed.amount}`);
  return parsed.message;
};

describe("parseMoney", () => {
  it("reads plain amounts, a decimal comma, fewer digits than the currency has, and the currency's symbol or code", () => {
    expect(amount("123.45", "EUR")).toBe(12_345);
    expect(amount("123,45", "EUR")).toBe(12_345);
    expect(amount("123", "EUR")).toBe(12_300);
    expect(amount("123.4", "EUR")).toBe(12_340);
    expect(amount("0", "EUR")).toBe(0);
    expect(amount(" €123.45 ", "EUR")).toBe(12_345);
    expect(amount("123.45 EUR", "EUR")).toBe(12_345);
    expect(amount("eur 99", "EUR")).toBe(9_900);
    expect(amount("$19.99", "USD")).toBe(1_999);
  });

  it("uses the currency's own digits: none for JPY, three for BHD", () => {
    expect(amount("12345", "JPY")).toBe(12_345);
    expect(amount("¥12000", "JPY")).toBe(12_000);
    expect(amount(formatMoney({ amount: 12_000, currency: "JPY" }).replace(",", ""), "JPY")).toBe(12_000); // "JP¥12000"
    expect(amount("123.456", "BHD")).toBe(123_456);
    expect(amount("123,456", "BHD")).toBe(123_456);
    expect(amount("123.4", "BHD")).toBe(123_400);
  });

  it("refuses more digits than the currency has, with a message naming it", () => {
    expect(refusal("12345.6", "JPY")).toBe("JPY has no minor unit: enter a whole number, e.g. 12000.");
    expect(refusal("1.234", "EUR")).toBe("EUR takes at most 2 digits after the decimal point, e.g. 120.50.");
    expect(refusal("1.2345", "BHD")).toBe("BHD takes at most 3 digits after the decimal point, e.g. 120.500.");
  });

  it("refuses negative amounts, junk, grouping separators, an empty field and amounts above the maximum", () => {
    expect(refusal("-5", "EUR")).toBe("A price cannot be negative.");
    expect(refusal("€-5.00", "EUR")).toBe("A price cannot be negative.");
    for (const junk of ["abc", "12abc", "1e3", "1,234.56", "1.2.3", ".5", "12 345", "0x10", "Infinity", "NaN", "€€12"]) {
      expect(refusal(junk, "EUR"), junk).toMatch(/^Enter a price as a number/);
    }
    expect(refusal("", "EUR")).toBe("Enter a price.");
    expect(refusal("  € ", "EUR")).toBe("Enter a price.");
    expect(refusal("1000000.01", "EUR")).toBe(`A price is at most ${formatMoney({ amount: MAX_PRICE_MINOR, currency: "EUR" })}.`);
    expect(amount("1000000", "EUR")).toBe(MAX_PRICE_MINOR);
    expect(refusal("99999999999999999999", "EUR")).toMatch(/^A price is at most/);
  });

  it("reads back what formatMoneyInput writes", () => {
    for (const [value, currency] of [[12_345, "EUR"], [12_345, "JPY"], [123_456, "BHD"], [5, "EUR"]] as const) {
      expect(amount(formatMoneyInput({ amount: value, currency }), currency)).toBe(value);
    }
    expect(formatMoneyInput({ amount: 12_345, currency: "EUR" })).toBe("123.45");
    expect(formatMoneyInput({ amount: 12_345, currency: "JPY" })).toBe("12345");
  });
});
