/** What the forgotten-password server actions answer with: plain data, so the forms work without JavaScript too. */

/** The one answer to a request, whether or not the address has an account. */
export const RESET_LINK_SENT = "If an account exists for that address, we have sent a link to it to choose a new password. It works for one hour.";

export type ForgotPasswordState = { email?: string; sent?: boolean; error?: string };

export type ResetPasswordState = {
  fieldErrors?: Partial<Record<"password" | "confirmPassword", string>>;
  error?: string;
  /** The link stopped working (used, replaced, expired) since the page was shown. */
  invalid?: boolean;
};
