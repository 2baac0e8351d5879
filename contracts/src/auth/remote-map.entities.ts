/** One remote of the user's map (release channels, issue 42), as GET remotes/map and the session's answer give it. */
import * as v from 'valibot';

/** One remote of the user's map: where their version is, and whether it is a pilot. */
export const RemoteMapEntrySchema = v.object({
  id: v.string(),
  /** The federation name (remote_workflows). */
  name: v.string(),
  /** The URL of the version's mf-manifest.json. */
  entry: v.string(),
  /** The version the channel gives this user; null where remotes.json gives the address (no channel). */
  version: v.nullable(v.string()),
  /** The user is in this remote's pilot. */
  pilot: v.boolean(),
});
export type RemoteMapEntry = v.InferOutput<typeof RemoteMapEntrySchema>;
