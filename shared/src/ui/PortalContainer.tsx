import { createContext, useContext } from 'react';

/**
 * Where dialogs render their portal. A remote's styles are scoped to its own area
 * ([data-remote=…]), so the host points this at an element inside that area; outside any
 * remote it is document.body.
 */
export const PortalContainerContext = createContext<HTMLElement | null>(null);

export const usePortalContainer = () => useContext(PortalContainerContext) ?? undefined;
