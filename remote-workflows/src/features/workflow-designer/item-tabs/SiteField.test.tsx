import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOWN_SITES, SiteField } from './SiteField';

const options = Array.from({ length: 250 }, (_, i) => ({ value: i + 1, label: `Yard > Bin ${i + 1}` }));

describe('SiteField', () => {
  it('lists a large project’s first sites with the chosen one, and narrows them with the filter', async () => {
    const onChange = jest.fn();
    render(<SiteField options={options} value={240} onChange={onChange} onBlur={() => undefined} disabled={false} loading={false} />);
    const select = screen.getByRole('combobox', { name: /Site/ });
    // The placeholder, the chosen site, then the first 200.
    expect(within(select).getAllByRole('option')).toHaveLength(SHOWN_SITES + 2);
    expect(screen.getByText('The first 200 of 250 sites: type in Filter sites to narrow.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter sites' }), 'bin 12');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select an option...',
      'Yard > Bin 240',
      'Yard > Bin 12',
      'Yard > Bin 120',
      'Yard > Bin 121',
      'Yard > Bin 122',
      'Yard > Bin 123',
      'Yard > Bin 124',
      'Yard > Bin 125',
      'Yard > Bin 126',
      'Yard > Bin 127',
      'Yard > Bin 128',
      'Yard > Bin 129',
    ]);
    await userEvent.selectOptions(select, '125');
    expect(onChange).toHaveBeenCalledWith(125);
  });

  it('has no filter for a small project', () => {
    render(<SiteField options={options.slice(0, 5)} value={null} onChange={() => undefined} onBlur={() => undefined} disabled={false} loading={false} />);
    expect(screen.queryByRole('textbox', { name: 'Filter sites' })).not.toBeInTheDocument();
  });
});
