import { createContext, useContext } from "react";

/**
 * The secret the server marks its own inline scripts with while rendering; the server hashes the
 * marked ones into the page's Content-Security-Policy and removes the mark (security-headers.ts).
 * Only the server render has it: in the browser it is undefined and nothing needs it.
 */
export const RenderMark = createContext<string | undefined>(undefined);

export const useRenderMark = () => useContext(RenderMark);
