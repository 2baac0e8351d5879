import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ImportMessages, type ImportSystem } from 'contracts/projects-sites';
import { Badge, Card, EntityGate, PageHeader, Tabs } from 'kit';
import { PORTAL_ROLES, useHasRole } from 'shared';
import { importQuery } from './imports.api';
import { importsRoute } from './imports.routes';
import { ImportDetailsTab } from './ImportDetailsTab';
import { ImportHistoryTab } from './ImportHistoryTab';

/**
 * One import system (spec 1 §2 ImportsView): Name, Project Id (read-only), Path, Description,
 * Is Internal and Active, edited in place by whoever may save it; a missing one (or another
 * licence's) is not found. Its History lists the changes to the import systems of its project
 * (the API records them under the project).
 */
export default function ImportViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...importQuery(id), enabled: valid });
  return (
    <EntityGate query={query} noun="Import system" valid={valid} failure={ImportMessages.fetchOneFailed}>
      {(system) => <ImportView system={system} />}
    </EntityGate>
  );
}

function ImportView({ system }: { system: ImportSystem }) {
  // The History is read with the project's, which the portal roles read (the audit trail's rule).
  const readsHistory = useHasRole(...PORTAL_ROLES);
  return (
    <div className="space-y-4">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {system.displayName}
            {system.active ? null : <Badge variant="neutral">Inactive</Badge>}
          </span>
        }
        description={`Import system of project ${system.projectId}`}
        back={{ to: `${importsRoute.to({})}?projectId=${system.projectId}`, label: 'Imports' }}
      />
      <Card>
        <Tabs
          hashSync
          tabs={[
            { id: 'details', label: 'Details', content: <ImportDetailsTab configId={system.configId} /> },
            ...(readsHistory ? [{ id: 'history', label: 'History', content: <ImportHistoryTab projectId={system.projectId} /> }] : []),
          ]}
        />
      </Card>
    </div>
  );
}
