/**
 * Mobile app releases (spec 1: the Mobile Admin screens list, view, edit and new; version, couch
 * url, release date, active, current). The contract lists no call for them: ours, in
 * mobile-releases.endpoints.ts. At most one release is current.
 */
import * as v from 'valibot';
import { int, tolerant, visibleName } from '../common/fields';
import { pageOf } from '../common/page';

/** Ours: the texts of the mobile release screens (the spec gives none). */
export const MobileReleaseMessages = {
  versionRequired: 'Version is required.',
  versionTooLong: 'Version may be at most 50 characters.',
  versionInvisible: 'Version may not hold invisible or control characters.',
  versionTaken: 'A release with this version already exists.',
  couchUrlRequired: 'Couch URL is required.',
  couchUrlInvalid: 'Couch URL must be an http or https address.',
  couchUrlTooLong: 'Couch URL may be at most 500 characters.',
  releaseDateRequired: 'Release date is required.',
  releaseDateInvalid: 'Release date must be a date (YYYY-MM-DD).',
  fetchFailed: 'Failed to load mobile releases.',
  loadFailed: 'Failed to load the mobile release.',
  added: 'Mobile release added.',
  addFailed: 'Failed to add the mobile release.',
  updated: 'Mobile release updated.',
  updateFailed: 'Failed to update the mobile release.',
  noReleases: 'No mobile releases.',
  currentNote: 'Only one release is current: making this one current makes the current one not current.',
} as const;

/** A release as the API answers it; `releaseDate` is the day, YYYY-MM-DD. */
export const MobileReleaseReplySchema = v.object({
  id: int,
  version: v.string(),
  couchUrl: v.string(),
  releaseDate: v.string(),
  active: v.boolean(),
  current: v.boolean(),
});

/** A release as the screens show it. */
export const MobileReleaseSchema = tolerant(MobileReleaseReplySchema);
export type MobileRelease = v.InferOutput<typeof MobileReleaseSchema>;

export const MobileReleasePageSchema = pageOf(MobileReleaseSchema);
export type MobileReleasePage = v.InferOutput<typeof MobileReleasePageSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** What the new and edit screens send (POST mobile-releases, PUT mobile-releases/{id}); the form validates with it too. */
export const MobileReleaseBodySchema = v.object({
  // A missing field reads as empty, so it gets the field's own message.
  version: v.pipe(
    v.optional(v.string(MobileReleaseMessages.versionRequired), ''),
    v.trim(),
    v.nonEmpty(MobileReleaseMessages.versionRequired),
    v.maxLength(50, MobileReleaseMessages.versionTooLong),
    visibleName(MobileReleaseMessages.versionInvisible),
  ),
  couchUrl: v.pipe(
    v.optional(v.string(MobileReleaseMessages.couchUrlRequired), ''),
    v.trim(),
    v.nonEmpty(MobileReleaseMessages.couchUrlRequired),
    v.maxLength(500, MobileReleaseMessages.couchUrlTooLong),
    v.check((url) => /^https?:\/\/[^\s/]+/i.test(url) && URL.canParse(url), MobileReleaseMessages.couchUrlInvalid),
  ),
  releaseDate: v.pipe(
    v.optional(v.string(MobileReleaseMessages.releaseDateRequired), ''),
    v.trim(),
    v.nonEmpty(MobileReleaseMessages.releaseDateRequired),
    v.maxLength(10, MobileReleaseMessages.releaseDateInvalid),
    v.check(isDay, MobileReleaseMessages.releaseDateInvalid),
  ),
  active: v.optional(v.boolean('active must be true or false.'), true),
  current: v.optional(v.boolean('current must be true or false.'), false),
});
export type MobileReleaseInput = v.InferInput<typeof MobileReleaseBodySchema>;
