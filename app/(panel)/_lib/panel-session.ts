import "server-only";
import { cookies, headers } from "next/headers";
import { PANEL_HOME, REQUESTED_PATH_HEADER, returnPathAfterSignIn, SIGN_IN_SECURITY_PAGE } from "@/components/panel/panel-sections";
import { notFound, redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { getEnv, publicBaseUrl } from "@/lib/env";
import type { CalendarDate } from "@/lib/dates/calendar-date";
import { isDomainError } from "@/lib/errors";
import { propertyToday } from "@/lib/properties/property-today";
import { requireMembership, type PanelAccess, type PropertyFace } from "@/lib/staff/staff-access";
import { clientAddress } from "@/lib/http/client-address";
import { findStaffSession, SESSION_DAYS, sessionClientOf, type SessionClient, type SignedInStaff } from "@/lib/staff/staff-sessions";
import { relyingPartyOf, type RelyingParty } from "@/lib/staff/passkeys";
import { secretBoxFromEnv, type SecretBox } from "@/lib/secrets/secret-box";
import { mustSetUpSecondFactor } from "@/lib/staff/two-step-requirement";

/** The panel's glue to Next.js: the session cookie and the property the staff member has open. */
export const SESSION_COOKIE = "rb_session";
export const PROPERTY_COOKIE = "rb_property";
/** A password sign-in waiting for its second factor (the code page): a token, for SECOND_STEP_MINUTES. */
export const SECOND_STEP_COOKIE = "rb_second_step";

/** The panel's WebAuthn relying party: this server's public address (PUBLIC_BASE_URL). */
export function panelRelyingParty(): RelyingParty {
  return relyingPartyOf(publicBaseUrl(getEnv()));
}

/** The box two-step codes' secrets are sealed in (a key of its own). */
export function totpSecretBox(): SecretBox {
  return secretBoxFromEnv(getEnv(), "staff-totp-secrets");
}

export function cookieOptions(maxAgeSeconds = SESSION_DAYS * 86_400) {
  return { httpOnly: true, sameSite: "lax" as const, secure: getEnv().NODE_ENV === "production", path: "/", maxAge: maxAgeSeconds };
}

/** Where this request comes from, as a new session records it (Account › Sessions): its User-Agent and client address. */
export async function requestClient(): Promise<SessionClient> {
  const headerList = await headers();
  return sessionClientOf({ userAgent: headerList.get("user-agent"), clientAddress: clientAddress(headerList) });
}

export async function currentStaff(): Promise<SignedInStaff | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return findStaffSession(getDb(), token);
}

/**
 * The signed-in staff member, or a redirect to /login, which returns to the page asked for. A
 * member whose team requires a second factor they do not have yet is sent to Account › Sign-in
 * security from every other page and action (the proxy names the path asked for; a request it
 * does not name is sent there too).
 */
export async function requireStaff(): Promise<SignedInStaff> {
  const staff = await currentStaff();
  const asked = (await headers()).get(REQUESTED_PATH_HEADER);
  if (!staff) {
    const back = returnPathAfterSignIn(asked);
    redirect(back === PANEL_HOME ? "/login" : `/login?next=${encodeURIComponent(back)}`);
  }
  if (mustSetUpSecondFactor(staff.twoStep) && asked?.split("?", 1)[0] !== SIGN_IN_SECURITY_PAGE) redirect(SIGN_IN_SECURITY_PAGE);
  return staff;
}

/**
 * The property open in the panel: the one chosen last, else the first membership; in test mode
 * (the session's Live / Test switch) its test twin. `propertyId` is the one every page shows;
 * `livePropertyId` the membership's. Rendering a page never writes: the twin is made by an
 * action (turning test mode on, or opening another property in test mode); a session in test
 * mode on a property without one shows live, with the switch to open it.
 */
export async function openProperty(staff: SignedInStaff) {
  const chosen = (await cookies()).get(PROPERTY_COOKIE)?.value;
  const membership = staff.memberships.find((m) => m.propertyId === chosen) ?? staff.memberships[0];
  if (!membership) notFound();
  // The session's read brought the twin and its today along.
  if (!staff.testMode || !membership.testPropertyId) return { ...membership, livePropertyId: membership.propertyId, mode: "live" as const, testToday: null };
  return { ...membership, propertyId: membership.testPropertyId, livePropertyId: membership.propertyId, mode: "test" as const, testToday: membership.testToday };
}

export type OpenProperty = Awaited<ReturnType<typeof openProperty>>;

/**
 * Today at the property open in the panel, as its clock reads it: in test mode the twin's test
 * clock (its moved today, or the real date). Every panel page that shows or checks today takes it
 * from here (or from a property row selected with PROPERTY_CLOCK), never from the time zone alone.
 */
export function openPropertyToday(open: OpenProperty): CalendarDate {
  return propertyToday({ timezone: open.propertyTimezone, testToday: open.testToday });
}

/**
 * For server actions: the signed-in staff member's membership of `propertyId`, checked on the
 * server. Another property's id is "not found"; a viewer changing something gets a message.
 */
export async function authorizeAction(propertyId: string, access: PanelAccess, face: PropertyFace = "either"): Promise<{ staff: SignedInStaff; error?: string }> {
  const staff = await requireStaff();
  try {
    requireMembership(staff, propertyId, access, face);
    return { staff };
  } catch (error) {
    if (isDomainError(error, "not_found")) notFound();
    if (isDomainError(error)) return { staff, error: error.message };
    throw error;
  }
}
