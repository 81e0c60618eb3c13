import { currentStaff } from "@/app/(panel)/_lib/panel-session";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { exportGuestData } from "@/lib/privacy/export-guest-data";
import { isGuestEmail } from "@/lib/privacy/guest-bookings";
import { PropertyIdSchema } from "@/lib/schemas/common";
import { requireMembership } from "@/lib/staff/staff-access";
import { staffActor } from "@/lib/staff/staff-actor";

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/**
 * Settings › Privacy › Export: everything the property holds about a guest, as a JSON file
 * (exportGuestData, audited as the panel's). A form post, so it works without JavaScript and the
 * address stays out of URLs and logs; from the panel's own pages only (the Origin must be this
 * host, as Next.js checks for server actions), for a signed-in admin of the property.
 */
export async function POST(request: Request): Promise<Response> {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!origin || !host || URL.parse(origin)?.host !== host) return text(403, "Export from the panel's Privacy page.");
  const staff = await currentStaff();
  if (!staff) return Response.redirect(new URL("/login?next=%2Fsettings%2Fprivacy", request.url), 303);
  const form = await request.formData();
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) return text(404, "No such property.");
  try {
    requireMembership(staff, propertyId.data, "manage");
  } catch (error) {
    if (isDomainError(error, "not_found")) return text(404, "No such property.");
    if (isDomainError(error)) return text(403, "Only the property's admins can export a guest's data.");
    throw error;
  }
  const email = String(form.get("email") ?? "").trim();
  if (!isGuestEmail(email)) return text(400, "Enter the guest's e-mail address.");
  const db = getDb();
  const property = await db.property.findUniqueOrThrow({ where: { id: propertyId.data }, select: { id: true, name: true, slug: true } });
  const data = await exportGuestData(db, { property, email, actor: staffActor(staff), way: "panel" });
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="guest-data-${property.slug.replace("~", "-")}-${data.exportedAt.slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
}
