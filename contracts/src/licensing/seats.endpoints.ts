/**
 * The seat dashboard's calls (ours, beyond the spec: the contract lists none), one endpoint
 * object each. Reading it and its setting takes either licence role (a licence administrator
 * reaches only their own licence, any other answers 404); freeing seats changes users'
 * product licences, so it takes the roles that may (user or role administration) as well.
 */
import * as v from 'valibot';
import { Role } from 'shared/roles';
import { anyRole, endpoint, endpointGroup, previewOf } from '../common/endpoint';
import { filterQuery, flagQuery, idParam, pageQuery, sortQuery, wholeNumber } from '../common/params';
import { MessageReplySchema } from '../common/replies.entities';
import {
  DORMANT_LIST_LIMIT,
  DormantAccountPageSchema,
  FreeSeatsBodySchema,
  FreeSeatsReplySchema,
  SeatDashboardSchema,
  SeatMessages,
  SeatSettingsBodySchema,
} from './seats.entities';

const licenseRoles = anyRole(Role.ACCESS_ALL_CUSTOMER_LICENCES, Role.ACCESS_MY_CUSTOMER_LICENCE);
/** Who changes users' product licences (as on a user's Product Licenses tab). */
const accessAdmin = anyRole(Role.ADMINISTER_USER_CREATE_UPDATE, Role.ADMINISTER_ROLE);
const licenseIdParam = idParam('licenseId');

const freeDormantSeats = endpoint({
  method: 'POST',
  path: 'licenses/{licenseId}/seats/free',
  summary:
    'Takes the product licences the named dormant accounts hold directly (seats held through user groups ' +
    'stay, and so does any account no longer dormant); roles that needed a lost product licence go too.',
  access: accessAdmin,
  params: licenseIdParam,
  query: v.object({ preview: flagQuery('preview') }),
  body: FreeSeatsBodySchema,
  reply: FreeSeatsReplySchema,
});

export const seatEndpoints = endpointGroup('licensing', {
  getSeatDashboard: endpoint({
    method: 'GET',
    path: 'licenses/{licenseId}/seats',
    summary:
      'The seat dashboard: every product licence against its limit with the seats dormant accounts hold, ' +
      'and those accounts (no sign-in for the licence’s number of days) with what they hold and how.',
    access: licenseRoles,
    params: licenseIdParam,
    query: v.object({
      // How many of the longest silent accounts `dormant` lists: 0 to 5,000 (all of them up to 5,000 when absent, as before).
      dormantLimit: v.optional(
        v.pipe(wholeNumber(SeatMessages.dormantLimit), v.maxValue(DORMANT_LIST_LIMIT, SeatMessages.dormantLimit)),
        String(DORMANT_LIST_LIMIT),
      ),
    }),
    reply: SeatDashboardSchema,
  }),

  getDormantAccounts: endpoint({
    method: 'GET',
    path: 'licenses/{licenseId}/seats/dormant',
    summary:
      'A page of the dormant accounts holding a seat, longest silent first (or by user name), searched like the ' +
      'user list (name, e-mail, company, position), each seat marked direct and/or with the user groups it comes through.',
    access: licenseRoles,
    params: licenseIdParam,
    query: v.object({ ...filterQuery, ...pageQuery, ...sortQuery(['lastSignIn', 'userName'] as const, 'lastSignIn') }),
    reply: DormantAccountPageSchema,
  }),

  exportDormantAccounts: endpoint({
    method: 'GET',
    path: 'licenses/{licenseId}/seats/dormant.csv',
    summary:
      'Every dormant account holding a seat as CSV, longest silent first (User Name, Full Name, Status, ' + 'Last Sign-in, Product Licenses): all of them.',
    access: licenseRoles,
    params: licenseIdParam,
    reply: v.unknown(),
    replyKind: 'file',
  }),

  setSeatSettings: endpoint({
    method: 'PUT',
    path: 'licenses/{licenseId}/seats/settings',
    summary: 'Sets after how many days without signing in an account holding a seat counts as dormant (1 to 3650; 90 at first).',
    access: licenseRoles,
    params: licenseIdParam,
    body: SeatSettingsBodySchema,
    reply: MessageReplySchema,
  }),

  freeDormantSeats,

  previewFreeDormantSeats: previewOf(freeDormantSeats, {
    summary: 'What freeing the named dormant accounts’ seats would take from each and how seats would move, without changing anything.',
  }),
});
