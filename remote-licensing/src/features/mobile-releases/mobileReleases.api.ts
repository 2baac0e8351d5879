import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  createMobileRelease,
  getMobileRelease,
  getMobileReleases,
  MobileReleaseMessages,
  updateMobileRelease,
  type MobileReleaseInput,
} from 'contracts/licensing';
import { historyKeys, urlParam } from 'kit';
import { shownOnFields, useNotifyingMutation } from 'shared';

/** The spec's generic page size (spec 1: 20 a page). */
export const RELEASES_PAGE_SIZE = 20;

/** The list's state in the URL (`?q=3.14&page=1`). */
export const releaseListParams = { q: urlParam.string(), page: urlParam.number(0) };

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const releaseKeys = {
  all: ['licensing', 'mobileReleases'] as const,
  list: (filter: string, page: number) => [...releaseKeys.all, 'list', { filter, page }] as const,
  one: (id: number) => [...releaseKeys.all, 'one', id] as const,
};

/** One page of releases, newest first; the last page stays on screen while the next loads. */
export const releasePageQuery = (filter: string, page: number) =>
  queryOptions({
    queryKey: releaseKeys.list(filter, page),
    queryFn: () => getMobileReleases({ filter: filter || undefined, page, pageSize: RELEASES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const releaseQuery = (id: number) => queryOptions({ queryKey: releaseKeys.one(id), queryFn: () => getMobileRelease(id) });

/** A taken version (409) or a rule the server checks (400) is shown under its field. */
const shownByForm = shownOnFields('version', 'couchUrl', 'releaseDate');

/** Adds a release; making it current changes the one that was (every release is read again). */
export function useCreateRelease() {
  return useNotifyingMutation({
    mutationFn: (body: MobileReleaseInput) => createMobileRelease(body),
    invalidates: [releaseKeys.all, historyKeys.all],
    success: MobileReleaseMessages.added,
    failure: MobileReleaseMessages.addFailed,
    shownByForm,
  });
}

export function useUpdateRelease(id: number) {
  return useNotifyingMutation({
    mutationFn: (body: MobileReleaseInput) => updateMobileRelease(id, body),
    invalidates: [releaseKeys.all, historyKeys.all],
    success: MobileReleaseMessages.updated,
    failure: MobileReleaseMessages.updateFailed,
    shownByForm,
  });
}
