import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SITE_CLASSES, SITE_NAME_MAX, SiteMessages, type SimpleSite, type Site, type SiteInput } from 'contracts/projects-sites';
import { Alert, Button, buttonClass, Checkbox, FormField, Input, Select, useForm, type Form } from 'kit';
import { useUnsavedChanges } from 'shared';
import { classLabel, initialSiteValues, SITE_TYPES, siteBody, siteFormSchema, type SiteFormValues } from './siteForm';
import { OverlaysField, PropertiesField } from './SiteListFields';
import { activeSites, flattenSites, PATH_SEPARATOR, siblingNames } from './siteTree';

export interface SiteFormProps {
  mode: 'new' | 'edit';
  projectId: number;
  /** The site edited (edit only). */
  site?: SimpleSite;
  /** The project's sites: the parents offered and the siblings a name is checked against. */
  sites: Site[];
  /** New: the parent it starts under (`?parentId=`), null for a top-level site. */
  parentId?: number | null;
  onSubmit(body: SiteInput): Promise<void>;
  /** New: where Cancel goes. */
  cancelTo?: string;
  /** Edit: Cancel starts the form again from the saved site. */
  onCancel?(): void;
  /** False: the fields are shown, not editable. */
  editable: boolean;
  /** Buttons beside Save and Cancel (Archive, Unarchive). */
  actions?: ReactNode;
}

/** One class of a site with a parent (spec 1 §2): only one, so they are radio buttons. */
function ClassField({ form, disabled }: { form: Form<SiteFormValues>; disabled: boolean }) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">Class</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {SITE_CLASSES.map((siteClass) => (
          <label key={siteClass} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={name}
              value={siteClass}
              checked={form.values.siteClass === siteClass}
              onChange={() => form.setValue('siteClass', siteClass)}
              className="size-4 accent-brand-600"
            />
            {classLabel(siteClass)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TypesField({ form, disabled }: { form: Form<SiteFormValues>; disabled: boolean }) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">Site types</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {SITE_TYPES.map((type) => (
          <Checkbox
            key={type.key}
            label={type.label}
            checked={form.values[type.key]}
            disabled={disabled}
            onChange={(event) => form.setValue(type.key, event.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The site form (spec 1 §2 'Site edit and new'): name with every rule of spec 1 §5 as it is
 * typed, the parent (new only), the class (only for a site with a parent), site types, key/value
 * properties and overlays (the colours and opacities are the Map tab's). A save tried while the name is
 * invalid says 'The site name is invalid. Please correct the errors and try again.'
 */
export function SiteForm({ mode, projectId, site, sites, parentId = null, onSubmit, cancelTo, onCancel, editable, actions }: SiteFormProps) {
  const schema = useMemo(() => siteFormSchema((parent) => siblingNames(sites, parent, site?.siteId)), [sites, site?.siteId]);
  const form = useForm({
    schema,
    initial: initialSiteValues(site, mode === 'new' ? parentId : (site?.parentId ?? null)),
    failureMessage: SiteMessages.saveFailed,
    onSubmit: async (output) => {
      const hasParent = mode === 'new' ? output.parentId !== null : site?.parentId !== null && site?.parentId !== undefined;
      await onSubmit(siteBody(output, { projectId, siteId: site?.siteId, hasParent }));
    },
  });
  useUnsavedChanges(editable && form.dirty);
  const disabled = !editable || form.busy;
  const hasParent = mode === 'new' ? form.values.parentId !== '' : site?.parentId !== null && site?.parentId !== undefined;
  // Parents: the active sites (a site is not added under an archived one).
  const parents = useMemo(
    () => flattenSites(activeSites(sites)).map(({ site: one, names }) => ({ value: one.siteId, label: names.join(PATH_SEPARATOR) })),
    [sites],
  );
  const nameInvalid = form.submitted && form.error('name') !== undefined;

  return (
    <form onSubmit={form.submit} noValidate className="max-w-3xl space-y-5">
      <FormField label="Name" required error={form.error('name')}>
        <Input {...form.liveField('name')} maxLength={SITE_NAME_MAX + 20} autoComplete="off" disabled={disabled} />
      </FormField>
      {mode === 'new' ? (
        <FormField label="Parent site" hint="A site without a parent is a top-level site of the project.">
          <Select {...form.field('parentId')} options={[{ value: '', label: 'None (a top-level site)' }, ...parents]} disabled={disabled} />
        </FormField>
      ) : null}
      {hasParent ? <ClassField form={form} disabled={disabled} /> : null}
      <TypesField form={form} disabled={disabled} />
      <PropertiesField form={form} disabled={disabled} />
      <OverlaysField form={form} disabled={disabled} />
      {nameInvalid ? <Alert variant="danger">{SiteMessages.invalidSave}</Alert> : null}
      <div className="flex flex-wrap items-center gap-2">
        {editable ? (
          <Button type="submit" loading={form.busy} disabled={mode === 'edit' && !form.dirty && !form.busy}>
            Save
          </Button>
        ) : null}
        {mode === 'new' && cancelTo ? (
          <Link to={cancelTo} className={buttonClass({ variant: 'secondary' })}>
            Cancel
          </Link>
        ) : null}
        {mode === 'edit' && editable ? (
          <Button variant="secondary" disabled={!form.dirty || form.busy} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {actions}
      </div>
    </form>
  );
}
