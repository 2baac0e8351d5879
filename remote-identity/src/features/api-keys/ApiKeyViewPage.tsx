import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { ApiKeyMessages, type ApiKey } from 'contracts/identity';
import { Alert, Badge, Card, EntityGate, formatDate, PageHeader, Spinner, Tabs } from 'kit';
import { errorMessage } from 'shared';
import { AddonsForm } from '../access/AddonsChecklist';
import { HistoryTab } from '../access/HistoryTab';
import { asTree, ProjectsEditor } from '../access/ProjectsEditor';
import { RolesEditor } from '../access/RolesEditor';
import { isRefreshingOnMount, licenseAddonsQuery } from '../users/user.api';
import { apiKeyAddonsQuery, apiKeyProjectsQuery, apiKeyQuery, apiKeyRolesQuery, useSetApiKeyAddons, useSetApiKeyProjects, useSetApiKeyRoles } from './apiKeys.api';
import { ApiKeyDetailsTab } from './ApiKeyDetailsTab';
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
            { id: 'addons', label: 'Product Licenses', content: <AddonsTab apiKey={apiKey} /> },
            { id: 'projects', label: 'Projects', content: <ProjectsTab apiKey={apiKey} /> },
            { id: 'roles', label: 'Roles', content: <RolesTab apiKey={apiKey} /> },
            // Ours: every change to the key.
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('api-key', apiKey.apiKeyId)} /> },
          ]}
        />
      </Card>
    </div>
  );
}

function AddonsTab({ apiKey }: { apiKey: ApiKey }) {
  const offer = useQuery(licenseAddonsQuery(apiKey.licenseId));
  const held = useQuery(apiKeyAddonsQuery(apiKey.apiKeyId));
  const save = useSetApiKeyAddons(apiKey.apiKeyId);
  if (offer.isPending || held.isPending || isRefreshingOnMount(held)) return <Spinner label="Loading product licenses" />;
  if (offer.isError || held.isError) return <Alert variant="danger">{errorMessage(offer.error ?? held.error, ApiKeyMessages.addonsFailed)}</Alert>;
  return (
    <AddonsForm
      key={held.dataUpdatedAt}
      offer={offer.data.filter((a) => a.maxUsers !== 0)}
      held={held.data.map((a) => a.addOnId)}
      showSeats={false}
      saving={save.isPending}
      warning="An API key takes no user seat. Removing a product license removes the key's roles of that product."
      onSave={(ids) => save.mutate(ids)}
    />
  );
}

function ProjectsTab({ apiKey }: { apiKey: ApiKey }) {
  const projects = useQuery(apiKeyProjectsQuery(apiKey.apiKeyId));
  const save = useSetApiKeyProjects(apiKey.apiKeyId);
  if (projects.isPending || isRefreshingOnMount(projects)) return <Spinner label="Loading projects" />;
  if (projects.isError) return <Alert variant="danger">{errorMessage(projects.error, ApiKeyMessages.projectsFailed)}</Alert>;
  const tree = asTree(projects.data.map((p) => ({ ...p, name: p.name ?? String(p.projectId), description: p.description, licenseId: apiKey.licenseId, isActive: p.isActive, fromUserGroup: false })));
  return (
    <div className="space-y-3">
      {apiKey.allProjects ? <Alert variant="info">This key reaches every project of its license (All projects is on); the projects below count when it is off.</Alert> : null}
      <ProjectsEditor key={projects.dataUpdatedAt} projects={tree} editable saving={save.isPending} onSave={(ids) => save.mutate(ids)} />
    </div>
  );
}

function RolesTab({ apiKey }: { apiKey: ApiKey }) {
  const info = useQuery(apiKeyRolesQuery(apiKey.apiKeyId));
  const save = useSetApiKeyRoles(apiKey.apiKeyId);
  if (info.isPending || isRefreshingOnMount(info)) return <Spinner label="Loading roles" />;
  if (info.isError) return <Alert variant="danger">{errorMessage(info.error, ApiKeyMessages.rolesFailed)}</Alert>;
  if (info.data.length === 0) return <Alert variant="info">{ApiKeyMessages.assignProduct}</Alert>;
  return <RolesEditor key={info.dataUpdatedAt} groups={info.data} saving={save.isPending} onSave={(ids) => save.mutate(ids)} noProductMessage={ApiKeyMessages.assignProduct} />;
}
