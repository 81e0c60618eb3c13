import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { disableBookingEngine, enableBookingEngine, rotateEngineKey } from "@/lib/booking-engine/booking-engine";
import { createBooking } from "@/lib/bookings/create-booking";
import { verifyManageBookingToken } from "@/lib/bookings/manage-booking-token";
import { guestSiteManageUrl } from "@/lib/mail/guest-site-manage-url";
import { createSecretBox } from "@/lib/secrets/secret-box";
import { setupTestDatabase } from "../support/database";
import { partnerFixture } from "../support/partner-fixtures";

/** Which site a guest e-mail's manage link opens: the hotel's booking engine for its bookings, the demo site for its hotel's, none for a partner's. */
const database = setupTestDatabase();
const box = createSecretBox("a test master secret of at least thirty-two characters", "booking-engine-keys");
const SECRET = "a session secret of at least thirty-two characters!";

describe("the manage link in a guest e-mail", () => {
  it("opens the hotel's own site for a booking made through its engine, before and after a key rotation, while the engine is on", async () => {
    const db = database().db;
    const hotel = await partnerFixture(db, { name: "Mail Engine Hotel" });
    const engine = await enableBookingEngine(db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box });
    const book = async (apiKeyId: string | undefined, email: string, language?: string) =>
      (unlessRefused(await createBooking(db, { property: hotel.property, input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: { firstName: "Ana", lastName: "Silva", email, language } }, actor: { ...TEST_ACTOR, apiKeyId } }))).booking;
    const viaEngine = await book(engine.apiKeyId!, "engine@guest.test");
    const viaPartner = await book(hotel.writeKey!.id, "partner@guest.test");
    const manageUrl = guestSiteManageUrl({ db, publicBaseUrl: "https://book.example.com", sessionSecret: SECRET });

    const link = await manageUrl(hotel.property.id, viaEngine.id);
    expect(link).toMatch(new RegExp(`^https://book\\.example\\.com/hotels/${hotel.property.slug}/manage/`));
    expect(verifyManageBookingToken(link!.split("/").pop()!, SECRET)).toBe(viaEngine.id);
    expect(await manageUrl(hotel.property.id, viaPartner.id)).toBeNull();
    // The guest's language is remembered with the booking, and the link keeps it.
    const german = await book(engine.apiKeyId!, "deutsch@guest.test", "de-AT");
    expect(german.guest.language).toBe("de-AT");
    expect(await manageUrl(hotel.property.id, german.id)).toMatch(/\/manage\/[^?]+\?lang=de$/);

    await rotateEngineKey(db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box });
    expect(await manageUrl(hotel.property.id, viaEngine.id)).toMatch(/\/hotels\//);
    // Another property's id never opens this booking.
    const other = await partnerFixture(db, { name: "Other Mail Hotel" });
    expect(await manageUrl(other.property.id, viaEngine.id)).toBeNull();

    await disableBookingEngine(db, { propertyId: hotel.property.id, actor: TEST_ACTOR });
    expect(await manageUrl(hotel.property.id, viaEngine.id)).toBeNull();
  });
});
