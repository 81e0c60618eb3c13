/** ISO 4217 helpers. Money is an integer in the currency's minor units plus its code. */
export type Money = { amount: number; currency: string };

const known = new Set(Intl.supportedValuesOf("currency"));

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && known.has(code);
}

/** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for BHD. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "€450.00" for { amount: 45000, currency: "EUR" }. */
export function formatMoney(money: Money, locale = "en-GB"): string {
  const digits = minorUnitDigits(money.currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency: money.currency }).format(money.amount / 10 ** digits);
}

/** The largest price the domain takes, in minor units (1,000,000.00 EUR). */
export const MAX_PRICE_MINOR = 100_000_000;

export type ParsedMoney = { ok: true; amount: number } | { ok: false; message: string };

/** The currency's symbols as people type them and formatMoney shows them: "EUR", "€"; "USD", "US$", "$"; "JPY", "JP¥", "¥". */
function currencySymbols(currency: string): string[] {
  const symbol = (locale: string, currencyDisplay: "symbol" | "narrowSymbol") =>
    new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay }).formatToParts(0).find((part) => part.type === "currency")?.value ?? currency;
  const symbols = ["en", "en-GB"].flatMap((locale) => [symbol(locale, "symbol"), symbol(locale, "narrowSymbol")]);
  return [...new Set([currency, ...symbols])].sort((a, b) => b.length - a.length);
}

/**
 * A price typed by a person, in `currency`, to minor units: "123.45" and "123,45" (a decimal
 * comma) are 12345 for EUR; "12345" is 12345 JPY (no minor unit); "123.456" is 123456 BHD.
 * The currency's symbol or code may come before or after ("€123.45", "123.45 EUR"). Grouping
 * separators, signs and more digits than the currency has are refused with a message.
 */
export function parseMoney(input: string, currency: string): ParsedMoney {
  const digits = minorUnitDigits(currency);
  let text = input.trim();
  for (const symbol of currencySymbols(currency)) {
    const upper = text.toUpperCase();
    if (upper.startsWith(symbol.toUpperCase())) text = text.slice(symbol.length).trim();
    else if (upper.endsWith(symbol.toUpperCase())) text = text.slice(0, -symbol.length).trim();
  }
  if (text === "") return { ok: false, message: "Enter a price." };
  if (/^[-−]/.test(text)) return { ok: false, message: "A price cannot be negative." };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) return { ok: false, message: `Enter a price as a number, e.g. ${example(currency)} (no thousands separators).` };
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > digits) {
    return {
      ok: false,
      message: digits === 0 ? `${currency} has no minor unit: enter a whole number, e.g. ${example(currency)}.` : `${currency} takes at most ${digits} digits after the decimal point, e.g. ${example(currency)}.`,
    };
  }
  const amount = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(amount) || amount > MAX_PRICE_MINOR) {
    return { ok: false, message: `A price is at most ${formatMoney({ amount: MAX_PRICE_MINOR, currency })}.` };
  }
  return { ok: true, amount };
}

/** A price in the form parseMoney reads back, without the symbol: "123.45", "12345" (JPY). */
export function formatMoneyInput(money: Money): string {
  const digits = minorUnitDigits(money.currency);
  return (money.amount / 10 ** digits).toFixed(digits);
}

function example(currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? "12000" : `120.${"5".padEnd(digits, "0")}`;
}
