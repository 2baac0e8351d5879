/**
 * What a site file does to a project's sites (POST projects/{projectId}/sites/import), worked
 * out in memory from the project's sites as read under the project's lock, before anything is
 * written. Pure: site-csv.handlers.ts reads the sites, makes this plan, and — when no row has a
 * problem — hands its trees to the hierarchy save's own plan (sites.plan.ts), which checks them
 * again exactly as a save of the hierarchy editor, and writes them.
 *
 * The file is what GET projects/{projectId}/sites.csv writes: a header row naming its columns
 * (siteId, parentId, path, name, active, siteClass; in any order and case; name or path at
 * least), then a row per site.
 * - A row with a siteId is that site of the project: its name is the row's, and it moves when
 *   the row places it elsewhere. A row without one creates a site (active; its siteClass when
 *   given, below the top level).
 * - Where a row's site goes: `parentId` when given (a site of the project); otherwise its path
 *   without the last level, found among the file's rows (their paths as written), then the
 *   project's sites as they stand, then as the file leaves them; a path of one level is the top
 *   level. A row of an existing site with neither stays where it is; a new one goes to the top.
 * - The name is the row's `name`, or the path's last level when that is empty; every name is
 *   checked by the site rules (spec 1 §5), siblings named apart in any case.
 * - Nothing is deleted: a site of the project without a row stays as it is (the answer counts
 *   them). An import changes names and places only: a row's active and siteClass of an existing
 *   site are noted when they differ, never applied (archiving has its own action).
 * Each problem names its row's line; a row with a problem adds nothing to the preview, and a
 * file with any problem imports nothing.
 */
import {
  SITE_CLASSES,
  SITE_CSV_COLUMNS,
  SITE_CSV_MAX_ROWS,
  SiteMessages,
  siteExists,
  siteNameKey,
  siteNameProblem,
  type SiteCsvColumn,
  type SiteImportIssue,
  type SiteImportNode,
  type SiteTreeBody,
} from 'contracts/projects-sites/model';
import { readCell, type CsvRecord } from '../../http/csv';
import { badRequest } from '../../http/errors';
import type { PlannedSite } from './sites.plan';

type SiteClass = (typeof SITE_CLASSES)[number];

/** A data row of the file, as read. */
interface Row {
  line: number;
  /** `s{siteId}` for an existing site, `n{line}` for a new one. */
  key: string;
  siteId: number | null;
  name: string;
  parentId: number | null;
  /** The path's levels as written ([] when none). */
  levels: string[];
  siteClass: SiteClass | null;
  bad: boolean;
}

/** A site as the file leaves it. */
interface Node {
  key: string;
  name: string;
  /** The parent's key; undefined while a row's place is being found. */
  parent: string | null | undefined;
  existing?: PlannedSite;
  row?: Row;
}

export interface SiteImportCounts {
  rows: number;
  created: number;
  renamed: number;
  moved: number;
  unchanged: number;
}

export interface SiteImportPlan {
  /** The changed and new sites as the hierarchy save takes them (mode 'save'); empty when nothing changes or a row has a problem. */
  trees: SiteTreeBody[];
  /** The line of each tree's site, by its place in `trees` (`0.children.1`), to name the line of a problem the hierarchy save finds. */
  lineOf: Map<string, number>;
  /** The project's sites (that the caller sees) as the file leaves them. */
  tree: SiteImportNode[];
  counts: SiteImportCounts;
  notInFile: number;
  problems: SiteImportIssue[];
  notes: SiteImportIssue[];
}

const keyOf = (siteId: number) => `s${siteId}`;
const ID = /^\d{1,9}$/;
/** A path as a lookup key: each level as siblings compare names. */
const pathKey = (levels: readonly string[]) => levels.map(siteNameKey).join('\u0000');
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** The header's columns by their index (names in any case, spaces ignored); a file that cannot be read as a site file is a 400. */
function readHeader(header: CsvRecord | undefined): Map<SiteCsvColumn, number> {
  if (!header || header.cells.every((cell) => cell.trim() === '')) throw badRequest(SiteMessages.csvEmpty);
  const known = new Map(SITE_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const columns = new Map<SiteCsvColumn, number>();
  header.cells.forEach((cell, index) => {
    const written = readCell(cell);
    if (written === '') return;
    const column = known.get(written.replace(/\s+/g, '').toLowerCase());
    if (!column) throw badRequest(SiteMessages.csvUnknownColumn(written));
    if (columns.has(column)) throw badRequest(SiteMessages.csvRepeatedColumn(written));
    columns.set(column, index);
  });
  if (!columns.has('name') && !columns.has('path')) throw badRequest(SiteMessages.csvNoName);
  return columns;
}

/** 'true', 'yes', '1', 'active' or their opposites, in any case; null for anything else. */
function flagOf(text: string): boolean | null {
  const value = text.toLowerCase();
  if (['true', 'yes', '1', 'active'].includes(value)) return true;
  if (['false', 'no', '0', 'archived', 'inactive'].includes(value)) return false;
  return null;
}

/**
 * Plans the import of `records` (the file's header and rows) into a project whose sites are
 * `existing` (all of them, archived too); `seeArchived`: the caller holds ADMINISTER_SITE, so
 * archived sites are sites of the project to them (for anyone else they are no site).
 */
export function planSiteImport(existing: readonly PlannedSite[], records: readonly CsvRecord[], seeArchived: boolean): SiteImportPlan {
  const columns = readHeader(records[0]);
  const dataRows = records.slice(1).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length > SITE_CSV_MAX_ROWS) throw badRequest(SiteMessages.csvTooManyRows(SITE_CSV_MAX_ROWS));

  const problems: SiteImportIssue[] = [];
  const notes: SiteImportIssue[] = [];
  const refuse = (row: Row, message: string) => {
    if (!row.bad) problems.push({ line: row.line, message });
    row.bad = true;
  };

  const byId = new Map(existing.map((site) => [site.siteId, site]));
  const visible = (siteId: number) => {
    const site = byId.get(siteId);
    return site && (site.active || seeArchived) ? site : undefined;
  };

  // ------------------------------------------------------------ the rows as read
  const rows: Row[] = [];
  const lineOfSite = new Map<number, number>();
  for (const record of dataRows) {
    const cell = (column: SiteCsvColumn) => (columns.has(column) ? readCell(record.cells[columns.get(column)!]) : '');
    const row: Row = { line: record.line, key: `n${record.line}`, siteId: null, name: '', parentId: null, levels: [], siteClass: null, bad: false };
    rows.push(row);
    const idText = cell('siteId');
    if (idText !== '') {
      if (!ID.test(idText)) refuse(row, SiteMessages.csvSiteId);
      else {
        const siteId = Number(idText);
        if (!visible(siteId)) refuse(row, SiteMessages.siteNotInProject(siteId));
        else if (lineOfSite.has(siteId)) refuse(row, SiteMessages.csvSiteRepeated(siteId, lineOfSite.get(siteId)!));
        else {
          lineOfSite.set(siteId, row.line);
          row.siteId = siteId;
          row.key = keyOf(siteId);
        }
      }
    }
    const path = cell('path');
    row.levels = path === '' ? [] : path.split('>').map((level) => level.trim());
    const name = cell('name') || (row.levels.at(-1) ?? '');
    const nameProblem = siteNameProblem(name);
    if (nameProblem) refuse(row, nameProblem);
    row.name = name.trim();
    const parentText = cell('parentId');
    if (parentText !== '') {
      if (ID.test(parentText)) row.parentId = Number(parentText);
      else refuse(row, SiteMessages.csvParentId);
    }
    const siteClass = cell('siteClass');
    const active = flagOf(cell('active'));
    const site = row.siteId === null ? undefined : byId.get(row.siteId);
    if (site) {
      if ((active !== null && active !== site.active) || (siteClass !== '' && siteClass !== site.siteClass))
        notes.push({ line: row.line, message: SiteMessages.csvStateNotImported });
    } else {
      if (siteClass !== '') {
        if ((SITE_CLASSES as readonly string[]).includes(siteClass)) row.siteClass = siteClass as SiteClass;
        else refuse(row, SiteMessages.siteClass);
      }
      if (active === false) notes.push({ line: row.line, message: SiteMessages.csvStateNotImported });
    }
  }

  // ------------------------------------------------------------ the sites as they stand
  const nodes = new Map<string, Node>();
  for (const site of existing)
    nodes.set(keyOf(site.siteId), { key: keyOf(site.siteId), name: site.name, parent: site.parentId === null ? null : keyOf(site.parentId), existing: site });
  /** The path of a node's parent as it stands ('' at the top level), for 'moved from'. */
  const shownPath = new Map<string, string>();
  const pathOfExisting = (key: string): string => {
    const known = shownPath.get(key);
    if (known !== undefined) return known;
    const site = nodes.get(key)!.existing!;
    const path = site.parentId === null ? site.name : `${pathOfExisting(keyOf(site.parentId))} > ${site.name}`;
    shownPath.set(key, path);
    return path;
  };
  const standing = new Map<string, string>();
  for (const site of existing) if (visible(site.siteId)) standing.set(pathKey(pathOfExisting(keyOf(site.siteId)).split(' > ')), keyOf(site.siteId));

  // ------------------------------------------------------------ the file's rows placed
  const good = () => rows.filter((row) => !row.bad);
  const asWritten = new Map<string, string>();
  const badAt = new Map<string, number>();
  for (const row of rows) {
    if (row.levels.length === 0) continue;
    const key = pathKey(row.levels);
    if (row.bad) {
      if (!badAt.has(key)) badAt.set(key, row.line);
    } else if (!asWritten.has(key)) asWritten.set(key, row.key);
  }
  const pending: Row[] = [];
  for (const row of good()) {
    const node: Node = nodes.get(row.key) ?? { key: row.key, name: row.name, parent: undefined };
    node.name = row.name;
    node.row = row;
    nodes.set(row.key, node);
    if (row.parentId !== null) {
      if (visible(row.parentId)) node.parent = keyOf(row.parentId);
      else refuse(row, SiteMessages.csvParentNotInProject(row.parentId));
    } else if (row.levels.length >= 2) {
      const found = asWritten.get(pathKey(row.levels.slice(0, -1))) ?? standing.get(pathKey(row.levels.slice(0, -1)));
      // A path naming the row's own site is a move under itself, which the check below refuses.
      if (found !== undefined) node.parent = found;
      else {
        node.parent = undefined;
        pending.push(row);
      }
    } else if (row.levels.length === 1 || row.siteId === null) node.parent = null;
    // An existing site's row with neither parentId nor path keeps its place.
  }

  // Paths not found yet may name sites as the file leaves them (a renamed parent under its new name).
  for (let progress = pending.length > 0; progress;) {
    progress = false;
    const leaving = new Map<string, string>();
    const pathOf = (key: string, seen = new Set<string>()): string[] | null => {
      const node = nodes.get(key);
      if (!node || node.parent === undefined || seen.has(key)) return null;
      seen.add(key);
      if (node.parent === null) return [node.name];
      const above = pathOf(node.parent, seen);
      return above && [...above, node.name];
    };
    for (const node of nodes.values()) {
      if (node.existing && !visible(node.existing.siteId)) continue;
      const levels = pathOf(node.key);
      if (levels && !leaving.has(pathKey(levels))) leaving.set(pathKey(levels), node.key);
    }
    for (let i = pending.length - 1; i >= 0; i--) {
      const row = pending[i]!;
      const found = leaving.get(pathKey(row.levels.slice(0, -1)));
      if (found === undefined) continue;
      nodes.get(row.key)!.parent = found;
      pending.splice(i, 1);
      progress = true;
    }
  }
  for (const row of pending) {
    const parentPath = row.levels.slice(0, -1);
    const line = badAt.get(pathKey(parentPath));
    refuse(row, line === undefined ? SiteMessages.csvParentUnknown(parentPath.join(' > ')) : SiteMessages.csvParentRowProblem(line));
  }

  /** Takes a bad row out: a new site is not made, an existing one stays as it stands. */
  const undo = (row: Row) => {
    const node = nodes.get(row.key);
    if (!node || node.row !== row) return;
    if (node.existing) {
      node.name = node.existing.name;
      node.parent = node.existing.parentId === null ? null : keyOf(node.existing.parentId);
      delete node.row;
    } else nodes.delete(row.key);
  };
  /** Takes out every bad row, then the rows whose parent is no longer there (a new site's row that had a problem). */
  const settle = () => {
    for (const row of rows) if (row.bad) undo(row);
    for (let again = true; again;) {
      again = false;
      for (const row of good()) {
        const parent = nodes.get(row.key)!.parent;
        if (typeof parent === 'string' && !nodes.has(parent)) {
          refuse(row, SiteMessages.csvParentRowProblem(Number(parent.slice(1))));
          undo(row);
          again = true;
        }
      }
    }
  };
  settle();

  const renamed = (node: Node) => node.existing !== undefined && node.name !== node.existing.name;
  const moved = (node: Node) => node.existing !== undefined && node.parent !== (node.existing.parentId === null ? null : keyOf(node.existing.parentId));

  // No site under itself (a move the rows' paths make circular), nothing new or moved under an archived site.
  for (const row of good()) {
    const node = nodes.get(row.key)!;
    if (!moved(node) && node.existing) continue;
    const seen = new Set<string>();
    let up = node.parent ?? null;
    while (up !== null && up !== node.key && !seen.has(up)) {
      seen.add(up);
      up = nodes.get(up)?.parent ?? null;
    }
    if (up === node.key) refuse(row, SiteMessages.moveUnderItself);
    else {
      const parent = node.parent ? nodes.get(node.parent) : undefined;
      if (parent?.existing && !parent.existing.active && (node.existing?.active ?? true)) refuse(row, SiteMessages.parentArchived);
    }
  }
  settle();

  // Siblings named apart, in any case, among every site of the project where a row puts one.
  const places = new Map<string | null, Node[]>();
  for (const node of nodes.values()) {
    const place = node.parent ?? null;
    const list = places.get(place) ?? [];
    list.push(node);
    places.set(place, list);
  }
  const placed = new Set(good().map((row) => nodes.get(row.key)!.parent ?? null));
  for (const [place, siblings] of places) {
    if (!placed.has(place)) continue;
    const byName = new Map<string, Node[]>();
    for (const node of siblings) byName.set(siteNameKey(node.name), [...(byName.get(siteNameKey(node.name)) ?? []), node]);
    for (const same of byName.values()) {
      if (same.length < 2) continue;
      const changed = same.filter((node) => node.row && (!node.existing || renamed(node) || moved(node))).sort((a, b) => a.row!.line - b.row!.line);
      const standingStill = same.length - changed.length;
      changed.forEach((node, i) => {
        if (standingStill > 0) refuse(node.row!, siteExists(node.name));
        else if (i > 0) refuse(node.row!, SiteMessages.csvSiblingsSameName(node.name, changed[0]!.row!.line));
      });
    }
  }
  settle();

  // ------------------------------------------------------------ the answer
  const counts: SiteImportCounts = { rows: rows.length, created: 0, renamed: 0, moved: 0, unchanged: 0 };
  const changedRows: Row[] = [];
  for (const row of good()) {
    const node = nodes.get(row.key)!;
    if (!node.existing) counts.created++;
    else if (!renamed(node) && !moved(node)) {
      counts.unchanged++;
      continue;
    } else {
      if (renamed(node)) counts.renamed++;
      if (moved(node)) counts.moved++;
    }
    changedRows.push(row);
  }
  const notInFile = existing.filter((site) => visible(site.siteId) && !lineOfSite.has(site.siteId)).length;

  const trees: SiteTreeBody[] = [];
  const lineOf = new Map<string, number>();
  if (problems.length === 0) {
    const underNew = new Map<string, Row[]>();
    const roots: Row[] = [];
    for (const row of changedRows) {
      const parent = nodes.get(row.key)!.parent ?? null;
      if (parent !== null && parent.startsWith('n')) underNew.set(parent, [...(underNew.get(parent) ?? []), row]);
      else roots.push(row);
    }
    const build = (row: Row, at: string, root: boolean): SiteTreeBody => {
      lineOf.set(at, row.line);
      const parent = nodes.get(row.key)!.parent ?? null;
      const site: SiteTreeBody['site'] =
        row.siteId === null ? { name: row.name, ...(row.siteClass ? { siteClass: row.siteClass } : {}) } : { siteId: row.siteId, name: row.name };
      if (root) site.parentId = parent === null ? null : Number(parent.slice(1));
      return { site, children: (underNew.get(row.key) ?? []).map((child, i) => build(child, `${at}.children.${i}`, false)) };
    };
    roots.forEach((row, i) => trees.push(build(row, String(i), true)));
  }

  const children = new Map<string | null, Node[]>();
  for (const node of nodes.values()) {
    if (node.existing && !visible(node.existing.siteId)) continue;
    const place = node.parent ?? null;
    children.set(place, [...(children.get(place) ?? []), node]);
  }
  const show = (place: string | null): SiteImportNode[] =>
    (children.get(place) ?? [])
      .sort((a, b) => collator.compare(a.name, b.name) || (a.existing?.siteId ?? Infinity) - (b.existing?.siteId ?? Infinity))
      .map((node) => ({
        siteId: node.existing?.siteId ?? null,
        name: node.name,
        active: node.existing?.active ?? true,
        renamedFrom: renamed(node) ? node.existing!.name : null,
        movedFrom: moved(node) ? (node.existing!.parentId === null ? '' : pathOfExisting(keyOf(node.existing!.parentId))) : null,
        line: node.row?.line ?? null,
        children: show(node.key),
      }));

  problems.sort((a, b) => a.line - b.line);
  return { trees, lineOf, tree: show(null), counts, notInFile, problems, notes };
}
