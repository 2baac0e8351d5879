import { useQuery } from '@tanstack/react-query';
import { UserMessages, userEndpoints, type User } from 'contracts/identity';
import type { ImportSystem } from 'contracts/projects-sites';
import { Badge, type ColumnDef, DataTable } from 'kit';
import { errorMessage, useMayCall } from 'shared';
import { useSetImports, userImportsQuery } from './user.api';

/**
 * The imports tab (spec 1 §2): the import systems of the user's projects with an enabled
 * badge that ADMINISTER_IMPORT_SYSTEM_USER toggles by click; others see only enabled ones.
 */
export function UserImportsTab({ user }: { user: User }) {
  const canToggle = useMayCall(userEndpoints.setUserImports);
  const imports = useQuery(userImportsQuery(user.userName));
  const save = useSetImports(user.userName);

  const columns: ColumnDef<ImportSystem & { projectName?: string }>[] = [
    { accessorKey: 'displayName', header: 'Name' },
    { accessorKey: 'projectName', header: 'Project' },
    { accessorKey: 'path', header: 'Path' },
    {
      accessorKey: 'enabled',
      header: 'Enabled',
      cell: ({ row }) => {
        const enabled = row.original.enabled ?? false;
        const badge = (
          <Badge
            variant={enabled ? 'success' : 'neutral'}
            onClick={canToggle ? () => save.mutate([{ configId: row.original.configId, enabled: !enabled }]) : undefined}
            title={canToggle ? (enabled ? 'Click to disable for this user' : 'Click to enable for this user') : undefined}
          >
            {enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        );
        return badge;
      },
    },
  ];

  return (
    <DataTable
      caption="Imports"
      data={imports.data ?? []}
      columns={columns}
      getRowId={(item) => String(item.configId)}
      loading={imports.isPending}
      error={imports.isError ? errorMessage(imports.error, UserMessages.importsLoadFailed) : undefined}
      emptyText={UserMessages.noImports}
      pageSize={25}
    />
  );
}
