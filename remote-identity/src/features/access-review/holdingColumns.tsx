import { Link } from 'react-router';
import { AccessReviewMessages as M, type Holding } from 'contracts/identity';
import { Badge, type ColumnDef, formatDate } from 'kit';
import { apiKeyViewRoute } from '../api-keys/apiKeys.routes';
import { userViewRoute } from '../users/users.routes';

/** 'Direct', 'User Group: Site leads', 'All projects': the roles tab's words. */
export const viaText = (h: { viaKind: string; viaName: string | null }) =>
  h.viaKind === 'group' ? M.viaGroup(h.viaName ?? '') : h.viaKind === 'all-projects' ? M.allProjects : M.direct;

/** The holder's name, linking to their screen (a user's view, a key's view). */
export function HolderLink({ holding }: { holding: Pick<Holding, 'holderKind' | 'holderId' | 'holderName'> }) {
  const to = holding.holderKind === 'user' ? userViewRoute.to({ name: holding.holderName }) : apiKeyViewRoute.to({ id: holding.holderId });
  return (
    <Link to={to} className="font-medium text-brand-700 underline-offset-2 hover:underline">
      {holding.holderName}
    </Link>
  );
}

/** When and by whom, or 'Before records' when the trail does not say. */
export const grantText = (h: { grantedAt: string | null; grantedBy: string | null }) =>
  h.grantedAt ? `${formatDate(h.grantedAt)}${h.grantedBy ? ` by ${h.grantedBy}` : ''}` : M.beforeRecords;

export const holdingColumns: ColumnDef<Holding>[] = [
  { id: 'holder', header: 'Holder', cell: ({ row }) => <HolderLink holding={row.original} /> },
  {
    id: 'type',
    header: 'Type',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.holderKind === 'user' ? 'User' : 'API key'}
        {row.original.holderActive ? null : (
          <Badge variant="neutral" className="ml-1">
            Inactive
          </Badge>
        )}
      </span>
    ),
  },
  { id: 'name', header: 'Name', enableSorting: false, cell: ({ row }) => row.original.holderLabel },
  { id: 'via', header: 'Via', cell: ({ row }) => viaText(row.original) },
  { id: 'grantedAt', header: 'Granted', cell: ({ row }) => grantText(row.original) },
  { id: 'lastSeen', header: 'Last sign-in', cell: ({ row }) => (row.original.lastSeen ? formatDate(row.original.lastSeen) : 'Never') },
];
