/** The access review's bodies (issue 41), validated the same way by the console and the API. */
import * as v from 'valibot';
import { idIn, idList } from '../common/fields';
import { DECISIONS, REVIEW_SCOPES } from './access-review.entities';
import { AccessReviewMessages as M } from './identity.messages';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Body of POST access-reviews: what to review, by when, by whom. */
export const AccessReviewCreateBodySchema = v.object({
  licenseId: idIn(),
  name: v.pipe(v.string(M.nameRequired), v.trim(), v.nonEmpty(M.nameRequired), v.maxLength(200, 'Names are at most 200 characters.')),
  scopeKind: v.picklist(REVIEW_SCOPES, M.scopeRequired),
  /** The chosen roles, product licences or projects (ignored for every administrative role). */
  scopeIds: v.optional(idList(), []),
  dueDate: v.pipe(
    v.string(M.dueDateRequired),
    v.regex(DAY, M.dueDateRequired),
    v.check((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), M.dueDateRequired),
  ),
  reviewerIds: v.pipe(idList(), v.minLength(1, M.reviewersRequired)),
});
export type AccessReviewInput = v.InferInput<typeof AccessReviewCreateBodySchema>;

/** Body of POST access-reviews/{reviewId}/decisions: a batch of holdings, each with the version the reviewer saw, one decision and a comment. */
export const DecisionBodySchema = v.object({
  items: v.pipe(v.array(v.object({ itemId: idIn(), version: idIn() }), M.itemsRequired), v.minLength(1, M.itemsRequired), v.maxLength(5000, M.itemsRequired)),
  decision: v.picklist(DECISIONS, M.decisionRequired),
  comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, M.commentTooLong)), ''),
});
export type DecisionInput = v.InferInput<typeof DecisionBodySchema>;
