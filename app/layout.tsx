import type { Metadata } from "next";
import { headers } from "next/headers";
import { decodeSiteAddress, SITE_HEADER } from "@/lib/guest-site/site-address";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Harbour View Hotel", template: "%s · Harbour View Hotel" },
  description: "Room Booking demo: book a room at Harbour View Hotel, Lisbon.",
};

/** The page's language: a guest site's (proxy.ts names it), English everywhere else. */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const { lang } = decodeSiteAddress((await headers()).get(SITE_HEADER));
  return (
    <html lang={lang}>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
