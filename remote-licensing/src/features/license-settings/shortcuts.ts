/**
 * A licence's report shortcuts as the settings screen reads them (spec 1 §3): the server answers
 * every active report with the licence's type and order — basic shortcuts have an order and no
 * type, dashboard ones a type and no order, unassigned reports neither. These helpers sort them,
 * and build the bodies of PUT reports/{licenseId}/shortcuts.
 */
import { SHORTCUT_TYPES, type Shortcut } from 'contracts/licensing';

export type ShortcutType = (typeof SHORTCUT_TYPES)[number];
export type ShortcutKind = 'basic' | 'dashboard';

/** One entry of the PUT body: a basic shortcut (an order) or a dashboard one (a type). */
export type ShortcutEntry = { id: number; order: number } | { id: number; type: ShortcutType };

/** The spec's wording for a shortcut without a dashboard type (spec 1 §3). */
export const BASIC_SHORTCUT = 'Basic Shortcut';

/** The value of 'Basic Shortcut' in the type select (the dashboard types are their own values). */
export const BASIC_VALUE = 'basic';

/** Ours: the dashboard types as the screen names them (the stored values are lower case). */
const TYPE_LABELS: Record<ShortcutType, string> = {
  needs: 'Needs',
  forecast: 'Forecast',
  orders: 'Orders',
  shipments: 'Shipments',
  delivery: 'Delivery',
  receipts: 'Receipts',
  uosds: 'UOSDs',
  storage: 'Storage',
  inventory: 'Inventory',
  transfers: 'Transfers',
  request: 'Request',
  issuing: 'Issuing',
  picks: 'Picks',
  returns: 'Returns',
  preservation: 'Preservation',
  cableschedule: 'Cable Schedule',
  sensors: 'Sensors',
  tools: 'Tools',
};

export const isShortcutType = (type: unknown): type is ShortcutType => typeof type === 'string' && (SHORTCUT_TYPES as readonly string[]).includes(type);

/** A dashboard type's readable name; a type the console does not know is shown as stored. */
export const typeLabel = (type: string): string => (isShortcutType(type) ? TYPE_LABELS[type] : type);

/** Basic (an order), dashboard (a type) or unassigned (neither). */
export function kindOf(shortcut: Shortcut): ShortcutKind | null {
  if (shortcut.type != null && shortcut.type !== '') return 'dashboard';
  if (shortcut.order != null) return 'basic';
  return null;
}

/** How a report is named on screen (the server sends its name; its id otherwise). */
export const reportLabel = (shortcut: Shortcut): string => shortcut.reportName || `Report ${shortcut.id}`;

/** The basic shortcuts in their order (ties by name). */
export function basicShortcuts(shortcuts: readonly Shortcut[]): Shortcut[] {
  return shortcuts.filter((s) => kindOf(s) === 'basic').sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || reportLabel(a).localeCompare(reportLabel(b)));
}

/** The dashboard shortcuts in the order of the spec's type list. */
export function dashboardShortcuts(shortcuts: readonly Shortcut[]): Shortcut[] {
  const rank = (s: Shortcut) => {
    const index = (SHORTCUT_TYPES as readonly string[]).indexOf(s.type ?? '');
    return index < 0 ? SHORTCUT_TYPES.length : index;
  };
  return shortcuts.filter((s) => kindOf(s) === 'dashboard').sort((a, b) => rank(a) - rank(b) || reportLabel(a).localeCompare(reportLabel(b)));
}

/** The assigned shortcuts as the table lists them: basic ones first in their order, then dashboard ones. */
export const assignedShortcuts = (shortcuts: readonly Shortcut[]): Shortcut[] => [...basicShortcuts(shortcuts), ...dashboardShortcuts(shortcuts)];

/** Reports without a shortcut: what the Add shortcut dialog offers, by name. */
export const unassignedReports = (shortcuts: readonly Shortcut[]): Shortcut[] =>
  shortcuts.filter((s) => kindOf(s) === null).sort((a, b) => reportLabel(a).localeCompare(reportLabel(b)));

/** The dashboard types no report of the licence has yet (a type is one report's, spec 1 §3). */
export function unusedTypes(shortcuts: readonly Shortcut[]): ShortcutType[] {
  const used = new Set(shortcuts.map((s) => s.type).filter(Boolean));
  return SHORTCUT_TYPES.filter((type) => !used.has(type));
}

/**
 * The body that moves basic shortcut `id` one place up (-1) or down (+1): every basic shortcut,
 * renumbered 1..n in the new order. Null when it cannot move that way.
 */
export function moveBody(shortcuts: readonly Shortcut[], id: number, by: -1 | 1): { id: number; order: number }[] | null {
  const basic = basicShortcuts(shortcuts);
  const from = basic.findIndex((s) => s.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= basic.length) return null;
  const moved = [...basic];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved.map((s, index) => ({ id: s.id, order: index + 1 }));
}

/** The order a new basic shortcut gets: after the last one. */
export const nextOrder = (shortcuts: readonly Shortcut[]): number => Math.max(0, ...basicShortcuts(shortcuts).map((s) => s.order ?? 0)) + 1;

/** The body that gives report `id` a shortcut: basic (the next order) or a dashboard type. */
export function addBody(shortcuts: readonly Shortcut[], id: number, type: ShortcutType | typeof BASIC_VALUE): ShortcutEntry[] {
  return [type === BASIC_VALUE ? { id, order: nextOrder(shortcuts) } : { id, type }];
}
