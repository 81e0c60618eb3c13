import { partyParams } from "@/lib/guest-site/party-query";

type Party = { adults: number | string; childrenAges: readonly (number | string)[] };

/** Who stays, as hidden fields of a form: adults, and when children come their count and each age (the fields a search form has: party-query.ts). */
export function PartyHiddenFields({ party }: { party: Party }) {
  return Object.entries(partyParams(party)).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** A chosen stay carried by a booking form (the guest site's Book, the panel's Create booking), with the form's key and the chosen offer's rate plan. */
export function StayHiddenFields({ idempotencyKey, stay }: { idempotencyKey: string; stay: { roomTypeId: string; checkin: string; checkout: string; adults: number; childrenAges: readonly number[]; ratePlanId?: string } }) {
  return (
    <>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="roomTypeId" value={stay.roomTypeId} />
      <input type="hidden" name="checkin" value={stay.checkin} />
      <input type="hidden" name="checkout" value={stay.checkout} />
      <PartyHiddenFields party={stay} />
      {stay.ratePlanId && <input type="hidden" name="ratePlanId" value={stay.ratePlanId} />}
    </>
  );
}
