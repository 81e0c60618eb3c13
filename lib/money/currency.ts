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
