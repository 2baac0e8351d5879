import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  AccessReviewMessages as M,
  createAccessReview,
  decideAccessReviewItems,
  exportAccessReviewCsv,
  exportAccessReviewPdf,
  exportHolders,
  getAccessReview,
  getAccessReviewItems,
  getAccessReviews,
  getHolders,
  signOffAccessReview,
  getRoleCatalogue,
  HOLDING_SORTS,
  type AccessReviewInput,
  type DecisionInput,
  type HoldingKind,
  type ViaKind,
} from 'contracts/identity';
import { getLicenseAddons } from 'contracts/licensing';
import { getProjects } from 'contracts/projects-sites';
import { urlParam } from 'kit';
import { ApiError, Role, saveFile, useNotifyingMutation } from 'shared';

export const HOLDERS_PAGE_SIZE = 25;

/** 'Who can do what' in the URL (`?kind=role&id=12&via=group&q=site&sort=grantedAt&dir=desc&page=1&licenseId=3`). */
export const holderListParams = {
  kind: urlParam.oneOf<HoldingKind>(['role', 'addon', 'project'] as const, 'role'),
  id: urlParam.optionalNumber(),
  via: urlParam.oneOf(['all', 'direct', 'group', 'all-projects'] as const, 'all'),
  holder: urlParam.oneOf(['all', 'user', 'key'] as const, 'all'),
  q: urlParam.string(),
  sort: urlParam.oneOf(HOLDING_SORTS, 'holder'),
  dir: urlParam.oneOf(['asc', 'desc'] as const, 'asc'),
  page: urlParam.number(0),
  licenseId: urlParam.optionalNumber(),
};

export interface HolderFilter {
  kind: HoldingKind;
  id: number;
  via: ViaKind | 'all';
  holder: 'user' | 'key' | 'all';
  filter: string;
  sort: (typeof HOLDING_SORTS)[number];
  dir: 'asc' | 'desc';
  licenseId: number | null;
}

/** Query keys of this remote start with its id: all remotes share one QueryClient. */
export const accessKeys = {
  all: ['identity', 'access'] as const,
  holders: (f: HolderFilter & { page: number }) => [...accessKeys.all, 'holders', f] as const,
  subjects: (kind: HoldingKind, licenseId: number | null) => [...accessKeys.all, 'subjects', kind, licenseId] as const,
  reviews: () => [...accessKeys.all, 'reviews'] as const,
  reviewList: (licenseId: number | null) => [...accessKeys.reviews(), 'list', licenseId] as const,
  review: (id: number) => [...accessKeys.reviews(), 'one', id] as const,
  items: (id: number) => [...accessKeys.review(id), 'items'] as const,
};

const queryOf = (f: HolderFilter) => ({
  kind: f.kind,
  id: f.id,
  via: f.via === 'all' ? undefined : f.via,
  holderKind: f.holder === 'all' ? undefined : f.holder,
  filter: f.filter || undefined,
  sort: f.sort,
  dir: f.dir,
  licenseId: f.licenseId ?? undefined,
});

export const holdersQuery = (f: HolderFilter & { page: number }) =>
  queryOptions({
    queryKey: accessKeys.holders(f),
    queryFn: () => getHolders({ ...queryOf(f), page: f.page, pageSize: HOLDERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export async function downloadHolders(f: HolderFilter): Promise<void> {
  const { blob, fileName } = await exportHolders(queryOf(f));
  saveFile(blob, fileName ?? 'who-can-do-what.csv');
}

/** What can be looked up: a permission (with its description, searchable), a product licence, a project. */
export interface Subject {
  id: number;
  /** A role's name (ACCESS_MY_CUSTOMER_LICENCE); the label otherwise. */
  name: string;
  label: string;
  description: string;
}

/** The permissions, product licences or projects to choose from. */
async function subjectsOf(kind: HoldingKind, licenseId: number | null): Promise<Subject[]> {
  if (kind === 'role') {
    const groups = await getRoleCatalogue();
    return groups
      .flatMap((group) =>
        group.roles.map((role) => ({
          id: role.roleId,
          name: role.name,
          label: role.friendlyName || role.name,
          description: `${role.description ?? ''} (${role.name})`.trim(),
        })),
      )
      .sort((a, b) => a.label.localeCompare(b.label));
  }
  if (kind === 'addon') {
    const offered = await getLicenseAddons(licenseId!);
    return offered
      .filter((addon) => addon.maxUsers !== 0)
      .map((addon) => ({ id: addon.addOnId, name: addon.name, label: addon.name, description: addon.description ?? '' }));
  }
  const projects = await getProjects({ licenseId: licenseId!, state: 'all' });
  return projects
    .map((project) => ({ id: project.projectId, name: project.name, label: project.name, description: project.description ?? '' }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export const subjectsQuery = (kind: HoldingKind, licenseId: number | null) =>
  queryOptions({ queryKey: accessKeys.subjects(kind, licenseId), enabled: kind === 'role' || licenseId !== null, queryFn: () => subjectsOf(kind, licenseId) });

/** The licence's administrators (ACCESS_MY_CUSTOMER_LICENCE, directly or through a group): who may review. */
export const licenseAdminsQuery = (licenseId: number | null) =>
  queryOptions({
    queryKey: [...accessKeys.all, 'admins', licenseId] as const,
    queryFn: async () => {
      const role = (await subjectsOf('role', null)).find((s) => s.name === Role.ACCESS_MY_CUSTOMER_LICENCE);
      if (!role) return [];
      const page = await getHolders({ kind: 'role', id: role.id, holderKind: 'user', licenseId: licenseId ?? undefined, pageSize: 200 });
      const seen = new Map<number, { userId: number; userName: string; fullName: string }>();
      for (const h of page.items) if (!seen.has(h.holderId)) seen.set(h.holderId, { userId: h.holderId, userName: h.holderName, fullName: h.holderLabel });
      return [...seen.values()];
    },
  });

export const reviewsQuery = (licenseId: number | null) =>
  queryOptions({ queryKey: accessKeys.reviewList(licenseId), queryFn: () => getAccessReviews({ licenseId: licenseId ?? undefined }) });
export const reviewQuery = (id: number) => queryOptions({ queryKey: accessKeys.review(id), queryFn: () => getAccessReview(id) });
export const reviewItemsQuery = (id: number) => queryOptions({ queryKey: accessKeys.items(id), queryFn: () => getAccessReviewItems(id) });

export function useStartReview() {
  return useNotifyingMutation({
    mutationFn: (input: AccessReviewInput) => createAccessReview(input),
    invalidates: [accessKeys.reviews()],
    success: (review) => M.started(review.items),
    failure: 'Failed to start the review.',
  });
}

export function useDecide(reviewId: number) {
  const queryClient = useQueryClient();
  return useNotifyingMutation({
    mutationFn: (input: DecisionInput) => decideAccessReviewItems(reviewId, input),
    invalidates: [accessKeys.reviews(), accessKeys.all],
    success: (reply) => reply.Message,
    failure: 'Failed to save the decisions.',
    // Another reviewer decided first (409): the list shows their decision at once, so the next choice is made on it.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) return queryClient.invalidateQueries({ queryKey: accessKeys.review(reviewId) });
    },
  });
}

export function useSignOff(reviewId: number) {
  return useNotifyingMutation({
    mutationFn: () => signOffAccessReview(reviewId),
    invalidates: [accessKeys.reviews()],
    success: M.signedOff,
    failure: 'Failed to sign off the review.',
  });
}

export async function downloadReport(reviewId: number, format: 'csv' | 'pdf'): Promise<void> {
  const { blob, fileName } = format === 'csv' ? await exportAccessReviewCsv(reviewId) : await exportAccessReviewPdf(reviewId);
  saveFile(blob, fileName ?? `access-review-${reviewId}.${format}`);
}
