import { fireEvent, render, screen } from '@testing-library/react';
import { ScrollBox } from './ScrollBox';

/** jsdom lays nothing out: give every div the widths a phone would. */
function layout(scrollWidth: number, clientWidth: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

const shade = (container: HTMLElement, edge: 'before' | 'after') => container.querySelector(`[data-edge="${edge}"]`);

describe('ScrollBox', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is a plain box while its content fits', () => {
    layout(300, 300);
    const { container } = render(
      <ScrollBox label="Users">
        <table />
      </ScrollBox>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(shade(container, 'before')).toHaveClass('opacity-0');
    expect(shade(container, 'after')).toHaveClass('opacity-0');
  });

  it('when wider than the screen, is a focusable, labelled region with a shade on the side there is more', () => {
    layout(1100, 350);
    const { container } = render(
      <ScrollBox label="Users">
        <table />
      </ScrollBox>,
    );
    const region = screen.getByRole('region', { name: 'Users, scrolls sideways' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(shade(container, 'before')).toHaveClass('opacity-0');
    expect(shade(container, 'after')).toHaveClass('opacity-100');
    // Scrolled to the end: the shade moves to the other side.
    region.scrollLeft = 750;
    fireEvent.scroll(region);
    expect(shade(container, 'before')).toHaveClass('opacity-100');
    expect(shade(container, 'after')).toHaveClass('opacity-0');
  });

  it('leaves focus to what it holds when told to (a tab list)', () => {
    layout(600, 350);
    render(
      <ScrollBox label="Tabs" focusable={false}>
        <div role="tablist" />
      </ScrollBox>,
    );
    expect(screen.getByRole('region', { name: 'Tabs, scrolls sideways' })).not.toHaveAttribute('tabindex');
  });

  it('holds a visually hidden header inside it (it is positioned)', () => {
    layout(300, 300);
    render(
      <ScrollBox label="Users">
        <span className="sr-only">Copy</span>
      </ScrollBox>,
    );
    expect(screen.getByText('Copy').parentElement).toHaveClass('relative', 'overflow-x-auto');
  });
});
