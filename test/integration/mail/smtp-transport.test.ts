import { afterEach, describe, expect, it } from "vitest";
import { createSmtpTransport, isPermanentMailError } from "@/lib/mail/mail-transport";
import { renderGuestEmail } from "@/lib/mail/render-guest-email";
import { freePort } from "@/scripts/lib/ports";
import { sampleBookingView } from "../../support/booking-view-fixture";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";

/**
 * The SMTP transport against a real SMTP server (the smtp-server package, on 127.0.0.1, plain
 * text, no auth): what arrives is parsed back with mailparser; refusals are told apart as
 * permanent (5xx) or worth retrying (4xx, no connection).
 */
const sinks: SmtpSink[] = [];

afterEach(async () => {
  await Promise.all(sinks.splice(0).map((sink) => sink.close()));
});

async function startSmtpServer(options: Parameters<typeof startSmtpSink>[0] = {}): Promise<SmtpSink> {
  const sink = await startSmtpSink(options);
  sinks.push(sink);
  return sink;
}

function rejectingRecipients(responseCode: number, message: string) {
  return {
    onRcptTo: (_address: unknown, _session: unknown, callback: (error?: Error) => void) => callback(Object.assign(new Error(message), { responseCode })),
  };
}

const booking = sampleBookingView({ guest: { firstName: 'Ana & "Bo"', lastName: "Silva", email: "ana.silva@example.com" } });

const email = renderGuestEmail({
  kind: "booking.created",
  booking,
  hotelName: "Hotel Vista Hermosa",
  roomTypeName: "Double Room",
  manageUrl: "https://book.example.com/manage/abc?x=1&y=2",
});

const message = {
  from: "Hotel Vista Hermosa <bookings@example.com>",
  to: booking.guest.email,
  ...email,
};

const crlfToLf = (value: string) => value.replace(/\r\n/g, "\n");

describe("SMTP transport", () => {
  it("delivers the rendered e-mail: sender, recipient, subject, text and HTML parts", async () => {
    const server = await startSmtpServer();
    await createSmtpTransport(server.url).send({ ...message, messageId: "<ev_1.guest@example.com>", headers: { "X-Booking-Reference": "HVH-4K7Q2M" } });

    expect(server.messages).toHaveLength(1);
    const parsed = server.messages[0]!;
    expect(parsed.from?.value).toEqual([{ address: "bookings@example.com", name: "Hotel Vista Hermosa" }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([{ address: "ana.silva@example.com", name: "" }]);
    expect(parsed.subject).toBe("Your booking at Hotel Vista Hermosa is confirmed – HVH-4K7Q2M");
    expect(parsed.messageId).toBe("<ev_1.guest@example.com>");
    expect(parsed.headers.get("x-booking-reference")).toBe("HVH-4K7Q2M");
    expect(crlfToLf(parsed.text ?? "").trimEnd()).toBe(email.text.trimEnd());
    expect(crlfToLf(typeof parsed.html === "string" ? parsed.html : "").trimEnd()).toBe(email.html.trimEnd());
    expect(parsed.html).toContain("Hello Ana &amp; &quot;Bo&quot;,");
  });

  it("fails for good when the server answers 550 to the recipient", async () => {
    const server = await startSmtpServer(rejectingRecipients(550, "No such user here"));
    const error = await createSmtpTransport(server.url).send(message).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as { responseCode?: number }).responseCode).toBe(550);
    expect(isPermanentMailError(error)).toBe(true);
    expect(server.messages).toHaveLength(0);
  });

  it("leaves a 451 to be retried", async () => {
    const server = await startSmtpServer(rejectingRecipients(451, "Try again later"));
    const error = await createSmtpTransport(server.url).send(message).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as { responseCode?: number }).responseCode).toBe(451);
    expect(isPermanentMailError(error)).toBe(false);
  });

  it("leaves a refused connection to be retried", async () => {
    const port = await freePort();
    const error = await createSmtpTransport(`smtp://127.0.0.1:${port}`).send(message).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(isPermanentMailError(error)).toBe(false);
  });

  it("reads only 5xx replies as permanent", () => {
    expect(isPermanentMailError(Object.assign(new Error("x"), { responseCode: 554 }))).toBe(true);
    expect(isPermanentMailError(Object.assign(new Error("x"), { responseCode: 503 }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("x"), { responseCode: 421 }))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("x"), { code: "ETIMEDOUT" }))).toBe(false);
    expect(isPermanentMailError("550")).toBe(false);
    expect(isPermanentMailError(null)).toBe(false);
  });
});
