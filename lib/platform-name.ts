/** The product's name, on the pages that belong to no hotel (the panel, the docs, platform 404s). */
export const PLATFORM_NAME = "Room Booking";
