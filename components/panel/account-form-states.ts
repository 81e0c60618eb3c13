/** What the Account page's forms (name, password) show after their server action ran. */
export type AccountFormState = { error?: string; done?: string };

/** The name form also shows the name as it now stands. */
export type NameFormState = AccountFormState & { name?: string };

/** A session as Account › Sessions shows it (the words and times made on the server). */
export type SessionRowView = { id: string; browser: string; ipAddress: string; signedIn: string; lastActive: string; current: boolean };
