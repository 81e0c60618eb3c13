import { CurrentPathField } from "@/components/panel/current-path-field";
import { PanelNav, PanelSubNav } from "@/components/panel/panel-nav";
import { signOutAction } from "../login/actions";
import { openProperty, openPropertyToday, requireStaff } from "../_lib/panel-session";
import { resetTestDataAction, setTestClockAction, switchModeAction, switchPropertyAction } from "./actions";
import { ModeSwitch, TestModeBanner } from "@/components/panel/test-mode-bar";
import { staffDisplayName } from "@/lib/staff/staff-name";

/** Every signed-in panel page: which property is open, a switcher (back to the same section), the sections, sign-out. */
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  return (
    <div className="min-h-screen">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-6 py-4">
          <p className="font-serif text-xl text-brand-900">
            {open.propertyName} <span className="text-sm text-stone-500">({open.role})</span>
          </p>
          <PanelNav />
          <div className="ml-auto flex flex-wrap items-center gap-3 text-sm">
            {staff.memberships.length > 1 && (
              <form action={switchPropertyAction} className="flex items-center gap-2">
                <CurrentPathField name="returnTo" />
                <label htmlFor="propertyId" className="text-stone-600">Property</label>
                <select id="propertyId" name="propertyId" defaultValue={open.livePropertyId} className="rounded border border-stone-300 px-2 py-1">
                  {staff.memberships.map((m) => (
                    <option key={m.propertyId} value={m.propertyId}>{m.propertyName}</option>
                  ))}
                </select>
                <button type="submit" className="rounded border border-stone-300 px-2 py-1 hover:bg-stone-100">Switch</button>
              </form>
            )}
            <ModeSwitch mode={open.mode} livePropertyId={open.livePropertyId} action={switchModeAction} />
            <span className="text-stone-600" title={staff.email}>{staffDisplayName(staff)}</span>
            <form action={signOutAction}>
              <button type="submit" className="rounded border border-stone-300 px-2 py-1 hover:bg-stone-100">Sign out</button>
            </form>
          </div>
        </div>
      </header>
      <PanelSubNav />
      {open.mode === "test" && (
        <TestModeBanner
          livePropertyId={open.livePropertyId}
          isAdmin={open.role === "admin"}
          today={openPropertyToday(open)}
          moved={open.testToday !== null}
          clockAction={setTestClockAction}
          resetAction={resetTestDataAction}
        />
      )}
      <main className="mx-auto max-w-6xl px-6 py-8">{children}</main>
    </div>
  );
}
