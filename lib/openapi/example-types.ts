import type { z } from "zod";

export type RequestExample = {
  /** What the request asks, shown as the example's name. */
  summary: string;
  path?: { id: string; deliveryId?: string };
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** The optional query parameters the curl sample sends too (it always sends the required ones). */
  curlQuery?: string[];
};
export type OperationExample = { request: RequestExample; response?: { summary: string; value: unknown } };

export type Input<T extends z.ZodType> = z.input<T>;
export type Output<T extends z.ZodType> = z.output<T>;

