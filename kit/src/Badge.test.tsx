import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge, readableTextColor } from './Badge';

describe('Badge', () => {
  it('is plain text unless clickable', () => {
    render(<Badge>Active</Badge>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Active').tagName).toBe('SPAN');
  });

  it('becomes a button that toggles when clicked', async () => {
    const onClick = jest.fn();
    render(
      <Badge onClick={onClick} title="Click to deactivate">
        Active
      </Badge>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Active' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button')).toHaveAttribute('title', 'Click to deactivate');
  });

  it('uses a custom colour with readable text', () => {
    render(
      <>
        <Badge color="#1d4ed8">Dark</Badge>
        <Badge color="#fcc400">Light</Badge>
      </>,
    );
    expect(screen.getByText('Dark')).toHaveStyle({ backgroundColor: '#1d4ed8', color: '#ffffff' });
    expect(screen.getByText('Light')).toHaveStyle({ backgroundColor: '#fcc400', color: '#000000' });
  });

  it('ignores a colour that is not hex', () => {
    render(<Badge color="tomato">Odd</Badge>);
    expect(screen.getByText('Odd')).not.toHaveAttribute('style');
  });
});

describe('readableTextColor', () => {
  it('picks black on light and white on dark backgrounds', () => {
    expect(readableTextColor('#fff')).toBe('#000000');
    expect(readableTextColor('#000')).toBe('#ffffff');
    expect(readableTextColor('#172554')).toBe('#ffffff');
  });
});
