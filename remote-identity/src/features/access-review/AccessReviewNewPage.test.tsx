import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessReviewMessages as M, accessReviewEndpoints, userEndpoints, type AccessReviewInput } from 'contracts/identity';
import { fakeApi, isCall, type SentRequest } from 'kit/testing';
import { notify } from 'shared';
import AccessReviewNewPage from './AccessReviewNewPage';
import { accessReviewNewRoute, accessReviewRoute } from './accessReview.routes';
import { ADMIN_ROLE_ID, CATALOGUE, holding, holdingPage, LICENSE_ID, leaveScreen, notServed, openScreen, review, SITE_ROLE_ID } from './accessReview.testing';

/** Northwind's administrators, who may review: pat directly, kim directly and through a group (one reviewer). */
const ADMINS = [
  holding({ holderId: 7, holderName: 'pat', holderLabel: 'Pat Reviewer', whatId: ADMIN_ROLE_ID }),
  holding({ holderId: 8, holderName: 'kim', holderLabel: 'Kim Park', whatId: ADMIN_ROLE_ID }),
  holding({ holderId: 8, holderName: 'kim', holderLabel: 'Kim Park', whatId: ADMIN_ROLE_ID, viaKind: 'group', viaId: 4, viaName: 'Admins' }),
];

function serve() {
  return fakeApi((request) => {
    if (isCall(request, userEndpoints.getRoleCatalogue)) return { body: CATALOGUE };
    if (isCall(request, accessReviewEndpoints.getHolders)) return { body: holdingPage(ADMINS) };
    if (isCall(request, accessReviewEndpoints.createAccessReview)) {
      const body = request.body as AccessReviewInput;
      return {
        status: 201,
        body: review({
          reviewId: 31,
          name: body.name,
          scopeKind: body.scopeKind,
          scopeNames: ['Administer Site'],
          dueDate: body.dueDate,
          items: 3,
          undecided: 3,
        }),
      };
    }
    return notServed(request);
  });
}

const open = () => openScreen(<AccessReviewNewPage />, accessReviewNewRoute.path, accessReviewNewRoute.path);
const starts = (sent: SentRequest[]) => sent.filter((request) => isCall(request, accessReviewEndpoints.createAccessReview));
const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const dueDate = () => screen.getByLabelText(/^Due date/);

describe('AccessReviewNewPage', () => {
  let success: jest.SpyInstance;
  beforeEach(() => {
    success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    jest.spyOn(notify, 'error').mockImplementation(() => '');
  });
  afterEach(leaveScreen);

  it('offers the licence’s administrators as reviewers, each once', async () => {
    const sent = serve();
    open();
    const reviewers = screen.getByRole('group', { name: 'Reviewers' });
    await within(reviewers).findByRole('checkbox', { name: 'pat (Pat Reviewer)' });
    expect(
      within(reviewers)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['pat (Pat Reviewer)', 'kim (Kim Park)']);
    // The holders of the licence administrators' role, users only, in the signed-in licence.
    const asked = sent.find((request) => isCall(request, accessReviewEndpoints.getHolders))!;
    expect(Object.fromEntries(asked.query!)).toMatchObject({ kind: 'role', id: String(ADMIN_ROLE_ID), holderKind: 'user', licenseId: String(LICENSE_ID) });
  });

  it('says the contract’s message under each required field on submit, and sends nothing', async () => {
    const sent = serve();
    open();
    await screen.findByRole('checkbox', { name: 'pat (Pat Reviewer)' });
    await userEvent.clear(dueDate());
    await userEvent.click(screen.getByRole('button', { name: 'Start review' }));
    expect(nameField()).toHaveAccessibleDescription(M.nameRequired);
    expect(dueDate()).toHaveAccessibleDescription(M.dueDateRequired);
    expect(screen.getByText(M.reviewersRequired)).toBeInTheDocument();
    expect(nameField()).toHaveFocus();
    expect(starts(sent)).toEqual([]);
  });

  it('starts a review of the chosen permissions with its due date and reviewers, says how many holdings it holds and opens it', async () => {
    const sent = serve();
    const router = open();
    await screen.findByRole('checkbox', { name: 'kim (Kim Park)' });
    await userEvent.type(nameField(), 'Q3 site permissions');
    await userEvent.clear(dueDate());
    await userEvent.type(dueDate(), '2031-05-01');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Review' }), 'Chosen permissions');
    const scope = screen.getByRole('group', { name: 'Chosen permissions' });
    await userEvent.click(await within(scope).findByRole('checkbox', { name: 'Administer Site' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'kim (Kim Park)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start review' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(accessReviewRoute.to({ id: 31 })));
    // Replaced: Back does not return to the form just sent.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(starts(sent)).toHaveLength(1);
    expect(starts(sent)[0]!.body).toEqual({
      licenseId: LICENSE_ID,
      name: 'Q3 site permissions',
      scopeKind: 'role',
      scopeIds: [SITE_ROLE_ID],
      dueDate: '2031-05-01',
      reviewerIds: [8],
    });
    expect(success).toHaveBeenCalledWith(M.started(3));
  });
});
