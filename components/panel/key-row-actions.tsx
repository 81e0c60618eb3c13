"use client";

import { useActionState } from "react";
import type { KeyActionState } from "@/app/(panel)/(signed-in)/settings/api-keys/actions";
import { ShownOnceKey } from "./shown-once-key";

type Action = (state: KeyActionState, form: FormData) => Promise<KeyActionState>;

/** Rotate and Revoke for one key, each after a confirmation. */
type Props = { propertyId: string; keyId: string; label: string; active: boolean; rotate: Action; revoke: Action };

export function KeyRowActions({ propertyId, keyId, label, active, rotate, revoke }: Props) {
  const [rotated, rotateAction, rotating] = useActionState(rotate, {});
  const [revoked, revokeAction, revoking] = useActionState(revoke, {});
  const confirmThen = (message: string) => (event: React.FormEvent) => {
    if (!window.confirm(message)) event.preventDefault();
  };
  return (
    <div className="space-y-2">
      {/* Stays mounted when the key stops being active, so a rotated key's new value stays on screen. */}
      {active && <div className="flex gap-2">
        <form action={rotateAction} onSubmit={confirmThen(`Rotate “${label}”? The current value stops working immediately.`)}>
          <input type="hidden" name="propertyId" value={propertyId} />
          <input type="hidden" name="keyId" value={keyId} />
          <button type="submit" disabled={rotating} className="rounded border border-stone-300 px-2 py-1 text-sm hover:bg-stone-100">Rotate</button>
        </form>
        <form action={revokeAction} onSubmit={confirmThen(`Revoke “${label}”? It stops working immediately.`)}>
          <input type="hidden" name="propertyId" value={propertyId} />
          <input type="hidden" name="keyId" value={keyId} />
          <button type="submit" disabled={revoking} className="rounded border border-red-300 px-2 py-1 text-sm text-red-700 hover:bg-red-50">Revoke</button>
        </form>
      </div>}
      {rotated.shown && <ShownOnceKey verb={rotated.shown.verb} label={rotated.shown.label} value={rotated.shown.key} />}
      {(rotated.error || revoked.error) && <p role="alert" className="text-sm text-red-700">{rotated.error ?? revoked.error}</p>}
    </div>
  );
}
