import "server-only";
import type { z } from "zod";
import { AvailabilitySchema, type AvailabilityView } from "@/lib/schemas/availability";
import { BookingGroupListSchema, BookingGroupSchema, type BookingGroupListQuery, type BookingGroupView, type CreateBookingGroupInput } from "@/lib/schemas/booking-groups";
import { BookingListSchema, BookingSchema, type BookingListQuery, type BookingView, type ChangeBookingInput, type CreateBookingInput } from "@/lib/schemas/bookings";
import { MeSchema, type Me } from "@/lib/schemas/me";
import { ProblemSchema } from "@/lib/schemas/problem";
import { RatesSchema, type RatesView } from "@/lib/schemas/rates";
import { RoomTypeListSchema, RoomTypeSchema, type RoomTypeView } from "@/lib/schemas/room-types";
import { PartnerApiError, PartnerApiUnreachable } from "./partner-api-error";

/**
 * A typed client of our own partner API (/partner/v1), over HTTP, as any partner's server
 * would call it. Responses are checked against the same zod schemas the routes answer with.
 * Server-only: it holds the API key.
 *
 * Failures: an error answer throws PartnerApiError (with the problem's `code`); no answer, a
 * timeout or a 5xx throws PartnerApiUnreachable after one retry. Every request is safe to
 * retry: reads and dry runs are, a booking and a change carry their Idempotency-Key, and
 * cancelling twice is harmless.
 */
export type PartnerClientOptions = {
  /** Ends in /partner/v1. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt. */
  timeoutMs?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
};

/** childrenAges: each child's age (sent as 4,9; none: not sent, so a search of adults only is the request it always was). */
export type AvailabilityParams = { checkin: string; checkout: string; adults: number | string; childrenAges?: readonly number[]; ratePlanId?: string };
export type RatesParams = { from: string; to: string; roomTypeId?: string };
export type BookingListParams = Partial<Record<keyof BookingListQuery, string | number>>;
export type BookingGroupListParams = Partial<Record<keyof BookingGroupListQuery, string | number>>;
/** The fields to change (PATCH's body without its price guard, which goes in the options). */
export type BookingChange = Omit<ChangeBookingInput, "expectedPrice">;
/**
 * A change is made with an Idempotency-Key (so a retry or a resubmitted form changes once); a
 * dry run (the new price, nothing stored) needs none. expectedPrice: the total the guest was
 * shown; another total is refused with price_changed (PartnerApiError.quote).
 */
export type ChangeBookingOptions = { expectedPrice?: ChangeBookingInput["expectedPrice"] } & ({ dryRun: true; idempotencyKey?: string } | { dryRun?: false; idempotencyKey: string });

export type PartnerClient = ReturnType<typeof createPartnerClient>;

export function createPartnerClient(options: PartnerClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 300;

  async function attempt(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
    const init: RequestInit = {
      method,
      headers: { accept: "application/json", "x-api-key": options.apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    };
    return doFetch(`${baseUrl}${path}`, init);
  }

  async function call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ data: z.infer<S>; response: Response }> {
    let response: Response | undefined;
    let failure: unknown;
    for (let tries = 1; tries <= 2; tries++) {
      try {
        response = await attempt(method, path, body, headers);
        if (response.status < 500) break;
        failure = new Error(`answered ${response.status}`);
      } catch (error) {
        response = undefined;
        failure = error;
      }
      if (tries === 1) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    }
    if (!response || response.status >= 500) {
      const problem = response ? ProblemSchema.safeParse(await response.json().catch(() => null)) : undefined;
      const why = problem?.success ? `${problem.data.status} ${problem.data.code}` : String((failure as Error)?.message ?? failure);
      throw new PartnerApiUnreachable(`The partner API did not answer ${method} ${path}: ${why}`, { cause: failure });
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const problem = ProblemSchema.safeParse(json);
      if (!problem.success) throw new PartnerApiError({ status: response.status, code: "unexpected_response", detail: `${method} ${path} answered ${response.status} without problem details.` });
      throw new PartnerApiError(problem.data);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`${method} ${path}: the response does not match its schema: ${parsed.error.message}`);
    return { data: parsed.data, response };
  }

  const get = async <S extends z.ZodType>(schema: S, path: string, query: Record<string, string | number | undefined> = {}) => {
    const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined).map(([k, v]) => [k, String(v)]));
    const suffix = search.size ? `?${search}` : "";
    return (await call(schema, "GET", `${path}${suffix}`)).data;
  };
  const id = (value: string) => encodeURIComponent(value);

  return {
    me: (): Promise<Me> => get(MeSchema, "/me"),
    availability: ({ childrenAges, ...params }: AvailabilityParams): Promise<AvailabilityView> =>
      get(AvailabilitySchema, "/availability", { ...params, childrenAges: childrenAges?.length ? childrenAges.join(",") : undefined }),
    roomTypes: async (): Promise<RoomTypeView[]> => (await get(RoomTypeListSchema, "/room-types")).data,
    roomType: (roomTypeId: string): Promise<RoomTypeView> => get(RoomTypeSchema, `/room-types/${id(roomTypeId)}`),
    rates: (params: RatesParams): Promise<RatesView> => get(RatesSchema, "/rates", params),
    getBooking: (bookingId: string): Promise<BookingView> => get(BookingSchema, `/bookings/${id(bookingId)}`),
    listBookings: (params: BookingListParams = {}) => get(BookingListSchema, "/bookings", params),
    /** Creates a booking; with the same Idempotency-Key again, replays it (replayed: true). */
    async createBooking(input: CreateBookingInput, idempotencyKey: string): Promise<{ booking: BookingView; replayed: boolean }> {
      const { data, response } = await call(BookingSchema, "POST", "/bookings", input, { "idempotency-key": idempotencyKey });
      return { booking: data, replayed: response.headers.get("idempotent-replayed") === "true" };
    },
    /** PATCH /bookings/{id}: the booking as it now stands (or, in a dry run, as it would be); replayed for the same key and change again. */
    async changeBooking(bookingId: string, change: BookingChange, options: ChangeBookingOptions): Promise<{ booking: BookingView; replayed: boolean }> {
      const body: ChangeBookingInput = options.expectedPrice ? { ...change, expectedPrice: options.expectedPrice } : change;
      const headers: Record<string, string> = options.idempotencyKey === undefined ? {} : { "idempotency-key": options.idempotencyKey };
      const { data, response } = await call(BookingSchema, "PATCH", `/bookings/${id(bookingId)}${options.dryRun ? "?dryRun=true" : ""}`, body, headers);
      return { booking: data, replayed: response.headers.get("idempotent-replayed") === "true" };
    },
    async cancelBooking(bookingId: string, reason?: string): Promise<BookingView> {
      return (await call(BookingSchema, "POST", `/bookings/${id(bookingId)}/cancel`, reason ? { reason } : {})).data;
    },
    /** Books several rooms at once, all or none; with the same Idempotency-Key again, replays the group (replayed: true). */
    async createBookingGroup(input: CreateBookingGroupInput, idempotencyKey: string): Promise<{ group: BookingGroupView; replayed: boolean }> {
      const { data, response } = await call(BookingGroupSchema, "POST", "/booking-groups", input, { "idempotency-key": idempotencyKey });
      return { group: data, replayed: response.headers.get("idempotent-replayed") === "true" };
    },
    listBookingGroups: (params: BookingGroupListParams = {}) => get(BookingGroupListSchema, "/booking-groups", params),
    getBookingGroup: (groupId: string): Promise<BookingGroupView> => get(BookingGroupSchema, `/booking-groups/${id(groupId)}`),
    async cancelBookingGroup(groupId: string, reason?: string): Promise<BookingGroupView> {
      return (await call(BookingGroupSchema, "POST", `/booking-groups/${id(groupId)}/cancel`, reason ? { reason } : {})).data;
    },
  };
}
