import { Alert, Button } from 'kit';
import { KernelMessages } from 'shared';

/** Shown in a remote's own area when it cannot be loaded or crashed; the rest keeps working. */
export function SectionUnavailable({ section, detail, onRetry }: { section: string; detail?: string; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-2xl py-12" data-testid="section-unavailable">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight text-slate-900 capitalize">{section}</h1>
      <Alert variant="warning" title={`${KernelMessages.sectionUnavailable}`} action={<Button onClick={onRetry}>{KernelMessages.retry}</Button>}>
        <p>The {section} section could not be loaded. The rest of the console keeps working; try again in a moment.</p>
        {detail ? (
          <details className="mt-2 text-xs text-slate-600">
            <summary className="cursor-pointer">Technical details</summary>
            <p className="mt-1 break-words">{detail}</p>
          </details>
        ) : null}
      </Alert>
    </div>
  );
}
