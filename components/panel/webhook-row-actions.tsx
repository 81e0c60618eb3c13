"use client";

import { useActionState } from "react";
import { ShownOnceSecret } from "./shown-once-secret";
import type { WebhookActionState } from "./webhook-form-states";

type Action = (state: WebhookActionState, form: FormData) => Promise<WebhookActionState>;
type Props = {
  propertyId: string;
  endpointId: string;
  url: string;
  enabled: boolean;
  actions: { test: Action; setEnabled: Action; rotate: Action; remove: Action };
};

const button = "rounded border border-stone-300 px-2 py-1 text-sm hover:bg-stone-100 disabled:opacity-60";

/** Send test event, Disable or Enable, Rotate secret and Delete for one endpoint; the risky ones after a confirmation. */
export function WebhookRowActions({ propertyId, endpointId, url, enabled, actions }: Props) {
  const [tested, testAction, testing] = useActionState(actions.test, {});
  const [switched, switchAction, switching] = useActionState(actions.setEnabled, {});
  const [rotated, rotateAction, rotating] = useActionState(actions.rotate, {});
  const [removed, removeAction, removing] = useActionState(actions.remove, {});
  const confirmThen = (message: string) => (event: React.FormEvent) => {
    if (!window.confirm(message)) event.preventDefault();
  };
  const ids = (<><input type="hidden" name="propertyId" value={propertyId} /><input type="hidden" name="endpointId" value={endpointId} /></>);
  const answers = [tested, switched, rotated, removed];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <form action={testAction}>{ids}
          <button type="submit" disabled={testing} className={button}>{testing ? "Sending…" : "Send test event"}</button>
        </form>
        <form action={switchAction} onSubmit={enabled ? confirmThen(`Disable ${url}? Events that happen while it is disabled are never sent to it.`) : undefined}>{ids}
          <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
          <button type="submit" disabled={switching} className={button}>{enabled ? "Disable" : "Enable"}</button>
        </form>
        <form action={rotateAction} onSubmit={confirmThen(`Rotate the signing secret of ${url}? The old secret keeps signing beside the new one for 24 hours.`)}>{ids}
          <button type="submit" disabled={rotating} className={button}>Rotate secret</button>
        </form>
        <form action={removeAction} onSubmit={confirmThen(`Delete ${url} and its delivery records? Nothing more is sent to it.`)}>{ids}
          <button type="submit" disabled={removing} className="rounded border border-red-300 px-2 py-1 text-sm text-red-700 hover:bg-red-50 disabled:opacity-60">Delete</button>
        </form>
      </div>
      {rotated.shown && <ShownOnceSecret shown={rotated.shown} url={url} />}
      {answers.map((answer, i) => answer.error
        ? <p key={i} role="alert" className="text-sm text-red-700">{answer.error}</p>
        : answer.done && <p key={i} role="status" className="text-sm text-green-800">{answer.done}</p>)}
    </div>
  );
}
