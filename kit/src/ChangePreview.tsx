/**
 * The review before a change that reaches users' access (ours, beyond the spec): the server's
 * preview of the very change — who gains and loses which roles, projects and product licences,
 * and how seats move — shown in a dialog; the change runs only on confirmation. Any reply shaped
 * like a user group change's preview can be reviewed (freeing dormant accounts' seats answers one
 * too), so it is the kit's, not one area's.
 */
import { useRef, useState, type ReactNode } from 'react';
import { UserGroupMessages, type GroupChangePreview, type UserAccessChange } from 'contracts/identity/model';
import { errorMessage } from 'shared';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './lazy';
import { Spinner } from './Spinner';

/** What a review shows: a user group change's preview, or any reply that carries one (its other fields are not shown). */
export type ChangePreviewData = GroupChangePreview;

const LISTS = [
  ['roles', 'roles'],
  ['projects', 'projects'],
  ['addons', 'product licenses'],
] as const;

function changeLines(change: UserAccessChange): string[] {
  const lines: string[] = [];
  for (const [key, label] of LISTS) {
    if (change.gains[key].length) lines.push(`gains ${label}: ${change.gains[key].join(', ')}`);
    if (change.loses[key].length) lines.push(`loses ${label}: ${change.loses[key].join(', ')}`);
  }
  return lines;
}

const seatLimit = (max: number) => (max < 0 ? 'unlimited' : String(max));

/** The preview's body: who gains and loses what, and how seats move. */
export function ChangePreviewBody({ preview }: { preview: ChangePreviewData }) {
  return (
    <div className="space-y-3">
      {preview.Message ? <Alert variant="warning">{preview.Message}</Alert> : null}
      {preview.users.length === 0 ? <p>{UserGroupMessages.nothingChanges}</p> : null}
      {preview.users.length ? (
        <ul aria-label="Users affected" className="max-h-72 space-y-2 overflow-y-auto">
          {preview.users.map((change) => (
            <li key={change.userId}>
              <span className="font-medium text-slate-800">{change.userName}</span>
              <ul className="ml-4 list-disc text-slate-600">
                {changeLines(change).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      {preview.seats.length ? (
        <table className="w-full text-left">
          <caption className="text-left font-medium text-slate-800">Seats</caption>
          <thead>
            <tr>
              <th scope="col">Product license</th>
              <th scope="col">Now</th>
              <th scope="col">After</th>
              <th scope="col">Limit</th>
            </tr>
          </thead>
          <tbody>
            {preview.seats.map((seat, index) => (
              // A bulk change over several licences may list one product licence once per licence.
              <tr key={`${seat.addOnId}-${index}`}>
                <td>{seat.name}</td>
                <td>{seat.before}</td>
                <td>{seat.after}</td>
                <td>{seatLimit(seat.maxUsers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'shown'; preview: ChangePreviewData } | { kind: 'failed'; message: string };

/** What {@link useChangePreview} gives a screen. */
export interface ChangeReview {
  /** Shows the review of any change, however many users it reaches, and runs `apply` only on confirmation. `summary` says what the change is. */
  review: <P extends ChangePreviewData>(preview: () => Promise<P>, apply: () => void, summary?: ReactNode) => void;
  /** The same, but applies at once when one user or none is affected (a group's own tabs). */
  confirm: <P extends ChangePreviewData>(affected: number, preview: () => Promise<P>, apply: () => void) => void;
  /** The dialog, to render once. */
  dialog: ReactNode;
}

/**
 * Beyond the spec: before a change that reaches users' access (through their groups, or
 * freeing dormant accounts' seats), ask the server what it would do (the same change, rolled
 * back) and show it; the change is applied only on confirmation, and not at all when the
 * server says a seat limit would be passed. Every bulk change of the user list is reviewed
 * (`review`), one user too; a group's own tabs review changes that reach more than one member
 * (`confirm`); so does freeing seats on a licence's seat dashboard.
 */
export function useChangePreview(): ChangeReview {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [apply, setApply] = useState<(() => void) | null>(null);
  const [summary, setSummary] = useState<ReactNode>(null);
  // Each review's number: an answer for a review already closed or replaced is dropped.
  const asked = useRef(0);
  const close = () => {
    asked.current += 1;
    setState({ kind: 'idle' });
    setApply(null);
  };
  const review = <P extends ChangePreviewData>(preview: () => Promise<P>, run: () => void, about: ReactNode = null) => {
    setApply(() => run);
    setSummary(about);
    setState({ kind: 'loading' });
    const mine = ++asked.current;
    preview().then(
      (answer) => mine === asked.current && setState({ kind: 'shown', preview: answer }),
      (error: unknown) => mine === asked.current && setState({ kind: 'failed', message: errorMessage(error, UserGroupMessages.previewFailed) }),
    );
  };
  const confirm = <P extends ChangePreviewData>(affected: number, preview: () => Promise<P>, run: () => void) => {
    if (affected <= 1) run();
    else review(preview, run);
  };
  const refused = state.kind === 'shown' && Boolean(state.preview.Message);
  const dialog = (
    <Dialog
      open={state.kind !== 'idle'}
      onOpenChange={(open) => !open && close()}
      title="Review the change"
      description="What the change does to each user it reaches, before it is made."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={state.kind !== 'shown' || refused}
            onClick={() => {
              apply?.();
              close();
            }}
          >
            Apply the change
          </Button>
        </>
      }
    >
      {summary && state.kind !== 'idle' ? <p className="mb-3 font-medium text-slate-800">{summary}</p> : null}
      {state.kind === 'loading' ? <Spinner label="Working out the change" /> : null}
      {state.kind === 'failed' ? <Alert variant="danger">{state.message}</Alert> : null}
      {state.kind === 'shown' ? <ChangePreviewBody preview={state.preview} /> : null}
    </Dialog>
  );
  return { review, confirm, dialog };
}
