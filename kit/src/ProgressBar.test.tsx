import { render, screen } from '@testing-library/react';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('shows the whole-number percentage', () => {
    render(<ProgressBar value={7} max={15} label="Users" />);
    const bar = screen.getByRole('progressbar', { name: 'Users' });
    expect(bar).toHaveAttribute('aria-valuenow', '47');
    expect(screen.getByText('47%')).toBeInTheDocument();
  });

  it("shows 'N/A' and no fill for unlimited usage", () => {
    const { rerender } = render(<ProgressBar value={null} label="Sites" />);
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('progressbar')).toBeEmptyDOMElement();
    rerender(<ProgressBar value={undefined} label="Sites" />);
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it('clamps the bar over the limit but shows the true number in red', () => {
    render(<ProgressBar value={30} max={25} />);
    const bar = screen.getByRole('progressbar');
    expect(screen.getByText('120%')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '120%');
    const fill = bar.firstElementChild as HTMLElement;
    expect(fill).toHaveStyle({ width: '100%' });
    expect(fill).toHaveClass('bg-red-600');
  });

  it('turns amber from 80 %', () => {
    const { rerender } = render(<ProgressBar value={79} />);
    expect(screen.getByRole('progressbar').firstElementChild).toHaveClass('bg-brand-600');
    rerender(<ProgressBar value={80} />);
    expect(screen.getByRole('progressbar').firstElementChild).toHaveClass('bg-amber-500');
  });
});
