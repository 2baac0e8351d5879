import { useQuery } from '@tanstack/react-query';
import { ApiKeyMessages, type ApiKey } from 'contracts/identity';
import { Alert, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { AddonsForm } from '../access/AddonsChecklist';
import { isRefreshingOnMount, licenseAddonsQuery } from '../users/user.api';
import { apiKeyAddonsQuery, useSetApiKeyAddons } from './apiKeys.api';

/**
 * A key's Product Licenses tab (spec 1 §2, §5): the add-ons the key's licence offers, those it
 * holds ticked (AddonsForm), without seats — a key takes no user seat; removing one removes the
 * key's roles of that product.
 */
export function ApiKeyAddonsTab({ apiKey }: { apiKey: ApiKey }) {
  const offer = useQuery(licenseAddonsQuery(apiKey.licenseId));
  const held = useQuery(apiKeyAddonsQuery(apiKey.apiKeyId));
  const save = useSetApiKeyAddons(apiKey.apiKeyId);
  if (offer.isPending || held.isPending || isRefreshingOnMount(held)) return <Spinner label="Loading product licenses" />;
  if (offer.isError || held.isError) return <Alert variant="danger">{errorMessage(offer.error ?? held.error, ApiKeyMessages.addonsFailed)}</Alert>;
  return (
    <AddonsForm
      offer={offer.data.filter((a) => a.maxUsers !== 0)}
      held={held.data.map((a) => a.addOnId)}
      showSeats={false}
      saving={save.isPending}
      warning="An API key takes no user seat. Removing a product license removes the key's roles of that product."
      onSave={(ids) => save.mutate(ids)}
    />
  );
}
