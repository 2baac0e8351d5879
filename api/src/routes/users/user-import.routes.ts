/**
 * Users from a CSV file (ours, issue 39): the routes of its endpoints
 * (contracts/identity/user-import.endpoints.ts). What each call does is in
 * user-import.handlers.ts; what a file does to the users is user-import.plan.ts.
 */
import { USER_IMPORT_MAX_ROWS, userImportEndpoints as api } from 'contracts/identity/model';
import { noLicense, list } from '../../http/licence-scope';
import { route } from '../../http/route';

const FILE = [
  `The body is the file’s text (\`text/csv\`, UTF-8 with or without a byte-order mark, comma or ` +
    `semicolon, at most 4 MB and ${USER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows). A header row ` +
    `names the columns, in any order and case: \`userName\` (required), \`firstName\`, \`lastName\`, ` +
    `\`email\`, \`phoneNumber\`, \`companyName\`, \`position\`, \`userGroups\` and \`productLicenses\` ` +
    `(names separated by \`|\`; a product licence by name or short name), \`isSsoUser\` (true or false). ` +
    `\`GET user-import/template.csv\` is an empty file; \`GET users.csv?format=import\` the licence’s ` +
    `users in this format.`,
  'A row is matched to a user by userName, ignoring case. A new user’s row must pass the user form’s ' +
    'rules (spec 1 §5, its messages); a known user’s row changes only the columns the file has (an empty ' +
    'cell empties an optional field). `userGroups` and `productLicenses` add: an import never removes a ' +
    'user, a group membership or a product licence. A row is refused, with its line, column and message, ' +
    'when a field breaks the form’s rules, it names a group the licence does not have or a product ' +
    'licence it does not offer (vendor product licences are given on the user’s tab), the user is another ' +
    'licence’s, the username is on an earlier line, or the change is beyond the privilege ceiling: a user ' +
    'holding administrative roles the caller does not, a group granting such roles or projects the caller ' +
    'does not see.',
  'The licence is the caller’s; a super administrator may name another with `licenseId`.',
].join('\n\n');

export const userImportSpecs = {
  getUserImportTemplate: route(api.getUserImportTemplate, {
    scope: noLicense('the template is the same empty file for every licence'),
    description: `The header row of a user file and nothing else. ${
      'Columns: userName, firstName, lastName, email, phoneNumber, companyName, position, userGroups, ' + 'productLicenses, isSsoUser.'
    }`,
  }),

  previewUserImport: route(api.previewUserImport, {
    scope: list,
    description: [
      'The dry run of a user file: writes nothing. Answers each row with its `status` — `new`, `changed` ' +
        '(`changes`: each field before and after), `unchanged` or `refused` (`problems`: each with its column ' +
        'and the message) — and its line; `counts`; `seats`: per product licence the seats the valid rows ' +
        'would take (`needed`) against those in use and the limit (`over` when they do not fit); ' +
        '`unknownGroups`; and `canApply`: some row is new or changed and every seat fits.',
      FILE,
    ].join('\n\n'),
    grants: [],
    answers: {
      400: 'Not a user file: empty, an unknown or repeated column, no userName column, an unclosed quote, more than 10,000 rows or 4 MB.',
      404: 'The licence is outside the caller’s scope or does not exist.',
      415: 'A body sent as another type than text/csv (or text/plain).',
    },
  }),

  importUsers: route(api.importUsers, {
    scope: list,
    description: [
      'Imports a user file: the file is worked out again as the dry run does, inside one transaction ' +
        'holding the licence’s seat lock, and every new and changed row is written in it — or nothing is. ' +
        'Refused rows are left out (the answer lists them). When the product licences would pass a seat ' +
        'limit, nothing is written: a 400 with the spec’s seat message and the preview. Each user created or ' +
        'changed has its History entry (‘Imported’, ‘Imported changes’).',
      '`sendWelcome=true` e-mails each new user (not single sign-on users) a link to choose a password ' +
        '(spec 1 §9: it works once, within 24 hours), after the import is saved; `mailed` counts them. An API ' +
        'key may import, but not send them (403): it never manages passwords.',
      FILE,
    ].join('\n\n'),
    transaction: 'own',
    grants: ['control'],
    answers: {
      400: 'Not a user file (as the dry run), nothing to import, or seats over their limit (`seats`; nothing written).',
      403: '`sendWelcome=true` from an API key.',
      404: 'The licence is outside the caller’s scope or does not exist.',
      409: 'A username of the file was taken meanwhile (nothing written).',
      415: 'A body sent as another type than text/csv (or text/plain).',
    },
  }),
};
