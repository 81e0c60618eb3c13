/** How far ahead a new room type's calendar is opened: today and the next 729 nights. */
export const CALENDAR_HORIZON_NIGHTS = 730;

/** The longest range one rates change may cover. */
export const MAX_RATES_RANGE_NIGHTS = 1_100;
