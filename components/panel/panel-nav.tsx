"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { matchSection, PANEL_SECTIONS } from "./panel-sections";

/** The panel's sections; the one the page belongs to is marked as the current page. */
export function PanelNav() {
  const current = matchSection(usePathname());
  return (
    <nav aria-label="Panel" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {PANEL_SECTIONS.map((section) => {
        const isCurrent = section.href === current;
        return (
          <Link
            key={section.href}
            href={section.href}
            aria-current={isCurrent ? "page" : undefined}
            className={isCurrent ? "font-semibold text-brand-900 underline" : "text-brand-700 hover:underline"}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
