import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { ApiKeyMessages, type ApiKey } from 'contracts/identity';
import { Badge, Card, EntityGate, formatDate, HistoryTab, PageHeader, Tabs } from 'kit';
import { ApiKeyAddonsTab } from './ApiKeyAddonsTab';
import { ApiKeyDetailsTab } from './ApiKeyDetailsTab';
import { ApiKeyProjectsTab } from './ApiKeyProjectsTab';
import { ApiKeyRolesTab } from './ApiKeyRolesTab';
import { apiKeyQuery } from './apiKeys.api';
import { apiKeysRoute } from './apiKeys.routes';

/** One API key (spec 1 §2): details, product licences, projects and roles, with its dates; never its secret. The tab is in the URL's hash. */
export default function ApiKeyViewPage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...apiKeyQuery(id), enabled: Number.isInteger(id) });
  return (
    <EntityGate query={query} noun="API key" valid={Number.isInteger(id)} failure={ApiKeyMessages.fetchOneFailed}>
      {(apiKey) => <KeyView apiKey={apiKey} />}
    </EntityGate>
  );
}

const when = (date: string | null | undefined) => (date ? formatDate(date, 'long') : 'Never');

function KeyView({ apiKey }: { apiKey: ApiKey }) {
  return (
    <div className="space-y-4">
      <PageHeader
        title={apiKey.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <code className="text-xs">{apiKey.keyPrefix}</code>
            {apiKey.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>}
            {apiKey.licenseName ?? null}
          </span>
        }
        back={{ to: apiKeysRoute.to({}), label: 'API keys' }}
      />
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd>{when(apiKey.createdDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Updated</dt>
          <dd>{when(apiKey.updatedDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Last used</dt>
          <dd>{when(apiKey.lastUsedDate)}</dd>
        </div>
      </dl>
      {/* One layout for every view's tabs (the user's, a group's, a key's): tabs and panel in one card. */}
      <Card>
        <Tabs
          hashSync
          tabs={[
            { id: 'details', label: 'Details', content: <ApiKeyDetailsTab key={apiKey.updatedDate} apiKey={apiKey} /> },
            { id: 'addons', label: 'Product Licenses', content: <ApiKeyAddonsTab apiKey={apiKey} /> },
            { id: 'projects', label: 'Projects', content: <ApiKeyProjectsTab apiKey={apiKey} /> },
            { id: 'roles', label: 'Roles', content: <ApiKeyRolesTab apiKey={apiKey} /> },
            // Ours: every change to the key.
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('api-key', apiKey.apiKeyId)} /> },
          ]}
        />
      </Card>
    </div>
  );
}
