import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ImportMessages } from 'contracts/projects-sites';
import { Badge, FormField, Input, type FieldProps } from 'kit';
import { errorMessage } from 'shared';
import { importPathsQuery } from './imports.api';

/**
 * The Path field (spec 1 §2: Path with add-new tag): a text input that suggests the paths in
 * use (GET imports/paths) and takes a new one as typed, tagged 'New path' so the user sees it
 * is not one of those in use.
 */
export function PathField({ field, error }: { field: FieldProps; error: string | undefined }) {
  const listId = useId();
  const paths = useQuery(importPathsQuery());
  const typed = field.value.trim();
  const isNew = paths.isSuccess && typed !== '' && !paths.data.includes(typed);
  const hint = paths.isError ? (
    errorMessage(paths.error, ImportMessages.pathsFailed)
  ) : isNew ? (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant="info">New path</Badge>
      <span>It is added with this import system.</span>
    </span>
  ) : (
    'Choose a path in use or type a new one.'
  );
  return (
    <>
      <FormField label="Path" required error={error} hint={hint}>
        <Input {...field} list={listId} maxLength={500} autoComplete="off" spellCheck={false} className="font-mono" />
      </FormField>
      <datalist id={listId}>
        {(paths.data ?? []).map((path) => (
          <option key={path} value={path} />
        ))}
      </datalist>
    </>
  );
}
