"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { matchNavPage, PANEL_NAV } from "./panel-sections";

const LINK = "rounded px-2 py-1 text-brand-700 hover:bg-stone-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700";
const CURRENT = "rounded px-2 py-1 font-semibold text-brand-900 underline decoration-2 underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-700";

/**
 * The panel's navigation in two rows of plain links (no script needed, every item reachable with
 * Tab, each row a landmark of its own): the groups (Overview, Bookings, Inventory, Settings,
 * Account), the one holding this page marked current; under them, the pages of that group, this
 * one marked as the current page. Five words fit a phone's width; a group's pages wrap.
 */
export function PanelNav() {
  const current = matchNavPage(usePathname());
  return (
    <nav aria-label="Panel" className="text-sm">
      <ul className="flex flex-wrap gap-x-1 gap-y-1">
        {PANEL_NAV.map((group) => {
          const isCurrent = group === current?.group;
          const here = isCurrent && group.pages.length === 1;
          return (
            <li key={group.label}>
              <Link href={group.pages[0].href} aria-current={here ? "page" : isCurrent ? "true" : undefined} className={isCurrent ? CURRENT : LINK}>
                {group.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The second row: the pages of the current group (none for a group of one page). */
export function PanelSubNav() {
  const current = matchNavPage(usePathname());
  if (!current || current.group.pages.length < 2) return null;
  return (
    <nav aria-label={current.group.label} className="border-b border-stone-200 bg-white text-sm">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 gap-y-1 px-4 py-2">
        {current.group.pages.map((page) => (
          <li key={page.href}>
            <Link href={page.href} aria-current={page.href === current.href ? "page" : undefined} className={page.href === current.href ? CURRENT : LINK}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
