/**
 * Loading a screen's code ahead of the tap that opens it, by its path: the router knows each
 * path's screen (router.tsx provides it); the shell, which the router loads, asks for it
 * without importing the router.
 */
import { createContext, useContext } from 'react';

type LoadScreenCode = (pathname: string) => void;

export const ScreenCodeContext = createContext<LoadScreenCode>(() => {});

/** Starts loading the code of the screen at a path; a failure is left to its render. */
export function useLoadScreenCode(): LoadScreenCode {
  return useContext(ScreenCodeContext);
}
