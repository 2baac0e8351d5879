/**
 * What the host adds to each home card (contracts/home/home.cards.ts declares the cards and the
 * roles of the screen each opens): where the card and each of its items lead, and how an item
 * is described. Links into a section go through `sectionLink` (never a remote's path), so
 * drawing the home downloads no remote; following a link loads that section.
 */
import type { HomeCardId, HomeItem } from 'contracts/home';
import { formatCount, formatDate } from 'kit';
import { sectionLink } from 'shared';
import { HEALTH_PATH } from '../health/health.path';

/** Who is looking: a super administrator sees every licence, anyone else their own. */
export interface Viewer {
  superAdmin: boolean;
  licenseId: number | null;
}

/** A card's links and words. */
export interface CardLinks {
  /** Where the card's heading leads: the screen that lists or acts on all of them. */
  all(viewer: Viewer): string;
  /** Where one item leads. */
  item(item: HomeItem): string;
  /** What the card counts, after 'All 9 …' on the link to all of them. */
  noun: string;
  /** One line about an item, under its title. */
  describe(item: HomeItem, now: Date, viewer: Viewer): string;
}

const DAY = 86_400_000;
const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** 'in 12 days', 'today', '3 days ago' — whole days between `now` and `at`. */
export function daysFrom(at: string, now: Date): number {
  return Math.floor((new Date(at).getTime() - now.getTime()) / DAY);
}

const licenseView = (id: number | string, tab = '') => `${sectionLink('licensing', 'license.view', { id })}${tab}`;
/** The licence list for a super administrator; a licence administrator's own licence otherwise. */
const licenses = (viewer: Viewer, tab = '') =>
  viewer.superAdmin || viewer.licenseId === null ? sectionLink('licensing', 'licenses') : licenseView(viewer.licenseId, tab);
/** The licence's name, said only to whom sees several. */
const inLicense = (item: HomeItem, viewer: Viewer) => (viewer.superAdmin ? ` · ${item.licenseName}` : '');

function lastSeen(item: HomeItem, now: Date): string {
  if (item.at === null) return 'Never signed in';
  const days = -daysFrom(item.at, now);
  return days < 1 ? 'Signed in today' : `Last signed in ${plural(days, 'day')} ago`;
}

export const CARD_LINKS: Partial<Record<HomeCardId, CardLinks>> = {
  'licenses-expiring': {
    noun: 'expiring licenses',
    all: (viewer) => licenses(viewer),
    item: (item) => licenseView(item.ref),
    describe(item, now) {
      const days = item.at ? daysFrom(item.at, now) : 0;
      if (days < 0) return `Expired ${plural(-days, 'day')} ago`;
      return days === 0 ? 'Expires today' : `Expires in ${plural(days, 'day')}`;
    },
  },
  'seats-nearly-full': {
    noun: 'nearly full product licenses',
    all: (viewer) => licenses(viewer, '#addons'),
    item: (item) => licenseView(item.ref, '#addons'),
    describe: (item, _now, viewer) =>
      `${item.used ?? 0} of ${plural(item.limit ?? 0, 'seat')} in use ` +
      `(${Math.round(((item.used ?? 0) / Math.max(item.limit ?? 1, 1)) * 100)}%)${inLicense(item, viewer)}`,
  },
  'dormant-accounts': {
    noun: 'dormant accounts',
    all: (viewer) => licenses(viewer, '#addons'),
    item: (item) => licenseView(item.licenseId, '#addons'),
    describe: (item, now, viewer) => `${lastSeen(item, now)}${inLicense(item, viewer)}`,
  },
  'second-factor-missing': {
    noun: 'users without a second factor',
    all: () => sectionLink('identity', 'users'),
    item: (item) => sectionLink('identity', 'user.view', { name: item.ref }),
    describe: (item, now, viewer) => `${lastSeen(item, now)}${inLicense(item, viewer)}`,
  },
  'imports-failed': {
    noun: 'failed imports',
    all: () => sectionLink('projects-sites', 'integration'),
    item: (item) => sectionLink('projects-sites', 'integration.view', { ref: item.ref }),
    describe: (item, _now, viewer) => `${plural(item.errors ?? 0, 'error')} · ${formatDate(item.at)}${inLicense(item, viewer)}`,
  },
  'reviews-due': {
    noun: 'reviews due',
    all: () => sectionLink('identity', 'access.reviews'),
    item: (item) => sectionLink('identity', 'access.review', { id: item.ref }),
    describe(item, now, viewer) {
      const days = item.at ? daysFrom(item.at, now) : 0;
      const due = days < 0 ? `Overdue by ${plural(-days, 'day')}` : days === 0 ? 'Due today' : `Due in ${plural(days, 'day')}`;
      return `${due} · ${plural(item.errors ?? 0, 'holding')} to decide${inLicense(item, viewer)}`;
    },
  },
  // Console health (HEALTH_PATH) shows each remote's failures per version.
  'remotes-failed': {
    noun: 'load failures',
    all: () => HEALTH_PATH,
    item: () => HEALTH_PATH,
    describe: (item) => `${plural(item.errors ?? 0, 'failure')}`,
  },
};
