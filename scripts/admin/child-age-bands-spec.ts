import type { ChildAgeBand } from "@/lib/rate-plans/party-price";
import { UsageError } from "./parse-args";

const BAND = /^([^:]+):(\d{1,2})-(\d{1,2}):(-?\d+)$/;

/**
 * `property child-bands`' bands as typed: "Baby:0-2:0,Child:3-11:1500,Teen:12-17:2500", each band
 * NAME:FROM-TO:AMOUNT (ages inclusive, the amount in minor units a night per child). Only the
 * form is checked here; the hotel's rules for bands (childAgeBandsProblems) judge the values.
 */
export function parseChildAgeBandsSpec(spec: string): ChildAgeBand[] {
  return spec.split(",").map((part) => {
    const match = BAND.exec(part.trim());
    if (!match) throw new UsageError(`"${part.trim()}" is not a band NAME:FROM-TO:AMOUNT (e.g. Child:3-11:1500, the amount in minor units)`);
    const [, name = "", from = "", to = "", amount = ""] = match;
    if (!Number.isSafeInteger(Number(amount))) throw new UsageError(`the amount of "${part.trim()}" is too large`);
    return { name: name.trim(), fromAge: Number(from), toAge: Number(to), amount: Number(amount) };
  });
}
