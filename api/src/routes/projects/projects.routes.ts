/**
 * The project list (contract area projects-sites): the definitions. What each call does is
 * in projects.handlers.ts; which projects a caller sees is domain/project-visibility.ts.
 */
import * as v from 'valibot';
import { PROJECT_SORTS, ProjectPageSchema, ProjectSchema } from 'contracts/projects-sites/model';
import { PORTAL_ROLES } from 'shared/roles';
import { filterQuery, licenseIdQuery, pageQuery, sortQuery } from '../../http/params';
import { anyRole, route } from '../../http/route';

/** GET projects' filters: a licence, the state and a text filter. */
export const ProjectListQuery = v.object({
  ...licenseIdQuery,
  state: v.optional(v.picklist(['all', 'active', 'inactive'], 'state must be all, active or inactive.'), 'all'),
  ...filterQuery,
});

export const projectSpecs = {
  getProjects: route({
    method: 'GET',
    path: 'projects',
    area: 'projects-sites',
    summary: 'Projects the caller may see, by id: all for a super administrator, else per the project-read and assignment rules.',
    description:
      'A super administrator sees every project. With ADMINISTER_PROJECT_READ, a caller sees every project of their licence once a project of it is assigned to them (directly or through a user group); anyone else sees the projects assigned to them. Root project 1 is never listed. `state` is all (default), active or inactive; `filter` matches name, description or id, ignoring case. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...PORTAL_ROLES),
    query: ProjectListQuery,
    response: v.array(ProjectSchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
  exportProjects: route({
    method: 'GET',
    path: 'projects.csv',
    area: 'projects-sites',
    summary: 'Every project of the list as CSV: the same filters, order and columns as the screen, streamed.',
    description:
      'Takes the query of `GET projects/page` without paging. Columns: Project Id, Name, Description, License Id and License Name (for callers who see every licence), Active. Cells that a spreadsheet would run as a formula start with an apostrophe.',
    access: anyRole(...PORTAL_ROLES),
    query: v.object({ ...ProjectListQuery.entries, ...sortQuery(PROJECT_SORTS, 'projectId') }),
    produces: 'text/csv',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
  // Registered before any `projects/{projectId}` route, which would otherwise take 'page' for an id.
  getProjectPage: route({
    method: 'GET',
    path: 'projects/page',
    area: 'projects-sites',
    summary: 'A page of the project list, with its total: the projects GET projects answers, paged and sorted on the server.',
    description:
      'The same projects, filters and scope as GET projects. `page` is zero-based (default 0), `pageSize` 1 to 200 (default 25); `sort` is one of projectId (default), name, description, licenseId, licenseName, and `dir` asc (default) or desc; ties go by project id. `numberOfUsers` counts the distinct users assigned to each project directly or through a user group.',
    access: anyRole(...PORTAL_ROLES),
    query: v.object({ ...ProjectListQuery.entries, ...pageQuery, ...sortQuery(PROJECT_SORTS, 'projectId') }),
    response: ProjectPageSchema,
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
};
