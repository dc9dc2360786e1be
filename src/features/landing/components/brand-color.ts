/**
 * The filled teal for buttons and badges with white text. The theme's dark-scheme shade
 * (teal 6) gives white text about 2.3:1; shade 8 keeps it above 4.5:1 in both schemes.
 */
export const brandFilled = 'teal.8';
