/** What a user's projects tab reads beyond the project tree (ours, beyond the spec). */
import * as v from 'valibot';
import { int } from '../common/fields';

/** A licence whose projects the caller may give the user, with how many of them the user holds. */
export const UserProjectLicenseSchema = v.looseObject({
  licenseId: int,
  name: v.string(),
  /** The user's projects in this licence (directly or through a user group), as far as the caller sees. */
  projectCount: int,
  /** The user's own licence. */
  own: v.optional(v.boolean(), false),
});
export type UserProjectLicense = v.InferOutput<typeof UserProjectLicenseSchema>;
