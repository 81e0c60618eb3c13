/** What the Settings › Property age bands action answers with: plain data, so the form works without JavaScript too. */

/** The form has this many rows; a row left blank is no band. */
export const AGE_BAND_ROWS = 3;

export const AGE_BAND_FIELDS = ["name", "fromAge", "toAge", "amount"] as const;
export type AgeBandField = (typeof AGE_BAND_FIELDS)[number];

/** One row as typed (the amount as money, e.g. "15.00"). */
export type AgeBandRowValues = Record<AgeBandField, string>;

/** A row's input's name: "bands.0.fromAge". */
export const ageBandInputName = (row: number, field: AgeBandField) => `bands.${row}.${field}`;

export type ChildAgeBandsFormState = {
  /** Every row (AGE_BAND_ROWS of them), as typed with a refusal, as stored after a save. */
  values?: AgeBandRowValues[];
  /** By input name (ageBandInputName): what is wrong with that field. */
  fieldErrors?: Partial<Record<string, string>>;
  /** By row: a problem of the band as a whole (its ages against the band before, its name against the others). */
  rowErrors?: Partial<Record<number, string[]>>;
  error?: string;
  done?: string;
};

/** The stored bands as the form shows them, blank rows after them (amounts formatted by the caller, e.g. "15.00"). */
export function asAgeBandRows(bands: readonly { name: string; fromAge: number; toAge: number; amount: string }[]): AgeBandRowValues[] {
  const blank: AgeBandRowValues = { name: "", fromAge: "", toAge: "", amount: "" };
  const rows = bands.map((band) => ({ name: band.name, fromAge: String(band.fromAge), toAge: String(band.toAge), amount: band.amount }));
  return [...rows, ...Array.from({ length: Math.max(0, AGE_BAND_ROWS - rows.length) }, () => ({ ...blank }))];
}
