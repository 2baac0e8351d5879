import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionMethodLabel, SessionMessages, type User, type UserSession } from 'contracts/identity';
import { Badge, Button, type ColumnDef, ConfirmDialog, DataTable, formatDate } from 'kit';
import { errorMessage, Role, useHasRole } from 'shared';
import { useEndOtherSessions, useEndSession, userSessionsQuery } from './user.api';
import { UserFactorsSection } from './UserFactorsSection';

/** 'Chrome 131 on Linux', or what is known of it. */
export const sessionDevice = (session: UserSession) =>
  `${session.browser ?? SessionMessages.unknownBrowser} on ${session.system ?? SessionMessages.unknownSystem}`;

/**
 * A user's live sessions (issue 40), on the user view's Sessions tab and on the profile: browser
 * and system, IP address, signed in, last active and how, most recently active first; the
 * caller's own marked 'This device'. Sign out per session and for all the others, each after a
 * confirmation, for the user themself and user administrators (the server also holds the
 * privilege ceiling). The session in use is ended by Log Out, not here.
 */
export function UserSessionsTab({ user, self }: { user: User; self: boolean }) {
  const administers = useHasRole(Role.ADMINISTER_USER_CREATE_UPDATE);
  const mayEnd = self || administers;
  const sessions = useQuery(userSessionsQuery(user.userName));
  const [ending, setEnding] = useState<UserSession | 'others' | null>(null);
  const endOne = useEndSession(user.userName, () => setEnding(null));
  const endOthers = useEndOtherSessions(user.userName, () => setEnding(null));
  const others = (sessions.data ?? []).filter((session) => !session.current);

  const columns: ColumnDef<UserSession>[] = [
    {
      id: 'device',
      header: 'Browser and system',
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{sessionDevice(row.original)}</span>
          {row.original.current ? <Badge variant="info">{SessionMessages.thisDevice}</Badge> : null}
        </span>
      ),
      meta: { card: 'title' },
    },
    { accessorKey: 'ipAddress', header: 'IP address', cell: ({ row }) => row.original.ipAddress ?? '—', meta: { card: 'field' } },
    { accessorKey: 'createdAt', header: 'Signed in', cell: ({ row }) => formatDate(row.original.createdAt), meta: { card: 'field' } },
    {
      accessorKey: 'lastActiveAt',
      header: 'Last active',
      cell: ({ row }) => formatDate(row.original.lastActiveAt ?? row.original.createdAt),
      meta: { card: 'field' },
    },
    { accessorKey: 'method', header: 'How', cell: ({ row }) => sessionMethodLabel(row.original.method), meta: { card: 'field' } },
  ];
  if (mayEnd) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.current ? null : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${SessionMessages.signOut} ${sessionDevice(row.original)}`}
            onClick={() => setEnding(row.original)}
          >
            {SessionMessages.signOut}
          </Button>
        ),
      meta: { card: 'action' },
    });
  }

  const othersLabel = self ? SessionMessages.signOutOthers : SessionMessages.signOutAll;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{SessionMessages.description}</p>
      <DataTable
        caption={SessionMessages.title}
        data={sessions.data ?? []}
        columns={columns}
        getRowId={(session) => session.sessionId}
        loading={sessions.isPending}
        error={sessions.isError ? errorMessage(sessions.error, SessionMessages.loadFailed) : undefined}
        emptyText={SessionMessages.none}
        pageSize={25}
        sorting={false}
        toolbar={
          mayEnd && others.length > 0 ? (
            <Button variant="secondary" onClick={() => setEnding('others')}>
              {othersLabel}
            </Button>
          ) : undefined
        }
      />
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'others' ? `${othersLabel}?` : `${SessionMessages.signOut}?`}
        message={
          ending === 'others'
            ? self
              ? SessionMessages.confirmOthers
              : SessionMessages.confirmOthersOfUser(user.userName)
            : ending
              ? SessionMessages.confirmOne(sessionDevice(ending))
              : ''
        }
        confirmLabel={ending === 'others' ? othersLabel : SessionMessages.signOut}
        variant="danger"
        busy={endOne.isPending || endOthers.isPending}
        onConfirm={() => (ending === 'others' ? endOthers.mutate() : ending && endOne.mutate(ending.sessionId))}
        onCancel={() => setEnding(null)}
      />
      {/* A user's own factors are on their profile, changed with their password. */}
      {self ? null : <UserFactorsSection user={user} />}
    </div>
  );
}
