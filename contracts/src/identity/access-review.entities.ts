/**
 * Access review (issue 41, beyond the spec): 'who can do what' — every holder of a role, a
 * product licence or a project, each with the way they hold it and when and by whom it was
 * given — and review campaigns, whose items are such holdings snapshotted at the start.
 */
import * as v from 'valibot';
import { int, IsoDate } from '../common/fields';
import { pageOf } from '../common/page';

/** What can be held: a role of the catalogue, a product licence (add-on), a project. */
export const HOLDING_KINDS = ['role', 'addon', 'project'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];
/** Who holds it: a user or an API key. */
export const HOLDER_KINDS = ['user', 'key'] as const;
export type HolderKind = (typeof HOLDER_KINDS)[number];
/** How: directly, through a user group, or (a key's projects) through All projects. */
export const VIA_KINDS = ['direct', 'group', 'all-projects'] as const;
export type ViaKind = (typeof VIA_KINDS)[number];
/** The orders of 'who can do what'. */
export const HOLDING_SORTS = ['holder', 'what', 'via', 'grantedAt', 'lastSeen'] as const;

/** One holding, one way it is held, explained. */
export const HoldingSchema = v.object({
  holderKind: v.picklist(HOLDER_KINDS),
  holderId: int,
  /** A user's user name; a key's name. */
  holderName: v.string(),
  /** A user's full name; a key's prefix. */
  holderLabel: v.string(),
  holderActive: v.boolean(),
  /** A user's last sign-in; a key's last use. */
  lastSeen: v.nullable(IsoDate),
  whatKind: v.picklist(HOLDING_KINDS),
  whatId: int,
  /** A role's name, a product licence's or project's name. */
  whatName: v.string(),
  /** A role's friendly name; the name otherwise. */
  whatLabel: v.string(),
  /** A role's product licence: removing it removes the role. */
  productName: v.nullable(v.string()),
  viaKind: v.picklist(VIA_KINDS),
  /** The user group it comes through. */
  viaId: v.nullable(int),
  viaName: v.nullable(v.string()),
  /** When it was given (through a group: the later of the joining and the group's grant); null: before records. */
  grantedAt: v.nullable(IsoDate),
  grantedBy: v.nullable(v.string()),
});
export type Holding = v.InferOutput<typeof HoldingSchema>;
export const HoldingPageSchema = pageOf(HoldingSchema);

/** What a review covers: every administrative role, or the chosen roles, product licences or projects. */
export const REVIEW_SCOPES = ['administrative', 'role', 'addon', 'project'] as const;
export type ReviewScopeKind = (typeof REVIEW_SCOPES)[number];
export const REVIEW_STATES = ['open', 'signed-off'] as const;
export const DECISIONS = ['keep', 'remove'] as const;
export type Decision = (typeof DECISIONS)[number];

export const ReviewerSchema = v.object({ userId: int, userName: v.string(), fullName: v.string() });

/** A review campaign, with its counts. */
export const AccessReviewSchema = v.object({
  reviewId: int,
  licenseId: int,
  licenseName: v.string(),
  name: v.string(),
  scopeKind: v.picklist(REVIEW_SCOPES),
  /** The chosen roles, product licences or projects (names); empty for every administrative role. */
  scopeNames: v.array(v.string()),
  dueDate: v.string(),
  state: v.picklist(REVIEW_STATES),
  createdBy: v.string(),
  createdAt: IsoDate,
  signedOffBy: v.nullable(v.string()),
  signedOffAt: v.nullable(IsoDate),
  reviewers: v.array(ReviewerSchema),
  /** Whether the caller is one of the reviewers. */
  isReviewer: v.boolean(),
  /** Whether the caller may sign the review off: a reviewer, or the administrator who started it. */
  maySignOff: v.boolean(),
  items: int,
  undecided: int,
  kept: int,
  removed: int,
});
export type AccessReview = v.InferOutput<typeof AccessReviewSchema>;

/** One holding under review: the snapshot, its decision and what was applied. */
export const ReviewItemSchema = v.object({
  itemId: int,
  /** Raised by each decision: a decision names the version it saw. */
  version: int,
  holderKind: v.picklist(HOLDER_KINDS),
  holderId: int,
  holderName: v.string(),
  holderLabel: v.string(),
  holderActive: v.boolean(),
  lastSeen: v.nullable(IsoDate),
  /** Whole days since the last sign-in (or use); null: never. */
  dormantDays: v.nullable(int),
  whatKind: v.picklist(HOLDING_KINDS),
  whatId: int,
  whatName: v.string(),
  whatLabel: v.string(),
  viaKind: v.picklist(VIA_KINDS),
  viaId: v.nullable(int),
  viaName: v.nullable(v.string()),
  grantedAt: v.nullable(IsoDate),
  grantedBy: v.nullable(v.string()),
  decision: v.nullable(v.picklist(DECISIONS)),
  comment: v.string(),
  decidedBy: v.nullable(v.string()),
  decidedAt: v.nullable(IsoDate),
  appliedAt: v.nullable(IsoDate),
  /** The caller holds it: they may not decide on it. */
  own: v.boolean(),
});
export type ReviewItem = v.InferOutput<typeof ReviewItemSchema>;

/** The reply of a decision batch. */
export const DecisionReplySchema = v.object({ Message: v.string(), decided: int, removed: int });
