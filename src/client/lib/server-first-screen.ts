import { createContext, useContext } from 'react';

/**
 * True while the server renders a page's first screen (first-screen/server-entry.tsx): components then
 * leave out what is below the fold on every layout (the footer, a listing's details, the checkout's
 * forms), so the first response stays small and holds no photo but the one the page preloads. The app's
 * own render, in the browser, is never inside it.
 */
export const ServerFirstScreen = createContext(false);

export function useServerFirstScreen(): boolean {
  return useContext(ServerFirstScreen);
}
