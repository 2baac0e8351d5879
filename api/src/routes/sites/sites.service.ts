/**
 * Sites of a project, what the site calls share (sites.handlers.ts resolves each call), in four
 * parts: sites.read (the site in the caller's sight, the replies and trees), sites.write (the
 * writes and what History keeps), sites.archive and sites.copy. Each write runs in one
 * transaction that first locks the project's row, so every change to a project's sites runs
 * after the one before and is checked (sites.plan.ts) against the sites as that one left them.
 * The unique index on (project, parent, lower(trim(name))) holds the sibling rule even so; its
 * violation is the same 409.
 *
 * Archived sites (spec 1 §6): only a caller with ADMINISTER_SITE sees them. For anyone else an
 * archived site is no site (404 by id, left out of lists), and an archived site's children are
 * archived too (archiving cascades; nothing active is put under an archived site), so the
 * active sites always form whole trees.
 */
export * from './sites.read';
export * from './sites.write';
export * from './sites.archive';
export * from './sites.copy';
