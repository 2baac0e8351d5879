import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import { MobileReleaseMessages, type MobileRelease } from 'contracts/licensing';
import { Badge, Card, EntityGate, formatDay, HistoryTab, PageHeader, Tabs } from 'kit';
import { releaseQuery } from './mobileReleases.api';
import { mobileReleaseEditRoute, mobileReleasesRoute } from './mobileReleases.routes';

/** One mobile release (spec 1: mobile release view): its fields and its History; Edit opens the form. */
export default function MobileReleaseViewPage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...releaseQuery(id), enabled: Number.isInteger(id) });
  return (
    <EntityGate query={query} noun="Mobile release" valid={Number.isInteger(id)} failure={MobileReleaseMessages.loadFailed}>
      {(release) => <ReleaseView release={release} />}
    </EntityGate>
  );
}

function ReleaseView({ release }: { release: MobileRelease }) {
  return (
    <div className="space-y-4">
      <PageHeader
        title={`Release ${release.version}`}
        description={release.current ? 'The current release.' : undefined}
        back={{ to: mobileReleasesRoute.to({}), label: 'Mobile releases' }}
        actions={
          <Link
            to={mobileReleaseEditRoute.to({ id: release.id })}
            className="inline-flex items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
          >
            Edit
          </Link>
        }
      />
      <Card>
        <Tabs
          hashSync
          tabs={[
            {
              id: 'details',
              label: 'Details',
              content: (
                <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-slate-500">Version</dt>
                    <dd className="font-medium">{release.version}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Release date</dt>
                    <dd>{formatDay(release.releaseDate)}</dd>
                  </div>
                  <div className="sm:col-span-2">
                    <dt className="text-slate-500">Couch URL</dt>
                    <dd className="break-all font-mono text-xs">{release.couchUrl}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Active</dt>
                    <dd>{release.active ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Current</dt>
                    <dd>{release.current ? <Badge variant="info">Current</Badge> : 'No'}</dd>
                  </div>
                </dl>
              ),
            },
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('mobile-release', release.id)} /> },
          ]}
        />
      </Card>
    </div>
  );
}
