"use client";

import { useActionState, useEffect, useRef } from "react";
import { addDays } from "@/lib/dates/calendar-date";
import { partyQueryFrom } from "@/lib/guest-site/party-query";
import { guestWords } from "@/lib/i18n/guest-words";
import { ChildrenFields } from "./children-fields";
import { Field } from "./field";
import type { ChangeStayState } from "./form-states";
import { StayChangePreview, StayFields } from "./stay-change-preview";

type Current = { checkin: string; checkout: string; adults: number; childrenAges: number[]; currency: string };

/** What the booking's room takes (GET /room-types/{id}), said beside the adults and the children. */
type RoomLimits = { maxAdults: number; maxChildren: number; maxOccupancy: number };

/**
 * Change dates or guests: new check-in, check-out, adults, children and each child's age, then
 * "See the new price" (a preview, nothing changed yet), then "Confirm change". Plain forms
 * posting to the server action, so it works with JavaScript off (a new number of children comes
 * back with that many age selects). Once the stay has started, its check-in is shown but cannot
 * change.
 */
export function ChangeStayForm({
  action,
  token,
  current,
  started: startedWhenDrawn,
  today,
  room,
  manageHref,
  lang,
}: {
  action: (state: ChangeStayState, form: FormData) => Promise<ChangeStayState>;
  token: string;
  current: Current;
  started: boolean;
  today: string;
  room?: RoomLimits;
  manageHref: string;
  lang: string;
}) {
  const words = guestWords(lang);
  const { t } = words;
  const [state, formAction, pending] = useActionState(action, { step: "edit", values: { checkin: current.checkin, checkout: current.checkout, ...partyQueryFrom(current) } });
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const showsPreview = state.step === "preview" && state.preview !== undefined;
  useEffect(() => {
    if (showsPreview) previewHeading.current?.focus();
  }, [showsPreview, state.preview?.idempotencyKey]);

  if (state.closed) {
    return (
      <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
        <p>{state.error}</p>
        <a className="font-medium underline" href={manageHref}>{t("change.backToBooking")}</a>
      </div>
    );
  }
  if (showsPreview) return <StayChangePreview preview={state.preview!} words={words} token={token} action={formAction} pending={pending} error={state.error} headingRef={previewHeading} />;

  const started = startedWhenDrawn || state.started === true;
  const errors = state.fieldErrors ?? {};
  const values = state.values;
  return (
    <div className="space-y-6">
      {state.soldOut && (
        <section role="status" aria-labelledby="change-sold-out-heading" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-900">
          <h2 id="change-sold-out-heading" className="font-serif text-xl">
            {state.soldOut.night ? t("change.notFreeNight", { date: words.stayDate(state.soldOut.night) }) : t("change.notFreeNights")}
          </h2>
          {state.soldOut.suggestions.length ? (
            <>
              <p>{started ? t("change.canExtend") : t("change.nearestDates", { nights: words.nights(state.soldOut.nights) })}</p>
              <ul className="space-y-2" aria-label={t("common.datesToTry")}>
                {state.soldOut.suggestions.map((s) => (
                  <li key={s.checkin + s.checkout}>
                    <form action={formAction} className="flex flex-wrap items-baseline gap-x-3">
                      <StayFields token={token} step="preview" stay={{ checkin: s.checkin, checkout: s.checkout, adults: values.adults, childrenAges: values.ages ?? [] }} />
                      <button type="submit" disabled={pending} className="font-medium text-brand-700 underline disabled:opacity-70">
                        {words.stayDate(s.checkin)} → {words.stayDate(s.checkout)}
                      </button>
                      <span className="text-sm">{t("common.inAll", { price: words.money({ amount: s.lowestTotal, currency: current.currency }) })}</span>
                    </form>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{started ? t("change.cannotExtend") : t("change.nothingNear")}</p>
          )}
        </section>
      )}
      <form action={formAction} noValidate aria-labelledby="change-form-heading" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <h2 id="change-form-heading" className="font-serif text-xl text-brand-900">{t("change.formHeading")}</h2>
        {state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{state.error}</p>}
        {state.notice && <p role="status" className="rounded-md border border-stone-300 bg-stone-50 px-4 py-3 text-sm text-stone-800">{state.notice}</p>}
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="step" value="preview" />
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_8rem_8rem]">
          {started ? (
            <Field id="checkin" name="checkin" type="date" label={t("common.checkIn")} readOnly defaultValue={current.checkin} hint={t("change.checkinFixed")} className="mt-1 w-full rounded-md border border-stone-200 bg-stone-100 px-3 py-2 text-stone-700" />
          ) : (
            <Field id="checkin" name="checkin" type="date" label={t("common.checkIn")} required min={today} defaultValue={values.checkin} error={errors.checkin} />
          )}
          <Field id="checkout" name="checkout" type="date" label={t("common.checkOut")} required min={started ? addDays(today, 1) : today} defaultValue={values.checkout} error={errors.checkout} />
          <Field
            id="adults"
            name="adults"
            type="number"
            label={t("common.adultsField")}
            required
            min={1}
            max={room?.maxAdults}
            inputMode="numeric"
            defaultValue={values.adults}
            error={errors.adults}
            hint={room ? t("change.roomSleeps", { adults: words.adults(room.maxAdults) }) : undefined}
          />
          <ChildrenFields
            key={`${values.children}|${values.ages?.join(",")}`}
            count={values.children ?? "0"}
            ages={values.ages ?? []}
            errors={errors}
            hint={room ? t("change.roomTakesChildren", { count: room.maxChildren, guests: room.maxOccupancy }) : t("common.childrenHint")}
            lang={lang}
          />
        </div>
        {started && <p className="text-sm text-stone-700">{t("change.stillChangeable")}</p>}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-70">
            {pending ? t("change.checking") : t("change.preview")}
          </button>
          <a className="text-brand-700 underline" href={manageHref}>{t("change.keep")}</a>
        </div>
      </form>
    </div>
  );
}
