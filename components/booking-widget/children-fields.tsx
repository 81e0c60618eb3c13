"use client";

import { useState } from "react";
import { childAgeField, childrenCountOf } from "@/lib/guest-site/party-query";
import { guestWords } from "@/lib/i18n/guest-words";
import { MAX_CHILD_AGE, MAX_CHILDREN } from "@/lib/rate-plans/party-price";

const SELECT = "mt-1 w-full rounded-md border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";

type Props = {
  /** The count and each age as typed (PartyQuery's children and ages). */
  count: string;
  ages: readonly string[];
  /** By field: children, age1, age2, ... */
  errors?: Readonly<Record<string, string | undefined>>;
  /** Before every id, when the page has another such form (the panel's change form: "change-"). */
  idPrefix?: string;
  /** Before every field's name, for a room after the first (rooms-query.ts: "room2."). */
  namePrefix?: string;
  /** Said under the count (what the room takes). */
  hint?: string;
  lang: string;
};

/**
 * How many children, then a select for each child's age (0 to 17 on arrival), as a person
 * expects. Two items of the form's grid: the count, and the ages as a group spanning a row.
 * With JavaScript the age selects follow the count at once; without it the form is sent with the
 * new count and comes back with that many (the ones not chosen yet marked, with their message).
 */
export function ChildrenFields({ count, ages, errors = {}, idPrefix = "", namePrefix = "", hint, lang }: Props) {
  const { t } = guestWords(lang);
  const [shown, setShown] = useState(() => childrenCountOf(count));
  const id = (name: string) => `${idPrefix}${name}`;
  const describedBy = (name: string, withHint = false) => [errors[name] ? id(`${name}-error`) : "", withHint && hint ? id(`${name}-hint`) : ""].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <div>
        <label htmlFor={id("children")} className="block text-sm font-medium text-stone-800">{t("common.childrenField")}</label>
        <select
          id={id("children")}
          name={`${namePrefix}children`}
          defaultValue={String(shown)}
          onChange={(event) => setShown(childrenCountOf(event.target.value))}
          aria-invalid={errors.children ? true : undefined}
          aria-describedby={describedBy("children", true)}
          className={`${SELECT} ${errors.children ? "border-red-600" : "border-stone-300"}`}
        >
          {Array.from({ length: MAX_CHILDREN + 1 }, (_, number) => (<option key={number} value={number}>{number}</option>))}
        </select>
        {hint && <p id={id("children-hint")} className="mt-1 text-xs text-stone-600">{hint}</p>}
        {errors.children && <p id={id("children-error")} className="mt-1 text-sm text-red-700">{errors.children}</p>}
      </div>
      {shown > 0 && (
        <fieldset className="col-span-full">
          <legend className="text-sm font-medium text-stone-800">{t("common.childrenAges")}</legend>
          <div className="mt-1 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {Array.from({ length: shown }, (_, index) => {
              const name = childAgeField(index + 1);
              return (
                <div key={name}>
                  <label htmlFor={id(name)} className="block text-sm text-stone-800">{t("common.childAge", { number: index + 1 })}</label>
                  <select
                    id={id(name)}
                    name={`${namePrefix}${name}`}
                    required
                    defaultValue={ages[index] ?? ""}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={describedBy(name)}
                    className={`${SELECT} ${errors[name] ? "border-red-600" : "border-stone-300"}`}
                  >
                    <option value="">{t("common.childAgeChoose")}</option>
                    {Array.from({ length: MAX_CHILD_AGE + 1 }, (_, age) => (<option key={age} value={age}>{t("common.childAgeOption", { count: age })}</option>))}
                  </select>
                  {errors[name] && <p id={id(`${name}-error`)} className="mt-1 text-sm text-red-700">{errors[name]}</p>}
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
    </>
  );
}
