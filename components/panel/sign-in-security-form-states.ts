/** What Account › Sign-in security's forms show after their server action ran; `recoveryCodes` are shown once. */
export type SecurityFormState = { error?: string; done?: string; recoveryCodes?: string[] };

/** A passkey as the page lists it (times in words, made on the server). */
export type PasskeyView = { id: string; name: string; created: string; lastUsed: string; synced: boolean };
