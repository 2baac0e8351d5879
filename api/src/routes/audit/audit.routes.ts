/** The audit trail as views read it: a view's History and the audit log page (ours, beyond the spec). */
import type * as v from 'valibot';
import { AuditEntryReplySchema, type AuditQuerySchema } from 'contracts/common';
import { auditEndpoints as api } from 'contracts/identity/model';
import { pageReply } from '../../http/params';
import { route } from '../../http/route';
import { byHandler } from '../../http/licence-scope';

/** The trail's filters as the handler reads them. */
export type AuditListQuery = v.InferOutput<typeof AuditQuerySchema>;

const ACCESS =
  'A view’s History (`subject`): whoever may open that view — users, user groups, projects, configs and ' +
  'sites with a portal role (ACCESS_ALL_CUSTOMER_LICENCES, ACCESS_MY_CUSTOMER_LICENCE or ' +
  'MENU_ADMIN_TOOL_ACCESS), API keys with ADMINISTER_API_KEYS or ADMINISTER_USER_CREATE_UPDATE, ' +
  'workflows with ADMINISTER_WORKFLOW or EDIT_WORKFLOW and preservations with ADMINISTER_PRESERVATION ' +
  '(when the caller sees its project, as in GET projects: a project not assigned is a 404 too), a ' +
  'licence with a licence role; another licence’s subject is a 404. The whole log (no `subject`): ' +
  'ACCESS_MY_CUSTOMER_LICENCE reads its own licence’s entries, ACCESS_ALL_CUSTOMER_LICENCES every ' +
  'licence’s (or the one `licenseId` names). Before and after never hold a secret or a password hash ' +
  '(they are redacted when written). `changes` are the stored values, field by field (JSON text; a ' +
  'secret as [redacted]). Each entry also says what it did in words (`action`: ‘Changed first name, ' +
  'last name’, ‘Password set by admin’, ‘Created user’, ‘Signed in’), and `changesShown` gives the ' +
  'changes as a History shows them: each field as the screens name it (`label`), values in words (names ' +
  'for ids, Yes/No, Unlimited); a secret that changed is `secret: true` with no values; a set (roles, ' +
  'projects, product licences, members) lists what it gained and lost by name (`added`, `removed`; an ' +
  'id outside the caller’s licence stays `#id`); a document (a config, a workflow’s phases) is `json: ' +
  'true`, its values JSON text. `method` and `path` are the call that made the change.';
const answers = {
  400: 'A filter that is not valid (the message names it).',
  403: 'The whole log without a licence role, or a subject the caller’s roles do not open.',
  404: 'The subject or licence is outside the caller’s scope.',
};

export const auditSpecs = {
  getAuditPage: route(api.getAuditPage, {
    scope: byHandler('a subject’s licence (404 outside the scope), else the query’s licenseId or the caller’s own licence’s log'),
    description: ACCESS,
    response: pageReply(AuditEntryReplySchema),
    answers,
  }),

  exportAudit: route(api.exportAudit, {
    scope: byHandler('a subject’s licence (404 outside the scope), else the query’s licenseId or the caller’s own licence’s log'),
    description: ACCESS,
    answers,
  }),
};
