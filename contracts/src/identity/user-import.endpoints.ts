/**
 * Users from a CSV file (ours, issue 39), one endpoint object each: the template, the dry run
 * and the apply. The round-trip export is `GET users.csv?format=import` (users.endpoints.ts).
 * Access (spec 1 §6): creating and changing users is ADMINISTER_USER_CREATE_UPDATE's.
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup } from '../common/endpoint';
import { flagQuery, licenseIdQuery } from '../common/params';
import { UserImportMessages } from './identity.messages';
import { USER_IMPORT_MAX_BYTES, UserImportReplySchema } from './user-import.entities';

const userAdmin = anyRole(Role.ADMINISTER_USER_CREATE_UPDATE);

/** The file: its text, at most 4 MB. */
export const UserImportBodySchema = v.pipe(v.string(UserImportMessages.notText), v.maxBytes(USER_IMPORT_MAX_BYTES, UserImportMessages.tooLarge));

/** The licence the file's users belong to (a super administrator's choice; everyone else's own). */
export const UserImportPreviewQuerySchema = v.object({ ...licenseIdQuery });
/** The same, and whether new users get a welcome mail (a reset link) once the import is saved. */
export const UserImportQuerySchema = v.object({ ...licenseIdQuery, sendWelcome: flagQuery('sendWelcome') });

export const userImportEndpoints = endpointGroup('identity', {
  getUserImportTemplate: endpoint({
    method: 'GET',
    path: 'user-import/template.csv',
    summary: 'An empty user file: the header row of the import’s columns.',
    access: userAdmin,
    reply: v.unknown(),
    replyKind: 'file',
  }),

  previewUserImport: endpoint({
    method: 'POST',
    path: 'user-import/preview',
    summary:
      'The dry run of a user file: each row new, changed (fields before and after), unchanged or refused ' +
      '(line, column, message); the seats it takes; unknown groups. Writes nothing.',
    access: userAdmin,
    query: UserImportPreviewQuerySchema,
    body: UserImportBodySchema,
    bodyType: 'text/csv',
    reply: UserImportReplySchema,
  }),

  importUsers: endpoint({
    method: 'POST',
    path: 'user-import',
    summary:
      'Imports a user file: every valid row in one transaction, or nothing; refused rows are left out. ' +
      'Optionally e-mails each new user a reset link once saved.',
    access: userAdmin,
    query: UserImportQuerySchema,
    body: UserImportBodySchema,
    bodyType: 'text/csv',
    reply: UserImportReplySchema,
  }),
});
