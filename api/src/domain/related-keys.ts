/**
 * A related key links the copies of one workflow, or of one preservation plan, across projects
 * (spec 2 §1) — the projects of one licence. The key belongs to the licence of its first copy
 * (the lowest id, archived or not): a save may add copies to it, or change them, only in that
 * licence, and reads only that licence's copies of it. Another licence's key is a 404, exactly
 * as a missing workflow, so a caller can neither join nor probe it. A copy another licence
 * joined before this rule held (a stray) is never read with the key: it counts for no rule of
 * the owner's and shows in none of its replies.
 *
 * Called inside the writing transaction, after the key's advisory lock: two saves of one new
 * key by two licences run one after the other, and the second finds the first's copies.
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { preservations, projects, workflows } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import type { Scope } from '../http/scope';

/** What a related key links: workflow copies or preservation copies. */
export type RelatedKind = 'workflow' | 'preservation';

/** The advisory lock classes of the two kinds of related key (the second key is the key's hash). */
const LOCK_CLASS: Record<RelatedKind, number> = { workflow: 4_207_028, preservation: 4_207_029 };

/** Takes the transaction-scoped lock of a related key: saves of one key run one after the other, also when both create it. */
export async function lockRelatedKey(tx: Tx, kind: RelatedKind, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS[kind]}, hashtext(${key}))`);
}

/** The licence a key belongs to: its first copy's project's; undefined for a key no copy has yet. */
async function keyLicense(tx: Tx, kind: RelatedKind, key: string): Promise<number | undefined> {
  const [first] =
    kind === 'workflow'
      ? await tx
          .select({ licenseId: projects.licenseId })
          .from(workflows)
          .innerJoin(projects, eq(projects.projectId, workflows.projectId))
          .where(eq(workflows.workflowRelatedKey, key))
          .orderBy(asc(workflows.workflowId))
          .limit(1)
      : await tx
          .select({ licenseId: projects.licenseId })
          .from(preservations)
          .innerJoin(projects, eq(projects.projectId, preservations.projectId))
          .where(eq(preservations.preservationRelatedKey, key))
          .orderBy(asc(preservations.id))
          .limit(1);
  return first?.licenseId ?? undefined;
}

/**
 * The licence of a save of `key`'s copies in `projectIds`, once the key is locked: the one
 * licence of those projects, which must be the key's. Another licence's key is a 404 (to a
 * super administrator, who sees both, a 400 `oneLicense`); projects of two licences are a 400
 * `oneLicense` (only a super administrator can name them: to anyone else the other licence's
 * project is a 404, as before). Projects that do not exist are left to the caller's own checks.
 */
export async function licenseOfSave(
  tx: Tx,
  scope: Scope,
  kind: RelatedKind,
  key: string,
  projectIds: readonly number[],
  oneLicense: string,
): Promise<number | undefined> {
  const rows = await tx
    .selectDistinct({ licenseId: projects.licenseId })
    .from(projects)
    .where(and(inArray(projects.projectId, [...new Set(projectIds)]), isNotNull(projects.licenseId)));
  const licenses = rows.map((row) => row.licenseId!);
  // Another licence's key or project is a 404 to whoever does not see that licence; one they see is a 400.
  const refuse = (...involved: number[]): never => {
    if (involved.some((license) => !scope.canSee(license))) throw notFound();
    throw badRequest(oneLicense);
  };
  if (licenses.length > 1) refuse(...licenses);
  const owner = await keyLicense(tx, kind, key);
  if (owner !== undefined && licenses[0] !== undefined && owner !== licenses[0]) refuse(owner, licenses[0]);
  return owner ?? licenses[0];
}

/** A condition keeping a key's copies to its licence's projects (join `projects`); none when the save names no known project. */
export const inLicense = (license: number | undefined): SQL | undefined => (license === undefined ? undefined : eq(projects.licenseId, license));
