import { NavTree } from './NavTree';
import { useNavigation } from './useNavEntries';

/**
 * The side navigation from 1024 px up (as Keycloak's, OpenShift's and Okta's consoles): the
 * sections in their groups, the page's section marked. It stays in view while the page
 * scrolls and scrolls within itself when the window is short. A user without a section gets
 * no empty column.
 */
export function SideNav() {
  const { items, current } = useNavigation();
  if (items.length === 0) return null;
  return (
    <div className="hidden w-56 shrink-0 border-r border-slate-200 bg-white lg:block">
      <nav aria-label="Main" className="sticky top-0 max-h-screen overflow-y-auto p-3">
        <NavTree items={items} current={current} />
      </nav>
    </div>
  );
}
