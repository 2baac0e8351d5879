/**
 * The site search (site-search.routes.ts has its definition): the sites of the projects the
 * caller sees (domain/project-visibility.ts) whose name holds the text, each with its path.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containing } from '../../db/text-search';
import { visibleProjectsWhere } from '../../domain/project-visibility';
import { implement } from '../../http/route';
import { siteSearchSpecs } from './site-search.routes';
import { canSeeArchived } from './sites.service';
import { rawRows } from '../../db/rows';

type Found = { site_id: number; name: string; active: boolean; project_id: number; project_name: string; path: string };

/**
 * One page of the sites `where` selects, by name, then path, then id. The page's names are
 * found by name alone (a top-N sort of the matches, no paths); paths are built, walking up the
 * parents, only for the matches holding those names, and the matches named before them are
 * counted, not walked. So a page costs its own sites' ancestors however many sites match.
 */
async function searchPage(db: Db, where: SQL, page: number, pageSize: number): Promise<{ items: Found[]; total: number }> {
  const result = await rawRows<{ total: number; before: number; rows: string }>(
    db,
    sql`
    with recursive found as materialized (
      select sites.site_id, sites.parent_id, sites.name, sites.active, sites.project_id, lower(sites.name) as name_key
      from sites join projects on projects.project_id = sites.project_id
      where ${where}
    ),
    -- The names the page reaches: its first row's and its last row's, in name order.
    bounds as (
      select min(name_key) as first_key, max(name_key) as last_key
      from (select name_key from found order by name_key offset ${page * pageSize} limit ${pageSize}) as page
    ),
    near as (select found.* from found, bounds where found.name_key between bounds.first_key and bounds.last_key),
    up(site_id, next_id, path) as (
      select site_id, parent_id, name::text from near
      union all
      select up.site_id, a.parent_id, a.name || ' > ' || up.path from up join sites a on a.site_id = up.next_id
    ),
    page as (
      select near.site_id, near.name, near.active, near.project_id, projects.name as project_name, up.path, near.name_key
      from near
      join up on up.site_id = near.site_id and up.next_id is null
      join projects on projects.project_id = near.project_id
    )
    select
      (select count(*) from found)::int as total,
      (select count(*) from found, bounds where found.name_key < bounds.first_key)::int as before,
      coalesce((select json_agg(page order by page.name_key, lower(page.path), page.site_id) from page), '[]')::text as rows`,
  );
  const [row] = result;
  const near = JSON.parse(row!.rows) as Found[];
  // The first row here is the first match of the page's first name: skip to the page's start.
  const skip = page * pageSize - row!.before;
  return { items: near.slice(skip, skip + pageSize), total: row!.total };
}

export const siteSearchRoutes = implement(siteSearchSpecs, {
  async searchSites({ db, caller, scope, query, json }) {
    const where = sql.join(
      [await visibleProjectsWhere(db, caller, scope), sql`sites.name ilike ${containing(query.q)}`, ...(canSeeArchived(caller) ? [] : [sql`sites.active`])],
      sql` and `,
    );
    const { items, total } = await searchPage(db, where, query.page, query.pageSize);
    return json({
      items: items.map((row) => ({
        siteId: row.site_id,
        name: row.name,
        path: row.path,
        projectId: row.project_id,
        projectName: row.project_name,
        active: row.active,
      })),
      total,
      totalExact: true,
      page: query.page,
      pageSize: query.pageSize,
    });
  },
});
