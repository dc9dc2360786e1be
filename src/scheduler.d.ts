/**
 * React's scheduler (the `scheduler` package react-dom runs its renders on), which ships no
 * types: the one function the app calls (src/main.tsx).
 */
declare module 'scheduler' {
  /** Slices of 1000 / fps ms for the renders React may pause; 0 restores the default 5 ms. */
  export function unstable_forceFrameRate(fps: number): void;
}
