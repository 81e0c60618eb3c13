/** How far ahead a new room type's calendar is opened: today and the next 729 nights. */
export const CALENDAR_HORIZON_NIGHTS = 730;
