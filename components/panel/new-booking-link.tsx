import Link from "next/link";

/** New booking (admins only: viewers are not shown it, and its action refuses them). */
export function NewBookingLink() {
  return (
    <Link href="/bookings/new" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none">
      New booking
    </Link>
  );
}
