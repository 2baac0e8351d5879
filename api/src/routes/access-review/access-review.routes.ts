/**
 * Access review (issue 41): 'who can do what' and review campaigns. The definitions;
 * access-review.handlers.ts does them, domain/holdings.ts explains every holding.
 */
import { accessReviewEndpoints as api } from 'contracts/identity/model';
import { route } from '../../http/route';
import { byHandler, list } from '../../http/licence-scope';

/** 'Who can do what' looks into one licence: the query's, else the caller's own. */
const holdersScope = byHandler('the query’s licenseId (404 outside the scope), else the caller’s own; a project of another licence is a 404');

const inReview = byHandler('the review’s licence: a review of another licence is a 404, like a missing one');
const notFoundAnswer = { 404: 'No such review in the caller’s scope.' };

export const accessReviewSpecs = {
  getHolders: route(api.getHolders, {
    scope: holdersScope,
    description:
      'One row per holder and per way they hold it: `direct`, `group` (the user group in `viaId`/`viaName`) ' +
      'or, for an API key’s projects, `all-projects`. `grantedAt`/`grantedBy` come from the audit trail: ' +
      'for a group, the later of the user’s joining and the group’s grant; null when the trail does not ' +
      'record it (‘Before records’). A role’s `productName` is the product licence its role group needs. ' +
      '`licenseId` defaults to the caller’s own; `kind` is role, addon or project and `id` its id (another ' +
      'licence’s project is a 404). `sort` is holder (default), what, via, grantedAt or lastSeen. The ' +
      'user’s roles tab reads the same explanation.',
    answers: { 400: 'A bad kind, id or filter.', 404: 'The licence, or the project, is outside the caller’s scope.' },
  }),

  exportHolders: route(api.exportHolders, {
    scope: holdersScope,
    description:
      'Columns: Holder, Type (User or API key), Name, Active, Last sign-in, Holds, Via, Granted, Granted ' +
      'by. Cells that a spreadsheet would run as a formula start with an apostrophe.',
    answers: { 404: 'The licence, or the project, is outside the caller’s scope.' },
  }),

  getAccessReviews: route(api.getAccessReviews, {
    scope: list,
    description:
      'A licence administrator’s licence’s reviews; a super administrator’s of `licenseId`, or every licence’s. `reviewer=me` keeps those the caller reviews.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),

  createAccessReview: route(api.createAccessReview, {
    scope: byHandler('the body’s licenseId (404 outside the scope)'),
    description:
      'Reviewers must be users of the licence who administer it (ACCESS_MY_CUSTOMER_LICENCE, directly or ' +
      'through a user group). The holdings in scope are read once, now (domain/holdings.ts), and become the ' +
      'items; a holding given later is not part of the review. `scopeKind` administrative takes every ' +
      'administrative role (the Administration and Licence scope groups, MENU_ADMIN_TOOL_ACCESS).',
    grants: [],
    status: 201,
    answers: {
      400:
        'No name, due date or reviewer, a due date in the past, a reviewer who does not administer the ' +
        'licence, or a role, product licence or project unknown to the licence.',
      404: 'The licence is outside the caller’s scope.',
    },
  }),

  getAccessReview: route(api.getAccessReview, { scope: inReview, answers: notFoundAnswer }),

  getAccessReviewItems: route(api.getAccessReviewItems, {
    scope: inReview,
    description:
      'By holder (user name, then key name), then what is held. `lastSeen` and `dormantDays` are read now; ' +
      '`own` marks the caller’s own holdings, which they cannot decide.',
    answers: notFoundAnswer,
  }),

  decideAccessReviewItems: route(api.decideAccessReviewItems, {
    scope: inReview,
    description:
      'The whole batch in one transaction: each item must still be undecided at the version sent, otherwise ' +
      'nothing is saved and the answer is 409 naming the holding (two reviewers deciding the same holding ' +
      'at once: one stands, the other is told). Removals are applied at once through the console’s rules ' +
      '(domain/access-review.ts): a role under the privilege ceiling, a product licence with its roles and ' +
      'seat, a group grant by the user leaving the group; each in the History of the user, key or group.',
    grants: [],
    answers: {
      400: 'No items, no decision, or a comment that is too long.',
      403: 'The caller is not a reviewer, the holding is their own, or the removal passes the privilege ceiling (nothing is saved).',
      ...notFoundAnswer,
      409: 'A holding was decided meanwhile, or the review is signed off.',
    },
  }),

  signOffAccessReview: route(api.signOffAccessReview, {
    scope: inReview,
    description: 'By a reviewer or the review’s creator. Afterwards every write to the review answers 409.',
    grants: [],
    answers: { 403: 'Neither a reviewer nor the creator.', ...notFoundAnswer, 409: 'Already signed off.' },
  }),

  exportAccessReviewCsv: route(api.exportAccessReviewCsv, {
    scope: inReview,
    description:
      'Columns: Holder, Type, Name, Holds, Via, Granted, Granted by, Decision (Keep, Remove or Undecided), Comment, Decided by, Decided at, Removed at.',
    answers: notFoundAnswer,
  }),

  exportAccessReviewPdf: route(api.exportAccessReviewPdf, {
    scope: inReview,
    description:
      'A4 pages in Helvetica: the review, its reviewers and sign-off, the counts, then every holding with ' +
      'its decision, comment and removal. Letters Helvetica cannot write (beyond the Latin letters and ' +
      'their accents) print as ‘?’; the CSV has every name in full.',
    answers: notFoundAnswer,
  }),
};
