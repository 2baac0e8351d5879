import * as v from 'valibot';
import { NewUserFormSchema, UserDetailsFormSchema, UserFieldLabels as L, UserMessages, type User } from 'contracts/identity';
import { Alert, Button, Checkbox, FormField, Input, Select, Textarea, type SelectOption, useForm, type Form } from 'kit';
import { useUnsavedChanges } from 'shared';

/** The form's values: text fields and the single sign-on flag. */
export type UserFormValues = {
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string;
  position: string;
  comment: string;
  isSsoUser: boolean;
  /** The new user's licence, when the form asks for one (super administrators): '' until chosen. */
  licenseId: string;
};

const NewSchema = v.object({ ...NewUserFormSchema.entries, isSsoUser: v.boolean() });
const EditSchema = v.object({ ...UserDetailsFormSchema.entries, userName: v.string(), isSsoUser: v.boolean() });
/** A new user whose licence is chosen on the form: no licence is preselected, and none chosen is the field's message. */
const NewWithLicenseSchema = v.object({
  ...NewSchema.entries,
  licenseId: v.pipe(v.string(), v.nonEmpty(UserMessages.licenseUnknown), v.transform(Number)),
});
export type UserFormOutput = v.InferOutput<typeof NewSchema> & { licenseId?: number };

/** The form's starting values: a user's (to edit, or the source of a copy with its name cleared), or empty. */
export function initialValues(user?: User, copy = false): UserFormValues {
  return {
    userName: copy ? '' : (user?.userName ?? ''),
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: copy ? '' : (user?.email ?? ''),
    phoneNumber: copy ? '' : (user?.phoneNumber ?? ''),
    companyName: user?.companyName ?? '',
    position: user?.position ?? '',
    comment: copy ? '' : (user?.comment ?? ''),
    isSsoUser: user?.isSsoUser ?? false,
    licenseId: '',
  };
}

export interface UserFormProps {
  /** new and duplicate ask for a username; edit shows it fixed. */
  mode: 'new' | 'duplicate' | 'edit';
  initial: UserFormValues;
  onSubmit(values: UserFormOutput): Promise<void>;
  /** The single sign-on checkbox (spec 1 §2: ADMINISTER_USER_CREATE_UPDATE only). */
  showSso: boolean;
  /** Comment is an administrator's note; users editing themselves do not see it. */
  showComment: boolean;
  /** False: the fields are shown, not editable (another user, without ADMINISTER_USER_CREATE_UPDATE). */
  editable: boolean;
  submitLabel: string;
  failureMessage: string;
  /** The licences a new user may go to: the form asks for one first (super administrators), none preselected. */
  licenses?: SelectOption[];
  /** Extra controls above the fields. */
  children?: React.ReactNode;
  /** Extra buttons beside Save. */
  actions?: React.ReactNode;
}

function Field({
  form,
  name,
  label,
  required,
  type = 'text',
  autoComplete,
  disabled,
}: {
  form: Form<UserFormValues>;
  name: Exclude<keyof UserFormValues, 'isSsoUser' | 'licenseId'>;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  disabled: boolean;
}) {
  return (
    <FormField label={label} error={form.error(name)} required={required}>
      <Input {...form.field(name)} type={type} autoComplete={autoComplete} disabled={disabled} />
    </FormField>
  );
}

/** The user form (spec 1 §5): the spec's messages under each field on blur and on Save; the server's land there too. */
export function UserForm({ mode, initial, onSubmit, showSso, showComment, editable, submitLabel, failureMessage, licenses, children, actions }: UserFormProps) {
  const schema = mode === 'edit' ? EditSchema : licenses ? NewWithLicenseSchema : NewSchema;
  const form = useForm({ schema, initial, failureMessage, onSubmit: (values) => onSubmit(values as UserFormOutput) });
  const disabled = !editable || form.busy;
  useUnsavedChanges(editable && form.dirty);
  return (
    <form onSubmit={form.submit} noValidate className="space-y-4">
      {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
      {licenses ? (
        <FormField label={L.licenseId} error={form.error('licenseId')} required>
          <Select {...form.field('licenseId')} options={licenses} placeholder="Select a license" className="w-auto" disabled={disabled} />
        </FormField>
      ) : null}
      {children}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {mode === 'edit' ? (
          <FormField label={L.userName}>
            <Input value={initial.userName} readOnly disabled />
          </FormField>
        ) : (
          <Field form={form} name="userName" label={L.userName} required autoComplete="off" disabled={disabled} />
        )}
        <Field form={form} name="email" label={L.email} type="email" required autoComplete="off" disabled={disabled} />
        <Field form={form} name="firstName" label={L.firstName} required autoComplete="off" disabled={disabled} />
        <Field form={form} name="lastName" label={L.lastName} required autoComplete="off" disabled={disabled} />
        <Field form={form} name="phoneNumber" label={L.phoneNumber} type="tel" autoComplete="off" disabled={disabled} />
        <Field form={form} name="companyName" label={L.companyName} autoComplete="off" disabled={disabled} />
        <Field form={form} name="position" label={L.position} autoComplete="off" disabled={disabled} />
      </div>
      {showComment ? (
        <FormField label={L.comment} error={form.error('comment')}>
          <Textarea {...form.field('comment')} rows={3} disabled={disabled} />
        </FormField>
      ) : null}
      {showSso ? (
        <Checkbox
          label={L.isSsoUser}
          checked={form.values.isSsoUser}
          onChange={(event) => form.setValue('isSsoUser', event.target.checked)}
          disabled={disabled}
        />
      ) : null}
      {editable || actions ? (
        <div className="flex flex-wrap gap-2">
          {editable ? (
            <Button type="submit" loading={form.busy}>
              {submitLabel}
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </form>
  );
}
