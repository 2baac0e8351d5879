/** What the home's call does (home.routes.ts has its definition). */
import { HOME_CARDS } from 'contracts/home/model';
import { hasRole } from 'shared/roles';
import { implement } from '../../http/route';
import { HOME_COUNTERS } from './home.counters';
import { homeSpecs } from './home.routes';

export const homeRoutes = implement(homeSpecs, {
  async getHomeAttention({ db, deps, caller, scope, json }) {
    const now = deps.clock.now();
    const roles = [...caller.roles];
    // Only the cards whose screen the caller may open, each counted in the caller's scope.
    const open = HOME_CARDS.filter((card) => HOME_COUNTERS[card.id] && hasRole(roles, ...card.roles));
    const counted = [];
    // One after the other: PGlite runs one query at a time anyway, and a pool keeps its other connections for other callers.
    for (const card of open)
      counted.push({ id: card.id, ...(await HOME_COUNTERS[card.id]!({ db, scope, licenseId: caller.licenseId, userId: caller.userId, now })) });
    return json({ asOf: now.toISOString(), cards: counted.filter((card) => card.count > 0) });
  },
});
