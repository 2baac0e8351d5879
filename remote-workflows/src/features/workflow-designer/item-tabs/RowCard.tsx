import type { ReactNode } from 'react';
import { Button } from 'kit';

/** Props of {@link RowCard}. */
export interface RowCardProps {
  /** 'Trigger 2', the row's place in its list: the remove button names it. */
  title: string;
  /** What the row is called now ('Trigger 2: At the gate'), its legend; the title when not given. */
  legend?: string;
  readOnly: boolean;
  onRemove(): void;
  /** The row's fields. */
  children: ReactNode;
  /** Drawn beside the remove button (a requirement's 'Property editable'), left of it. */
  aside?: ReactNode;
}

/**
 * One row of an item tab's list (a requirement, a condition, a trigger, an equipment mapping):
 * a list entry holding a named group of its fields and, when editable, 'Remove <title>'.
 */
export function RowCard({ title, legend, readOnly, onRemove, children, aside }: RowCardProps) {
  return (
    <li>
      <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold break-all text-slate-900">{legend ?? title}</legend>
        {children}
        {aside !== undefined || !readOnly ? (
          <div className="flex items-center justify-end gap-2">
            {aside !== undefined ? <div className="mr-auto">{aside}</div> : null}
            {readOnly ? null : (
              <Button variant="secondary" size="sm" onClick={onRemove}>
                {`Remove ${title.toLowerCase()}`}
              </Button>
            )}
          </div>
        ) : null}
      </fieldset>
    </li>
  );
}
