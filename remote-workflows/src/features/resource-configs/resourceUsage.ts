/**
 * The licence's resource-type-to-workflow mapping and its usage statistics (spec 1, licence
 * settings), worked out from the workflows with their resource types across the licence's
 * projects (POST 0/Resource/resourcetype/workflowIds?licenseId=…).
 */
import type { ResourceType } from 'contracts/licensing';
import type { WorkflowResourceTypes } from 'contracts/workflows';

/** One resource type across the projects: in how many it follows a workflow, and which. */
export interface ResourceTypeUsage {
  typeNumber: number;
  typeName: string;
  /** Projects in which the type follows a workflow. */
  projects: number;
  /** Workflow names with the number of projects in which the type follows each, most used first. */
  workflows: { name: string; projects: number }[];
}

/** One workflow (its copies share the name) across the projects. */
export interface WorkflowUsage {
  name: string;
  /** Projects holding a live copy. */
  projects: number;
  /** Projects in which at least one resource type follows it. */
  inUse: number;
  /** Resource-type links over all its copies. */
  links: number;
}

export interface ResourceUsage {
  types: ResourceTypeUsage[];
  workflows: WorkflowUsage[];
  /** Resource types that follow a workflow in at least one project. */
  typesMapped: number;
  projects: number;
}

const byCountThenName = <T extends { name: string; projects: number }>(a: T, b: T) => b.projects - a.projects || a.name.localeCompare(b.name);

export function resourceUsage(types: readonly ResourceType[], rows: readonly WorkflowResourceTypes[]): ResourceUsage {
  const perType = new Map<number, Map<string, Set<number>>>();
  const perWorkflow = new Map<string, { projects: Set<number>; inUse: Set<number>; links: number }>();
  for (const row of rows) {
    const name = row.name ?? `Workflow ${row.workflowId}`;
    const usage = perWorkflow.get(name) ?? { projects: new Set<number>(), inUse: new Set<number>(), links: 0 };
    usage.projects.add(row.projectId);
    if (row.resourceTypes.length > 0) usage.inUse.add(row.projectId);
    usage.links += row.resourceTypes.length;
    perWorkflow.set(name, usage);
    for (const type of row.resourceTypes) {
      const workflows = perType.get(type.typeNumber) ?? new Map<string, Set<number>>();
      workflows.set(name, (workflows.get(name) ?? new Set<number>()).add(row.projectId));
      perType.set(type.typeNumber, workflows);
    }
  }
  const usageOf = (type: ResourceType): ResourceTypeUsage => {
    const workflows = [...(perType.get(type.typeNumber) ?? new Map<string, Set<number>>()).entries()]
      .map(([name, projects]) => ({ name, projects: projects.size }))
      .sort(byCountThenName);
    return { typeNumber: type.typeNumber, typeName: type.typeName, projects: workflows.reduce((sum, w) => sum + w.projects, 0), workflows };
  };
  return {
    types: types.map(usageOf),
    workflows: [...perWorkflow.entries()]
      .map(([name, usage]) => ({ name, projects: usage.projects.size, inUse: usage.inUse.size, links: usage.links }))
      .sort(byCountThenName),
    typesMapped: types.filter((type) => perType.has(type.typeNumber)).length,
    projects: new Set(rows.map((row) => row.projectId)).size,
  };
}
