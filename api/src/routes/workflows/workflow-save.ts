/**
 * Saving a workflow's copies (POST {projectId}/workflow/bulk, PUT {projectId}/workflow), in one
 * transaction: the copies the editor took off are archived first, then each copy is inserted
 * (workflowId 0) or updated, after the rules that depend on stored data are checked against
 * what the database holds once every lock is taken. The per-field rules are the body's schema
 * (WorkflowBodySchema); the rules here are the area's (contracts/workflows/workflows.rules.ts):
 *
 * - a Geo trigger: the workflow's live copies after the save are in exactly one project, and
 *   each Geo trigger's site is an active site of its copy's project;
 * - an equipment-status mapping: the custom equipment statuses of the workflow's projects agree
 *   (`customStatusesAgree`), and each mapped status is one the project offers (`equipmentStatusOptions`);
 * - an item whose type changed holds nothing that blocks the change (`typeChangeBlocked`).
 *
 * Locks, in this order: the related key (a transaction-scoped advisory lock: two saves of one
 * workflow run one after the other, also when both create it, in one licence or two — the key is
 * its first copy's licence's, domain/related-keys.ts), its stored copies in that licence (FOR UPDATE,
 * which an archive of one of them takes too), then the projects, sites and configs read (FOR
 * SHARE, so a project deactivated, a site archived or a config changed meanwhile waits for this
 * save, or this save sees it). The partial unique index (project, related key) over live copies
 * holds one live copy per project in the database itself; its violation is the same 409.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  CUSTOM_EQUIPMENT_STATUS_CONFIG,
  customEquipmentStatuses,
  customStatusesAgree,
  equipmentStatusOptions,
  hasEquipmentStatus,
  hasGeoTrigger,
  ItemType,
  typeChangeBlocked,
  WorkflowMessages as M,
  type WorkflowBodySchema,
} from 'contracts/workflows/model';
import type { Tx } from '../../db/client';
import { configs, projects, sites, workflowResourceTypes, workflows } from '../../db/schema';
import { inLicense, licenseOfSave, lockRelatedKey } from '../../domain/related-keys';
import type { AuditEntry } from '../../http/audit';
import type { Caller } from '../../http/auth';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import type { Scope } from '../../http/scope';
import { workflowAuditValues } from './workflow-audit';
import { archiveLocked, seenColumn, workflowColumns, type WorkflowInProject, type WorkflowRow } from './workflows.service';

export type WorkflowCopy = v.InferOutput<typeof WorkflowBodySchema>;
type Item = WorkflowCopy['workflowData']['phases'][number]['items'][number];

const GEO = 1;

export interface SaveRequest {
  /** The copies to save, each one project's. */
  copies: readonly WorkflowCopy[];
  /** Copies to archive first (the projects the editor took off). */
  archive: readonly number[];
  /** Where a copy's fields sit in the body: `0.` for the bulk's list, '' for PUT's one workflow. */
  pathOf(index: number): string;
}

/** A rule a copy breaks: its message, and the field it is about when one fits. */
interface Problem {
  message: string;
  path?: string;
}

/** Every item of a copy with where it sits in the body. */
function itemsOf(copy: WorkflowCopy, prefix: string): { item: Item; path: string }[] {
  return copy.workflowData.phases.flatMap((phase, p) => phase.items.map((item, i) => ({ item, path: `${prefix}workflowData.phases.${p}.items.${i}` })));
}

/** 400 with the first problem's message and each field's under `errors`. */
function refuse(problems: readonly Problem[]): never {
  const errors: Record<string, string> = {};
  for (const problem of problems) if (problem.path) errors[problem.path] ??= problem.message;
  throw badRequest(problems[0]!.message, { errors });
}

/**
 * Saves the copies (and archives those named) in the caller's transaction. Answers the copies
 * as saved, in the body's order, with their projects' names, the archived rows, and the History
 * entries of both, for the handler to record once the transaction has committed. Throws the
 * call's 4xx, after which the transaction rolls back: nothing is archived or saved.
 */
export async function saveCopies(
  tx: Tx,
  caller: Caller,
  scope: Scope,
  request: SaveRequest,
  now: Date,
): Promise<{ saved: WorkflowInProject[]; archived: WorkflowRow[]; entries: AuditEntry[] }> {
  const { copies } = request;
  const key = copies[0]!.workflowRelatedKey;
  await lockRelatedKey(tx, 'workflow', key);
  // The key is one licence's (domain/related-keys.ts): another licence's is a 404, and only its licence's copies are read.
  const license = await licenseOfSave(
    tx,
    scope,
    'workflow',
    key,
    copies.map((copy) => copy.projectId),
    M.oneLicense,
  );

  // Every stored copy of the workflow, locked; `seen` tells which the caller may touch.
  const seen = await seenColumn(tx, caller, scope);
  const stored = await tx
    .select({ ...workflowColumns, seen })
    .from(workflows)
    .innerJoin(projects, eq(projects.projectId, workflows.projectId))
    .where(and(eq(workflows.workflowRelatedKey, key), inLicense(license)))
    .for('update', { of: workflows });
  const byId = new Map(stored.map((row) => [row.workflowId, row]));

  // Ids sent that are not this workflow's copies the caller sees: any the caller does not see
  // is a 404, as a missing one; another of their workflows is a 400 in the archive list, a 409 as a copy.
  const foreign = [...new Set([...request.archive, ...copies.map((copy) => copy.workflowId).filter((id) => id > 0)])].filter((id) => !byId.get(id)?.seen);
  if (foreign.length > 0) {
    const others = await tx
      .select({ workflowId: workflows.workflowId })
      .from(workflows)
      .innerJoin(projects, eq(projects.projectId, workflows.projectId))
      .where(and(inArray(workflows.workflowId, foreign), seen));
    if (others.length < foreign.length) throw notFound();
    const id = foreign[0]!;
    if (request.archive.includes(id)) throw badRequest(M.archiveNotCopy(id), { errors: { archive: M.archiveNotCopy(id) } });
    const at = copies.findIndex((copy) => copy.workflowId === id);
    throw conflict(M.notThisCopy(id), { errors: { [`${request.pathOf(at)}workflowId`]: M.notThisCopy(id) } });
  }

  // The copies taken off: archived first, refused with their reasons (409) before anything is saved.
  const both = request.archive.find((id) => copies.some((copy) => copy.workflowId === id));
  if (both !== undefined) throw badRequest(M.archiveAndSave(both), { errors: { archive: M.archiveAndSave(both) } });
  const { archived, entries } = await archiveLocked(
    tx,
    [...new Set(request.archive)].map((id) => byId.get(id)!),
    now,
  );
  const archivedIds = new Set(archived.map((row) => row.workflowId));
  const live = stored.filter((row) => !row.isDecommissioned && !archivedIds.has(row.workflowId));

  // Each copy: an existing one must be this workflow's live copy in the project it is sent with.
  copies.forEach((copy, index) => {
    if (copy.workflowId === 0) return;
    const row = byId.get(copy.workflowId)!;
    if (row.projectId !== copy.projectId)
      throw conflict(M.notThisCopy(row.workflowId), { errors: { [`${request.pathOf(index)}projectId`]: M.notThisCopy(row.workflowId) } });
    if (row.isDecommissioned) throw conflict(M.archivedNotConfigurable(row.name));
  });

  // The projects: those of the copies must be ones the caller sees (404), and active for a new
  // copy (409); those of the copies left as they are count for the rules.
  const projectIds = [...new Set([...copies.map((copy) => copy.projectId), ...live.map((row) => row.projectId)])];
  const projectRows = await tx
    .select({ projectId: projects.projectId, name: projects.name, isActive: projects.isActive, seen })
    .from(projects)
    .where(inArray(projects.projectId, projectIds))
    .for('share');
  const project = new Map(projectRows.map((row) => [row.projectId, row]));
  for (const copy of copies) if (!project.get(copy.projectId)?.seen) throw notFound();
  copies.forEach((copy, index) => {
    if (copy.workflowId !== 0) return;
    const { name, isActive } = project.get(copy.projectId)!;
    if (!isActive) throw conflict(M.projectInactive(name), { errors: { [`${request.pathOf(index)}projectId`]: M.projectInactive(name) } });
    if (live.some((row) => row.projectId === copy.projectId))
      throw conflict(M.copyExists(name), { errors: { [`${request.pathOf(index)}projectId`]: M.copyExists(name) } });
  });

  // The workflow's projects once saved: the copies sent and the live copies left as they are.
  const after = [...new Set([...live.map((row) => row.projectId), ...copies.map((copy) => copy.projectId)])];
  const problems = [
    ...(await geoProblems(tx, request, after)),
    ...(await equipmentProblems(tx, request, after)),
    ...typeChangeProblems(request, byId),
    ...(await productionProblems(tx, request)),
  ];
  if (problems.length > 0) refuse(problems);

  const saved: WorkflowRow[] = [];
  try {
    for (const copy of copies) {
      const values = { name: copy.name, workflowType: copy.workflowType, projectId: copy.projectId, workflowRelatedKey: key, workflowData: copy.workflowData };
      const [row] =
        copy.workflowId === 0
          ? await tx.insert(workflows).values(values).returning()
          : await tx.update(workflows).set(values).where(eq(workflows.workflowId, copy.workflowId)).returning();
      saved.push(row!);
    }
  } catch (error) {
    // Held by the advisory lock; the index answers the same should a copy be written another way.
    if (isUniqueViolation(error)) throw conflict(M.copyExists(project.get(copies[saved.length]?.projectId ?? 0)?.name ?? ''));
    throw error;
  }
  for (const row of saved) {
    const before = byId.get(row.workflowId);
    // What changed, not the whole workflow twice (issue 38: workflow-audit.ts).
    entries.push({ entity: 'workflow', entityId: row.workflowId, ...workflowAuditValues(before, row) });
  }
  return {
    saved: saved.map((row) => ({ ...row, projectName: project.get(row.projectId)!.name, projectIsActive: project.get(row.projectId)!.isActive })),
    archived,
    entries,
  };
}

/** A Geo trigger keeps the workflow to one project, and names an active site of its copy's project. */
async function geoProblems(tx: Tx, request: SaveRequest, after: readonly number[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  const triggers = request.copies.flatMap((copy, index) =>
    itemsOf(copy, request.pathOf(index)).flatMap(({ item, path }) =>
      item.triggers.flatMap((trigger, t) =>
        trigger.triggerType === GEO ? [{ projectId: copy.projectId, siteId: trigger.siteID ?? 0, path: `${path}.triggers.${t}.siteID` }] : [],
      ),
    ),
  );
  if (triggers.length === 0) return [];
  if (request.copies.some((copy) => hasGeoTrigger(copy.workflowData.phases)) && after.length > 1) problems.push({ message: M.geoTriggerBlocksProjects });
  const active = await tx
    .select({ siteId: sites.siteId, projectId: sites.projectId })
    .from(sites)
    .where(and(inArray(sites.siteId, [...new Set(triggers.map((trigger) => trigger.siteId))]), eq(sites.active, true)))
    .for('share');
  const projectOf = new Map(active.map((site) => [site.siteId, site.projectId]));
  for (const trigger of triggers) if (projectOf.get(trigger.siteId) !== trigger.projectId) problems.push({ message: M.siteNotInProject, path: trigger.path });
  return problems;
}

/** Mapped equipment statuses: the projects' custom statuses agree, and each status is one the project offers. */
async function equipmentProblems(tx: Tx, request: SaveRequest, after: readonly number[]): Promise<Problem[]> {
  if (!request.copies.some((copy) => hasEquipmentStatus(copy.workflowData.phases))) return [];
  const rows = await tx
    .select({ projectId: configs.projectId, data: configs.data })
    .from(configs)
    .where(and(eq(configs.name, CUSTOM_EQUIPMENT_STATUS_CONFIG), inArray(configs.projectId, [...after])));
  // A project without the config has no custom statuses.
  const statusesOf = (projectId: number) => customEquipmentStatuses(rows.find((row) => row.projectId === projectId)?.data);
  if (!customStatusesAgree(after.map(statusesOf))) return [{ message: M.differingEquipmentStatuses }];
  const problems: Problem[] = [];
  request.copies.forEach((copy, index) => {
    const offered = new Set(equipmentStatusOptions(statusesOf(copy.projectId)).map((option) => option.value));
    for (const { item, path } of itemsOf(copy, request.pathOf(index))) {
      item.itemStateFromEquipmentStatus.forEach((mapping, m) => {
        if (!offered.has(mapping.equipmentStatusState))
          problems.push({ message: M.statusNotOffered, path: `${path}.itemStateFromEquipmentStatus.${m}.equipmentStatusState` });
      });
    }
  });
  return problems;
}

/** An item stored with another type may change type only when it holds nothing that blocks it (spec 2 §4). */
function typeChangeProblems(request: SaveRequest, byId: Map<number, WorkflowInProject>): Problem[] {
  const problems: Problem[] = [];
  request.copies.forEach((copy, index) => {
    if (copy.workflowId === 0) return;
    const storedTypes = new Map<string, number>();
    for (const phase of byId.get(copy.workflowId)!.workflowData.phases as { items?: { itemId?: string; itemType?: number }[] }[]) {
      for (const item of phase.items ?? []) if (typeof item.itemId === 'string') storedTypes.set(item.itemId, item.itemType ?? 2);
    }
    for (const { item, path } of itemsOf(copy, request.pathOf(index))) {
      const before = storedTypes.get(item.itemId);
      if (before !== undefined && before !== item.itemType && typeChangeBlocked(item))
        problems.push({ message: M.typeChangeBlocked, path: `${path}.itemType` });
    }
  });
  return problems;
}

/**
 * A workflow that resource types follow cannot take a Production item (spec 2 §5: such workflows
 * are no option for a resource type), so the configuration never points at one. The links are
 * read under the copy's row lock, which linking a type takes too.
 */
async function productionProblems(tx: Tx, request: SaveRequest): Promise<Problem[]> {
  const withProduction = request.copies
    .map((copy, index) => ({ copy, index, items: itemsOf(copy, request.pathOf(index)).filter(({ item }) => item.itemType === ItemType.Production) }))
    .filter(({ copy, items }) => copy.workflowId > 0 && items.length > 0);
  if (withProduction.length === 0) return [];
  const followed = new Set(
    (
      await tx
        .select({ workflowId: workflowResourceTypes.workflowId })
        .from(workflowResourceTypes)
        .where(
          inArray(
            workflowResourceTypes.workflowId,
            withProduction.map(({ copy }) => copy.workflowId),
          ),
        )
    ).map((row) => row.workflowId),
  );
  return withProduction
    .filter(({ copy }) => followed.has(copy.workflowId))
    .map(({ items }) => ({ message: M.productionWhileFollowed, path: `${items[0]!.path}.itemType` }));
}
