import { partyParams } from "@/lib/guest-site/party-query";

type Party = { adults: number | string; childrenAges: readonly (number | string)[] };

/** Fields a form carries unseen (a link's query made into a form's: rooms-query.ts's params). */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** Who stays, as hidden fields of a form: adults, and when children come their count and each age (the fields a search form has: party-query.ts). */
export function PartyHiddenFields({ party }: { party: Party }) {
  return <HiddenFields fields={partyParams(party)} />;
}

/** A chosen stay carried by a booking form (the guest site's Book, the panel's Create booking), with the chosen offer's rate plan. */
export function StayHiddenFields({ stay }: { stay: { roomTypeId: string; checkin: string; checkout: string; adults: number; childrenAges: readonly number[]; ratePlanId?: string } }) {
  return (
    <>
      <input type="hidden" name="roomTypeId" value={stay.roomTypeId} />
      <input type="hidden" name="checkin" value={stay.checkin} />
      <input type="hidden" name="checkout" value={stay.checkout} />
      <PartyHiddenFields party={stay} />
      {stay.ratePlanId && <input type="hidden" name="ratePlanId" value={stay.ratePlanId} />}
    </>
  );
}
