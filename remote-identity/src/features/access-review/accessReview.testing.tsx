/**
 * What the access review screens' tests share: holdings, reviews and review items as the API
 * answers them, the role catalogue, and a render of a screen at its route (any other path is a
 * stand-in to land on) signed in to a licence.
 */
import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { AccessReview, Holding, ReviewItem } from 'contracts/identity';
import { renderSignedIn, restoreApi, type FakeReply, type SentRequest } from 'kit/testing';
import { Role, useSession } from 'shared';

/** The signed-in user's licence. */
export const LICENSE_ID = 2;
export const LICENSE_ADMIN = [Role.ACCESS_MY_CUSTOMER_LICENCE];
export const SUPER_ADMIN = [Role.ACCESS_ALL_CUSTOMER_LICENCES];

/** The role catalogue (GET roles): the licence administrators' role and a site permission. */
export const ADMIN_ROLE_ID = 11;
export const SITE_ROLE_ID = 12;
export const CATALOGUE = [
  {
    roleGroupId: 1,
    name: 'Administration',
    addOnId: null,
    roles: [
      { roleId: ADMIN_ROLE_ID, name: Role.ACCESS_MY_CUSTOMER_LICENCE, friendlyName: 'Administer License', description: 'Manage the license' },
      { roleId: SITE_ROLE_ID, name: 'ADMINISTER_SITE', friendlyName: 'Administer Site', description: 'Manage sites' },
    ],
  },
];

/** One holding as GET access/holders answers it: by default ann holds Administer Site directly. */
export function holding(values: Partial<Holding> = {}): Holding {
  return {
    holderKind: 'user',
    holderId: 3,
    holderName: 'ann',
    holderLabel: 'Ann Lee',
    holderActive: true,
    lastSeen: null,
    whatKind: 'role',
    whatId: SITE_ROLE_ID,
    whatName: 'ADMINISTER_SITE',
    whatLabel: 'Administer Site',
    productName: null,
    viaKind: 'direct',
    viaId: null,
    viaName: null,
    grantedAt: null,
    grantedBy: null,
    ...values,
  };
}

/** A page of holdings, all on the first page. */
export const holdingPage = (items: Holding[]) => ({ items, total: items.length, totalExact: true, page: 0, pageSize: 25 });

/** A review as the API answers it: by default open, of every administrative role, pat reviewing (the caller). */
export function review(values: Partial<AccessReview> = {}): AccessReview {
  return {
    reviewId: 5,
    licenseId: LICENSE_ID,
    licenseName: 'Northwind',
    name: 'Q2 administrators',
    scopeKind: 'administrative',
    scopeNames: [],
    dueDate: '2025-06-30',
    state: 'open',
    createdBy: 'pat',
    createdAt: '2025-06-01T09:00:00Z',
    signedOffBy: null,
    signedOffAt: null,
    reviewers: [{ userId: 7, userName: 'pat', fullName: 'Pat Reviewer' }],
    isReviewer: true,
    maySignOff: true,
    items: 4,
    undecided: 4,
    kept: 0,
    removed: 0,
    ...values,
  };
}

/** One holding under review, undecided: by default ann's direct Administer Site. */
export function reviewItem(itemId: number, values: Partial<ReviewItem> = {}): ReviewItem {
  return {
    itemId,
    version: 1,
    holderKind: 'user',
    holderId: 3,
    holderName: 'ann',
    holderLabel: 'Ann Lee',
    holderActive: true,
    lastSeen: null,
    dormantDays: null,
    whatKind: 'role',
    whatId: SITE_ROLE_ID,
    whatName: 'ADMINISTER_SITE',
    whatLabel: 'Administer Site',
    viaKind: 'direct',
    viaId: null,
    viaName: null,
    grantedAt: null,
    grantedBy: null,
    decision: null,
    comment: '',
    decidedBy: null,
    decidedAt: null,
    appliedAt: null,
    own: false,
    ...values,
  };
}

/** The fake API's answer to a call the test does not serve. */
export const notServed = (request: SentRequest): FakeReply => ({ status: 404, body: { Message: `Not served: ${request.method} ${request.path}` } });

/**
 * Renders `element` at `url` under the route `path`, signed in to {@link LICENSE_ID} with
 * `roles`; any other path shows a stand-in, so a test reads where the screen went from the router.
 */
export function openScreen(element: ReactElement, path: string, url: string, roles: readonly string[] = LICENSE_ADMIN) {
  // The console's shared router offers the browser router only: the test starts it at `url`.
  window.history.replaceState(null, '', url);
  const router = createBrowserRouter([
    { path, element },
    { path: '*', element: <p>Another screen</p> },
  ]);
  useSession.setState({ licenseId: LICENSE_ID });
  renderSignedIn(<RouterProvider router={router} />, roles);
  return router;
}

/** Undoes {@link openScreen} and the test's spies: the real fetch, no session. */
export function leaveScreen(): void {
  cleanup();
  jest.restoreAllMocks();
  restoreApi();
  useSession.setState({ licenseId: null });
}
