import { screenAccess } from 'contracts/common/endpoint';
import { accessReviewEndpoints } from 'contracts/identity/model';
import { defineRoute } from 'shared';

/** Licence administrators (their licence) and super administrators (any): who may call the access review (issue 41). */
export const ACCESS_REVIEW_ROLES = screenAccess(accessReviewEndpoints.getHolders);

/** Who can do what: every holder of a permission, product licence or project, and why. */
export const whoCanDoRoute = defineRoute({
  id: 'access.who',
  path: '/access/who',
  lazy: () => import('./WhoCanDoPage'),
  handle: { roles: ACCESS_REVIEW_ROLES, title: 'Who can do what' },
});
/** The licence's access reviews. */
export const accessReviewsRoute = defineRoute({
  id: 'access.reviews',
  path: '/access/reviews',
  lazy: () => import('./AccessReviewsPage'),
  handle: { roles: ACCESS_REVIEW_ROLES, title: 'Access reviews' },
});
/** Starting a review. */
export const accessReviewNewRoute = defineRoute({
  id: 'access.review.new',
  path: '/access/reviews/new',
  lazy: () => import('./AccessReviewNewPage'),
  handle: { roles: ACCESS_REVIEW_ROLES, title: 'New access review' },
});
/** One review: deciding, signing off, the report. */
export const accessReviewRoute = defineRoute({
  id: 'access.review',
  path: '/access/reviews/:id',
  lazy: () => import('./AccessReviewPage'),
  handle: { roles: ACCESS_REVIEW_ROLES, title: 'Access review' },
});

export const accessReviewRoutes = [whoCanDoRoute, accessReviewsRoute, accessReviewNewRoute, accessReviewRoute];
