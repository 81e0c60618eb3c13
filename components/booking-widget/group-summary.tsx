import type { GuestWords } from "@/lib/i18n/guest-words";
import type { BookingGroupView } from "@/lib/schemas/booking-groups";
import { BookingSummary, Facts, type Row, type StayTimes } from "./stay-summary";

/** A booking group's status in words: every room confirmed, some cancelled, or all cancelled. */
function groupStatus(group: BookingGroupView, words: GuestWords): string {
  const cancelled = group.bookings.filter((room) => room.status === "cancelled").length;
  if (group.status === "confirmed") return words.t("summary.statusConfirmed");
  if (group.status === "cancelled") return words.t("summary.statusCancelled");
  return words.t("rooms.statusPartly", { cancelled, rooms: group.bookings.length });
}

/**
 * Several rooms booked together, as the booker reads them: the group's reference, status, stay,
 * booker, total (and the fees of its cancelled rooms), then each room in full (its own
 * reference, party, price and terms: BookingSummary) under "Room 2: Family Room", with what the
 * page offers for it (`actions`: change, cancel).
 */
export function GroupSummary({ group, roomNames, times, words, actions }: { group: BookingGroupView; roomNames: ReadonlyMap<string, string>; times?: StayTimes | null; words: GuestWords; actions?: (room: BookingGroupView["bookings"][number], index: number) => React.ReactNode }) {
  const { t } = words;
  const rows: Row[] = [
    [t("summary.reference"), <strong key="ref" data-testid="group-reference" className="font-mono text-lg tracking-wide">{group.reference}</strong>],
    [t("summary.status"), <span key="status" data-testid="group-status">{groupStatus(group, words)}</span>],
    [t("summary.stay"), `${words.stayDate(group.checkin)} → ${words.stayDate(group.checkout)} · ${words.nights(group.nights)}`],
    [t("rooms.booker"), `${group.booker.firstName} ${group.booker.lastName} (${group.booker.email})`],
    [t("summary.totalPrice"), <strong key="price" data-testid="group-price">{words.money(group.price.total)}</strong>],
    ...(group.cancellationFee && group.cancellationFee.amount > 0 ? ([[t("summary.cancellationFee"), <strong key="fee">{words.money(group.cancellationFee)}</strong>]] as Row[]) : []),
  ];
  return (
    <div className="space-y-6">
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <Facts rows={rows} />
      </div>
      {group.bookings.map((room, index) => (
        <section key={room.id} aria-labelledby={`room-${index + 1}`} className="space-y-3" data-testid="group-room">
          <h2 id={`room-${index + 1}`} className="font-serif text-2xl text-brand-900">{t("rooms.roomNamed", { number: index + 1, room: roomNames.get(room.roomTypeId) ?? t("summary.room") })}</h2>
          <BookingSummary booking={room} roomName={roomNames.get(room.roomTypeId)} times={times} words={words} />
          {actions?.(room, index)}
        </section>
      ))}
    </div>
  );
}
