/**
 * The monthly users report of a licence, the report catalogue and report groups (contract area
 * licensing): the routes of their endpoints (contracts/licensing). What each call does is in
 * reports.handlers.ts.
 */
import * as v from 'valibot';
import { MonthlyUsersReportReplySchema, ReportGroupReplySchema, ReportReplySchema, licensingEndpoints as api } from 'contracts/licensing/model';
import { MessageSchema, route } from '../../http/route';
import { entity, byHandler, noLicense } from '../../http/licence-scope';

const noGroup = { 404: 'No such report group in the caller’s scope.' };

export const reportSpecs = {
  getUsersReport: route(api.getUsersReport, {
    scope: entity('license', 'licenseId'),
    description:
      '`monthlyReports` holds one entry per month, from `startMonth`/`startYear` (October 2018 at the ' +
      'earliest) to the month before this one (UTC), from the first month with a recorded seat change: a ' +
      'month’s figure is the seats held at its end, from the seat ledger (every seat gained or lost is ' +
      'recorded with its moment, so a past month never changes). Each lists the same product licences ' +
      '(those with figures in the range; 0 for one with none that month), in the catalogue’s order. ' +
      '`current` is today’s: the users of the licence holding each product licence it offers (or that ' +
      'someone holds), directly or through a user group, each once. A start month after this one is a 400.',
    response: MonthlyUsersReportReplySchema,
    answers: { 400: 'A start month before October 2018, after the current month, or not a month.', 404: 'No such licence in the caller’s scope.' },
  }),

  getReports: route(api.getReports, {
    scope: noLicense('the report catalogue is the platform’s'),
    description: 'Every report, active or not, by name.',
    response: v.array(ReportReplySchema),
  }),

  getReportGroups: route(api.getReportGroups, {
    scope: byHandler('the groups of the caller’s licence (every licence’s for a super administrator)'),
    description:
      'By report name, role and licence. A report group gives its report to the holders of its role, in its ' +
      'licence (any licence when null) and project (any project when null). A caller whose scope is one ' +
      'licence (an API key) sees only that licence’s groups.',
    response: v.array(ReportGroupReplySchema),
  }),

  createReportGroup: route(api.createReportGroup, {
    scope: byHandler('the body’s licenseId or projectId: in the caller’s scope (404)'),
    description:
      'A project without a licence takes the project’s licence. A licence other than the caller’s needs a ' +
      'caller who sees every licence; a group for every licence (no licence) too.',
    grants: [],
    response: ReportGroupReplySchema,
    status: 201,
    answers: {
      400: 'No report or role, or one that does not exist; a project that does not exist or is not in the licence.',
      404: 'A licence that does not exist or is outside the caller’s scope.',
      409: 'The same report group exists already.',
    },
  }),

  deleteReportGroup: route(api.deleteReportGroup, {
    scope: entity('report-group', 'id', { orNone: true }),
    grants: [],
    response: MessageSchema,
    answers: noGroup,
  }),
};
