import { type Project, type ProjectPage } from 'contracts/projects-sites';
import { Badge, type ColumnDef, DataTable, type PagedTableProps } from 'kit';
import { Role, useHasRole } from 'shared';
import { PROJECTS_PAGE_SIZE } from './projects.api';

function columns(showLicense: boolean): ColumnDef<Project>[] {
  return [
    { accessorKey: 'projectId', header: 'Project Id', meta: { className: 'w-28', card: 'field' } },
    {
      accessorKey: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {row.original.name}
          {row.original.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
        </span>
      ),
      meta: { card: 'title' },
    },
    { accessorKey: 'description', header: 'Description', meta: { card: 'field' } },
    ...(showLicense
      ? ([
          { accessorKey: 'licenseId', header: 'License Id' },
          { accessorKey: 'licenseName', header: 'License Name', meta: { card: 'field' } },
        ] satisfies ColumnDef<Project>[])
      : []),
  ];
}

type Props = PagedTableProps<ProjectPage> & {
  /** Opens the project (its view). */
  onRowClick?: (project: Project) => void;
};

/** Projects the user may see, paged, sorted and searched (name, description and id) on the server. */
export function ProjectsTable({ page, loading, error, paging, search, onSearch, toolbar, onRowClick }: Props) {
  const showLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  return (
    <DataTable
      caption="Projects"
      data={page?.items ?? []}
      columns={columns(showLicense)}
      getRowId={(p) => String(p.projectId)}
      loading={loading}
      error={error}
      pageSize={PROJECTS_PAGE_SIZE}
      filter={{ placeholder: 'Search by name, description or id', value: search, onChange: onSearch }}
      toolbar={toolbar}
      emptyText="No projects match."
      manual={paging}
      onRowClick={onRowClick}
    />
  );
}
