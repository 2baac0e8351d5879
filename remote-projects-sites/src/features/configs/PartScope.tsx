import { useState, type ReactNode } from 'react';
import { PortalContainerContext } from 'shared';

/**
 * The area an exposed part draws in: this remote's stylesheet is scoped to
 * [data-remote="projects-sites"], and another section (the licence settings) mounts the part
 * inside its own area, so the part brings its own, with its dialogs rendered inside it.
 */
export function PartScope({ children }: { children: ReactNode }) {
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  return (
    <div data-remote="projects-sites">
      <PortalContainerContext.Provider value={portal}>{children}</PortalContainerContext.Provider>
      <div ref={setPortal} />
    </div>
  );
}
