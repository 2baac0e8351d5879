import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Alert } from './Alert';

describe('Alert', () => {
  it('interrupts for warnings and dangers, and is polite otherwise', () => {
    render(
      <>
        <Alert variant="danger">Failed</Alert>
        <Alert variant="warning">Careful</Alert>
        <Alert variant="success">Saved</Alert>
        <Alert>Note</Alert>
      </>,
    );
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(['Failed', 'Careful']);
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Saved', 'Note']);
  });

  it('offers a Close button when it can be closed', async () => {
    const onClose = jest.fn();
    render(
      <Alert title="Heads up" onClose={onClose} action={<button type="button">Retry</button>}>
        Body
      </Alert>,
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no Close button otherwise', () => {
    render(<Alert>Body</Alert>);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
