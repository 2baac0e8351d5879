import type { Environment } from 'contracts/auth';
import { LicenseFieldLabels as L } from 'contracts/licensing';
import { Checkbox, FormField, Input, Select, SELECT_PLACEHOLDER, type Form } from 'kit';
import { LAST_EXPIRY_DAY } from './licenseEdit.form';

type LicenseValues = Record<string, string | boolean> & {
  name: string;
  company: string;
  environmentId: string;
  maxProjects: string;
  maxUsers: string;
  isActive: boolean;
  expiryDate: string;
};

/** The fields the new and edit forms share: name, company, environment, max projects and users, active, expiry date. */
export function LicenseFields<T extends LicenseValues>({ form, environments }: { form: Form<T>; environments: readonly Environment[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField label={L.name} required error={form.error('name')}>
        <Input {...form.field('name')} maxLength={100} autoComplete="off" />
      </FormField>
      <FormField label={L.company} required error={form.error('company')}>
        <Input {...form.field('company')} maxLength={200} autoComplete="organization" />
      </FormField>
      <FormField label={L.environmentId} required error={form.error('environmentId')}>
        <Select
          {...form.field('environmentId')}
          placeholder={SELECT_PLACEHOLDER}
          options={environments.map((e) => ({ value: e.environmentId, label: e.name }))}
        />
      </FormField>
      <FormField label={L.expiryDate} hint="Empty: the license does not expire. At the latest 18 Jan 2038." error={form.error('expiryDate')}>
        <Input {...form.field('expiryDate')} type="date" max={LAST_EXPIRY_DAY} className="w-auto" />
      </FormField>
      <FormField label={L.maxProjects} required hint="-1 for unlimited." error={form.error('maxProjects')}>
        <Input {...form.field('maxProjects')} inputMode="numeric" className="w-32" />
      </FormField>
      <FormField label={L.maxUsers} required hint="-1 for unlimited." error={form.error('maxUsers')}>
        <Input {...form.field('maxUsers')} inputMode="numeric" className="w-32" />
      </FormField>
      <div className="sm:col-span-2">
        <Checkbox
          label={L.isActive}
          name="isActive"
          checked={form.values.isActive}
          onChange={(e) => form.setValue('isActive', e.target.checked as T['isActive'])}
        />
      </div>
    </div>
  );
}
