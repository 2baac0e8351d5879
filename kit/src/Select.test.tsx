import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, SELECT_PLACEHOLDER } from './Select';

const options = [
  { value: 1, label: 'North' },
  { value: 2, label: 'South', disabled: true },
];

describe('Select', () => {
  it('puts an empty placeholder option first when given one', () => {
    render(<Select aria-label="Region" options={options} placeholder={SELECT_PLACEHOLDER} defaultValue="" />);
    const choices = screen.getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['Select an option...', 'North', 'South']);
    expect(choices[0]).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('');
  });

  it('has no placeholder option unless asked', () => {
    render(<Select aria-label="Region" options={options} />);
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('lets the user pick an enabled option only', async () => {
    const onChange = jest.fn();
    render(<Select aria-label="Region" options={options} onChange={(event) => onChange(event.target.value)} />);
    expect(screen.getByRole('option', { name: 'South' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByRole('combobox'), 'North');
    expect(onChange).toHaveBeenCalledWith('1');
  });

  it('never cuts a name: as wide as its longest option, a fixed width being a minimum, within its container', () => {
    const { rerender } = render(<Select aria-label="License" className="w-56" options={[{ value: 1, label: 'Northwind Construction' }]} />);
    expect(screen.getByRole('combobox')).toHaveClass('w-56', 'min-w-fit', 'max-w-full');
    rerender(<Select aria-label="License" className="w-auto" options={[{ value: 1, label: 'Northwind Construction' }]} />);
    expect(screen.getByRole('combobox')).toHaveClass('w-auto', 'max-w-full');
    expect(screen.getByRole('combobox')).not.toHaveClass('min-w-fit');
    expect(screen.getByRole('option', { name: 'Northwind Construction' })).toHaveTextContent(/^Northwind Construction$/);
  });

  it('marks itself invalid', () => {
    render(<Select aria-label="Region" options={options} invalid />);
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
  });
});
