import { createContext, useContext } from 'react';

/**
 * The screen a server-rendered first screen is laid out for (client/server-render/): the virtual lists render
 * the rows that fill it instead of none, since a server has no window to measure. Null in the browser.
 */
export const ViewportContext = createContext<{ width: number; height: number } | null>(null);

export const useServerViewport = () => useContext(ViewportContext);
