/** Mobile app releases (screens list, view, edit, new); the contract lists no call for them yet. */
import * as v from 'valibot';
import { IsoDate } from '../common/page';
import { int } from '../common/fields';

export const MobileReleaseSchema = v.looseObject({
  id: v.optional(int),
  version: v.string(),
  couchUrl: v.string(),
  releaseDate: IsoDate,
  active: v.boolean(),
  current: v.boolean(),
});
export type MobileRelease = v.InferOutput<typeof MobileReleaseSchema>;
