/** A tooltip opens once the pointer or keyboard focus has rested this long on its trigger. */
export const TOOLTIP_DELAY_MS = 700;

/** Within this long after one tooltip closed, the next trigger's tooltip opens at once. */
export const TOOLTIP_SKIP_DELAY_MS = 300;
