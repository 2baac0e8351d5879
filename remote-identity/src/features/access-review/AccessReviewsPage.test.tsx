import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessReviewMessages as M, accessReviewEndpoints } from 'contracts/identity';
import { licensingEndpoints } from 'contracts/licensing';
import { fakeApi, isCall, type SentRequest } from 'kit/testing';
import { rolesOf } from 'contracts/common/endpoint';
import AccessReviewsPage from './AccessReviewsPage';
import { accessReviewNewRoute, accessReviewRoute, accessReviewsRoute } from './accessReview.routes';
import { LICENSE_ADMIN, leaveScreen, notServed, openScreen, review, SUPER_ADMIN } from './accessReview.testing';

const REVIEWERS = [
  { userId: 7, userName: 'pat', fullName: 'Pat Reviewer' },
  { userId: 8, userName: 'kim', fullName: 'Kim Park' },
];
const REVIEWS = [
  review({ reviewId: 6, name: 'Q2 administrators', dueDate: '2025-06-30', items: 10, undecided: 4, kept: 5, removed: 1, reviewers: REVIEWERS }),
  review({
    reviewId: 3,
    name: 'Q1 administrators',
    dueDate: '2025-03-31',
    state: 'signed-off',
    signedOffBy: 'pat',
    signedOffAt: '2025-03-30T16:00:00Z',
    items: 6,
    undecided: 0,
    kept: 6,
  }),
];

const license = (licenseId: number, name: string) => ({
  licenseId,
  name,
  company: name,
  licenseType: 'Enterprise',
  ownerId: null,
  ownerName: null,
  environmentId: null,
  maxProjects: -1,
  maxUsers: -1,
  numProjects: 1,
  numUsers: 1,
  isActive: true,
  expiryDate: null,
  expiryNotificationDays: [],
  ssoUrl: null,
  customerCode: null,
  opportunityId: null,
});

function serve() {
  return fakeApi((request) => {
    if (isCall(request, accessReviewEndpoints.getAccessReviews)) return { body: REVIEWS };
    if (isCall(request, licensingEndpoints.getLicenses)) return { body: [license(2, 'Northwind'), license(3, 'Southwind')] };
    return notServed(request);
  });
}

const open = (roles: readonly string[] = LICENSE_ADMIN) => openScreen(<AccessReviewsPage />, accessReviewsRoute.path, accessReviewsRoute.path, roles);
const listCalls = (sent: SentRequest[]) => sent.filter((request) => isCall(request, accessReviewEndpoints.getAccessReviews));
/** The table row of a review, found by its name. */
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('AccessReviewsPage', () => {
  afterEach(leaveScreen);

  it('lists the reviews with their due date, state, progress and reviewers; a row opens its review', async () => {
    serve();
    const router = open();
    const table = await screen.findByRole('table', { name: M.reviewsTitle });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Due', 'State', 'Decided', 'Reviewers']);
    const q2 = await rowOf('Q2 administrators');
    expect(within(q2).getByRole('cell', { name: '2025-06-30' })).toBeInTheDocument();
    expect(within(q2).getByText('Open')).toBeInTheDocument();
    expect(within(q2).getByRole('cell', { name: '6 of 10' })).toBeInTheDocument();
    expect(within(q2).getByRole('cell', { name: 'pat, kim' })).toBeInTheDocument();
    const q1 = await rowOf('Q1 administrators');
    expect(within(q1).getByRole('cell', { name: '2025-03-31' })).toBeInTheDocument();
    expect(within(q1).getByText('Signed off')).toBeInTheDocument();
    expect(within(q1).getByRole('cell', { name: '6 of 6' })).toBeInTheDocument();

    await userEvent.click(within(q2).getByRole('cell', { name: 'Q2 administrators' }));
    expect(router.state.location.pathname).toBe(accessReviewRoute.to({ id: 6 }));
  });

  it('offers to start a review to each role that may start one', async () => {
    // Every role the contract lets start a review (createAccessReview's access) sees the action.
    const mayStart = rolesOf(accessReviewEndpoints.createAccessReview) ?? [];
    expect(mayStart.length).toBeGreaterThan(0);
    for (const role of mayStart) {
      serve();
      const router = open([role]);
      const start = await screen.findByRole('link', { name: 'Start a review' });
      expect(start).toHaveAttribute('href', accessReviewNewRoute.to({}));
      await userEvent.click(start);
      expect(router.state.location.pathname).toBe(accessReviewNewRoute.to({}));
      leaveScreen();
    }
  });

  it('lists a licence administrator’s own licence; a super administrator chooses the licence', async () => {
    const own = serve();
    open(LICENSE_ADMIN);
    await rowOf('Q2 administrators');
    expect(screen.queryByRole('combobox', { name: 'License' })).not.toBeInTheDocument();
    expect(listCalls(own)[0]!.query).toBeUndefined();
    leaveScreen();

    const any = serve();
    const router = open(SUPER_ADMIN);
    await rowOf('Q2 administrators');
    await screen.findByRole('option', { name: 'Southwind' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'License' }), 'Southwind');
    await waitFor(() => expect(listCalls(any).at(-1)!.query?.get('licenseId')).toBe('3'));
    expect(router.state.location.search).toBe('?licenseId=3');
  });
});
