/** What the Settings › Webhooks server actions answer with: plain data, so the forms work without JavaScript too. */

/** A signing secret to show once: after "Add endpoint" or "Rotate secret". */
export type ShownSecret = { secret: string; verb: "Created" | "Rotated"; url?: string };

export type CreateEndpointState = {
  values?: { url: string; description: string; events: string[] };
  /** By field: url, events, description. */
  fieldErrors?: Record<string, string>;
  error?: string;
  shown?: ShownSecret;
};

/** Any other action on an endpoint, a delivery or a setting: a refusal, a confirmation, or a secret to show once. */
export type WebhookActionState = { error?: string; done?: string; shown?: ShownSecret };
