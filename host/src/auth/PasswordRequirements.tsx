import { passwordRequirementStatus, type PasswordPolicy } from 'contracts/auth';
import { cx } from 'kit';

/** The policy's requirements, each ticked as the typed password meets it. */
export function PasswordRequirements({ policy, password }: { policy: PasswordPolicy; password: string }) {
  const requirements = passwordRequirementStatus(password, policy);
  if (requirements.length === 0) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" aria-label="Password requirements">
      <p className="font-medium text-slate-800">Your new password needs</p>
      <ul className="mt-1 space-y-0.5">
        {requirements.map(({ label, met }) => (
          <li key={label} className={cx('flex items-center gap-2', met ? 'text-emerald-700' : 'text-slate-600')}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span>
            {label}
            <span className="sr-only">{met ? '(met)' : '(not met yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
