/**
 * The where clause for one room type, confined to a property's when `propertyId` is given (the
 * panel passes the open property, so another property's room type is "not found").
 */
export function roomTypeOfProperty(roomTypeId: string, propertyId?: string) {
  return { id: roomTypeId, ...(propertyId !== undefined ? { propertyId } : {}) };
}
