import { formatDate } from 'kit';

/** One of a user's dates in a description list: the spec's long format, or 'Never'. */
export function UserDate({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{value ? formatDate(value, 'long') : 'Never'}</dd>
    </div>
  );
}
