/** What the Settings › Booking engine server action answers with: plain data, so the form works without JavaScript too. */

/** The settings form as typed: the allowed sites one per line. */
export type EngineFormValues = { allowedOrigins: string; accentColour: string; welcomeText: string; defaultLanguage: string };

export type EngineFormState = {
  values?: EngineFormValues;
  fieldErrors?: Partial<Record<keyof EngineFormValues, string>>;
  error?: string;
  done?: string;
};

/** The stored settings as the form shows them. */
export function engineFormValues(engine: { allowedOrigins: string[]; accentColour: string; welcomeText: string; defaultLanguage: string }): EngineFormValues {
  return { allowedOrigins: engine.allowedOrigins.join("\n"), accentColour: engine.accentColour, welcomeText: engine.welcomeText, defaultLanguage: engine.defaultLanguage };
}
