/**
 * The home's call (ours, issue 41): its route, on its endpoint (contracts/home/home.endpoints.ts).
 * home.handlers.ts does it; home.counters.ts counts each card.
 */
import { HomeAttentionReplySchema, homeEndpoints as api } from 'contracts/home/model';
import { route } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

export const homeSpecs = {
  getHomeAttention: route(api.getHomeAttention, {
    scope: byHandler('each card counts only the caller’s licence (every licence for a super administrator)'),
    sessionOnly: true,
    description:
      'The home’s cards, in its order, each only when the caller holds a role of the screen it opens, and ' +
      'left out when nothing needs attention: `licenses-expiring` (active licences whose expiry date is ' +
      'fewer than 61 days away, or past; the soonest first), `seats-nearly-full` (product licences with ' +
      'more than 90 % of their seats held; the fullest first), `dormant-accounts` (accounts holding a seat ' +
      'that have not signed in for the licence’s `dormantAfterDays`, as the seat dashboard counts them; the ' +
      'longest silent first), `second-factor-missing` (active users the licence’s second-factor policy asks ' +
      'for a factor they have not set up; single sign-on users are exempt), `imports-failed` (integration ' +
      'reports of the last 24 hours that list errors; the newest first). Each has `count`, all of them in ' +
      'the caller’s scope, and at most 5 `items`: `ref` names what the item opens (a licence id, a user ' +
      'name, an integration reference), `at` the moment that makes it urgent (expiry, last sign-in — null ' +
      'for never —, the import’s time).',
    response: HomeAttentionReplySchema,
  }),
};
