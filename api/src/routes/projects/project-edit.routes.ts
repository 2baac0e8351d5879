/**
 * A project's own calls (contract area projects-sites): one project, its users, creation, edit,
 * activation and deactivation. What each does is in project-edit.handlers.ts.
 */
import * as v from 'valibot';
import { ProjectReplySchema, ProjectUserReplySchema, projectsSitesEndpoints as api } from 'contracts/projects-sites/model';
import { MessageSchema, route } from '../../http/route';
import { entity, byHandler } from '../../http/licence-scope';

const noProject = { 404: 'No such project among those the caller sees (another licence’s project reads as missing).' };

export const projectEditSpecs = {
  getProject: route(api.getProject, {
    scope: entity('project', 'projectId'),
    description:
      'A project the caller sees (as `GET projects` decides), with `numberOfUsers`: the distinct users assigned to it directly or through a user group.',
    response: ProjectReplySchema,
    answers: noProject,
  }),

  getProjectUsers: route(api.getProjectUsers, {
    scope: entity('project', 'projectId'),
    description: 'The users assigned to the project directly or through a user group, each once, by user name; `getActive=true` leaves out deactivated users.',
    response: v.array(ProjectUserReplySchema),
    answers: noProject,
  }),

  createProject: route(api.createProject, {
    scope: byHandler('the body’s licenseId (404 outside the scope) or the caller’s own'),
    description:
      'In the caller’s licence, or the licence named by a caller who sees every licence (another licence is ' +
      'a 404). The environment must be one of the licence’s, the parent a project of the licence. A licence ' +
      'with a maximum of projects (not negative) takes no more active projects than that; the count is ' +
      'taken under the licence’s lock. Recorded in the project’s History.',
    grants: [],
    response: ProjectReplySchema,
    status: 201,
    answers: {
      400: 'A name shorter than 4 characters, a missing description, an environment not of the licence, a parent not of the licence.',
      404: 'The licence is outside the caller’s scope.',
      409: 'The licence already has a project with this name, or as many active projects as it allows.',
    },
  }),

  updateProject: route(api.updateProject, {
    scope: entity('project', 'projectId'),
    description:
      'Changes the fields sent (name, description, environment, parent); a project never moves to another ' +
      'licence, and never becomes its own ancestor. Recorded in the project’s History.',
    grants: [],
    response: MessageSchema,
    answers: { 400: 'A field breaks its rule (the spec’s messages).', ...noProject, 409: 'The licence already has a project with this name.' },
  }),

  activateProject: route(api.activateProject, {
    scope: entity('project', 'projectId'),
    description:
      'Makes an inactive project active again (its former assignments are not restored); refused when the ' +
      'licence already has as many active projects as it allows.',
    grants: [],
    response: MessageSchema,
    answers: { ...noProject, 409: 'The licence already has as many active projects as it allows.' },
  }),

  deactivateProject: route(api.deactivateProject, {
    scope: entity('project', 'projectId'),
    description:
      'In one transaction: the project becomes inactive and is taken from every user, user group and API ' +
      'key it was assigned to (not reversible). The project’s History names who lost it.',
    grants: [],
    response: MessageSchema,
    answers: noProject,
  }),
};
