import {
  AGE_BAND_FIELDS,
  AGE_BAND_ROWS,
  ageBandInputName,
  type AgeBandRowValues,
  type ChildAgeBandsFormState,
} from "@/components/panel/child-age-bands-form-states";
import { parseMoney } from "@/lib/money/currency";
import { childAgeBandsProblems } from "@/lib/properties/child-age-bands";
import type { ChildAgeBand } from "@/lib/rate-plans/party-price";

const AGE = /^\d{1,2}$/;

/**
 * The age bands form read and checked: every row as typed, a row left blank no band, each field
 * of the others read (a name, ages 0 to 17, an amount as money in the property's currency) with
 * its message beside it; then the hotel's rules for bands (childAgeBandsProblems, the admin CLI's),
 * a problem of one band beside its row (its messages start with the band's name), the others above
 * the form.
 */
export function readChildAgeBandsForm(form: FormData, currency: string): { values: AgeBandRowValues[]; bands?: ChildAgeBand[]; refusal?: ChildAgeBandsFormState } {
  const values = Array.from({ length: AGE_BAND_ROWS }, (_, row) =>
    Object.fromEntries(AGE_BAND_FIELDS.map((field) => [field, String(form.get(ageBandInputName(row, field)) ?? "")])) as AgeBandRowValues,
  );
  const fieldErrors: NonNullable<ChildAgeBandsFormState["fieldErrors"]> = {};
  const bands: { row: number; band: ChildAgeBand }[] = [];
  values.forEach((typed, row) => {
    if (AGE_BAND_FIELDS.every((field) => typed[field].trim() === "")) return;
    const name = typed.name.trim();
    if (!name) fieldErrors[ageBandInputName(row, "name")] = "Enter a name, e.g. Child.";
    const age = (field: "fromAge" | "toAge") => {
      const text = typed[field].trim();
      if (AGE.test(text) && Number(text) <= 17) return Number(text);
      fieldErrors[ageBandInputName(row, field)] = "Enter an age from 0 to 17.";
      return -1;
    };
    const [fromAge, toAge] = [age("fromAge"), age("toAge")];
    const amount = parseMoney(typed.amount, currency);
    if (!amount.ok) fieldErrors[ageBandInputName(row, "amount")] = amount.message;
    bands.push({ row, band: { name, fromAge, toAge, amount: amount.ok ? amount.amount : -1 } });
  });
  if (Object.keys(fieldErrors).length) return { values, refusal: { values, fieldErrors, error: "Check the highlighted fields." } };
  const problems = childAgeBandsProblems(bands.map(({ band }) => band));
  if (!problems.length) return { values, bands: bands.map(({ band }) => band) };
  const rowErrors: NonNullable<ChildAgeBandsFormState["rowErrors"]> = {};
  const general: string[] = [];
  for (const problem of problems) {
    const of = bands.find(({ band }) => problem.startsWith(`${band.name}:`));
    if (of) (rowErrors[of.row] ??= []).push(problem);
    else general.push(problem);
  }
  return { values, refusal: { values, rowErrors, error: ["Check the age bands.", ...general].join(" ") } };
}
