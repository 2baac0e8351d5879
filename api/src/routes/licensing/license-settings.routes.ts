/**
 * A licence's settings beyond its configs (contract area licensing): the internal configuration
 * (super administrators) and the report shortcuts — the routes of their endpoints. What each
 * call does is in license-settings.handlers.ts; the licence's configs are in ../configs/.
 */
import * as v from 'valibot';
import { InternalLicenseConfigServerReplySchema, ShortcutReplySchema, licensingEndpoints as api } from 'contracts/licensing/model';
import { MessageSchema, route } from '../../http/route';
import { entity } from '../../http/licence-scope';

const noLicense = { 404: 'No such licence in the caller’s scope (another licence reads as missing).' };

export const licenseSettingSpecs = {
  getInternalLicenseConfig: route(api.getInternalLicenseConfig, {
    scope: entity('license', 'licenseId'),
    description:
      '`config`: the licence’s customer code and opportunity id (null when unset) and its per-project ' +
      'overrides, keyed by project id, each a list of `{ type, value }`. `projects`: the licence’s projects ' +
      '(id and name, by name), those an override may name.',
    response: InternalLicenseConfigServerReplySchema,
    answers: noLicense,
  }),

  saveInternalLicenseConfig: route(api.saveInternalLicenseConfig, {
    scope: entity('license', 'licenseId'),
    description:
      'In one transaction: the customer code and opportunity id (left out: unchanged; empty or null: ' +
      'cleared) and the overrides, which replace the licence’s (an empty or missing `ProjectOverrides` ' +
      'removes them all). Every project an override names must be the licence’s, and a type appears once ' +
      'per project. Recorded in the licence’s History.',
    grants: [],
    response: MessageSchema,
    answers: { 400: 'A project outside the licence, a type given twice for one project, or a text too long.', ...noLicense },
  }),

  getReportShortcuts: route(api.getReportShortcuts, {
    scope: entity('license', 'licenseId'),
    description:
      'Every active report with its shortcut in the licence (`id` is the report id): basic shortcuts (an ' +
      '`order`, no type) by order, then dashboard shortcuts (a `type`, no order) by report name, then the ' +
      'unassigned reports (neither) by name — what the creation modal picks from.',
    response: v.array(ShortcutReplySchema),
    answers: noLicense,
  }),

  setReportShortcuts: route(api.setReportShortcuts, {
    scope: entity('license', 'licenseId'),
    description:
      'Sets the shortcuts of the reports listed (the others stay): a `type` makes it a dashboard shortcut, ' +
      'an `order` a basic one, neither removes its shortcut (unassigned). Ours: a licence has one report ' +
      'per dashboard type and one basic shortcut per order (unique in the database, so two concurrent saves ' +
      'cannot both take one); the listed reports’ old places are freed first, so a reorder may swap orders. ' +
      'Afterwards the basic shortcuts are renumbered 1..n in their order, in the same transaction (an order ' +
      'past the end takes the next place; unassigning one moves the later ones up). Recorded in the ' +
      'licence’s History, with each shortcut the renumbering moved.',
    grants: [],
    response: MessageSchema,
    answers: {
      400: 'An unknown or inactive report, a report listed twice, two basic shortcuts with one order, or a shortcut with both a type and an order.',
      409: 'A dashboard type or an order another report of the licence already has.',
      ...noLicense,
    },
  }),

  deleteReportShortcut: route(api.deleteReportShortcut, {
    scope: entity('license', 'licenseId'),
    description:
      'The report becomes unassigned in the licence; the basic shortcuts after it move up one place in the ' +
      'same transaction, so their orders stay 1..n. Recorded in the licence’s History, with each shortcut ' +
      'that moved.',
    grants: [],
    response: MessageSchema,
    answers: { 404: 'No such licence in the caller’s scope, or the report has no shortcut in it.' },
  }),
};
