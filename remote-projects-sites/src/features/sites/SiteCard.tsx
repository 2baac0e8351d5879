import { memo, useId } from 'react';
import { Link } from 'react-router';
import { SiteMessages, type Site } from 'contracts/projects-sites';
import { Badge, Button, buttonClass } from 'kit';
import { siteHierarchyRoute, siteViewRoute } from './sites.routes';
import { SiteTree } from './SiteTree';

/**
 * One top-level site of the Sites tab (spec 1 §2): its name (a link to its view), the Archived
 * badge when it is not active, the hierarchy button, the print button (disabled until the
 * barcode labels arrive) and its nested tree with search.
 */
// Memoised: typing in the tab's filter redraws the tab, not every card's tree.
export const SiteCard = memo(function SiteCard({ site, mayEditTree }: { site: Site; mayEditTree: boolean }) {
  const headingId = useId();
  const printHint = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h2 id={headingId} className="min-w-0 text-sm font-semibold break-words text-slate-900">
            <Link to={siteViewRoute.to({ projectId: site.projectId, siteId: site.siteId })} className="text-brand-700 hover:underline">
              {site.name}
            </Link>
          </h2>
          {site.active ? null : <Badge variant="neutral">Archived</Badge>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {mayEditTree ? (
            <Link to={siteHierarchyRoute.to({ projectId: site.projectId, siteId: site.siteId })} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              Hierarchy<span className="sr-only">{` of ${site.name}`}</span>
            </Link>
          ) : null}
          <Button variant="secondary" size="sm" disabled title={SiteMessages.labelsLater} aria-describedby={printHint}>
            Print<span className="sr-only">{` labels of ${site.name}`}</span>
          </Button>
          <span id={printHint} className="sr-only">
            {SiteMessages.labelsLater}
          </span>
        </div>
      </div>
      <SiteTree site={site} />
    </section>
  );
});
