import type { Metadata } from "next";
import { FindBookingForm } from "@/components/booking-widget/find-booking-form";
import { findBookingAction } from "../actions";
import { getWords } from "../_lib/guest-site";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("find.title") };
}

export default async function FindBookingPage() {
  const { t, lang } = await getWords();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-4xl text-brand-900">{t("find.title")}</h1>
      <p className="max-w-xl text-stone-700">{t("find.intro")}</p>
      <FindBookingForm action={findBookingAction} lang={lang} />
    </div>
  );
}
