/**
 * Toasts: top right, 420 px, one at a time, 5 s. The app's toast container takes these
 * (src/app/app.tsx), and the sign-in pages' islands draw their one toast by them
 * (src/sign-in-islands.ts).
 */
export const toasts = {
  position: 'top-right',
  limit: 1,
  containerWidth: 420,
  autoClose: 5000,
} as const;
