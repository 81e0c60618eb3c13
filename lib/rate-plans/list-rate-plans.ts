import type { Db } from "@/lib/db";
import type { RatePlanView } from "@/lib/schemas/rate-plans";
import { toRatePlanView } from "./rate-plan-view";

/** A property's rate plans, Standard first, then by name; inactive ones too when asked (the panel). */
export function findRatePlans(db: Db, propertyId: string, options: { includeInactive?: boolean } = {}) {
  return db.ratePlan.findMany({
    where: { propertyId, ...(options.includeInactive ? {} : { active: true }) },
    orderBy: [{ standard: "desc" }, { active: "desc" }, { name: "asc" }, { id: "asc" }],
  });
}

/** GET /rate-plans: every plan of the property (active and not), each naming the room types it is sold for. */
export async function listRatePlans(db: Db, propertyId: string): Promise<RatePlanView[]> {
  const [plans, roomTypes] = await Promise.all([
    findRatePlans(db, propertyId, { includeInactive: true }),
    db.roomType.findMany({ where: { propertyId }, select: { id: true }, orderBy: [{ basePrice: "asc" }, { name: "asc" }, { id: "asc" }] }),
  ]);
  const allRoomTypeIds = roomTypes.map((roomType) => roomType.id);
  return plans.map((plan) => toRatePlanView(plan, allRoomTypeIds));
}
