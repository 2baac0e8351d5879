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
  /** Links that can be copied, over all targets. */
  copyable: number;
}

/** The types a project's rows give to owners: type number → owner id. */
const ownerOfType = (rows: readonly OwnerRow[]) => new Map(rows.flatMap((row) => row.resourceTypes.map((type) => [type.typeNumber, row.ownerId] as const)));

/**
 * The copy of `source` rows into each of `targets` (their projects' rows): found by related
 * key; '{name} is not in selected project' (one project chosen) or '… in a selected project'
 * (several) when a project has no copy of the owner; '{type} already has a config assigned' when
 * the type follows another owner there. A type already following the same owner is no change.
 */
export function planCopy(source: readonly OwnerRow[], targets: readonly { projectId: number; rows: readonly OwnerRow[] }[]): CopyPlan {
  const errors = new Set<string>();
  const notIn = targets.length > 1 ? notInASelectedProject : notInSelectedProject;
  let copyable = 0;
  const planned = targets.map((target) => {
    const taken = ownerOfType(target.rows);
    const links: CopyTarget['links'] = [];
    for (const row of source) {
      if (row.resourceTypes.length === 0) continue;
      const copy = target.rows.find((candidate) => candidate.relatedKey !== undefined && candidate.relatedKey === row.relatedKey);
      if (!copy) {
        errors.add(notIn(row.name));
        continue;
      }
      if (copy.notConfigurable) {
        errors.add(copy.notConfigurable);
        continue;
      }
      const typeNumbers: number[] = [];
      for (const type of row.resourceTypes) {
        const owner = taken.get(type.typeNumber);
        if (owner === undefined) typeNumbers.push(type.typeNumber);
        else if (owner !== copy.ownerId) errors.add(configAlreadyAssigned(type.typeName));
      }
      if (typeNumbers.length > 0) links.push({ ownerId: copy.ownerId, typeNumbers });
      copyable += typeNumbers.length;
    }
    return { projectId: target.projectId, links };
  });
  return { targets: planned.filter((target) => target.links.length > 0), errors: [...errors], copyable };
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
