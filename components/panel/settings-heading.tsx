import type { ReactNode } from "react";

/** The top of a Settings page: "Settings", the page's title, and what the page is for. */
export function SettingsHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-sm text-stone-500">Settings</p>
      <h1 className="font-serif text-3xl text-brand-900">{title}</h1>
      {children}
    </div>
  );
}
