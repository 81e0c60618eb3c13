/** Types of keep-ari-copy.mjs, for the test that runs it. */
export type AriNight = { date: string; amount: number | null; availableRooms: number; closed: boolean; minStay: number; maxStay: number | null; closedToArrival: boolean; closedToDeparture: boolean; plans: { ratePlanId: string; amount: number }[] };
export type AriCopy = {
  nights: Map<string, Map<string, AriNight>>;
  pull(): Promise<void>;
  apply(event: { type: string; data: unknown }): Promise<void>;
  catchUp(cursor: string | undefined, options?: { apply?: boolean }): Promise<string>;
};
export function createAriCopy(options: { baseUrl: string; apiKey: string; days?: number; fetch?: typeof fetch }): AriCopy;
