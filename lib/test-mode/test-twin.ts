import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma, Property } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

/**
 * Test mode: every live property may have one test twin, a property row of its own whose
 * live_property_id is the live one's. The domain code is the same for both (every table is keyed
 * by property), so a twin has its own room types, nights, plans, bookings, events, webhook
 * endpoints and e-mails, and test keys (keys of the twin). Invariants:
 * - a twin is made only of a live property, once (the unique live_property_id; two staff members
 *   opening test mode at once get the same twin);
 * - its inventory (room types with their occupancy and extra adult price, every night with its
 *   rate and restrictions, rate plans, the children's age bands) is a copy of the live one's,
 *   made when the twin is made and again on a reset, with ids of its own and nothing sold:
 *   nothing done in test mode touches live rows, and nothing done live changes the twin but a
 *   reset;
 * - a reset deletes the twin's bookings, events, webhook deliveries and e-mails and copies the
 *   inventory again, in one transaction; its keys and webhook endpoints stay; it is audited.
 */

/** The slug of a live property's twin: "~" is never in a slug, so it never names a live property. */
export const testTwinSlug = (liveSlug: string) => `${liveSlug}~test`;

/** The live property's test twin, made (with a copy of the live inventory) the first time it is asked for. */
export async function openTestTwin(db: Db, livePropertyId: string): Promise<Property> {
  const existing = await db.property.findUnique({ where: { livePropertyId } });
  if (existing) return existing;
  try {
    return await db.$transaction(async (tx) => {
      const live = await tx.property.findUnique({ where: { id: livePropertyId } });
      if (!live || live.livePropertyId) throw new DomainError("not_found", "No such property.");
      const twin = await tx.property.create({
        data: {
          id: newId("prop"),
          livePropertyId: live.id,
          slug: testTwinSlug(live.slug),
          name: live.name,
          timezone: live.timezone,
          currency: live.currency,
          plan: live.plan,
          // Its guest e-mails are kept in the test mailbox (never sent): on or off as live.
          guestEmailsEnabled: live.guestEmailsEnabled,
          contactEmail: live.contactEmail,
          contactPhone: live.contactPhone,
          checkInFrom: live.checkInFrom,
          checkOutUntil: live.checkOutUntil,
          // Its prices for children are the live ones' (a reset copies them again).
          childAgeBands: live.childAgeBands as Prisma.InputJsonValue,
        },
      });
      await copyLiveInventory(tx, live.id, twin.id);
      return twin;
    });
  } catch (error) {
    // Another request made the twin between our read and write: it is the one.
    if ((error as { code?: string }).code === "P2002") return db.property.findUniqueOrThrow({ where: { livePropertyId } });
    throw error;
  }
}

/**
 * Reset test data: the twin's bookings, events (and ARI marks not yet raised), webhook deliveries
 * and e-mails deleted, its inventory copied again from live, with new ids (a partner keeping a
 * copy of the twin's ARI pulls it again); keys and endpoints stay. Audited on the twin.
 */
export async function resetTestData(db: Db, input: { livePropertyId: string; actor: Actor }): Promise<{ bookingsDeleted: number }> {
  const twin = await openTestTwin(db, input.livePropertyId);
  return db.$transaction(async (tx) => {
    // One reset at a time per twin, and no booking of it in between (book_stay locks nights, not the property: the deletes below wait for it).
    await tx.$executeRaw`SELECT FROM properties WHERE id = ${twin.id} FOR UPDATE`;
    await tx.$executeRaw`DELETE FROM webhook_deliveries d USING webhook_endpoints e WHERE d.endpoint_id = e.id AND e.property_id = ${twin.id}`;
    await tx.guestEmail.deleteMany({ where: { propertyId: twin.id } });
    await tx.event.deleteMany({ where: { propertyId: twin.id } });
    await tx.ariMark.deleteMany({ where: { propertyId: twin.id } });
    const { count } = await tx.booking.deleteMany({ where: { propertyId: twin.id } });
    await tx.bookingGroup.deleteMany({ where: { propertyId: twin.id } });
    await tx.ratePlan.deleteMany({ where: { propertyId: twin.id } });
    await tx.roomType.deleteMany({ where: { propertyId: twin.id } });
    await copyLiveInventory(tx, input.livePropertyId, twin.id);
    await tx.$executeRaw`UPDATE properties t SET test_today = NULL, child_age_bands = l.child_age_bands FROM properties l WHERE t.id = ${twin.id} AND l.id = ${input.livePropertyId}`;
    await recordAuditEvent(tx, { propertyId: twin.id, action: "test_data_reset", actor: input.actor, details: { bookingsDeleted: count } });
    return { bookingsDeleted: count };
  }, { timeout: 60_000 });
}

/** The live property's room types (every column of theirs: a new column is added here too), nights and rate plans copied to the twin, with new ids (room types named in plans mapped to their copies). */
async function copyLiveInventory(tx: Prisma.TransactionClient, liveId: string, twinId: string): Promise<void> {
  const roomTypes = await tx.roomType.findMany({ where: { propertyId: liveId }, select: { id: true } });
  const from = roomTypes.map((roomType) => roomType.id);
  const to = from.map(() => newId("rt"));
  await tx.$executeRaw`
    WITH m AS (SELECT * FROM unnest(${from}::text[], ${to}::text[]) AS m(old_id, new_id))
    INSERT INTO room_types (id, property_id, name, description, max_adults, max_children, max_occupancy, adults_included, extra_adult, rooms, base_price, created_at, updated_at)
    SELECT m.new_id, ${twinId}, rt.name, rt.description, rt.max_adults, rt.max_children, rt.max_occupancy, rt.adults_included, rt.extra_adult, rt.rooms, rt.base_price, now(), now()
    FROM room_types rt JOIN m ON m.old_id = rt.id`;
  await tx.$executeRaw`
    WITH m AS (SELECT * FROM unnest(${from}::text[], ${to}::text[]) AS m(old_id, new_id))
    INSERT INTO room_nights (room_type_id, date, rooms_for_sale, rooms_sold, price, closed, min_stay, max_stay, closed_to_arrival, closed_to_departure, updated_at)
    SELECT m.new_id, n.date, n.rooms_for_sale, 0, n.price, n.closed, n.min_stay, n.max_stay, n.closed_to_arrival, n.closed_to_departure, now()
    FROM room_nights n JOIN m ON m.old_id = n.room_type_id`;
  const plans = await tx.ratePlan.findMany({ where: { propertyId: liveId }, select: { id: true } });
  const planIds = plans.map((plan) => plan.id);
  await tx.$executeRaw`
    WITH m AS (SELECT * FROM unnest(${from}::text[], ${to}::text[]) AS m(old_id, new_id)),
         p AS (SELECT * FROM unnest(${planIds}::text[], ${planIds.map(() => newId("rp"))}::text[]) AS p(old_id, new_id))
    INSERT INTO rate_plans (id, property_id, name, description, standard, price_percent, price_amount, cancellation_type, free_days_before, cancellation_fee, room_type_ids, active, created_at, updated_at)
    SELECT p.new_id, ${twinId}, rp.name, rp.description, rp.standard, rp.price_percent, rp.price_amount, rp.cancellation_type, rp.free_days_before, rp.cancellation_fee,
           ARRAY(SELECT m.new_id FROM unnest(rp.room_type_ids) WITH ORDINALITY AS x(id, i) JOIN m ON m.old_id = x.id ORDER BY x.i), rp.active, now(), now()
    FROM rate_plans rp JOIN p ON p.old_id = rp.id`;
}
