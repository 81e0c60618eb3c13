"use client";

import { useActionState } from "react";
import type { AccountFormState, SessionRowView } from "./account-form-states";
import { FormStatus } from "./form-status";

type Props = {
  sessions: SessionRowView[];
  endOne: (state: AccountFormState, form: FormData) => Promise<AccountFormState>;
  endOthers: (state: AccountFormState, form: FormData) => Promise<AccountFormState>;
};

/**
 * Account › Sessions: every browser signed in as this member (browser and system, IP address,
 * signed in, last active, "this session"); end one, or every one but this ("Sign out everywhere
 * else"). Ended sessions are signed out at their next request.
 */
export function AccountSessions({ sessions, endOne, endOthers }: Props) {
  const [oneState, endOneAction, endingOne] = useActionState(endOne, {});
  const [othersState, endOthersAction, endingOthers] = useActionState(endOthers, {});
  const others = sessions.filter((session) => !session.current).length;
  const button = "rounded-md border border-stone-300 px-3 py-1 text-sm font-medium hover:bg-stone-100 disabled:opacity-60";
  return (
    <div className="space-y-3">
      <FormStatus error={oneState.error ?? othersState.error} done={oneState.done ?? othersState.done} />
      <table className="text-left text-sm" data-testid="sessions">
        <thead>
          <tr className="border-b border-stone-300">
            <th className="py-2 pr-6">Browser</th><th className="py-2 pr-6">IP address</th><th className="py-2 pr-6">Signed in</th><th className="py-2 pr-6">Last active</th><th className="py-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id} className="border-b border-stone-200">
              <td className="py-2 pr-6">{session.browser}</td>
              <td className="py-2 pr-6">{session.ipAddress}</td>
              <td className="py-2 pr-6">{session.signedIn}</td>
              <td className="py-2 pr-6">{session.lastActive}</td>
              <td className="py-2">
                {session.current ? (
                  <strong className="text-green-800">This session</strong>
                ) : (
                  <form action={endOneAction}>
                    <input type="hidden" name="sessionId" value={session.id} />
                    <button type="submit" disabled={endingOne} className={button} aria-label={`End the session of ${session.browser}, last active ${session.lastActive}`}>End</button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {others > 0 && (
        <form action={endOthersAction}>
          <button type="submit" disabled={endingOthers} className={button}>Sign out everywhere else</button>
        </form>
      )}
    </div>
  );
}
