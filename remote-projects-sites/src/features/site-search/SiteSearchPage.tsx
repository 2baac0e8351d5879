import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SiteMessages } from 'contracts/projects-sites';
import { PageHeader, useUrlSearch, useUrlState } from 'kit';
import { errorMessage } from 'shared';
import { siteViewRoute } from '../sites/sites.routes';
import { SITE_SEARCH_MIN, siteSearchParams, siteSearchQuery } from './siteSearch.api';
import { SiteSearchTable } from './SiteSearchTable';

/**
 * Sites (the header's link; ours, as the spec's route table has no site list): the sites of
 * every project the user may see whose name holds the search, with their path and project,
 * paged on the server by name and then path; archived ones (for ADMINISTER_SITE) carry a badge.
 * The search (debounced) and the page live in the URL. A row opens the site's view.
 */
export default function SiteSearchPage() {
  const [params, setParams] = useUrlState(siteSearchParams);
  const [search, setSearch] = useUrlSearch(params.q, (q) => setParams({ q, page: 0 }, { replace: true }));
  const searching = params.q.length >= SITE_SEARCH_MIN;
  const sites = useQuery(siteSearchQuery({ q: params.q, page: params.page }));
  const navigate = useNavigate();
  const shown = searching ? sites.data : undefined;
  const emptyText = !searching ? (params.q === '' ? SiteMessages.searchEmpty : SiteMessages.searchTooShort) : SiteMessages.searchNoMatch;
  return (
    <div className="space-y-4">
      <PageHeader title="Sites" description="Find a site in any project you can see by its name; a row opens the site." />
      <SiteSearchTable
        page={shown}
        loading={searching && sites.isPending}
        error={searching && sites.isError ? errorMessage(sites.error, SiteMessages.searchFailed) : undefined}
        pageIndex={params.page}
        onPageChange={(page) => setParams({ page })}
        search={search}
        onSearch={setSearch}
        emptyText={emptyText}
        onRowClick={(site) => navigate(siteViewRoute.to({ projectId: site.projectId, siteId: site.siteId }))}
      />
    </div>
  );
}
