import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupChangePreview } from 'contracts/identity/model';
import { useChangePreview } from './ChangePreview';

/** What freeing seats answers: a group change's preview and the seats given back. */
type FreeReply = GroupChangePreview & { freed: number };

const reply: FreeReply = {
  users: [
    {
      userId: 1,
      userName: 'edith.marsh',
      gains: { roles: [], projects: [], addons: [] },
      loses: { roles: ['UPDATE_PROGRESS_ITEM'], projects: [], addons: ['SiteSense', 'Progress Tracking'] },
    },
  ],
  seats: [{ addOnId: 3, name: 'Progress Tracking', before: 5, after: 4, maxUsers: 5 }],
  freed: 2,
};

function Screen({ preview, apply }: { preview: () => Promise<GroupChangePreview>; apply: () => void }) {
  const review = useChangePreview();
  return (
    <>
      <button type="button" onClick={() => review.review(preview, apply, 'Free the seats of 1 dormant account')}>
        Free
      </button>
      {review.dialog}
    </>
  );
}

describe('useChangePreview', () => {
  it('shows what the change does, any reply shaped like a group change’s preview, and applies it only on confirmation', async () => {
    const apply = jest.fn();
    render(<Screen preview={() => Promise.resolve(reply)} apply={apply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the change' });
    expect(dialog).toHaveTextContent('Free the seats of 1 dormant account');
    const users = await within(dialog).findByRole('list', { name: 'Users affected' });
    expect(users).toHaveTextContent('edith.marsh');
    expect(users).toHaveTextContent('loses product licenses: SiteSense, Progress Tracking');
    expect(within(dialog).getByRole('row', { name: /Progress Tracking/ })).toHaveTextContent('Progress Tracking545');
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply the change' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Apply off when the server refuses the change, and Cancel applies nothing', async () => {
    const apply = jest.fn();
    render(<Screen preview={() => Promise.resolve({ ...reply, Message: 'Not enough seats.' })} apply={apply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the change' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not enough seats.');
    expect(within(dialog).getByRole('button', { name: 'Apply the change' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(apply).not.toHaveBeenCalled();
  });
});
