/**
 * The project list (contract area projects-sites): the routes of its endpoints
 * (contracts/projects-sites). What each call does is in projects.handlers.ts; which projects a
 * caller sees is domain/project-visibility.ts.
 */
import { projectsSitesEndpoints as api } from 'contracts/projects-sites/model';
import { route } from '../../http/route';
import { list } from '../../http/licence-scope';

export const projectSpecs = {
  getProjects: route(api.getProjects, {
    scope: list,
    description:
      'A super administrator sees every project. With ADMINISTER_PROJECT_READ, a caller sees every project ' +
      'of their licence once a project of it is assigned to them (directly or through a user group); anyone ' +
      'else sees the projects assigned to them. Root project 1 is never listed. `state` is all (default), ' +
      'active or inactive; `filter` matches name, description or id, ignoring case. A `licenseId` outside ' +
      'the caller’s scope answers 404.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
  exportProjects: route(api.exportProjects, {
    scope: list,
    description:
      'Takes the query of `GET projects/page` without paging. Columns: Project Id, Name, Description, ' +
      'License Id and License Name (for callers who see every licence), Active. Cells that a spreadsheet ' +
      'would run as a formula start with an apostrophe.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
  // Registered before any `projects/{projectId}` route, which would otherwise take 'page' for an id.
  getProjectPage: route(api.getProjectPage, {
    scope: list,
    description:
      'The same projects, filters and scope as GET projects. `page` is zero-based (default 0), `pageSize` 1 ' +
      'to 200 (default 25); `sort` is one of projectId (default), name, description, licenseId, ' +
      'licenseName, and `dir` asc (default) or desc; ties go by project id. `numberOfUsers` counts the ' +
      'distinct users assigned to each project directly or through a user group.',
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
};
