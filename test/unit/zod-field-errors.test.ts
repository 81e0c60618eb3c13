import { describe, expect, it } from "vitest";
import { fieldErrors } from "@/lib/schemas/field-errors";
import { CreateBookingSchema } from "@/lib/schemas/bookings";

const valid = {
  roomTypeId: "rt_2b6n0t5f3k9q2m8x1c7v",
  checkin: "2030-05-01",
  checkout: "2030-05-03",
  adults: 2,
  guest: { firstName: "Ana", lastName: "Silva", email: "ana@example.com" },
};

function errorsOf(body: unknown) {
  const parsed = CreateBookingSchema.safeParse(body);
  if (parsed.success) throw new Error("expected the body to be refused");
  return fieldErrors(parsed.error, "field");
}

describe("field errors", () => {
  it("give a field one error: the first rule it fails", () => {
    // "" fails both "not empty" and "printable ASCII": the partner must read one, not two contradicting.
    expect(errorsOf({ ...valid, externalReference: "" })).toEqual([{ field: "externalReference", message: "Must not be empty." }]);
  });

  it("still name every field that fails, and every unknown field", () => {
    const errors = errorsOf({ ...valid, externalReference: "", adults: 0, guest: { ...valid.guest, email: "" }, extra: 1, other: 2 });
    expect(errors.map((e) => e.field).sort()).toEqual(["adults", "externalReference", "extra", "guest.email", "other"]);
  });
});
