import { rolesOf, type AnyEndpoint } from '../common/endpoint';
import { licensingEndpoints } from '../licensing/licensing.endpoints';
import { seatEndpoints } from '../licensing/seats.endpoints';
import { userEndpoints } from '../identity/users.endpoints';
import { accessReviewEndpoints } from '../identity/access-review.endpoints';
import { projectsSitesEndpoints } from '../projects-sites/projects-sites.endpoints';
import { HOME_CARDS, type HomeCardId } from './home.cards';

/** The screen each card opens, by the call that screen reads first. */
const targets: Partial<Record<HomeCardId, AnyEndpoint>> = {
  'reviews-due': accessReviewEndpoints.getAccessReviews,
  'licenses-expiring': licensingEndpoints.getLicense,
  'seats-nearly-full': seatEndpoints.getSeatDashboard,
  'dormant-accounts': seatEndpoints.getSeatDashboard,
  'second-factor-missing': userEndpoints.getUsers,
  'imports-failed': projectsSitesEndpoints.getIntegrationReport,
};

describe('HOME_CARDS', () => {
  it.each(Object.entries(targets))('gives %s the roles of the screen it opens', (id, target) => {
    const card = HOME_CARDS.find((c) => c.id === id)!;
    expect([...card.roles].sort()).toEqual([...(rolesOf(target!) ?? [])].sort());
  });

  it('has one card per id', () => {
    expect(new Set(HOME_CARDS.map((c) => c.id)).size).toBe(HOME_CARDS.length);
  });
});
