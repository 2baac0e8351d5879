import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchSites } from 'contracts/projects-sites';
import { urlParam } from 'kit';

/** Sites a page (the spec's generic page size). */
export const SITE_SEARCH_PAGE_SIZE = 20;

/** The fewest characters a search sends (the API answers 400 below it). */
export const SITE_SEARCH_MIN = 2;

/** The search's state in the URL (`/sites?q=bin&page=2`), so Back, reload and a shared link restore it. */
export const siteSearchParams = {
  q: urlParam.string(),
  page: urlParam.number(0),
};

export interface SiteSearchFilter {
  q: string;
  page: number;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const siteSearchKeys = {
  all: ['projects-sites', 'site-search'] as const,
  list: (f: SiteSearchFilter) => [...siteSearchKeys.all, 'list', f] as const,
};

/** One page of the sites whose name holds `q`; asked only from 2 characters, the last page kept on screen while the next loads. */
export const siteSearchQuery = (f: SiteSearchFilter) =>
  queryOptions({
    queryKey: siteSearchKeys.list(f),
    queryFn: () => searchSites({ q: f.q, page: f.page, pageSize: SITE_SEARCH_PAGE_SIZE }),
    enabled: f.q.trim().length >= SITE_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
