import { useId } from 'react';
import * as v from 'valibot';
import { ReportMessages, SHORTCUT_TYPES, type Shortcut } from 'contracts/licensing';
import { Button, Dialog, FormField, Select, SELECT_PLACEHOLDER, type SelectOption, useForm } from 'kit';
import { useSetShortcuts } from './licenseSettings.api';
import { addBody, BASIC_SHORTCUT, BASIC_VALUE, reportLabel, typeLabel, unassignedReports, unusedTypes } from './shortcuts';

/** The dialog's values (select values are text): a report without a shortcut and a type, 'Basic Shortcut' or a dashboard type. */
const AddShortcutSchema = v.object({
  reportId: v.pipe(v.string(), v.nonEmpty(ReportMessages.reportRequired), v.transform(Number)),
  type: v.picklist([BASIC_VALUE, ...SHORTCUT_TYPES], ReportMessages.shortcutType),
});

export interface AddShortcutDialogProps {
  open: boolean;
  licenseId: number;
  /** Every report with the licence's shortcut, as read. */
  shortcuts: readonly Shortcut[];
  onClose: () => void;
}

/**
 * The creation modal (spec 1: Report shortcuts): picks a report not yet assigned and a type —
 * 'Basic Shortcut' (it gets the next order) or one of the dashboard types no report has yet.
 * With every report assigned it says 'No reports available.'. It closes once the shortcut is
 * saved; a refusal (a type another report took meanwhile) is the toast, and the dialog stays.
 */
export function AddShortcutDialog({ open, licenseId, shortcuts, onClose }: AddShortcutDialogProps) {
  const formId = useId();
  const save = useSetShortcuts(licenseId);
  const reports = unassignedReports(shortcuts);
  const types = unusedTypes(shortcuts);
  const form = useForm({
    schema: AddShortcutSchema,
    initial: { reportId: '', type: BASIC_VALUE as string },
    onSubmit: async ({ reportId, type }) => {
      try {
        await save.mutateAsync(addBody(shortcuts, reportId, type));
        onClose();
      } catch {
        // The failure's toast says why (useNotifyingMutation); the choice stays for another try.
      }
    },
  });
  const reportOptions: SelectOption[] = reports.map((report) => ({ value: report.id, label: reportLabel(report) }));
  const typeOptions: SelectOption[] = [{ value: BASIC_VALUE, label: BASIC_SHORTCUT }, ...types.map((type) => ({ value: type, label: typeLabel(type) }))];
  const none = reports.length === 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !form.busy && onClose()}
      title="Add shortcut"
      description={none ? undefined : 'A basic shortcut comes after the others; a dashboard type puts the report on that dashboard.'}
      footer={
        none ? (
          <Button variant="secondary" onClick={onClose}>
            OK
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={form.busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={form.busy}>
              Add shortcut
            </Button>
          </>
        )
      }
    >
      {none ? (
        <p className="py-2">{ReportMessages.none}</p>
      ) : (
        <form id={formId} onSubmit={form.submit} noValidate className="space-y-4 py-1">
          <FormField label="Report" required error={form.error('reportId')}>
            <Select {...form.field('reportId')} className="w-full" placeholder={SELECT_PLACEHOLDER} options={reportOptions} />
          </FormField>
          <FormField label="Type" required error={form.error('type')} hint="Dashboard types another report has are not offered.">
            <Select {...form.field('type')} className="w-full" options={typeOptions} />
          </FormField>
        </form>
      )}
    </Dialog>
  );
}
