import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Site } from 'contracts/projects-sites';
import { Badge, Input, Tree, type TreeNode } from 'kit';
import { siteViewRoute } from './sites.routes';
import { limitMatches } from './siteTree';

/** The most matches a search draws: a search matching thousands of sites stays quick. */
export const SEARCH_LIMIT = 200;

/** The tree's nodes: plain names (what the search matches); each drawn row's label is made by {@link siteLabel}. */
function toNodes(sites: readonly Site[]): TreeNode<Site>[] {
  return sites.map((site) => ({ id: site.siteId, data: site, label: site.name, children: site.children.length > 0 ? toNodes(site.children) : undefined }));
}

/** A drawn row's label: the site a link to its view, an archived one badged. */
function siteLabel(node: TreeNode<Site>) {
  const site = node.data!;
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Link to={siteViewRoute.to({ projectId: site.projectId, siteId: site.siteId })} className="truncate text-brand-700 hover:underline">
        {site.name}
      </Link>
      {site.active ? null : <Badge variant="neutral">Archived</Badge>}
    </span>
  );
}

/**
 * A top-level site's nested children (spec 1 §2: the card's site tree with search): collapsed
 * levels are not drawn until opened; a search shows the matching sites and their ancestors,
 * opened, at most the first 200 matches (and says how many there were). Typing stays quick
 * however large the tree: the search follows the box as a deferred value.
 */
export function SiteTree({ site }: { site: Site }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const nodes = useMemo(() => toNodes(site.children), [site]);
  const limited = useMemo(() => (query ? limitMatches(nodes, query, (node) => node.data!.name, SEARCH_LIMIT) : null), [nodes, query]);
  if (site.children.length === 0) return <p className="text-sm text-slate-500">No child sites.</p>;
  return (
    <div className="space-y-2">
      <label htmlFor={searchId} className="sr-only">{`Search the sites of ${site.name}`}</label>
      <Input id={searchId} type="search" value={search} placeholder="Search sites" className="max-w-xs" onChange={(event) => setSearch(event.target.value)} />
      {limited && limited.matches === 0 ? <p className="text-sm text-slate-500">{`No site of ${site.name} matches “${query}”.`}</p> : null}
      {limited && limited.matches > limited.shown ? (
        <p className="text-xs text-slate-500">
          {`Showing the first ${limited.shown} of ${limited.matches.toLocaleString('en-US')} matches: search for ` + `more of the name to narrow them.`}
        </p>
      ) : null}
      <Tree nodes={limited ? limited.nodes : nodes} search={query} renderLabel={siteLabel} aria-label={`Sites of ${site.name}`} />
    </div>
  );
}
