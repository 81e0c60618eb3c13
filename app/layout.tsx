import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Harbour View Hotel", template: "%s · Harbour View Hotel" },
  description: "Room Booking demo: book a room at Harbour View Hotel, Lisbon.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
