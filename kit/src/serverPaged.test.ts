import { serverPaged } from './serverPaged';

describe('serverPaged', () => {
  it('shows the server’s page and order, pages on, and goes back to the first page on a new order', () => {
    const change = jest.fn();
    const paging = serverPaged({ total: 120, totalExact: false }, { page: 3, sort: 'name', dir: 'desc' }, change);
    expect(paging).toMatchObject({ pageIndex: 3, total: 120, totalExact: false, sort: { id: 'name', desc: true } });
    paging.onPageChange(4);
    expect(change).toHaveBeenLastCalledWith({ page: 4 });
    paging.onSortChange({ id: 'email', desc: false });
    expect(change).toHaveBeenLastCalledWith({ sort: 'email', dir: 'asc', page: 0 });
  });

  it('counts nothing while the first page loads', () => {
    expect(serverPaged(undefined, { page: 0, sort: 'name', dir: 'asc' }, () => undefined)).toMatchObject({ total: 0, totalExact: true });
  });
});
