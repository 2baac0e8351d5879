import { act, render, screen } from '@testing-library/react';
import { loadable } from './lazy';

describe('loadable', () => {
  it('shows its fallback on the first draw, then the component once it is in', async () => {
    const Screen = loadable(() => Promise.resolve(() => <p>Users</p>), <p>Loading</p>);
    render(<Screen />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Users')).toBeInTheDocument();
  });

  it('preloaded, draws the component on its first draw, without the fallback (a sign-in’s landing screen)', async () => {
    const load = jest.fn(() => Promise.resolve(() => <p>Users</p>));
    const Screen = loadable(load, <p>Loading</p>);
    await act(() => Screen.preload());
    render(<Screen />);
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(screen.getByText('Users')).toBeInTheDocument();
    // Loaded once, whoever asked first.
    expect(load).toHaveBeenCalledTimes(1);
  });
});
