/** What the Settings › Team server actions answer with: plain data, so the forms work without JavaScript too. */

export type InviteFormValues = { email: string; name: string; role: string };

export type InviteState = {
  /** The form as typed, returned with a refusal so nothing typed is lost. */
  values?: InviteFormValues;
  /** By field: email, name, role. */
  fieldErrors?: Partial<Record<keyof InviteFormValues, string>>;
  error?: string;
  done?: string;
};

/** A role change, a removal, a resend or a revocation: a refusal or a confirmation. */
export type TeamActionState = { error?: string; done?: string };

/** What the accept page's action answers: a refusal by field, or the link no longer opens anything. */
export type AcceptInvitationState = {
  name?: string;
  fieldErrors?: Partial<Record<"name" | "password" | "confirmPassword", string>>;
  error?: string;
  /** The link stopped working (used, revoked, expired) since the page was shown. */
  invalid?: boolean;
};
