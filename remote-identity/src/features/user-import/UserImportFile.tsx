import { useId, useState, type DragEvent } from 'react';
import { USER_IMPORT_MAX_ROWS } from 'contracts/identity';
import { cx, formatCount } from 'kit';

/** Props of {@link UserImportFile}. */
export interface UserImportFileProps {
  /** Called with the file chosen or dropped. */
  onFile: (file: File) => void;
  disabled?: boolean;
  /** What the hint under the field says (the file checked, or the limits). */
  hint?: string;
}

/**
 * The user file: a file field, and a drop zone around it for a file dragged from the desktop.
 * The field is the keyboard's way in; the zone only widens the target.
 */
export function UserImportFile({ onFile, disabled = false, hint }: UserImportFileProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files?.[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <div
      data-testid="user-import-drop"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cx('space-y-1 rounded-lg border-2 border-dashed p-4', over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white')}
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        User file (CSV)
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={hintId}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again after it is edited.
          event.target.value = '';
          if (file) onFile(file);
        }}
        className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border
            file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium
            file:text-slate-700 hover:file:bg-slate-50"
      />
      <p id={hintId} className="text-xs text-slate-600">
        {hint ?? `Choose a file or drop it here. UTF-8, comma or semicolon; at most ${formatCount(USER_IMPORT_MAX_ROWS)} users and 4 MB.`}
      </p>
    </div>
  );
}
