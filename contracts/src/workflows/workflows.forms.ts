/**
 * The workflow editor's save rules (spec 2 §5), one schema for the screen and the API: a name,
 * at least one phase and no empty phase; phase and item names required and unique (phases in
 * the workflow, items in their phase; trimmed and in any case, as site siblings: common/names.ts); weights from 0 to 100, phase weights summing to 100
 * and each phase's item weights too (within 0.0001); what an item holds checked as its tab
 * does. `workflowData` is the console's document: fields of a phase or an item these schemas
 * do not name are kept as sent.
 */
import * as v from 'valibot';
import { requiredText } from '../auth/auth.forms';
import { idIn, MAX_ID, visibleName } from '../common/fields';
import { namesDistinct } from '../common/names';
import { WorkflowMessages as M } from './workflows.messages';
import { contentOfDisabledTabs, sumsTo100 } from './workflows.rules';

/** The largest quantity or weight a workflow holds: every number of a body has a range (issue 36). */
const NUMBER_MAX = 1_000_000_000;

/** At most this many notification e-mails per item (spec 1 §9: e-mail tag limit 10). */
export const MAX_ITEM_EMAILS = 10;

/** Phase and item ids and related keys: 36-character GUIDs (spec 2 §9). */
export const guidSchema = v.pipe(v.string(M.guid), v.uuid(M.guid));

const name = (required: string) => v.pipe(requiredText(required), v.maxLength(200, M.textTooLong), visibleName(M.textInvisible));
const optionalText = v.optional(v.nullable(v.pipe(v.string(M.textTooLong), v.maxLength(1000, M.textTooLong))));
const weight = (negative: string, tooBig: string) => v.optional(v.pipe(v.number(negative), v.minValue(0, negative), v.maxValue(100, tooBig)), 0);
const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;
const bounded = <S extends v.GenericSchema>(item: S, max: number) => v.optional(v.pipe(v.array(item), v.maxLength(max)), () => []);

const ItemRefBodySchema = v.object({ phaseId: guidSchema, itemId: guidSchema });

const ConditionalVisibilityBodySchema = v.object({ name: name(M.conditionNameRequired), phaseId: guidSchema, itemId: guidSchema });

/** Requirement types: 1 Document, 2 Digital Signature, 5 Yes/No, 6 Property, 10 Comment. */
export const REQUIREMENT_TYPES = [1, 2, 5, 6, 10] as const;

const RequirementBodySchema = v.looseObject({
  name: name(M.requirementNameRequired),
  description: optionalText,
  requirementType: v.picklist(REQUIREMENT_TYPES, M.requirementType),
  /** The spec's spelling. */
  requirmentWeight: v.optional(v.pipe(v.number(M.numberRange), v.minValue(0, M.numberRange), v.maxValue(NUMBER_MAX, M.numberRange))),
  /** Offered only for type 6 (Property). */
  IsPropertyEditable: v.optional(v.boolean()),
});

const TriggerBodySchema = v.pipe(
  v.looseObject({
    id: v.nullish(v.union([idIn(), v.pipe(v.string(), v.maxLength(100))])),
    /** 1 Geo, 2 Tag (saved with siteID 0). */
    triggerType: v.picklist([1, 2], M.triggerType),
    triggerName: name(M.triggerNameRequired),
    triggerDescription: optionalText,
    siteID: v.nullish(idIn('siteID must be a site id (0 for a Tag trigger).')),
    /** 1 Entering, 2 Leaving, 3 TagAssignment, 4 TagUnassignment. */
    condition: v.picklist([1, 2, 3, 4], M.triggerCondition),
  }),
  v.forward(
    v.check((trigger) => trigger.triggerType !== 1 || (trigger.siteID ?? 0) > 0, M.geoTriggerSite),
    ['siteID'],
  ),
  // A Geo trigger fires on Entering (1) or Leaving (2) its site, a Tag trigger on TagAssignment (3) or TagUnassignment (4).
  v.forward(
    v.check((trigger) => (trigger.triggerType === 1 ? trigger.condition <= 2 : trigger.condition >= 3), M.triggerConditionOfType),
    ['condition'],
  ),
  // A Tag trigger is saved with siteID 0 (spec 2 §4).
  v.transform((trigger) => (trigger.triggerType === 2 ? { ...trigger, siteID: 0 } : trigger)),
);

/** productionType 0 Default, 1 and 2 finished-good types (which disable quantity and UOM). */
const ProductionBodySchema = v.pipe(
  v.looseObject({
    name: name(M.productionNameRequired),
    totalQuantity: v.nullish(v.pipe(v.number(M.quantityPositive), v.minValue(0, M.quantityPositive), v.maxValue(NUMBER_MAX, M.numberRange))),
    uom: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(50, M.textTooLong))),
    productionType: v.optional(v.picklist([0, 1, 2], M.productionType), 0),
  }),
  v.forward(
    v.check((p) => p.productionType !== 0 || (typeof p.totalQuantity === 'number' && p.totalQuantity > 0), M.quantityPositive),
    ['totalQuantity'],
  ),
  v.forward(
    v.check((p) => p.productionType !== 0 || (p.uom ?? '') !== '', M.uomRequired),
    ['uom'],
  ),
);

/** A progress state (0 Progress, 1 Reset) paired with an equipment status state (2 Unavailable, 3 Available, custom from 3). */
const EquipmentStatusMappingBodySchema = v.object({
  progressState: v.picklist([0, 1], M.progressState),
  equipmentStatusState: v.pipe(
    v.optional(v.nullable(v.number(M.statusRequired)), null),
    v.check((state) => state !== null && Number.isInteger(state) && state >= 0 && state <= MAX_ID, M.statusRequired),
    v.transform((state) => state as number),
    v.minValue(0, M.statusRequired),
    v.maxValue(MAX_ID, M.statusRequired),
  ),
});

/**
 * One item as the editor saves it, without its type's tab check (ItemOfTypeBodySchema adds
 * it): the designer's item tabs validate a draft item with it, so a tab shows the messages the
 * API answers, under the same paths (`requirements.0.name`, `triggers.1.siteID`, …).
 */
export const ItemBodySchema = v.looseObject({
  itemId: guidSchema,
  itemName: name(M.itemNameRequired),
  /** 1 Incremental, 2 Progress, 3 Production. */
  itemType: v.optional(v.picklist([1, 2, 3], M.itemType), 2),
  itemWeight: weight(M.itemWeightsPositive, M.itemWeightMax),
  preRequisite: v.nullish(ItemRefBodySchema),
  conditionalVisibility: v.pipe(
    bounded(ConditionalVisibilityBodySchema, 100),
    v.check((entries) => entries.length === 0 || entries.length >= 2, M.conditionalVisibilityTwo),
    v.check((entries) => namesDistinct(entries.map((entry) => entry.name)), M.conditionNameUnique),
    v.check((entries) => distinct(entries.map((entry) => `${entry.phaseId}/${entry.itemId}`)), M.conditionalVisibilityTarget),
  ),
  triggers: bounded(TriggerBodySchema, 100),
  complete: bounded(ItemRefBodySchema, 1000),
  reset: bounded(ItemRefBodySchema, 1000),
  requirements: bounded(RequirementBodySchema, 100),
  itemStateFromEquipmentStatus: v.pipe(
    bounded(EquipmentStatusMappingBodySchema, 2),
    v.check((rows) => distinct(rows.map((row) => row.progressState)), M.itemStateUnique),
    v.check((rows) => distinct(rows.map((row) => row.equipmentStatusState)), M.statusUnique),
  ),
  equipmentStatus: v.nullish(v.object({ progressState: v.picklist([0, 1], M.progressState), equipmentStatusState: v.nullish(idIn(M.statusRequired)) })),
  production: v.nullish(ProductionBodySchema),
  emails: v.pipe(
    v.optional(v.array(v.pipe(v.string(M.emailInvalid), v.trim(), v.maxLength(254, M.emailInvalid), v.email(M.emailInvalid))), () => []),
    v.maxLength(MAX_ITEM_EMAILS, M.emailLimit),
    v.check((emails) => distinct(emails.map((email) => email.toLowerCase())), M.emailDuplicate),
  ),
});

/** An item holds nothing its type's disabled tabs would edit (workflows.rules.ts DISABLED_TABS). */
const ItemOfTypeBodySchema = v.pipe(
  ItemBodySchema,
  v.forward(
    v.check(
      (item) => contentOfDisabledTabs(item).length === 0,
      (issue) => M.disabledTabContent(contentOfDisabledTabs(issue.input as Parameters<typeof contentOfDisabledTabs>[0])),
    ),
    ['itemType'],
  ),
);

const PhaseBodySchema = v.looseObject({
  phaseId: guidSchema,
  phaseName: name(M.phaseNameRequired),
  /** Default #FCC400. */
  color: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(50, M.textTooLong)))),
  phaseWeight: weight(M.phaseWeightsPositive, M.phaseWeightMax),
  items: v.pipe(
    v.array(ItemOfTypeBodySchema),
    v.nonEmpty(M.phaseEmpty),
    v.maxLength(500),
    v.check((items) => namesDistinct(items.map((item) => item.itemName)), M.itemNameUnique),
    v.check((items) => sumsTo100(items.map((item) => item.itemWeight)), M.itemWeightsSum),
  ),
  /** Added in the editor and not saved yet. */
  new: v.optional(v.boolean()),
});

type WorkflowDataBody = {
  phases: {
    phaseId: string;
    items: {
      itemId: string;
      preRequisite?: { phaseId: string; itemId: string } | null;
      conditionalVisibility: { phaseId: string; itemId: string }[];
      complete: { phaseId: string; itemId: string }[];
      reset: { phaseId: string; itemId: string }[];
    }[];
  }[];
};

/** Every prerequisite, condition, auto-complete and auto-reset points to an item of the workflow, a condition never to its own item. */
function linksResolve(data: WorkflowDataBody): boolean {
  const items = new Set(data.phases.flatMap((phase) => phase.items.map((item) => `${phase.phaseId}/${item.itemId}`)));
  return data.phases.every((phase) =>
    phase.items.every((item) => {
      const self = `${phase.phaseId}/${item.itemId}`;
      const links = [...(item.preRequisite ? [item.preRequisite] : []), ...item.conditionalVisibility, ...item.complete, ...item.reset];
      return (
        links.every((link) => items.has(`${link.phaseId}/${link.itemId}`)) &&
        item.conditionalVisibility.every((entry) => `${entry.phaseId}/${entry.itemId}` !== self)
      );
    }),
  );
}

/** A workflow's `workflowData` as the editor saves it. */
export const WorkflowDataBodySchema = v.pipe(
  v.looseObject({
    phases: v.pipe(
      v.array(PhaseBodySchema),
      v.nonEmpty(M.phasesRequired),
      v.maxLength(200),
      v.check((phases) => namesDistinct(phases.map((phase) => phase.phaseName)), M.phaseNameUnique),
      v.check((phases) => sumsTo100(phases.map((phase) => phase.phaseWeight)), M.phaseWeightsSum),
    ),
  }),
  v.check((data) => linksResolve(data), M.linkUnknown),
);

/** A workflow as the editor saves it: one project's copy (a new project entry has workflowId 0). */
export const WorkflowBodySchema = v.object({
  workflowId: idIn('workflowId must be a workflow id (0 for a new one).'),
  name: v.pipe(requiredText(M.nameRequired), v.maxLength(200, M.nameTooLong), visibleName(M.nameInvisible)),
  /** Always 'progress' (spec 2 §3). */
  workflowType: v.optional(v.picklist(['progress'], M.workflowType), 'progress'),
  projectId: idIn('projectId must be a project id.'),
  /** Links the copies of one workflow across projects. */
  workflowRelatedKey: guidSchema,
  workflowData: WorkflowDataBodySchema,
});
export type WorkflowInput = v.InferInput<typeof WorkflowBodySchema>;
