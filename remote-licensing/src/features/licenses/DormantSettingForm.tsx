import * as v from 'valibot';
import { DORMANT_DAYS, SeatMessages, SeatSettingsBodySchema } from 'contracts/licensing';
import { seatEndpoints } from 'contracts/licensing/model';
import { Button, FormField, Input, useForm } from 'kit';
import { useMayCall, useUnsavedChanges } from 'shared';
import { useSetSeatSettings } from './seats.api';

/** Whole days typed as text; anything else (empty, '1.5', '1e3') is NaN, which the body's schema refuses with its message. */
const daysOf = (text: string) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN);

/** The field as the form holds it (text), read by the endpoint's own body schema and its message. */
const SettingFormSchema = v.pipe(
  v.object({ dormantAfterDays: v.string() }),
  v.transform((values): v.InferInput<typeof SeatSettingsBodySchema> => ({ dormantAfterDays: daysOf(values.dormantAfterDays) })),
  SeatSettingsBodySchema,
);

/** The licence's dormant account setting: a field and Save for whoever may set it, the number otherwise. */
export function DormantSettingForm({ licenseId, dormantAfterDays }: { licenseId: number; dormantAfterDays: number }) {
  const mayEdit = useMayCall(seatEndpoints.setSeatSettings);
  if (!mayEdit) {
    return (
      <p className="text-sm text-slate-700">
        Dormant after: <span className="font-medium tabular-nums">{dormantAfterDays}</span> days
      </p>
    );
  }
  // Started again from what the server saved whenever that changes.
  return <SettingForm key={dormantAfterDays} licenseId={licenseId} saved={dormantAfterDays} />;
}

function SettingForm({ licenseId, saved }: { licenseId: number; saved: number }) {
  const save = useSetSeatSettings(licenseId);
  const initial = String(saved);
  const form = useForm({
    schema: SettingFormSchema,
    initial: { dormantAfterDays: initial },
    onSubmit: async (body) => {
      await save.mutateAsync(body);
    },
  });
  useUnsavedChanges(form.dirty);
  const changed = form.values.dormantAfterDays !== initial;
  // Save stays disabled while the value is wrong, so its message shows as soon as it is typed, not only on leaving the field.
  const message = form.error('dormantAfterDays') ?? (changed && !form.isValid ? SeatMessages.dormantDays : undefined);
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-wrap items-start gap-x-2 gap-y-1" aria-label="Dormant account setting">
      <FormField label="Dormant after (days)" error={message} className="w-44 space-y-1">
        <Input {...form.field('dormantAfterDays')} type="number" inputMode="numeric" min={DORMANT_DAYS.min} max={DORMANT_DAYS.max} step={1} />
      </FormField>
      <Button type="submit" className="mt-6" loading={form.busy} disabled={!changed || !form.isValid}>
        Save
      </Button>
    </form>
  );
}
