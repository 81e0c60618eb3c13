import { CurrentPathField } from "./current-path-field";

type Action = (form: FormData) => Promise<void>;

/** The panel's Live / Test switch (in the header): one button that turns to the other mode, for the property open (its live id). */
export function ModeSwitch({ mode, livePropertyId, action }: { mode: "live" | "test"; livePropertyId: string; action: Action }) {
  const other = mode === "live" ? "test" : "live";
  return (
    <form action={action} className="flex items-center gap-2">
      <CurrentPathField name="returnTo" />
      <input type="hidden" name="mode" value={other} />
      <input type="hidden" name="propertyId" value={livePropertyId} />
      <span className="text-stone-600">
        Mode: <strong className={mode === "test" ? "text-amber-800" : "text-emerald-800"}>{mode === "test" ? "Test" : "Live"}</strong>
      </span>
      <button type="submit" className="rounded border border-stone-300 px-2 py-1 hover:bg-stone-100">
        {other === "test" ? "Open test mode" : "Back to live mode"}
      </button>
    </form>
  );
}

/** Under the header in test mode, on every page: what test mode is, and (admins) Reset test data, confirmed. */
export function TestModeBanner(props: { livePropertyId: string; isAdmin: boolean; today: string; moved: boolean; clockAction: Action; resetAction: Action }) {
  const { livePropertyId, isAdmin, resetAction, clockAction } = props;
  return (
    <div role="status" className="border-b-4 border-amber-500 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-3 text-sm">
        <p>
          <strong>Test mode: nothing here is real.</strong> Test keys (rbp_test_…), test bookings (TEST-…), test webhooks and a test
          mailbox; live data is untouched. <a className="underline" href="/docs/test-mode">How test mode works</a>
        </p>
        <p>
          Today in test mode: <strong>{props.today}</strong>
          {props.moved ? " (moved by the test clock)" : ""}
        </p>
        {isAdmin && (
          <form action={clockAction} className="flex items-center gap-2">
            <CurrentPathField name="returnTo" />
            <input type="hidden" name="propertyId" value={livePropertyId} />
            <label htmlFor="test-clock-today">Move today to</label>
            <input id="test-clock-today" type="date" name="today" defaultValue={props.today} className="rounded border border-amber-700 px-1" />
            <button type="submit" className="rounded border border-amber-700 bg-white px-2 py-1 hover:bg-amber-50">Set</button>
            {props.moved && (
              <button type="submit" name="real" value="yes" className="rounded border border-amber-700 bg-white px-2 py-1 hover:bg-amber-50">
                Back to the real date
              </button>
            )}
          </form>
        )}
        {isAdmin && (
          <form action={resetAction} className="ml-auto flex items-center gap-2">
            <CurrentPathField name="returnTo" />
            <input type="hidden" name="propertyId" value={livePropertyId} />
            <label className="flex items-center gap-1">
              <input type="checkbox" name="confirm" value="yes" required /> Delete every test booking, event and e-mail, and copy live rooms, rates and plans again
            </label>
            <button type="submit" className="rounded border border-amber-700 bg-white px-2 py-1 hover:bg-amber-50">
              Reset test data
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
