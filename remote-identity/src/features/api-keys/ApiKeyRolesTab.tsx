import { useQuery } from '@tanstack/react-query';
import { ApiKeyMessages, type ApiKey } from 'contracts/identity';
import { Alert, dataKey, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { RolesEditor } from '../access/RolesEditor';
import { isRefreshingOnMount } from '../users/user.api';
import { apiKeyRolesQuery, useSetApiKeyRoles } from './apiKeys.api';

/**
 * A key's Roles tab (spec 1 §2): role groups of the key's product licences with their
 * checkboxes (RolesEditor), or a prompt to give the key a product licence first.
 */
export function ApiKeyRolesTab({ apiKey }: { apiKey: ApiKey }) {
  const info = useQuery(apiKeyRolesQuery(apiKey.apiKeyId));
  const save = useSetApiKeyRoles(apiKey.apiKeyId);
  if (info.isPending || isRefreshingOnMount(info)) return <Spinner label="Loading roles" />;
  if (info.isError) return <Alert variant="danger">{errorMessage(info.error, ApiKeyMessages.rolesFailed)}</Alert>;
  if (info.data.length === 0) return <Alert variant="info">{ApiKeyMessages.assignProduct}</Alert>;
  return (
    <RolesEditor
      key={dataKey(info.data)}
      groups={info.data}
      saving={save.isPending}
      onSave={(ids) => save.mutate(ids)}
      noProductMessage={ApiKeyMessages.assignProduct}
    />
  );
}
