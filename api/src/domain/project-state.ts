/**
 * What a project's state allows (spec 1 §4 States: a project goes from active to inactive
 * through deactivate, which removes its users and API keys, and back through activate). One
 * rule, used by every call that adds to a project: an inactive project takes nothing new —
 * no site (created, bulk-entered, imported from CSV or copied in) and no import system — until
 * it is activated again. What it holds can still be renamed, moved, archived or changed, so an
 * administrator can tidy a closed project without reopening it.
 */
import { ImportMessages, SiteMessages } from 'contracts/projects-sites/model';
import { conflict } from '../http/errors';

/** What can be added to a project: each with the message a refusal gives. */
const REFUSALS = {
  sites: SiteMessages.inactiveProject,
  'import systems': ImportMessages.inactiveProject,
} as const;

/** A 409 naming the project (the field `projectId`) when `project` is inactive and `what` would be added to it. */
export function assertTakesNew(project: { isActive: boolean }, what: keyof typeof REFUSALS): void {
  if (project.isActive) return;
  const message = REFUSALS[what];
  throw conflict(message, { errors: { projectId: message } });
}
