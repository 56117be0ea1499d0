/**
 * Room codes: 12 characters from a 31-letter alphabet without look-alikes, about 59 bits.
 * Its own module so the home page's "join by code" can check one without loading the schemas.
 */
export const ROOM_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const ROOM_CODE_PATTERN = /^[23456789abcdefghjkmnpqrstuvwxyz]{12}$/;
