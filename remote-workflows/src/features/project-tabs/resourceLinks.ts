/**
 * The project view's resource-type configuration, the same for workflows and preservations: a
 * project's rows (an owner — workflow or preservation — with the resource types that follow it)
 * and the copy of a project's rows to other projects (spec 2 §4, §5): each row goes to the copy
 * of its owner in a chosen project (found by the related key its copies share); a project
 * without one, or a type that follows another owner there, is refused with the spec's message,
 * and only the rest is copied (Continue).
 */
import { configAlreadyAssigned, notInASelectedProject, notInSelectedProject, WorkflowMessages } from 'contracts/workflows';

export type ResourceKind = 'workflows' | 'preservations';

export interface LinkType {
  typeNumber: number;
  typeName: string;
}

/** A workflow or preservation of a project, with the resource types that follow it there. */
export interface OwnerRow {
  ownerId: number;
  name: string;
  projectId: number;
  relatedKey?: string;
  resourceTypes: LinkType[];
  /** Why no resource type may follow it (a workflow with a Production item), if so. */
  notConfigurable?: string;
}

/** What to save in one target project: each owner there with the types to add. */
export interface CopyTarget {
  projectId: number;
  links: { ownerId: number; typeNumbers: number[] }[];
}

export interface CopyPlan {
  targets: CopyTarget[];
  /** The spec's messages for what cannot be copied, each once. */
  errors: string[];
  /**
   * Why rows give a chosen project nothing, per project: the spec's refusals and the types that
   * already follow the owner's copy there (so 'Nothing can be copied.' always says why).
   */
  reasons: { projectId: number; projectName: string; messages: string[] }[];
  /** Links that can be copied, over all targets. */
  copyable: number;
}

/** The types a project's rows give to owners: type number → owner id. */
const ownerOfType = (rows: readonly OwnerRow[]) => new Map(rows.flatMap((row) => row.resourceTypes.map((type) => [type.typeNumber, row.ownerId] as const)));

/**
 * The copy of `source` rows into each of `targets` (their projects' rows): found by related
 * key; a project without a copy of the owner is refused with the spec's words for the kind (spec
 * 1 §5: a workflow '{name} is not in a selected project', a preservation '{name} is not in
 * selected project'); '{type} already has a config assigned' when the type follows another owner
 * there. A type already following the same owner is no change, and is said so per project.
 */
export function planCopy(
  kind: ResourceKind,
  source: readonly OwnerRow[],
  targets: readonly { projectId: number; projectName: string; rows: readonly OwnerRow[] }[],
): CopyPlan {
  const errors = new Set<string>();
  const notIn = kind === 'workflows' ? notInASelectedProject : notInSelectedProject;
  let copyable = 0;
  const reasons: CopyPlan['reasons'] = [];
  const planned = targets.map((target) => {
    const taken = ownerOfType(target.rows);
    const links: CopyTarget['links'] = [];
    const why: string[] = [];
    const refuse = (message: string) => {
      errors.add(message);
      why.push(message);
    };
    for (const row of source) {
      if (row.resourceTypes.length === 0) continue;
      const copy = target.rows.find((candidate) => candidate.relatedKey !== undefined && candidate.relatedKey === row.relatedKey);
      if (!copy) {
        refuse(notIn(row.name));
        continue;
      }
      if (copy.notConfigurable) {
        refuse(copy.notConfigurable);
        continue;
      }
      const typeNumbers: number[] = [];
      for (const type of row.resourceTypes) {
        const owner = taken.get(type.typeNumber);
        if (owner === undefined) typeNumbers.push(type.typeNumber);
        else if (owner !== copy.ownerId) refuse(configAlreadyAssigned(type.typeName));
        else why.push(WorkflowMessages.alreadyLinked(type.typeName, copy.name));
      }
      if (typeNumbers.length > 0) links.push({ ownerId: copy.ownerId, typeNumbers });
      copyable += typeNumbers.length;
    }
    if (why.length > 0) reasons.push({ projectId: target.projectId, projectName: target.projectName, messages: why });
    return { projectId: target.projectId, links };
  });
  return { targets: planned.filter((target) => target.links.length > 0), errors: [...errors], reasons, copyable };
}

/** The owners a new row may use: not yet configured, and configurable (a workflow without a Production item). */
export function ownerOptions(rows: readonly OwnerRow[]): OwnerRow[] {
  return rows.filter((row) => !row.notConfigurable);
}

/** The resource types a row may add: those following no owner of the project yet (one owner per type and project). */
export function freeTypes(types: readonly LinkType[], rows: readonly OwnerRow[]): LinkType[] {
  const taken = ownerOfType(rows);
  return types.filter((type) => !taken.has(type.typeNumber));
}

/** A workflow with a Production item is no option (spec 2 §5). */
export const productionMessage = (name: string) => WorkflowMessages.productionNotConfigurable(name);
