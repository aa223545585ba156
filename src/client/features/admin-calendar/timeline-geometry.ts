/** The timeline's grid: a column per day, a row per home, the names in a sticky first column. */
export const DAY_PX = 56;
export const NAME_PX = 220;
export const ROW_PX = 44;
/** Days loaded at once: two months, of which two weeks fit on screen and the rest scroll sideways. */
export const WINDOW_DAYS = 62;
export const VISIBLE_DAYS = 14;
