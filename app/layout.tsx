import type { Metadata } from "next";
import { headers } from "next/headers";
import { decodeSiteAddress, SITE_HEADER } from "@/lib/guest-site/site-address";
import { PLATFORM_NAME } from "@/lib/platform-name";
import "./globals.css";

/** The platform's own pages (the panel, the docs, the dev mailbox, a 404 outside any hotel) carry its name; a guest site's layout names its hotel. */
export const metadata: Metadata = {
  title: { default: PLATFORM_NAME, template: `%s · ${PLATFORM_NAME}` },
  description: "Room Booking: a hotel booking platform with a partner API, hotels' booking sites and a control panel for their staff.",
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
