"use server";

import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import { bookGroup } from "@/lib/guest-site/book-group";
import { bookStay } from "@/lib/guest-site/book-stay";
import { confirmStayChange, previewStayChange } from "@/lib/guest-site/change-stay";
import { FIND_BOOKING_POLICY, findGuestBooking } from "@/lib/guest-site/find-guest-booking";
import { childrenAgesOf, partyQueryOf } from "@/lib/guest-site/party-query";
import { readChosenRooms } from "@/lib/guest-site/choose-rooms";
import { clientAddress } from "@/lib/http/client-address";
import { isPartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import { getRateLimiterWithLocalFallback } from "@/lib/rate-limit/get-rate-limiter";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { printableAscii, RatePlanIdSchema, RoomTypeIdSchema } from "@/lib/schemas/common";
import { GuestSchema } from "@/lib/schemas/bookings";
import { fieldErrors } from "@/lib/schemas/field-errors";
import type { BookState, CancelStayState, ChangeStayState, ChangeStayValues, FindBookingState } from "@/components/booking-widget/form-states";
import { changeStayState, unreachableState } from "./_lib/change-stay-state";
import { siteHref } from "@/components/booking-widget/site-href";
import { bookingIdOf, getSite, getSiteClient, getWords, groupIdOf, manageToken } from "./_lib/guest-site";

const text = (max: number) => z.string().max(max).default("");

/** A form's field as text ("" when not there). */
const formText = (form: FormData) => (name: string) => String(form.get(name) ?? "");

/** The details form's errors beside its fields (guest.firstName, guest.email...), in the guest's words. */
const guestFieldErrors = (error: z.ZodError, words: GuestWords) =>
  Object.fromEntries(fieldErrors(error, "field").map(({ field, message }) => [`guest.${field}`, words.t("apiErrors.field", { field: `guest_${field}`, message })]));

const BookForm = z.object({
  roomTypeId: RoomTypeIdSchema,
  checkin: z.string().max(10),
  checkout: z.string().max(10),
  adults: z.coerce.number().int().min(1).max(20),
  ratePlanId: RatePlanIdSchema.optional(),
  idempotencyKey: printableAscii(255),
  firstName: text(200),
  lastName: text(200),
  email: text(300),
});

/**
 * Book: one attempt of the guest details form, with the key the form was rendered with. The
 * booking's Idempotency-Key is that key and the guest (bookingAttemptKey): a double click, a
 * resubmit or a retry after the API was unreachable makes one booking, and the same form for
 * another guest (Back, then a second room) makes another. Success goes to the confirmation page.
 */
export async function bookAction(previous: BookState, form: FormData): Promise<BookState> {
  const parsed = BookForm.safeParse(Object.fromEntries(form));
  const words = await getWords();
  // The children travel as the search form has them (children, age1, age2...), each age chosen by now.
  const children = childrenAgesOf(partyQueryOf(formText(form)), words);
  if (!parsed.success || "fieldErrors" in children) return { ...previous, error: words.t("book.incomplete") };
  const { firstName, lastName, email, idempotencyKey, ...chosen } = parsed.data;
  const stay = { ...chosen, ...(children.childrenAges.length ? { childrenAges: children.childrenAges } : {}) };
  const state: BookState = { idempotencyKey, values: { firstName, lastName, email } };

  const guest = GuestSchema.safeParse({ firstName, lastName, email });
  if (!guest.success) return { ...state, fieldErrors: guestFieldErrors(guest.error, words) };
  // The guest's language goes with the booking: the hotel's e-mails to them are in it.
  const outcome = await bookStay(await getSiteClient(), { ...stay, guest: { ...guest.data, language: words.lang } }, idempotencyKey, words);
  switch (outcome.kind) {
    case "booked":
      return redirect(siteHref((await getSite()).ref, `/confirmation/${manageToken(outcome.booking.id)}`));
    case "invalid":
      return { ...state, fieldErrors: outcome.fieldErrors };
    case "sold_out":
      return { ...state, soldOut: { message: outcome.message, alternatives: outcome.alternatives } };
    case "unreachable":
      return { ...state, error: outcome.message };
    case "refused":
      return { ...state, error: outcome.message, ...(outcome.formUsed ? { formUsed: true } : {}) };
  }
}

const RoomsStayForm = z.object({ idempotencyKey: printableAscii(255), checkin: z.string().max(10), checkout: z.string().max(10), firstName: text(200), lastName: text(200), email: text(300) });

/**
 * Book several rooms (the details form of BookRooms): every room's party and chosen offer, as
 * the form carries them (rooms-query.ts), booked at once or not at all in the booker's name (a
 * booking group), with the form's key and the booker as the Idempotency-Key (bookingAttemptKey):
 * pressing Book twice books the rooms once. Success goes to the group's confirmation page.
 */
export async function bookRoomsAction(previous: BookState, form: FormData): Promise<BookState> {
  const read = formText(form);
  const parsed = RoomsStayForm.safeParse(Object.fromEntries(["idempotencyKey", "checkin", "checkout", "firstName", "lastName", "email"].map((name) => [name, read(name)])));
  const words = await getWords();
  const rooms = readChosenRooms(read, words);
  if (!parsed.success || !rooms) return { ...previous, error: words.t("book.incomplete") };
  const { firstName, lastName, email, idempotencyKey, checkin, checkout } = parsed.data;
  const state: BookState = { idempotencyKey, values: { firstName, lastName, email } };
  const booker = GuestSchema.safeParse({ firstName, lastName, email });
  if (!booker.success) return { ...state, fieldErrors: guestFieldErrors(booker.error, words) };
  const input = { booker: { ...booker.data, language: words.lang }, rooms, checkin, checkout };
  const outcome = await bookGroup(await getSiteClient(), input, idempotencyKey, words);
  switch (outcome.kind) {
    case "booked":
      return redirect(siteHref((await getSite()).ref, `/confirmation/${manageToken(outcome.group.id)}`));
    case "unreachable":
      return { ...state, error: outcome.message };
    case "refused":
      if (outcome.soldOut) return { ...state, soldOut: { message: outcome.message, alternatives: [] } };
      return { ...state, error: outcome.message, ...(outcome.formUsed ? { formUsed: true } : {}) };
  }
}

/** The reason a guest's cancel gives the hotel's staff: in their language, not the guest's. */
const CANCELLED_BY_GUEST = "Cancelled by the guest on the hotel's website";

/**
 * Cancel booking (or one room of a booking group), from a manage page: the booking comes from
 * the signed token, never from the form alone. Cancelled from the group's page (its token in
 * `group`), the guest goes back to it.
 */
export async function cancelStayAction(_previous: CancelStayState, form: FormData): Promise<CancelStayState> {
  const bookingId = bookingIdOf(String(form.get("token") ?? ""));
  if (!bookingId) notFound();
  const words = await getWords();
  let booking;
  try {
    booking = await (await getSiteClient()).cancelBooking(bookingId, CANCELLED_BY_GUEST);
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return { error: words.t("common.unreachable") };
    if (isPartnerApiError(error, "booking_not_cancellable")) return { error: words.t("manage.cancelTooLate") };
    if (isPartnerApiError(error, "not_found")) notFound();
    throw error;
  }
  const groupToken = String(form.get("group") ?? "");
  const backToGroup = booking.groupId !== null && groupIdOf(groupToken) === booking.groupId;
  return redirect(siteHref((await getSite()).ref, `/manage/${backToGroup ? groupToken : manageToken(bookingId)}`));
}

/** Cancel every room still confirmed of a booking group, from its manage page (the group from the signed token). */
export async function cancelRoomsAction(_previous: CancelStayState, form: FormData): Promise<CancelStayState> {
  const token = String(form.get("token") ?? "");
  const groupId = groupIdOf(token);
  if (!groupId) notFound();
  const words = await getWords();
  try {
    await (await getSiteClient()).cancelBookingGroup(groupId, CANCELLED_BY_GUEST);
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return { error: words.t("common.unreachable") };
    if (isPartnerApiError(error, "booking_not_cancellable")) return { error: words.t("rooms.cancelTooLate") };
    if (isPartnerApiError(error, "not_found")) notFound();
    throw error;
  }
  return redirect(siteHref((await getSite()).ref, `/manage/${token}`));
}

const ChangeStayForm = z.object({
  step: z.enum(["edit", "preview", "confirm"]),
  checkin: text(10),
  checkout: text(10),
  // Confirm change only: what the preview showed, and its Idempotency-Key.
  idempotencyKey: printableAscii(255).optional(),
  expectedAmount: z.coerce.number().int().min(0).optional(),
  expectedCurrency: z.string().regex(/^[A-Z]{3}$/).optional(),
});

/**
 * Change dates or guests (adults, children and each age), from the manage page: "edit" goes
 * back to the form, "preview" asks the API for the new price (a dry run), "confirm" makes the
 * previewed change with the preview's price and Idempotency-Key (a double submit or a resubmit
 * changes once). The booking comes from the signed token, never from the form alone; a change
 * made goes back to the manage page, which says so.
 */
export async function changeStayAction(previous: ChangeStayState, form: FormData): Promise<ChangeStayState> {
  const token = String(form.get("token") ?? "");
  const bookingId = bookingIdOf(token);
  if (!bookingId) notFound();
  const parsed = ChangeStayForm.safeParse(Object.fromEntries(form));
  const words = await getWords();
  if (!parsed.success) return { step: "edit", values: previous.values, error: words.t("change.incomplete") };
  const { step, idempotencyKey, expectedAmount, expectedCurrency, checkin, checkout } = parsed.data;
  const values: ChangeStayValues = { checkin, checkout, ...partyQueryOf(formText(form)) };
  if (step === "edit") return { step: "edit", values };
  const confirmation = idempotencyKey !== undefined && expectedAmount !== undefined && expectedCurrency !== undefined ? { idempotencyKey, expectedPrice: { amount: expectedAmount, currency: expectedCurrency } } : null;
  if (step === "confirm" && !confirmation) return { step: "edit", values, error: words.t("change.incomplete") };

  const client = await getSiteClient();
  let booking;
  try {
    booking = await client.getBooking(bookingId);
  } catch (error) {
    if (isPartnerApiError(error, "not_found")) notFound();
    if (!(error instanceof PartnerApiUnreachable)) throw error;
    return unreachableState({ step, values, previous, words });
  }
  const outcome = confirmation && step === "confirm" ? await confirmStayChange(client, booking, values, confirmation, words) : await previewStayChange(client, booking, values, words);
  if (outcome.kind === "not_found") notFound();
  if (outcome.kind === "changed") redirect(siteHref((await getSite()).ref, `/manage/${manageToken(bookingId)}`, { changed: "1" }));
  return changeStayState(outcome, { step, values, booking, previous, words });
}

/** Find your booking: the reference and the guest's e-mail address open the manage page (a group's reference and its booker's address: every room's). */
export async function findBookingAction(_previous: FindBookingState, form: FormData): Promise<FindBookingState> {
  const values = { reference: String(form.get("reference") ?? "").slice(0, 40), email: String(form.get("email") ?? "").slice(0, 300) };
  const words = await getWords();
  if (!values.reference.trim() || !values.email.trim()) return { values, error: words.t("find.missing") };
  // Must not fail open (guessing references): an in-process limit while Redis is down.
  const decision = await getRateLimiterWithLocalFallback().check(`find-booking:${clientAddress(await headers())}`, FIND_BOOKING_POLICY);
  if (!decision.allowed) return { values, error: words.t("find.tooMany") };
  let found;
  try {
    found = await findGuestBooking(await getSiteClient(), values);
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return { values, error: words.t("common.unreachable") };
    throw error;
  }
  if (!found) return { values, error: words.t("find.notFound") };
  redirect(siteHref((await getSite()).ref, `/manage/${manageToken("groupId" in found ? found.groupId : found.bookingId)}`));
}
