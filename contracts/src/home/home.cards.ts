/**
 * The home's cards (issue 41): what needs the signed-in administrator's attention, each card a
 * small declared unit — its id, its title, and the roles of the screen it opens (its target).
 * The API counts a card only for a caller holding one of those roles (so nothing is shown that
 * the user may not open) and only in the caller's licence scope; the host gives each card its
 * link. Both sides read this one list; contracts' test holds each card's roles equal to its
 * target screen's endpoint.
 */
import { PORTAL_ROLES, Role, type AnyRoleName } from 'shared/roles';

/** A card of the home. `roles`: the target screen's (any one of them opens it). */
export interface HomeCard {
  readonly id: string;
  readonly title: string;
  readonly roles: readonly AnyRoleName[];
}

/** The licence view and its seat dashboard (GET license/{licenseId}, GET licenses/{licenseId}/seats). */
const licenseRoles = [Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE] as const;

/** Days before its expiry date from which a licence is expiring (spec 1 §5, §9: fewer than 61 days remain). */
export const EXPIRY_WARNING_DAYS = 61;
/** A product licence needs attention once more than this share of its seats is held (issue 41: above 90 %). */
export const SEATS_NEARLY_FULL = 0.9;
/** Failed imports are those of the last day (issue 41), in hours. */
export const FAILED_IMPORT_HOURS = 24;
/** Each card shows its count and at most this many of its items, the most urgent first. */
export const HOME_CARD_ITEMS = 5;

/**
 * The cards, in the order the home shows them: 'reviews-due' from the access reviews (issue 41),
 * 'remotes-failed' from the remote load failures the browsers report (release channels, issue 42).
 */
export const HOME_CARDS = [
  { id: 'reviews-due', title: 'Reviews due', roles: licenseRoles },
  { id: 'licenses-expiring', title: 'Licenses expiring', roles: licenseRoles },
  { id: 'seats-nearly-full', title: 'Product licenses nearly full', roles: licenseRoles },
  { id: 'dormant-accounts', title: 'Dormant accounts', roles: licenseRoles },
  { id: 'second-factor-missing', title: 'Second factor not set up', roles: PORTAL_ROLES },
  { id: 'imports-failed', title: 'Failed imports', roles: [Role.ADMINISTER_IMPORT_SYSTEM_DETAILS] },
  { id: 'remotes-failed', title: 'Sections that failed to load', roles: [Role.ACCESS_ALL_CUSTOMER_LICENCES] },
] as const satisfies readonly HomeCard[];

export type HomeCardId = (typeof HOME_CARDS)[number]['id'];
export const HOME_CARD_IDS = HOME_CARDS.map((card) => card.id) as readonly HomeCardId[];
