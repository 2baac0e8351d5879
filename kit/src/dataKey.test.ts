import { QueryClient } from '@tanstack/react-query';
import { dataKey } from './dataKey';

describe('dataKey', () => {
  it('stays the same when a refetch answers the same data, and changes when the data changes', async () => {
    const client = new QueryClient();
    let answer: unknown = [{ roleId: 1, direct: true }];
    // What a screen reads: the query's data once each fetch has answered.
    const fetch = async () => {
      await client.fetchQuery({ queryKey: ['roles'], queryFn: async () => JSON.parse(JSON.stringify(answer)), staleTime: 0 });
      return client.getQueryData(['roles']) as object;
    };
    const first = dataKey(await fetch());
    expect(dataKey(await fetch())).toBe(first);
    answer = [
      { roleId: 1, direct: true },
      { roleId: 2, direct: true },
    ];
    const changed = dataKey(await fetch());
    expect(changed).not.toBe(first);
    expect(dataKey(await fetch())).toBe(changed);
  });
});
