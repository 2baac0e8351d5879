import { type ImportSystem, type ImportSystemPage } from 'contracts/projects-sites';
import { Badge, type ColumnDef, DataTable, type PagedTableProps } from 'kit';
import { IMPORTS_PAGE_SIZE } from './imports.api';

/** The spec's columns (spec 1 §2 ImportsList): Project Id, Name, Path, Description, Active; every one sorts on the server. */
const columns: ColumnDef<ImportSystem>[] = [
  { accessorKey: 'projectId', header: 'Project Id', meta: { className: 'w-28' } },
  { accessorKey: 'displayName', header: 'Name' },
  { accessorKey: 'path', header: 'Path', cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.path}</span> },
  { accessorKey: 'description', header: 'Description' },
  {
    accessorKey: 'active',
    header: 'Active',
    cell: ({ row }) => (row.original.active ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>),
  },
];

type Props = PagedTableProps<ImportSystemPage> & {
  /** Opens the import system (its view). */
  onRowClick?: (system: ImportSystem) => void;
};

/** The import systems the caller reaches, paged, sorted and searched (name, path, description, project id) on the server. */
export function ImportsTable({ page, loading, error, paging, search, onSearch, toolbar, onRowClick }: Props) {
  return (
    <DataTable
      caption="Import systems"
      data={page?.items ?? []}
      columns={columns}
      getRowId={(system) => String(system.configId)}
      loading={loading}
      error={error}
      pageSize={IMPORTS_PAGE_SIZE}
      filter={{ placeholder: 'Search by name, path, description or project id', value: search, onChange: onSearch }}
      toolbar={toolbar}
      emptyText="No import systems match."
      manual={paging}
      onRowClick={onRowClick}
    />
  );
}
