"use client";

import { useActionState, type ReactNode } from "react";
import { guestWords } from "@/lib/i18n/guest-words";
import { Field } from "./field";
import type { BookState } from "./form-states";
import { RoomOffer } from "./room-offers";
import { siteHref, type SiteRef } from "./site-href";

/** The one room's stay (its other rooms free for it, should it sell out). */
type Stay = { checkin: string; checkout: string; adults: number; childrenAges: number[]; nights: number };

type Props = {
  action: (state: BookState, form: FormData) => Promise<BookState>;
  idempotencyKey: string;
  /** What is booked, as the form's hidden fields: StayHiddenFields, or a group's rooms. */
  hiddenFields: ReactNode;
  /** The results for the stay, to choose again. */
  searchAgainHref: string;
  /** One room's stay, for the other rooms still free when it sells out; a group's rooms are chosen again on the results page. */
  stay?: Stay;
  site: SiteRef;
  lang: string;
  hotelSendsEmail?: boolean;
};

/**
 * The guest's details and Book. The form's key was made when the form was rendered and travels
 * with every submission of it (the action hands it back with any error); with the guest it is
 * the booking's Idempotency-Key, so pressing Book twice, resubmitting or retrying books once.
 * For several rooms the details are the booker's, and each room is booked in their name.
 */
export function GuestDetailsForm({ action, idempotencyKey, hiddenFields, searchAgainHref, stay, site, lang, hotelSendsEmail = true }: Props) {
  const words = guestWords(lang);
  const { t } = words;
  const [state, formAction, pending] = useActionState(action, { idempotencyKey, values: { firstName: "", lastName: "", email: "" } });
  const errors = state.fieldErrors ?? {};
  const stayErrors = Object.entries(errors).filter(([field]) => !field.startsWith("guest."));
  return (
    <div className="space-y-6">
      {state.soldOut && (
        <section role="alert" aria-labelledby="sold-out-heading" className="space-y-4 rounded-xl border border-amber-300 bg-amber-50 p-5">
          <h2 id="sold-out-heading" className="font-serif text-xl text-amber-900">{state.soldOut.message}</h2>
          {stay && state.soldOut.alternatives.length ? (
            <>
              <p className="text-amber-900">{t("book.stillFree")}</p>
              <ul className="space-y-4" aria-label={t("book.otherRooms")}>
                {state.soldOut.alternatives.map((offer) => (
                  <RoomOffer key={offer.roomTypeId} offer={offer} stay={stay} site={site} words={words} />
                ))}
              </ul>
            </>
          ) : stay ? (
            <p className="text-amber-900">{t("book.noOtherRoom")}</p>
          ) : (
            <p><a className="font-medium text-amber-900 underline" href={searchAgainHref}>{t("rooms.chooseAgain")}</a></p>
          )}
        </section>
      )}
      {!state.soldOut && (<form action={formAction} className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200" noValidate>
        <h2 className="font-serif text-xl text-brand-900">{t("book.whoIsStaying")}</h2>
        {(state.error || stayErrors.length > 0) && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {state.error && <p>{state.error}</p>}
            {state.formUsed && (
              <p className="mt-2 flex flex-wrap gap-x-4">
                <a className="font-medium underline" href={siteHref(site, "/find")}>{t("site.findYourBooking")}</a>
                <a className="font-medium underline" href={searchAgainHref}>{t("book.newSearch")}</a>
              </p>
            )}
            {stayErrors.map(([field, message]) => (<p key={field}>{message}</p>))}
          </div>
        )}
        {/* The key the form was first rendered with, kept by every answer: a page rendered anew keeps the attempt's. */}
        <input type="hidden" name="idempotencyKey" value={state.idempotencyKey} />
        {hiddenFields}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="firstName" name="firstName" label={t("book.firstName")} autoComplete="given-name" required maxLength={100} defaultValue={state.values.firstName} error={errors["guest.firstName"]} />
          <Field id="lastName" name="lastName" label={t("book.lastName")} autoComplete="family-name" required maxLength={100} defaultValue={state.values.lastName} error={errors["guest.lastName"]} />
        </div>
        <Field id="email" name="email" type="email" label={t("common.emailField")} autoComplete="email" required maxLength={254} defaultValue={state.values.email} error={errors["guest.email"]} hint={t(hotelSendsEmail ? "book.emailHint" : "book.noEmailHint")} />
        <button type="submit" disabled={pending} aria-disabled={pending} className="w-full rounded-md bg-brand-700 px-5 py-3 text-lg font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-70 sm:w-auto">
          {pending ? t("book.submitting") : t("book.submit")}
        </button>
      </form>)}
    </div>
  );
}
