/** A chosen stay carried by a booking form (the guest site's Book, the panel's Create booking), with the form's key and the chosen offer's rate plan. */
export function StayHiddenFields({ idempotencyKey, stay }: { idempotencyKey: string; stay: { roomTypeId: string; checkin: string; checkout: string; adults: number; ratePlanId?: string } }) {
  return (
    <>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="roomTypeId" value={stay.roomTypeId} />
      <input type="hidden" name="checkin" value={stay.checkin} />
      <input type="hidden" name="checkout" value={stay.checkout} />
      <input type="hidden" name="adults" value={stay.adults} />
      {stay.ratePlanId && <input type="hidden" name="ratePlanId" value={stay.ratePlanId} />}
    </>
  );
}
