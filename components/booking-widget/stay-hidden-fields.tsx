/** A chosen stay carried by a booking form (the guest site's Book, the panel's Create booking), with the form's key. */
export function StayHiddenFields({ idempotencyKey, stay }: { idempotencyKey: string; stay: { roomTypeId: string; checkin: string; checkout: string; adults: number } }) {
  return (
    <>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="roomTypeId" value={stay.roomTypeId} />
      <input type="hidden" name="checkin" value={stay.checkin} />
      <input type="hidden" name="checkout" value={stay.checkout} />
      <input type="hidden" name="adults" value={stay.adults} />
    </>
  );
}
