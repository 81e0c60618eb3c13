import { describe, expect, it } from "vitest";
import { GuestPhoneSchema, STAFF_NOTE_MAX, StaffNoteSchema } from "@/lib/schemas/desk-bookings";

describe("a desk booking's phone and note", () => {
  it("take a phone number as people write one, and nothing else; empty is none", () => {
    for (const phone of ["+351 912 345 678", "(030) 1234-567", "0049.30.123/45"]) expect(GuestPhoneSchema.parse(` ${phone} `)).toBe(phone);
    expect(GuestPhoneSchema.parse("   ")).toBeNull();
    for (const phone of ["call me", "12", "+351 912 345 678 ext 2", "9".repeat(41)]) expect(GuestPhoneSchema.safeParse(phone).success, phone).toBe(false);
  });

  it("keep a note's lines (a textarea's CR LF stored as LF), refuse control characters and more than the limit; empty is none", () => {
    expect(StaffNoteSchema.parse("Arrives late.\r\nPays at arrival.\r\n")).toBe("Arrives late.\nPays at arrival.");
    expect(StaffNoteSchema.parse(" \r\n ")).toBeNull();
    expect(StaffNoteSchema.safeParse("bell\u0007").success).toBe(false);
    expect(StaffNoteSchema.safeParse("x".repeat(STAFF_NOTE_MAX + 1)).success).toBe(false);
    expect(StaffNoteSchema.parse("x".repeat(STAFF_NOTE_MAX))).toHaveLength(STAFF_NOTE_MAX);
  });
});
