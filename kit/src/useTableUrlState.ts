/**
 * A list held whole in the browser (a licence's workflows, the licences) with its search, sort
 * and page in the URL (`?q=tower&sort=name&dir=desc&page=2`), like the lists paged on the
 * server: Back, reload and a shared link restore it. Spread the answer into DataTable.
 */
import { useUrlSearch } from './useUrlSearch';
import { urlParam, useUrlState } from './useUrlState';

const tableParams = {
  q: urlParam.string(),
  sort: urlParam.string(),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.number(0),
};

export function useTableUrlState(placeholder: string) {
  const [params, setParams] = useUrlState(tableParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  return {
    filter: { placeholder, value: search, onChange: setSearch },
    view: {
      sort: params.sort ? { id: params.sort, desc: params.dir === 'desc' } : null,
      onSortChange: (sort: { id: string; desc: boolean } | null) => setParams({ sort: sort?.id ?? '', dir: sort?.desc ? 'desc' : 'asc', page: 0 }),
      pageIndex: params.page,
      onPageChange: (page: number) => setParams({ page }),
    },
  };
}
