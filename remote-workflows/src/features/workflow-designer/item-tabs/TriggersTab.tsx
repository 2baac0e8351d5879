import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SiteMessages } from 'contracts/projects-sites';
import { WorkflowMessages as M, type Trigger } from 'contracts/workflows';
import { Alert, Button, FormField, Input, Select, Textarea } from 'kit';
import { errorMessage } from 'shared';
import { HeldActions } from './HeldActions';
import { errorsUnder, itemErrors, same } from './itemErrors';
import { projectSitesQuery } from './itemTabs.api';
import type { HeldTabProps } from './itemTabs.types';
import { heldTabActions, useShownErrors } from './useShownErrors';
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
  type === TriggerType.Geo ? { ...trigger, triggerType: type, condition: 1, siteID: null } : { ...trigger, triggerType: TriggerType.Tag, condition: 3, siteID: 0 };

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
  const errors = errorsUnder(itemErrors({ ...item, triggers: rows }), 'triggers');
  const { touch, shown, showAll, reset } = useShownErrors();
  const projectId = projectIds.length === 1 ? projectIds[0]! : null;
  const sites = useQuery({ ...projectSitesQuery(projectId ?? 0), enabled: projectId !== null });
  const hasGeo = rows.some((row) => row.triggerType === TriggerType.Geo);

  const edit = (next: Trigger[]) => onHold(same(next, item.triggers) ? undefined : next);
  const set = (index: number, change: (row: Trigger) => Trigger) => edit(rows.map((row, i) => (i === index ? change(row) : row)));
  const remove = (index: number) => {
    reset();
    edit(rows.filter((_, i) => i !== index));
  };
  const add = () => edit([...rows, ofType({ triggerType: TriggerType.Tag, triggerName: '', triggerDescription: '', condition: 3, siteID: 0 }, projectId === null ? TriggerType.Tag : TriggerType.Geo)]);
  const actions = heldTabActions({ showAll, reset }, onHold);
  // A Geo trigger's site is a site of the workflow's one project (spec 2 §5).
  const refused = Object.keys(errors).length > 0 || (hasGeo && projectId === null);
  const update = () =>
    actions.update(refused, () =>
      // A Tag trigger goes with siteID 0 whatever it held.
      onChange({ ...item, triggers: rows.map((row) => (row.triggerType === TriggerType.Tag ? { ...row, siteID: 0 } : row)) }),
    );
  const discard = actions.discard;

  // Made once per read of the sites (a project may hold tens of thousands), not on every keystroke.
  const knownSites = useMemo(() => (sites.data ?? []).map((site) => ({ value: site.siteId, label: site.path })), [sites.data]);
  const siteOptions = (siteID: number | null | undefined) =>
    // A saved site the project no longer lists stays shown by its number.
    siteID && !knownSites.some((site) => site.value === siteID) ? [{ value: siteID, label: `Site ${siteID}` }, ...knownSites] : knownSites;

  return (
    <div className="space-y-4">
      {projectIds.length > 1 && hasGeo ? <Alert variant="warning">{M.geoTriggerBlocksProjects}</Alert> : null}
      {projectId === null && !(projectIds.length > 1 && hasGeo) ? (
        hasGeo ? <Alert variant="warning">{M.geoTriggerOneProject}</Alert> : <p className="text-sm text-slate-600">{M.geoTriggerOneProject}</p>
      ) : null}
      {projectId !== null && sites.isError ? <Alert variant="danger">{errorMessage(sites.error, SiteMessages.fetchFailed)}</Alert> : null}
      {rows.length === 0 ? <p className="text-sm text-slate-600">This item has no triggers.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const title = `Trigger ${index + 1}`;
          const geo = row.triggerType === TriggerType.Geo;
          return (
            <RowCard key={index} title={title} legend={row.triggerName.trim() ? `${title}: ${row.triggerName}` : title} readOnly={readOnly} onRemove={() => remove(index)}>
              <div className="grid gap-3 @lg:grid-cols-2">
                <FormField label="Type" required error={shown(errors, `${index}.triggerType`)}>
                  <Select
                    options={[
                      // Geo needs the one project's sites (spec 2 §5).
                      { value: TriggerType.Geo, label: 'Geo', disabled: projectId === null && !geo },
                      { value: TriggerType.Tag, label: 'Tag' },
                    ]}
                    value={row.triggerType}
                    disabled={readOnly}
                    onChange={(event) => set(index, (one) => ofType(one, Number(event.target.value)))}
                  />
                </FormField>
                <FormField label="Name" required error={shown(errors, `${index}.triggerName`)}>
                  <Input value={row.triggerName} maxLength={200} disabled={readOnly} onChange={(event) => set(index, (one) => ({ ...one, triggerName: event.target.value }))} onBlur={() => touch(`${index}.triggerName`)} />
                </FormField>
                {geo ? (
                  <SiteField
                    options={siteOptions(row.siteID)}
                    value={row.siteID}
                    disabled={readOnly || projectId === null}
                    loading={sites.isPending && projectId !== null}
                    error={shown(errors, `${index}.siteID`)}
                    onChange={(siteID) => set(index, (one) => ({ ...one, siteID }))}
                    onBlur={() => touch(`${index}.siteID`)}
                  />
                ) : null}
                <FormField label="Condition" required error={shown(errors, `${index}.condition`)}>
                  <Select
                    options={[...(CONDITIONS[geo ? TriggerType.Geo : TriggerType.Tag] ?? [])]}
                    value={row.condition}
                    disabled={readOnly}
                    onChange={(event) => set(index, (one) => ({ ...one, condition: Number(event.target.value) }))}
                  />
                </FormField>
                <FormField label="Description" error={shown(errors, `${index}.triggerDescription`)} className="space-y-1 @lg:col-span-2">
                  <Textarea
                    rows={2}
                    value={row.triggerDescription}
                    maxLength={1000}
                    disabled={readOnly}
                    onChange={(event) => set(index, (one) => ({ ...one, triggerDescription: event.target.value }))}
                    onBlur={() => touch(`${index}.triggerDescription`)}
                  />
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
      <HeldActions noun="triggers" dirty={held !== undefined} readOnly={readOnly} onUpdate={update} onDiscard={discard} />
    </div>
  );
}
