/**
 * The seat dashboard of a licence (ours, beyond the spec; issue 24): the routes of its
 * endpoints (contracts/licensing/seats.endpoints.ts). What each call does is in seats.handlers.ts.
 */
import { DormantAccountPageReplySchema, FreeSeatsReplySchema, SeatDashboardReplySchema, seatEndpoints as api } from 'contracts/licensing/model';
import { MessageSchema, route } from '../../http/route';
import { entity } from '../../http/licence-scope';

const noLicense = { 404: 'No such licence in the caller’s scope.' };

export const seatSpecs = {
  getSeatDashboard: route(api.getSeatDashboard, {
    scope: entity('license', 'licenseId'),
    description:
      'Every product licence the licence offers (a limit other than 0) or that someone holds, in the ' +
      'catalogue’s order: its limit (negative: unlimited), the seats in use (users of the licence holding ' +
      'it directly or through a user group, each once) and how many of those dormant accounts hold. ' +
      '`dormant` lists those accounts, longest silent first: users of the licence holding a seat whose last ' +
      'sign-in (their creation when they never signed in) is more than `dormantAfterDays` days ago, each ' +
      'seat marked direct and/or with the user groups it comes through; at most `dormantLimit` of them (the ' +
      'longest silent; 5,000 when absent), `dormantTotal` counting all. The console asks for none ' +
      '(`dormantLimit=0`: the figures alone) and pages the accounts with `GET licenses/{licenseId}/seats/dormant`; ' +
      '`GET licenses/{licenseId}/seats/dormant.csv` exports all.',
    response: SeatDashboardReplySchema,
    answers: { 400: 'dormantLimit is not a whole number from 0 to 5000.', ...noLicense },
  }),

  getDormantAccounts: route(api.getDormantAccounts, {
    scope: entity('license', 'licenseId'),
    description:
      'The dashboard’s dormant accounts a page at a time: longest silent first (`sort=lastSignIn`, the ' +
      'default; `dir=desc` the most recently silent first) or by user name (`sort=userName`), searched like ' +
      'the user list (`filter`: user name, first and last name, e-mail, company, position). `total` counts ' +
      'every account the search matches. Each account is as in the dashboard’s `dormant`.',
    response: DormantAccountPageReplySchema,
    answers: { 400: 'page, pageSize (1 to 200), sort (lastSignIn or userName), dir or filter is not valid.', ...noLicense },
  }),

  exportDormantAccounts: route(api.exportDormantAccounts, {
    scope: entity('license', 'licenseId'),
    description:
      'The dashboard’s dormant accounts, all of them, longest silent first: User Name, Full Name, Status (Active or Inactive), ' +
      'Last Sign-in (ISO time, or Never), Product Licenses (each seat, with the user groups it comes ' +
      'through). Cells that a spreadsheet would run as a formula start with an apostrophe.',
    answers: noLicense,
  }),

  setSeatSettings: route(api.setSeatSettings, {
    scope: entity('license', 'licenseId'),
    description: 'Recorded in the licence’s History.',
    grants: [],
    response: MessageSchema,
    answers: { 400: 'dormantAfterDays is not a whole number from 1 to 3650.', ...noLicense },
  }),

  freeDormantSeats: route(api.freeDormantSeats, {
    scope: entity('license', 'licenseId'),
    description:
      'In one transaction holding the licence’s seat lock: of the named users, those of the licence who are ' +
      'dormant at that moment lose every product licence they hold directly (with its vendors), and their ' +
      'own roles that needed one; seats held through user groups stay. Anyone else named is left alone. ' +
      'With `?preview=true` it answers the same and changes nothing. Answers what each account lost, how ' +
      'seats moved and `freed`, the seats given back; each change is in the user’s and the licence’s ' +
      'History.',
    grants: [],
    response: FreeSeatsReplySchema,
    answers: { 400: 'userIds does not list 1 to 10000 ids.', ...noLicense },
  }),
};
