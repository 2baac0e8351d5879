import { memo, useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { Site } from 'contracts/projects-sites';
import { Badge, buttonClass } from 'kit';
import { PrintLabelsButton } from './labels/PrintLabelsButton';
import { siteHierarchyRoute, siteViewRoute } from './sites.routes';
import { SiteTree } from './SiteTree';

/**
 * One top-level site of the Sites tab (spec 1 §2): its name (a link to its view), the Archived
 * badge when it is not active, the hierarchy button, the print button (the labels of the site
 * and its descendants) and its nested tree with search.
 */
// Memoised: typing in the tab's filter redraws the tab, not every card's tree.
export const SiteCard = memo(function SiteCard({ site, mayEditTree }: { site: Site; mayEditTree: boolean }) {
  const headingId = useId();
  const tops = useMemo(() => [site], [site]);
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
          <PrintLabelsButton tops={tops} card size="sm">
            Print<span className="sr-only">{` labels of ${site.name}`}</span>
          </PrintLabelsButton>
        </div>
      </div>
      <SiteTree site={site} />
    </section>
  );
});
