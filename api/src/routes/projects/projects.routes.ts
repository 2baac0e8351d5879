/**
 * The project list (contract area projects-sites): the definitions. What each call does is
 * in projects.handlers.ts; which projects a caller sees is domain/project-visibility.ts.
 */
import * as v from 'valibot';
import { ProjectSchema } from 'contracts/projects-sites/model';
import { PORTAL_ROLES } from 'shared/roles';
import { filterQuery, licenseIdQuery } from '../../http/params';
import { anyRole, route } from '../../http/route';

export const projectSpecs = {
  getProjects: route({
    method: 'GET',
    path: 'projects',
    area: 'projects-sites',
    summary: 'Projects the caller may see, by id: all for a super administrator, else per the project-read and assignment rules.',
    description:
      'A super administrator sees every project. With ADMINISTER_PROJECT_READ, a caller sees every project of their licence once a project of it is assigned to them (directly or through a user group); anyone else sees the projects assigned to them. Root project 1 is never listed. `state` is all (default), active or inactive; `filter` matches name, description or id, ignoring case. A `licenseId` outside the caller’s scope answers 404.',
    access: anyRole(...PORTAL_ROLES),
    query: v.object({
      ...licenseIdQuery,
      state: v.optional(v.picklist(['all', 'active', 'inactive'], 'state must be all, active or inactive.'), 'all'),
      ...filterQuery,
    }),
    response: v.array(ProjectSchema),
    answers: { 404: 'The licence is outside the caller’s scope.' },
  }),
};
