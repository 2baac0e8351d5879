import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessReviewMessages as M, accessReviewEndpoints, type AccessReview, type DecisionInput, type ReviewItem } from 'contracts/identity';
import { formatDate } from 'kit';
import { fakeApi, isCall, type FakeReply, type SentRequest } from 'kit/testing';
import { notify } from 'shared';
import AccessReviewPage from './AccessReviewPage';
import { accessReviewRoute } from './accessReview.routes';
import { leaveScreen, notServed, openScreen, review, reviewItem } from './accessReview.testing';

const REVIEW_ID = 5;
const ANN_SEEN = '2025-05-01T08:00:00Z';
const GRANTED = '2024-03-01T10:00:00Z';

/**
 * ann holds Administer Site directly and Edit Workflow through Site leads; pat (the reviewer
 * signed in) holds Administer License; the inactive ci-bot key, never used, holds Edit Workflow.
 */
const ITEMS: ReviewItem[] = [
  reviewItem(1, { lastSeen: ANN_SEEN, dormantDays: 40, grantedAt: GRANTED, grantedBy: 'admin' }),
  reviewItem(2, {
    lastSeen: ANN_SEEN,
    dormantDays: 40,
    whatId: 13,
    whatName: 'EDIT_WORKFLOW',
    whatLabel: 'Edit Workflow',
    viaKind: 'group',
    viaId: 4,
    viaName: 'Site leads',
    version: 3,
  }),
  reviewItem(3, {
    holderId: 7,
    holderName: 'pat',
    holderLabel: 'Pat Reviewer',
    lastSeen: '2025-06-10T08:00:00Z',
    dormantDays: 0,
    whatId: 11,
    whatName: 'ACCESS_MY_CUSTOMER_LICENCE',
    whatLabel: 'Administer License',
    own: true,
  }),
  reviewItem(4, {
    holderKind: 'key',
    holderId: 9,
    holderName: 'ci-bot',
    holderLabel: 'ak_3f9',
    holderActive: false,
    whatId: 13,
    whatName: 'EDIT_WORKFLOW',
    whatLabel: 'Edit Workflow',
    version: 2,
  }),
];

/** What the fake server holds: the review and its items, changed by the decisions it accepts. */
let server: { review: AccessReview; items: ReviewItem[] };

/**
 * Serves the review and its items from `server`; a decision or sign-off as `answer` says (by
 * default, applied as the API would: the items decided by pat, the review signed off).
 */
function serve(answer?: (request: SentRequest) => FakeReply) {
  return fakeApi((request) => {
    if (isCall(request, accessReviewEndpoints.getAccessReview, { reviewId: REVIEW_ID })) return { body: server.review };
    if (isCall(request, accessReviewEndpoints.getAccessReviewItems, { reviewId: REVIEW_ID })) return { body: server.items };
    if (answer && request.method === 'POST') return answer(request);
    if (isCall(request, accessReviewEndpoints.decideAccessReviewItems, { reviewId: REVIEW_ID })) {
      const { items, decision, comment = '' } = request.body as DecisionInput;
      const ids = items.map((item) => item.itemId);
      server.items = server.items.map((item) =>
        ids.includes(item.itemId) ? { ...item, decision, comment, decidedBy: 'pat', version: item.version + 1 } : item,
      );
      const removed = decision === 'remove' ? ids.length : 0;
      return { body: { Message: M.decided(ids.length, removed), decided: ids.length, removed } };
    }
    if (isCall(request, accessReviewEndpoints.signOffAccessReview, { reviewId: REVIEW_ID })) {
      server.review = { ...server.review, state: 'signed-off', signedOffBy: 'pat', signedOffAt: '2025-06-28T10:00:00Z' };
      return { body: server.review };
    }
    if (
      isCall(request, accessReviewEndpoints.exportAccessReviewCsv, { reviewId: REVIEW_ID }) ||
      isCall(request, accessReviewEndpoints.exportAccessReviewPdf, { reviewId: REVIEW_ID })
    )
      return { body: 'report' };
    return notServed(request);
  });
}

/** Opens the review, once its holdings are drawn. */
async function open() {
  openScreen(<AccessReviewPage />, accessReviewRoute.path, accessReviewRoute.to({ id: REVIEW_ID }));
  await screen.findByRole('heading', { level: 1, name: server.review.name });
  await screen.findByRole('link', { name: 'ann' });
}

/** The card of one holder's holdings, found by the link to their screen. */
const holderCard = (name: string) => screen.getByRole('link', { name }).closest('section')!;
const decisions = (sent: SentRequest[]) => sent.filter((request) => isCall(request, accessReviewEndpoints.decideAccessReviewItems, { reviewId: REVIEW_ID }));
const box = (what: string, holder: string) => screen.queryByRole('checkbox', { name: `Select ${what} of ${holder}` });

describe('AccessReviewPage', () => {
  let success: jest.SpyInstance;
  let failure: jest.SpyInstance;
  beforeEach(() => {
    server = { review: review({ reviewId: REVIEW_ID }), items: ITEMS };
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    failure = jest.spyOn(notify, 'error').mockImplementation(() => '');
  });
  afterEach(leaveScreen);

  it('shows the holdings by holder, with the last sign-in and dormancy, and how each holding is held', async () => {
    serve();
    await open();
    const ann = holderCard('ann');
    expect(within(ann).getByRole('heading', { level: 2 })).toHaveTextContent('User · Ann Lee');
    expect(within(ann).getByText(`Last sign-in ${formatDate(ANN_SEEN)} (40 days ago)`)).toBeInTheDocument();
    expect(within(ann).getAllByRole('listitem')).toHaveLength(2);
    expect(within(ann).getByText('Administer Site').closest('li')).toHaveTextContent(`${M.direct} · granted ${formatDate(GRANTED)} by admin`);
    expect(within(ann).getByText('Edit Workflow').closest('li')).toHaveTextContent(`${M.viaGroup('Site leads')} · ${M.beforeRecords}`);

    const key = holderCard('ci-bot');
    expect(within(key).getByRole('heading', { level: 2 })).toHaveTextContent('API key · ak_3f9');
    expect(within(key).getByText('Never used · Inactive')).toBeInTheDocument();
    expect(within(key).getAllByRole('listitem')).toHaveLength(1);
    expect(within(holderCard('pat')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps the selected holdings with the comment, naming each with the version seen, and shows the decisions once saved', async () => {
    const sent = serve();
    await open();
    await userEvent.click(box('Administer Site', 'ann')!);
    await userEvent.click(box('Edit Workflow', 'ci-bot')!);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Still runs the site');
    await userEvent.click(screen.getByRole('button', { name: 'Keep selected' }));

    expect(await screen.findAllByText('Kept by pat: “Still runs the site”')).toHaveLength(2);
    expect(decisions(sent).map((request) => request.body)).toEqual([
      {
        items: [
          { itemId: 1, version: 1 },
          { itemId: 4, version: 2 },
        ],
        decision: 'keep',
        comment: 'Still runs the site',
      },
    ]);
    // Decided holdings leave the choice; the selection and the comment start again.
    expect(await screen.findByText('0 selected')).toBeInTheDocument();
    expect(box('Administer Site', 'ann')).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(M.decided(2, 0));
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it('removes the selected holdings only once the removal is confirmed', async () => {
    const sent = serve();
    await open();
    await userEvent.click(box('Edit Workflow', 'ann')!);
    await userEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 1 holding?' });
    expect(decisions(sent)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(M.decided(1, 1)));
    expect(decisions(sent).map((request) => request.body)).toEqual([{ items: [{ itemId: 2, version: 3 }], decision: 'remove', comment: '' }]);
    expect(await within(holderCard('ann')).findByText('Removed by pat')).toBeInTheDocument();
  });

  it('does not let the reviewer decide on their own access', async () => {
    serve();
    await open();
    const pat = holderCard('pat');
    expect(within(pat).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(pat).getByText('Your own access')).toBeInTheDocument();
    expect(box('Administer License', 'pat')).not.toBeInTheDocument();
    // Everyone else's holdings can be chosen.
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('says the server’s message when another reviewer decided a holding first, and shows their decision at once', async () => {
    const taken = M.alreadyDecided('ann: Administer Site (Direct)', 'kim');
    // Meanwhile kim kept ann's holding: the server refuses pat's decision on it.
    const sent = serve(() => {
      server.items = server.items.map((item) => (item.itemId === 1 ? { ...item, decision: 'keep', decidedBy: 'kim', version: item.version + 1 } : item));
      return { status: 409, body: { Message: taken } };
    });
    await open();
    await userEvent.click(box('Administer Site', 'ann')!);
    await userEvent.click(screen.getByRole('button', { name: 'Keep selected' }));

    await waitFor(() => expect(failure).toHaveBeenCalledWith(taken));
    expect(decisions(sent)).toHaveLength(1);
    expect(success).not.toHaveBeenCalled();
    // The list is read again: kim's decision shows, and no decision of pat's.
    expect(await within(holderCard('ann')).findByText('Kept by kim')).toBeInTheDocument();
    expect(screen.queryByText(/^Kept by pat/)).not.toBeInTheDocument();
  });

  it('offers Sign off, and no decision, to the administrator who started the review without reviewing it', async () => {
    server.review = review({ reviewId: REVIEW_ID, isReviewer: false, maySignOff: true });
    serve();
    await open();
    expect(await screen.findByRole('button', { name: 'Sign off' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('signs off once confirmed; the review then turns read-only', async () => {
    const sent = serve();
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Sign off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign off the review?' });
    expect(dialog).toHaveTextContent('4 undecided holdings stay as they are and are reported as undecided.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign off' }));

    expect(await screen.findByText('Signed off by pat on 2025-06-28. This review is read-only.')).toBeInTheDocument();
    expect(sent.filter((request) => isCall(request, accessReviewEndpoints.signOffAccessReview, { reviewId: REVIEW_ID }))).toHaveLength(1);
    expect(success).toHaveBeenCalledWith(M.signedOff);
    expect(screen.queryByRole('button', { name: 'Keep selected' })).not.toBeInTheDocument();
  });

  it('shows a signed-off review read-only, and downloads its report as CSV and as PDF', async () => {
    server.review = review({ reviewId: REVIEW_ID, state: 'signed-off', signedOffBy: 'kim', signedOffAt: '2025-06-28T10:00:00Z', undecided: 3, kept: 1 });
    server.items = ITEMS.map((item) => (item.itemId === 1 ? { ...item, decision: 'keep', decidedBy: 'kim' } : item));
    const sent = serve();
    await open();
    expect(screen.getByText('Signed off by kim on 2025-06-28. This review is read-only.')).toBeInTheDocument();
    for (const action of ['Keep selected', 'Remove selected', 'Sign off']) expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    expect(within(holderCard('ann')).getByText('Kept by kim')).toBeInTheDocument();

    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:report');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Report CSV' }));
    await waitFor(() => expect(saved).toEqual([`access-review-${REVIEW_ID}.csv`]));
    await userEvent.click(screen.getByRole('button', { name: 'Report PDF' }));
    await waitFor(() => expect(saved).toEqual([`access-review-${REVIEW_ID}.csv`, `access-review-${REVIEW_ID}.pdf`]));
    expect(sent.filter((request) => isCall(request, accessReviewEndpoints.exportAccessReviewCsv, { reviewId: REVIEW_ID }))).toHaveLength(1);
    expect(sent.filter((request) => isCall(request, accessReviewEndpoints.exportAccessReviewPdf, { reviewId: REVIEW_ID }))).toHaveLength(1);
    expect(failure).not.toHaveBeenCalled();
  });

  it('shows an open review without the decisions to someone who is not one of its reviewers', async () => {
    server.review = review({ reviewId: REVIEW_ID, isReviewer: false, maySignOff: false });
    serve();
    await open();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report PDF' })).toBeInTheDocument();
  });
});
