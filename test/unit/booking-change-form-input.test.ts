import { describe, expect, it } from "vitest";
import { bookingChangeFormValues, fieldErrorsOf, readBookingChangeForm } from "@/app/(panel)/(signed-in)/bookings/booking-change-form-input";
import { sampleBookingView } from "../support/booking-view-fixture";

/** The panel's Change form read: a booking's children as the guest widget takes them (how many, then each age). */
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  const booking = { checkin: "2026-12-14", checkout: "2026-12-17", roomTypeId: "rt_2b6n0t5f3k9q2m8x1c7v", adults: "2", firstName: "Ana", lastName: "Silva", email: "ana@example.com", externalReference: "" };
  for (const [name, value] of Object.entries({ ...booking, ...fields })) data.set(name, value);
  return data;
};

describe("the panel's Change form and a booking's children", () => {
  it("starts from the booking's children and their ages", () => {
    expect(bookingChangeFormValues(sampleBookingView({ childrenAges: [4, 9] }))).toMatchObject({ adults: "2", children: "2", ages: ["4", "9"] });
    expect(bookingChangeFormValues(sampleBookingView())).toMatchObject({ children: "0", ages: [] });
  });

  it("sends all the children as they now are: each age, or none", () => {
    expect(readBookingChangeForm(form({ children: "2", age1: "4", age2: "9" })).request).toMatchObject({ adults: 2, childrenAges: [4, 9] });
    expect(readBookingChangeForm(form({ children: "0", age1: "4" })).request).toMatchObject({ childrenAges: [] });
    expect(readBookingChangeForm(form({})).request).toMatchObject({ childrenAges: [] });
  });

  it("asks for a new child's age beside its select, keeping what was typed", () => {
    const read = readBookingChangeForm(form({ children: "3", age1: "4", age2: "9" }));
    expect(read.request).toBeUndefined();
    expect(read.fieldErrors).toEqual({ age3: "Choose the age of child 3." });
    expect(read.values).toMatchObject({ children: "3", ages: ["4", "9", ""], firstName: "Ana" });
    expect(readBookingChangeForm(form({ children: "12" })).fieldErrors).toEqual({ children: "Choose how many children are coming: 0 to 10." });
  });

  it("puts the domain's errors about children beside the children's fields", () => {
    expect(fieldErrorsOf([{ field: "childrenAges", message: "Adults and children together must be at most 20." }, { field: "childrenAges.1", message: "must be at most 17" }])).toEqual({
      fieldErrors: { children: "Adults and children together must be at most 20.", age2: "Must be at most 17." },
      others: [],
    });
  });
});
