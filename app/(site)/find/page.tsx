import type { Metadata } from "next";
import { FindBookingForm } from "@/components/booking-widget/find-booking-form";
import { findBookingAction } from "../actions";

export const metadata: Metadata = { title: "Find your booking" };

export default function FindBookingPage() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-4xl text-brand-900">Find your booking</h1>
      <p className="max-w-xl text-stone-700">Enter the booking reference from your confirmation and the e-mail address you booked with.</p>
      <FindBookingForm action={findBookingAction} />
    </div>
  );
}
