/**
 * The inside of a workflow (`workflowData.phases`, typed loosely in WorkflowSchema): phases,
 * items and what hangs off an item; the workflow list, the archive validation and the
 * resource-type config, as the server answers them. Phase and item ids are 36-character
 * GUIDs; copies across projects share workflowRelatedKey.
 */
import * as v from 'valibot';
import { IsoDate } from '../common/page';
import { flag, guid, int, list, maybeText, text } from '../common/fields';
import { ResourceTypeSchema } from '../licensing/resource-types.entities';

/** A phase and item an item points at (prerequisite, auto-complete, auto-reset). */
export const ItemRefSchema = v.looseObject({ phaseId: guid, itemId: guid });
export type ItemRef = v.InferOutput<typeof ItemRefSchema>;

/** A conditional-visibility entry: a named phase/item target. */
export const ConditionalVisibilitySchema = v.looseObject({ name: v.string(), phaseId: guid, itemId: guid });
export type ConditionalVisibility = v.InferOutput<typeof ConditionalVisibilitySchema>;

/** Requirement types: 1 Document, 2 Digital Signature, 5 Yes/No, 6 Property, 10 Comment. */
export const RequirementSchema = v.looseObject({
  name: v.string(),
  description: text(),
  requirementType: int,
  /** The spec's spelling. Default 0. */
  requirmentWeight: v.optional(v.number(), 0),
  /** Offered only for type 6 (Property). */
  IsPropertyEditable: v.optional(v.boolean()),
});
export type Requirement = v.InferOutput<typeof RequirementSchema>;

/** triggerType 1 Geo, 2 Tag; condition 1 Entering, 2 Leaving, 3 TagAssignment, 4 TagUnassignment. A Tag trigger has siteID 0. */
export const TriggerSchema = v.looseObject({
  id: v.nullish(v.union([int, v.string()])),
  triggerType: int,
  triggerName: v.string(),
  triggerDescription: text(),
  siteID: v.nullish(int),
  condition: int,
});
export type Trigger = v.InferOutput<typeof TriggerSchema>;

/** productionType 0 Default, 1 Create IssueTicket For Finished Good Sub Components, 2 Create Receipt For Finished Good(s). */
export const ProductionSchema = v.looseObject({
  name: v.string(),
  totalQuantity: v.nullish(v.number()),
  uom: maybeText(),
  productionType: v.optional(int, 0),
});
export type Production = v.InferOutput<typeof ProductionSchema>;

/** progressState 0 Progress, 1 Reset; equipmentStatusState 2 Unavailable, 3 Available, custom from 3. */
export const EquipmentStatusMappingSchema = v.looseObject({ progressState: int, equipmentStatusState: v.nullish(int) });
export type EquipmentStatusMapping = v.InferOutput<typeof EquipmentStatusMappingSchema>;

/** itemType 1 Incremental, 2 Progress (default), 3 Production. */
export const WorkflowItemSchema = v.looseObject({
  itemId: guid,
  itemName: v.string(),
  itemType: v.optional(int, 2),
  itemWeight: v.optional(v.number(), 0),
  preRequisite: v.nullish(ItemRefSchema),
  conditionalVisibility: list(ConditionalVisibilitySchema),
  triggers: list(TriggerSchema),
  complete: list(ItemRefSchema),
  reset: list(ItemRefSchema),
  requirements: list(RequirementSchema),
  itemStateFromEquipmentStatus: list(EquipmentStatusMappingSchema),
  equipmentStatus: v.nullish(EquipmentStatusMappingSchema),
  production: v.nullish(ProductionSchema),
  emails: list(v.string()),
});
export type WorkflowItem = v.InferOutput<typeof WorkflowItemSchema>;

export const PhaseSchema = v.looseObject({
  phaseId: guid,
  phaseName: v.string(),
  /** Default #FCC400. */
  color: text(),
  phaseWeight: v.optional(v.number(), 0),
  items: list(WorkflowItemSchema),
  /** Added in the editor and not saved yet. */
  new: flag(),
});
export type Phase = v.InferOutput<typeof PhaseSchema>;

/** A workflow's `workflowData`; parse WorkflowSchema's loose `workflowData` with it to get typed phases. */
export const WorkflowDataSchema = v.looseObject({ phases: list(PhaseSchema) });
export type WorkflowData = v.InferOutput<typeof WorkflowDataSchema>;

/** POST workflow/validateArchive: the reasons each workflow cannot be archived (none: it can). */
export const ArchiveValidationSchema = v.looseObject({
  archiveErrorsByWorkflowId: v.record(v.string(), v.array(v.string())),
});
export type ArchiveValidation = v.InferOutput<typeof ArchiveValidationSchema>;

/** A workflow's resource types in a project (the Resource Workflows Config tab). */
export const WorkflowResourceTypesSchema = v.looseObject({
  id: v.optional(int),
  workflowId: int,
  name: v.optional(v.string()),
  projectId: int,
  projectName: text(),
  archiveErrors: list(v.string()),
  resourceTypes: list(ResourceTypeSchema),
  /** Ours: the key its copies share, so a copy to another project finds the workflow there. */
  workflowRelatedKey: v.optional(v.string()),
  /** Ours: an item of type 3 — such a workflow is no option for a resource type (spec 2 §5). */
  hasProductionItem: v.optional(v.boolean()),
});
export type WorkflowResourceTypes = v.InferOutput<typeof WorkflowResourceTypesSchema>;

export const WorkflowSchema = v.looseObject({
  workflowId: int,
  name: v.string(),
  workflowType: v.string(),
  projectId: int,
  projectName: v.string(),
  workflowRelatedKey: v.string(),
  isDecommissioned: v.boolean(),
  decommissionDateTime: v.nullable(IsoDate),
  archiveErrors: v.array(v.string()),
  workflowData: v.looseObject({ phases: v.array(v.unknown()) }),
  /**
   * Ours: whether the workflow's project is active. A deactivated project's workflows stay (the
   * project can be activated again; spec 2 §4 gives deactivation no workflow consequence) and the
   * list marks them; absent from another server, read as active.
   */
  projectIsActive: v.optional(v.boolean()),
});
export type Workflow = v.InferOutput<typeof WorkflowSchema>;

/**
 * A workflow as the list reads it (`POST 0/workflow/getAll`, issue 38): what the list shows and
 * groups by — name, project, related key, state, archive reasons — without `workflowData`, which
 * the list never shows (500 workflows of 4 × 5 items answered 3.3 MB with it). Another server
 * may still send `workflowData`; it is read past.
 */
export const WorkflowListItemSchema = v.omit(WorkflowSchema, ['workflowData']);
export type WorkflowListItem = v.InferOutput<typeof WorkflowListItemSchema>;

/**
 * GET workflows/phases (ours, issue 38): the phases the designer's Add Phase offers as existing
 * ones (spec 2 §2) — of the live workflows the caller sees, the first phase of each name (names
 * compared trimmed), leaving out the copies of the workflow being edited (`relatedKey`); each
 * workflow with those of its phases only. Phases are typed loosely, as WorkflowSchema's.
 */
export const ExistingPhasesSchema = v.array(
  v.looseObject({
    workflowId: int,
    name: v.string(),
    workflowRelatedKey: v.string(),
    workflowData: v.looseObject({ phases: v.array(v.unknown()) }),
  }),
);
export type ExistingPhases = v.InferOutput<typeof ExistingPhasesSchema>;

/** A live copy of a workflow in a project, with the resource types that use it there (GET workflows/{workflowId}). */
export const WorkflowCopySchema = v.looseObject({
  workflowId: int,
  projectId: int,
  projectName: v.string(),
  /** The resource types linked to this copy in its project: who a change reaches. */
  resourceTypes: list(ResourceTypeSchema),
});
export type WorkflowCopy = v.InferOutput<typeof WorkflowCopySchema>;

/** GET workflows/{workflowId} (ours): one workflow and every live copy of it the caller may see (its own included). */
export const WorkflowDetailSchema = v.looseObject({
  workflow: WorkflowSchema,
  copies: v.array(WorkflowCopySchema),
});
export type WorkflowDetail = v.InferOutput<typeof WorkflowDetailSchema>;
