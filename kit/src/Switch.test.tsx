import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Switch } from './Switch';

function Harness({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return <Switch checked={on} onCheckedChange={setOn} label="Two-factor sign-in" disabled={disabled} />;
}

describe('Switch', () => {
  it('is a switch named by its visible label that flips on click and from the keyboard', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Two-factor sign-in' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByText('Two-factor sign-in'));
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('does not flip when disabled', async () => {
    render(<Harness disabled />);
    await userEvent.click(screen.getByRole('switch'));
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });
});
