/**
 * The access review calls (issue 41, ours; contract area identity), one endpoint object each:
 * the console's call functions (access-review.calls.ts) and the API's routes
 * (api/src/routes/access-review) are made from them.
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { filterQuery, idParam, licenseIdQuery, pageQuery, sortQuery, wholeNumber } from '../common/params';
import {
  AccessReviewSchema,
  DecisionReplySchema,
  HOLDER_KINDS,
  HOLDING_KINDS,
  HOLDING_SORTS,
  HoldingPageSchema,
  REVIEW_STATES,
  ReviewItemSchema,
  VIA_KINDS,
} from './access-review.entities';
import { AccessReviewCreateBodySchema, DecisionBodySchema } from './access-review.forms';

/** Licence administrators for their licence, super administrators for any (issue 41). */
const access = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE);

/** What 'who can do what' looks up, and its filters. */
export const HoldersQuerySchema = v.object({
  ...licenseIdQuery,
  kind: v.picklist(HOLDING_KINDS, 'kind must be role, addon or project.'),
  id: wholeNumber('id must be a whole number.'),
  holderKind: v.optional(v.picklist(HOLDER_KINDS, 'holderKind must be user or key.')),
  via: v.optional(v.picklist(VIA_KINDS, 'via must be direct, group or all-projects.')),
  ...filterQuery,
});
const HoldersSort = sortQuery(HOLDING_SORTS, 'holder');

export const accessReviewEndpoints = endpointGroup('identity', {
  getHolders: endpoint({
    method: 'GET',
    path: 'access/holders',
    summary:
      'Who can do what: every user and API key of the licence holding a role, a product licence or a ' +
      'project, each way they hold it (directly, through which user group, through All projects), and when ' +
      'and by whom it was given. Counted exactly up to 20,000 holdings; beyond, `total` is 20,000 and ' +
      '`totalExact` false (more than that), and a page in the holder order costs what comes before it.',
    access,
    query: v.object({ ...HoldersQuerySchema.entries, ...pageQuery, ...HoldersSort }),
    reply: HoldingPageSchema,
  }),

  exportHolders: endpoint({
    method: 'GET',
    path: 'access/holders.csv',
    summary: 'Who can do what as CSV: the same rows, filters and order as the screen, unpaged.',
    access,
    query: v.object({ ...HoldersQuerySchema.entries, ...HoldersSort }),
    reply: v.unknown(),
    replyKind: 'file',
  }),

  getAccessReviews: endpoint({
    method: 'GET',
    path: 'access-reviews',
    summary:
      'The access reviews of the licence, newest first; `status=open&reviewer=me` gives the reviews the ' +
      'caller still has to do (the home page’s ‘Reviews due’).',
    access,
    query: v.object({
      ...licenseIdQuery,
      status: v.optional(v.picklist(REVIEW_STATES, 'status must be open or signed-off.')),
      reviewer: v.optional(v.picklist(['me'] as const, 'reviewer must be me.')),
    }),
    reply: v.array(AccessReviewSchema),
  }),

  createAccessReview: endpoint({
    method: 'POST',
    path: 'access-reviews',
    summary: 'Starts an access review of a licence: its holdings in scope are snapshotted as the items to decide.',
    access,
    body: AccessReviewCreateBodySchema,
    reply: AccessReviewSchema,
  }),

  getAccessReview: endpoint({
    method: 'GET',
    path: 'access-reviews/{reviewId}',
    summary: 'One access review with its reviewers and counts.',
    access,
    params: idParam('reviewId'),
    reply: AccessReviewSchema,
  }),

  getAccessReviewItems: endpoint({
    method: 'GET',
    path: 'access-reviews/{reviewId}/items',
    summary: 'The holdings of a review, by holder, each with last sign-in, dormancy, its decision and what was applied.',
    access,
    params: idParam('reviewId'),
    reply: v.array(ReviewItemSchema),
  }),

  decideAccessReviewItems: endpoint({
    method: 'POST',
    path: 'access-reviews/{reviewId}/decisions',
    summary: 'Decides a batch of holdings (keep or remove, one comment); removals are applied at once, in one transaction, through the console’s rules.',
    access,
    params: idParam('reviewId'),
    body: DecisionBodySchema,
    reply: DecisionReplySchema,
  }),

  signOffAccessReview: endpoint({
    method: 'POST',
    path: 'access-reviews/{reviewId}/sign-off',
    summary: 'Closes a review: it becomes read-only; undecided holdings stay as they are and are reported so.',
    access,
    params: idParam('reviewId'),
    reply: AccessReviewSchema,
  }),

  exportAccessReviewCsv: endpoint({
    method: 'GET',
    path: 'access-reviews/{reviewId}/report.csv',
    summary: 'The review’s report as CSV: every holding, its decision, comment, reviewer and what was removed.',
    access,
    params: idParam('reviewId'),
    reply: v.unknown(),
    replyKind: 'file',
  }),

  exportAccessReviewPdf: endpoint({
    method: 'GET',
    path: 'access-reviews/{reviewId}/report.pdf',
    summary: 'The review’s report as PDF: who reviewed what, the decisions, comments, removals and what was left undecided.',
    access,
    params: idParam('reviewId'),
    reply: v.unknown(),
    replyKind: 'file',
    fileType: 'application/pdf',
  }),
});
