/** The header's site search (GET sites/search, ours): a site of any project the caller sees, with its path and project. */
import * as v from 'valibot';
import { int, tolerant } from '../common/fields';
import { pageOf } from '../common/page';

/** One site found, as the API answers it: its name, its path from the top level ('Yard > Rack 2 > Bin 4') and its project. */
export const SiteSearchItemReplySchema = v.object({
  siteId: int,
  name: v.string(),
  /** The names from the top-level site down to this one, joined by ' > '. */
  path: v.string(),
  projectId: int,
  projectName: v.string(),
  /** False for an archived site (listed only to ADMINISTER_SITE). */
  active: v.boolean(),
});

/** One site found, as the console reads it. */
export const SiteSearchItemSchema = tolerant(SiteSearchItemReplySchema);
export type SiteSearchItem = v.InferOutput<typeof SiteSearchItemSchema>;

/** A page of found sites, by name and then path. */
export const SiteSearchPageSchema = pageOf(SiteSearchItemSchema);
export type SiteSearchPage = v.InferOutput<typeof SiteSearchPageSchema>;
