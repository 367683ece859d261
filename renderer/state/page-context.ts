// The page a block is drawn on (its handle), for the few blocks that ask the server about themselves
// (the evergreen countdown's per-visitor deadline).
import { createContext, useContext } from 'react';

export const PageHandleContext = createContext<string>('');

export const usePageHandle = (): string => useContext(PageHandleContext);
