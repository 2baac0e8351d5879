/**
 * The navigation's shape, as pure functions: the remotes' entries grouped (each remote says
 * only which group an entry belongs to; the host owns the groups' labels and order), and the
 * section the page is in. The side navigation and the phone menu draw what these return.
 */
import type { NavGroupId } from 'shared';

/** A nav entry the user's roles allow, its link built for this session. */
export interface NavLinkEntry {
  label: string;
  to: string;
  /** Position across remotes (lower first); orders the entries within a group. */
  order: number;
  /** A group this console knows, or 'other' (no group, or one this console does not know). */
  group: NavGroupId | typeof OTHER_GROUP;
  /** The remote that declared it. */
  remoteId: string;
}

/** Where entries without a known group go. */
export const OTHER_GROUP = 'other';

/** The groups' labels, in the order they are shown: the host's (a kernel id missing here fails the build). */
const GROUP_LABELS: Record<NavGroupId, string> & Record<typeof OTHER_GROUP, string> = {
  access: 'Access',
  projects: 'Projects',
  workflows: 'Workflows',
  licensing: 'Licensing',
  other: 'Other',
};

const GROUP_ORDER = Object.keys(GROUP_LABELS) as NavLinkEntry['group'][];

/** The group an entry is shown in: its own when this console knows it, else 'other'. */
export function groupOf(group: string | undefined): NavLinkEntry['group'] {
  return group !== undefined && group !== OTHER_GROUP && Object.hasOwn(GROUP_LABELS, group) ? (group as NavGroupId) : OTHER_GROUP;
}

/** One line of the navigation: a link, or a group of links the user opens and closes. */
export type NavItem = { kind: 'link'; entry: NavLinkEntry } | { kind: 'group'; id: NavLinkEntry['group']; label: string; entries: NavLinkEntry[] };

/**
 * The entries as the navigation shows them: the groups in the host's order, each group's
 * entries in their order. A group of one entry shows that entry alone, a group without
 * entries is left out, and when every entry is in one group they are shown without it: a
 * user with few sections gets their links, not a frame of headings.
 */
export function groupNav(entries: readonly NavLinkEntry[]): NavItem[] {
  const groups = GROUP_ORDER.map((id) => ({
    id,
    label: GROUP_LABELS[id],
    entries: entries.filter((entry) => entry.group === id).sort((a, b) => a.order - b.order),
  })).filter((group) => group.entries.length > 0);
  if (groups.length === 1) return groups[0]!.entries.map((entry) => ({ kind: 'link', entry }));
  return groups.map((group) => (group.entries.length === 1 ? { kind: 'link', entry: group.entries[0]! } : { kind: 'group', ...group }));
}

/** A link's path without its query or hash. */
const pathOf = (to: string) => to.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');

const holds = (path: string, pathname: string) => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`));

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * How much alike a link's path and a page's are: two for each leading segment they share;
 * else one when their first segments differ only by an ending ('user' and 'users'); else 0.
 */
function likeness(path: string, pathname: string): number {
  const [a, b] = [segments(path), segments(pathname)];
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  if (same > 0) return same * 2;
  const [x, y] = [a[0], b[0]];
  return x && y && (x.startsWith(y) || y.startsWith(x)) ? 1 : 0;
}

/** The section a page is in: the entry to mark as current, and the group to open. */
export interface CurrentSection {
  entry?: NavLinkEntry;
  group?: NavLinkEntry['group'];
}

/**
 * The section `pathname` belongs to. The entry whose path is the page's or holds it (the
 * longest, as a link's active state: /users holds /users/ann/view). Failing that, among the
 * entries of the remote owning the page (`ownerId`), the one whose path is most like the
 * page's (`likeness`), the first in order on a tie: the spec's paths are not all under their
 * list's (/user/ann is Users', /preservation/3/4/view Preservations', /license/5/settings
 * License's); one with nothing alike is no match. The group is that entry's, or, when no entry
 * matches, the owner's when all its entries are in one group (report groups are Licensing's).
 */
export function currentSection(entries: readonly NavLinkEntry[], pathname: string, ownerId?: string): CurrentSection {
  let entry = entries.filter((e) => holds(pathOf(e.to), pathname)).sort((a, b) => pathOf(b.to).length - pathOf(a.to).length || a.order - b.order)[0];
  const owned = ownerId === undefined ? [] : entries.filter((e) => e.remoteId === ownerId);
  if (!entry) {
    let best = 0;
    for (const e of [...owned].sort((a, b) => a.order - b.order)) {
      const score = likeness(pathOf(e.to), pathname);
      if (score > best) [entry, best] = [e, score];
    }
  }
  if (entry) return { entry, group: entry.group };
  const groups = new Set(owned.map((e) => e.group));
  return groups.size === 1 ? { group: [...groups][0] } : {};
}
