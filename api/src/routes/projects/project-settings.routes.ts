/**
 * A project's document numbering and default storage location (contract area projects-sites):
 * the routes of their endpoints. What each does is in project-settings.handlers.ts.
 */
import * as v from 'valibot';
import {
  DefaultStorageReplySchema,
  DocumentNumberingReplySchema,
  DocumentNumberingResultReplySchema,
  projectsSitesEndpoints as api,
} from 'contracts/projects-sites/model';
import { MessageSchema, route } from '../../http/route';
import { entity } from '../../http/licence-scope';

const noProject = { 404: 'No such project among those the caller sees (another licence’s project reads as missing).' };

export const projectSettingSpecs = {
  getDocumentNumbering: route(api.getDocumentNumbering, {
    scope: entity('project', 'projectId'),
    description: 'One row per document type the project numbers, by label: `value` is the next number. A POST that only reads (the contract’s method).',
    grants: [],
    response: v.array(DocumentNumberingReplySchema),
    answers: noProject,
  }),

  updateDocumentNumbering: route(api.updateDocumentNumbering, {
    scope: entity('project', 'projectId'),
    description:
      'Compare-and-set, row by row: a row is written only when the document type’s next number is still ' +
      '`expectedNextNumber` (what the caller read); otherwise it answers `success: false` with ' +
      '`actualNextNumber`, what it was changed to elsewhere, and is not written. Rows that succeed are kept ' +
      'whatever happens to the others; each is in the project’s History.',
    grants: [],
    response: v.array(DocumentNumberingResultReplySchema),
    answers: {
      400: 'A number that is not a whole number from 0, a document type the project does not number, or one sent twice (nothing written).',
      ...noProject,
    },
  }),

  getDefaultStorage: route(api.getDefaultStorage, {
    scope: entity('project', 'projectId'),
    description: 'The site and its hierarchy (names from the top, separated by " > "), or null.',
    response: DefaultStorageReplySchema,
    answers: noProject,
  }),

  setDefaultStorage: route(api.setDefaultStorage, {
    scope: entity('project', 'projectId'),
    description: 'An active site of the project, or null to clear it; recorded in the project’s History.',
    grants: [],
    response: MessageSchema,
    answers: { 400: 'The site is not an active site of the project.', ...noProject },
  }),
};
