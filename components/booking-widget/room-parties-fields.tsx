"use client";

import { useState } from "react";
import type { PartyQuery } from "@/lib/guest-site/party-query";
import { MAX_ROOMS, roomField } from "@/lib/guest-site/rooms-query";
import { guestWords } from "@/lib/i18n/guest-words";
import { ChildrenFields } from "./children-fields";
import { Field } from "./field";

const SELECT = "mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";

/** A room's errors by its own field names (adults, children, age1...), from the form's (room2.adults...). */
function errorsOfRoom(errors: Readonly<Record<string, string>>, index: number): Record<string, string> {
  const prefix = roomField(index, "");
  return Object.fromEntries(Object.entries(errors).filter(([field]) => field.startsWith(prefix) && (index > 0 || !field.startsWith("room"))).map(([field, message]) => [field.slice(prefix.length), message]));
}

type Props = {
  /** Each room's party as typed (one, or one per room). */
  parties: readonly PartyQuery[];
  /** By the form's field names: adults, age1, room2.adults, room2.age1... */
  errors: Readonly<Record<string, string>>;
  childrenHint: string;
  lang: string;
};

/**
 * How many rooms (1 to MAX_ROOMS), then who stays in each: for one room, adults and children as
 * items of the search form's grid (as before rooms came); for several, a group per room ("Room 2")
 * with its own adults, children and ages. With JavaScript the groups follow the number of rooms
 * at once; without it the search comes back with that many (a new room for 2 adults).
 */
export function RoomPartiesFields({ parties, errors, childrenHint, lang }: Props) {
  const { t } = guestWords(lang);
  const [shown, setShown] = useState(Math.max(1, Math.min(MAX_ROOMS, parties.length)));
  const party = (index: number): PartyQuery => parties[index] ?? { adults: "2" };
  const roomFields = (index: number, idPrefix: string) => {
    const errorsHere = errorsOfRoom(errors, index);
    const { adults, children, ages = [] } = party(index);
    return (
      <>
        <Field id={`${idPrefix}adults`} name={roomField(index, "adults")} type="number" label={t("common.adultsField")} required min={1} max={20} inputMode="numeric" defaultValue={adults || "2"} error={errorsHere.adults} />
        {/* Keyed by the search shown, so a new search's party replaces what was chosen before. */}
        <ChildrenFields key={`${children ?? ""}|${ages.join(",")}`} count={children ?? "0"} ages={ages} errors={errorsHere} idPrefix={idPrefix} namePrefix={roomField(index, "")} hint={childrenHint} lang={lang} />
      </>
    );
  };
  return (
    <>
      <div>
        <label htmlFor="rooms" className="block text-sm font-medium text-stone-800">{t("common.roomsField")}</label>
        <select id="rooms" name="rooms" defaultValue={String(shown)} onChange={(event) => setShown(Number(event.target.value))} className={SELECT}>
          {Array.from({ length: MAX_ROOMS }, (_, index) => (<option key={index} value={index + 1}>{index + 1}</option>))}
        </select>
      </div>
      {shown === 1
        ? roomFields(0, "")
        : Array.from({ length: shown }, (_, index) => (
            <fieldset key={index} className="col-span-full grid gap-4 rounded-lg border border-stone-200 p-4 sm:grid-cols-[7rem_7rem_1fr]">
              <legend className="px-1 text-sm font-semibold text-stone-900">{t("common.roomNumber", { number: index + 1 })}</legend>
              {roomFields(index, `room${index + 1}-`)}
            </fieldset>
          ))}
    </>
  );
}
