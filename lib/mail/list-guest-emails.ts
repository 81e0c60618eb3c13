import type { Db } from "@/lib/db";

export type GuestEmailRecord = {
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  sentAt: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
};

/** What the front desk calls the e-mail about an event: "Confirmation e-mail", "Change e-mail", "Cancellation e-mail". */
export function guestEmailLabel(eventType: string): string {
  switch (eventType) {
    case "booking.created":
      return "Confirmation e-mail";
    case "booking.changed":
      return "Change e-mail";
    case "booking.cancelled":
      return "Cancellation e-mail";
    default:
      return "E-mail";
  }
}

/** The hotel's e-mails to the guest about one booking (kept 30 days): what was sent, is waiting, or was refused. */
export async function listGuestEmails(db: Db, input: { propertyId: string; bookingId: string }): Promise<GuestEmailRecord[]> {
  const rows = await db.$queryRaw<{ type: string; status: GuestEmailRecord["status"]; attempts: number; sent_at: Date | null; next_attempt_at: Date | null; last_error: string | null }[]>`
    SELECT e.type, g.status::text AS status, g.attempts, g.sent_at, g.next_attempt_at, g.last_error
    FROM guest_emails g JOIN events e ON e.id = g.event_id
    WHERE g.property_id = ${input.propertyId} AND e.booking_id = ${input.bookingId}
    ORDER BY g.created_at`;
  return rows.map((row) => ({
    eventType: row.type,
    status: row.status,
    attempts: row.attempts,
    sentAt: row.sent_at?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? (row.next_attempt_at?.toISOString() ?? null) : null,
    lastError: row.last_error,
  }));
}
