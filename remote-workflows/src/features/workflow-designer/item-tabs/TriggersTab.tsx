import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { SiteMessages } from 'contracts/projects-sites';
import { WorkflowMessages as M, type Trigger } from 'contracts/workflows';
import { Alert, Button, FormField, Input, Select, Textarea, useForm } from 'kit';
import { errorMessage } from 'shared';
import { HeldActions } from './HeldActions';
import { heldTabApplied, heldTabDiscarded } from './heldTab';
import { errorsOf, itemErrors, same } from './itemErrors';
import { projectSitesQuery } from './itemTabs.api';
import type { HeldTabProps } from './itemTabs.types';
import { RowCard } from './RowCard';
import { SiteField } from './SiteField';

/** Trigger types and the conditions each fires on (spec 2 §3). */
export const TriggerType = { Geo: 1, Tag: 2 } as const;
const CONDITIONS = {
  [TriggerType.Geo]: [
    { value: 1, label: 'Entering' },
    { value: 2, label: 'Leaving' },
  ],
  [TriggerType.Tag]: [
    { value: 3, label: 'TagAssignment' },
    { value: 4, label: 'TagUnassignment' },
  ],
} as const;

/** A trigger of `type` with that type's first condition; a Tag trigger is saved with siteID 0 (spec 2 §4). */
const ofType = (trigger: Trigger, type: number): Trigger =>
  type === TriggerType.Geo
    ? { ...trigger, triggerType: type, condition: 1, siteID: null }
    : { ...trigger, triggerType: TriggerType.Tag, condition: 3, siteID: 0 };

/** Props of {@link TriggersTab}. */
export interface TriggersTabProps extends HeldTabProps<'triggers'> {
  /** The workflow's projects: a Geo trigger names a site of its one project. */
  projectIds: readonly number[];
}

/**
 * The Triggers tab (spec 2 §3, §4): rows of type, name and description; a Geo trigger names a
 * site of the workflow's project (only with exactly one project) and fires on Entering or
 * Leaving it, a Tag trigger on TagAssignment or TagUnassignment, with siteID 0. Edits are held
 * until Update writes them into the draft (spec 2 §2).
 */
export function TriggersTab({ item, readOnly, onChange, held, onHold, projectIds }: TriggersTabProps) {
  const rows = held ?? item.triggers;
  const projectId = projectIds.length === 1 ? projectIds[0]! : null;
  const sites = useQuery({ ...projectSitesQuery(projectId ?? 0), enabled: projectId !== null });
  const hasGeo = rows.some((row) => row.triggerType === TriggerType.Geo);
  // Update is a button, not a form's submit: the tab's element is where a refused Update looks for the field to focus.
  const root = useRef<HTMLDivElement>(null);
  // The rows are held until Update applies them (the form's submit); every change goes to the held edits.
  const form = useForm({
    root,
    initial: { triggers: item.triggers },
    values: { triggers: rows },
    onValuesChange: (next) => onHold(same(next.triggers, item.triggers) ? undefined : next.triggers),
    validate: (values) => errorsOf(itemErrors({ ...item, triggers: values.triggers }), 'triggers'),
    onSubmit: (values) => {
      // A Geo trigger's site is a site of the workflow's one project (spec 2 §5): the alert above says so.
      if (values.triggers.some((row) => row.triggerType === TriggerType.Geo) && projectId === null) return;
      // A Tag trigger goes with siteID 0 whatever it held.
      onChange({ ...item, triggers: values.triggers.map((row) => (row.triggerType === TriggerType.Tag ? { ...row, siteID: 0 } : row)) });
      heldTabApplied(form, onHold);
    },
  });
  const list = form.rows('triggers');
  const add = () =>
    list.append(
      ofType(
        { triggerType: TriggerType.Tag, triggerName: '', triggerDescription: '', condition: 3, siteID: 0 },
        projectId === null ? TriggerType.Tag : TriggerType.Geo,
      ),
    );

  // Made once per read of the sites (a project may hold tens of thousands), not on every keystroke.
  const knownSites = useMemo(() => (sites.data ?? []).map((site) => ({ value: site.siteId, label: site.path })), [sites.data]);
  const siteOptions = (siteID: number | null | undefined) =>
    // A saved site the project no longer lists stays shown by its number.
    siteID && !knownSites.some((site) => site.value === siteID) ? [{ value: siteID, label: `Site ${siteID}` }, ...knownSites] : knownSites;

  return (
    <div ref={root} className="space-y-4">
      {projectIds.length > 1 && hasGeo ? <Alert variant="warning">{M.geoTriggerBlocksProjects}</Alert> : null}
      {projectId === null && !(projectIds.length > 1 && hasGeo) ? (
        hasGeo ? (
          <Alert variant="warning">{M.geoTriggerOneProject}</Alert>
        ) : (
          <p className="text-sm text-slate-600">{M.geoTriggerOneProject}</p>
        )
      ) : null}
      {projectId !== null && sites.isError ? <Alert variant="danger">{errorMessage(sites.error, SiteMessages.fetchFailed)}</Alert> : null}
      {rows.length === 0 ? <p className="text-sm text-slate-600">This item has no triggers.</p> : null}
      <ol className="space-y-3">
        {list.fields.map(({ key, index }) => {
          const row = rows[index]!;
          const title = `Trigger ${index + 1}`;
          const geo = row.triggerType === TriggerType.Geo;
          const at = `triggers.${index}` as const;
          return (
            <RowCard
              key={key}
              title={title}
              legend={row.triggerName.trim() ? `${title}: ${row.triggerName}` : title}
              readOnly={readOnly}
              onRemove={() => list.remove(index)}
            >
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Type" required error={form.error(`${at}.triggerType`)}>
                  <Select
                    {...form.field(`${at}.triggerType`)}
                    options={[
                      // Geo needs the one project's sites (spec 2 §5).
                      { value: TriggerType.Geo, label: 'Geo', disabled: projectId === null && !geo },
                      { value: TriggerType.Tag, label: 'Tag' },
                    ]}
                    value={row.triggerType}
                    disabled={readOnly}
                    onChange={(event) => form.setValue(at, ofType(row, Number(event.target.value)))}
                  />
                </FormField>
                <FormField label="Name" required error={form.error(`${at}.triggerName`)}>
                  <Input {...form.field(`${at}.triggerName`)} maxLength={200} disabled={readOnly} />
                </FormField>
                {geo ? (
                  <SiteField
                    name={`${at}.siteID`}
                    options={siteOptions(row.siteID)}
                    value={row.siteID}
                    disabled={readOnly || projectId === null}
                    loading={sites.isPending && projectId !== null}
                    error={form.error(`${at}.siteID`)}
                    onChange={(siteID) => form.setValue(`${at}.siteID`, siteID)}
                    onBlur={() => form.touch(`${at}.siteID`)}
                  />
                ) : null}
                <FormField label="Condition" required error={form.error(`${at}.condition`)}>
                  <Select
                    {...form.field(`${at}.condition`, { parse: Number })}
                    options={[...(CONDITIONS[geo ? TriggerType.Geo : TriggerType.Tag] ?? [])]}
                    disabled={readOnly}
                  />
                </FormField>
                <FormField label="Description" error={form.error(`${at}.triggerDescription`)} className="space-y-1 @lg:col-span-2">
                  <Textarea {...form.field(`${at}.triggerDescription`)} rows={2} maxLength={1000} disabled={readOnly} />
                </FormField>
              </div>
            </RowCard>
          );
        })}
      </ol>
      {readOnly ? null : (
        <Button variant="secondary" onClick={add}>
          Add trigger
        </Button>
      )}
      <HeldActions
        noun="triggers"
        dirty={held !== undefined}
        readOnly={readOnly}
        onUpdate={() => void form.submit()}
        onDiscard={() => heldTabDiscarded(form, onHold)}
      />
    </div>
  );
}
