import { test } from "@playwright/test";
import { addDays } from "@/lib/dates/calendar-date";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { propertyToday } from "@/lib/properties/property-today";
import { CALENDAR_HORIZON_NIGHTS } from "@/lib/room-types/calendar-horizon";
import { e2eDb } from "./db";

/**
 * Nights of the demo hotels that are one test's alone. Tests run side by side (two workers,
 * fullyParallel) on the demo hotels' calendars, so a test that books there, sells a night out or
 * counts free rooms must not meet another test's bookings. Each call hands out the next block of
 * BLOCK_NIGHTS nights, numbered by a sequence in this run's own database (scripts/e2e/serve.ts
 * makes a new one every run): no two calls of a run ever get the same night, whichever worker
 * asks and in whatever order. Today only moves forward, so a block handed out after midnight
 * starts later still and cannot overlap one handed out before.
 *
 * A test that needs exact counts of its own is better off with a hotel of its own
 * (`seedProperty` from prisma/factories, as the integration tests do): its nights never matter.
 */

/** Where the blocks start: after the demo bookings (up to 60 days ahead), the seed's minimum-stay weekend and the overview's 30 nights. */
const FIRST_NIGHT = 90;
/** A test's block: the stay starts on its first night; the rest are the test's too, to move or lengthen the stay into. */
export const BLOCK_NIGHTS = 10;
const BLOCKS = Math.floor((CALENDAR_HORIZON_NIGHTS - FIRST_NIGHT) / BLOCK_NIGHTS);
const SEQUENCE = "e2e_night_blocks";

/** The next block's number in this run (0, 1, 2 …), whichever process asks. */
async function nextBlock(): Promise<number> {
  return e2eDb().$transaction(async (tx) => {
    // Two workers creating the sequence at once would collide on the catalogue: one waits for the other.
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('${SEQUENCE}'))`);
    await tx.$executeRawUnsafe(`CREATE SEQUENCE IF NOT EXISTS ${SEQUENCE} MINVALUE 0 START WITH 0`);
    const [row] = await tx.$queryRawUnsafe<{ block: number }[]>(`SELECT nextval('${SEQUENCE}')::int AS block`);
    return row!.block;
  });
}

/**
 * A stay of `nights` nights at the demo hotel (or Alpine Lodge) on nights no other test of the run
 * uses: the check-in is the first night of a block of BLOCK_NIGHTS nights that are this test's
 * alone. Written into the test's report (annotation "own nights").
 */
export async function ownStay(nights = 2): Promise<{ checkin: string; checkout: string }> {
  if (nights < 1 || nights > BLOCK_NIGHTS) throw new Error(`ownStay: ${nights} nights do not fit a block of ${BLOCK_NIGHTS}`);
  const block = await nextBlock();
  if (block >= BLOCKS) {
    throw new Error(`ownStay: all ${BLOCKS} blocks of the demo hotels' calendar are handed out this run; give the test a hotel of its own (seedProperty)`);
  }
  const today = propertyToday(await findPropertyBySlug(e2eDb(), "harbour-view-hotel"));
  const checkin = addDays(today, FIRST_NIGHT + block * BLOCK_NIGHTS);
  const stay = { checkin, checkout: addDays(checkin, nights) };
  test.info().annotations.push({ type: "own nights", description: `${checkin} to ${addDays(checkin, BLOCK_NIGHTS)} (block ${block})` });
  return stay;
}
