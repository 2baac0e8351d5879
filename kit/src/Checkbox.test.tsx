import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './Checkbox';
import { Input, Textarea } from './Input';

describe('Checkbox', () => {
  it('toggles when its label is clicked', async () => {
    const onChange = jest.fn();
    render(<Checkbox label="Active" onChange={(event) => onChange(event.target.checked)} />);
    await userEvent.click(screen.getByText('Active'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  });

  it('shows the mixed state', () => {
    const { rerender } = render(<Checkbox aria-label="Select all rows" indeterminate checked={false} onChange={() => {}} />);
    expect(screen.getByRole('checkbox')).toBePartiallyChecked();
    rerender(<Checkbox aria-label="Select all rows" checked={false} onChange={() => {}} />);
    expect(screen.getByRole('checkbox')).not.toBePartiallyChecked();
  });
});

describe('Input and Textarea', () => {
  it('mark themselves invalid', () => {
    render(
      <>
        <Input aria-label="Name" invalid />
        <Textarea aria-label="Notes" invalid />
        <Input aria-label="Code" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Code' })).not.toHaveAttribute('aria-invalid');
  });
});
