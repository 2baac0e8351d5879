import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AuthMessages,
  DEFAULT_PASSWORD_POLICY,
  ownPasswordFormSchema,
  passwordRequirementStatus,
  resetPasswordFormSchema,
  type PasswordPolicy,
} from 'contracts/auth';
import { type User } from 'contracts/identity';
import { Alert, Button, Card, ConfirmDialog, FormField, formatDate, Input, Spinner, useForm } from 'kit';
import { Role, useHasRole } from 'shared';
import { passwordPolicyQuery, passwordStateQuery, useSendPassword, useSetPassword } from './user.api';

/**
 * The password tab (spec 1 §2): set one by hand with a retype, under the licence's policy
 * (at least 8 characters by default); Auto Reset e-mails a generated password the user must
 * change at next sign-in; Email Link sends a reset link valid 24 hours. Users changing their
 * own give their current password.
 */
export function UserPasswordTab({ user, self }: { user: User; self: boolean }) {
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  const state = useQuery(passwordStateQuery(user.userName));
  const policy = useQuery(passwordPolicyQuery(user.userName));
  const mine = self && !administers;
  // A fresh form after each update: its fields empty and no messages.
  const [round, setRound] = useState(0);
  return (
    <div className="space-y-4">
      {state.data ? (
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Last changed</dt>
            <dd>{state.data.lastPasswordChangeDate ? formatDate(state.data.lastPasswordChangeDate, 'long') : 'Never'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Must change at next sign-in</dt>
            <dd>{state.data.mustUpdatePassword ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
      ) : null}
      <Card title="Set the password">
        {/* The form waits for the policy: remounting it when the policy arrives would clear what was typed. */}
        {policy.isPending ? (
          <Spinner label="Loading the password policy" />
        ) : (
          <ManualPassword
            key={round}
            user={user}
            own={mine || (self && administers)}
            policy={policy.data ?? DEFAULT_PASSWORD_POLICY}
            onDone={() => setRound((r) => r + 1)}
          />
        )}
      </Card>
      {administers && !self ? <SendPassword user={user} /> : null}
    </div>
  );
}

function ManualPassword({ user, own, policy, onDone }: { user: User; own: boolean; policy: PasswordPolicy; onDone: () => void }) {
  const save = useSetPassword(user.userName);
  const form = useForm({
    schema: own ? ownPasswordFormSchema(policy) : resetPasswordFormSchema(policy),
    initial: { currentPassword: '', password: '', repeat: '' },
    failureMessage: AuthMessages.resetFailed,
    async onSubmit(input) {
      await save.mutateAsync({
        mode: 'manual',
        password: input.password,
        ...(own && 'currentPassword' in input ? { currentPassword: input.currentPassword } : {}),
      });
      onDone();
    },
  });
  const needs = passwordRequirementStatus(form.values.password.trim(), policy);
  return (
    <form onSubmit={form.submit} noValidate className="max-w-md space-y-4">
      {form.failure ? <Alert variant="danger">{form.failure}</Alert> : null}
      <input type="text" name="username" autoComplete="username" value={user.userName} readOnly hidden />
      {own ? (
        <FormField label="Current password" error={form.error('currentPassword')} required>
          <Input {...form.field('currentPassword')} type="password" autoComplete="current-password" />
        </FormField>
      ) : null}
      <FormField label="New password" error={form.error('password')} required hint={needs.length ? needs.map((n) => n.label).join(' · ') : undefined}>
        <Input {...form.field('password')} type="password" autoComplete="new-password" />
      </FormField>
      <FormField label="Retype the new password" error={form.error('repeat')} required>
        <Input {...form.field('repeat')} type="password" autoComplete="new-password" />
      </FormField>
      {own ? null : <p className="text-sm text-slate-600">The user will be asked to choose their own at their next sign-in.</p>}
      <Button type="submit" loading={form.busy}>
        Update password
      </Button>
    </form>
  );
}

function SendPassword({ user }: { user: User }) {
  const [confirm, setConfirm] = useState<'auto' | 'link' | null>(null);
  const send = useSendPassword(user.userName, () => setConfirm(null));
  return (
    <Card title="Send by e-mail">
      <p className="mb-3 text-sm text-slate-600">To {user.email || 'the user (no e-mail address on file)'}.</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!user.email} onClick={() => setConfirm('auto')}>
          Auto Reset
        </Button>
        <Button variant="secondary" disabled={!user.email} onClick={() => setConfirm('link')}>
          Email Link
        </Button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'auto' ? 'Reset the password?' : 'Send a reset link?'}
        message={
          confirm === 'auto'
            ? `A new password is generated and e-mailed to ${user.email}. The current one stops working, and ${user.userName} ` +
              `must choose their own at the next sign-in.`
            : `A link to choose a new password, valid for 24 hours, is e-mailed to ${user.email}.`
        }
        confirmLabel={confirm === 'auto' ? 'Reset and e-mail' : 'Send link'}
        busy={send.isPending}
        onConfirm={() => confirm && send.mutate(confirm)}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}
