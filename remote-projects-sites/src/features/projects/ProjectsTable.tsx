import { type Project } from 'contracts/projects-sites';
import { Badge, DataTable, Role, useHasRole, type ColumnDef } from 'shared';

function columns(showLicense: boolean): ColumnDef<Project>[] {
  return [
    { accessorKey: 'projectId', header: 'Project Id', meta: { className: 'w-28' } },
    {
      accessorKey: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          {row.original.name}
          {row.original.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
        </span>
      ),
    },
    { accessorKey: 'description', header: 'Description' },
    ...(showLicense
      ? ([
          { accessorKey: 'licenseId', header: 'License Id' },
          { accessorKey: 'licenseName', header: 'License Name' },
        ] satisfies ColumnDef<Project>[])
      : []),
  ];
}

/** Projects the user may see; the search covers name, description and id. */
export function ProjectsTable({ projects, loading, error, toolbar }: { projects: Project[]; loading: boolean; error?: string; toolbar: React.ReactNode }) {
  const showLicense = useHasRole(Role.ACCESS_ALL_CUSTOMER_LICENCES);
  return (
    <DataTable
      caption="Projects"
      data={projects}
      columns={columns(showLicense)}
      getRowId={(p) => String(p.projectId)}
      loading={loading}
      error={error}
      pageSize={20}
      filter={{ placeholder: 'Search by name, description or id' }}
      toolbar={toolbar}
      emptyText="No projects match."
    />
  );
}
