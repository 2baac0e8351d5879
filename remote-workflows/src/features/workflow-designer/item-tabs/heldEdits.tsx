import { createContext, useContext, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useUnsavedChanges } from 'shared';
import type { DraftItem, DraftPhase } from '../designer.types';
import { same } from './itemErrors';
import type { HeldEdits } from './itemTabs.types';

/** The held edits of every item, by item id. */
export type HeldByItem = Readonly<Record<string, HeldEdits>>;

interface HeldStore {
  held: HeldByItem;
  setHeld: Dispatch<SetStateAction<HeldByItem>>;
}

const HeldEditsContext = createContext<HeldStore | null>(null);

/** The tabs whose edits `held` would change on `item`: those that differ from the item's own. */
export function heldTabs(held: HeldEdits, item: DraftItem): ('Conditional' | 'Triggers' | 'Equipment Status' | 'Production')[] {
  const tabs: ('Conditional' | 'Triggers' | 'Equipment Status' | 'Production')[] = [];
  if (held.conditions !== undefined && !same(held.conditions, item.conditionalVisibility)) tabs.push('Conditional');
  if (held.triggers !== undefined && !same(held.triggers, item.triggers)) tabs.push('Triggers');
  if (held.equipment !== undefined && !same(held.equipment, item.itemStateFromEquipmentStatus)) tabs.push('Equipment Status');
  if (held.production !== undefined && !same(held.production, item.production)) tabs.push('Production');
  return tabs;
}

/** Whether an item still in the workflow has held edits that differ from it. */
function anyHeld(held: HeldByItem, phases: readonly DraftPhase[]): boolean {
  return phases.some((phase) => phase.items.some((item) => held[item.itemId] !== undefined && heldTabs(held[item.itemId]!, item).length > 0));
}

/** Props of {@link HeldEditsProvider}. */
export interface HeldEditsProviderProps {
  /** The draft's phases: an item's held edits count while it is in them. */
  phases: readonly DraftPhase[];
  /** Nothing can be held while read-only. */
  readOnly: boolean;
  children: ReactNode;
}

/**
 * Keeps the item panel's held edits (Triggers, Production and Equipment Status before Update,
 * an incomplete Conditional list) for the whole designer, so closing the panel or choosing
 * another item loses none; while any are held, the page has unsaved changes. The designer
 * wraps its board and panel in it; without it, each ItemPanel keeps its own while mounted.
 */
export function HeldEditsProvider({ phases, readOnly, children }: HeldEditsProviderProps) {
  const [held, setHeld] = useState<HeldByItem>({});
  useUnsavedChanges(!readOnly && anyHeld(held, phases));
  return <HeldEditsContext value={{ held, setHeld }}>{children}</HeldEditsContext>;
}

/** The held edits the panel reads and writes: the designer's (HeldEditsProvider), else the panel's own. */
export function useHeldEdits(phases: readonly DraftPhase[], readOnly: boolean): HeldStore {
  const shared = useContext(HeldEditsContext);
  const [held, setHeld] = useState<HeldByItem>({});
  useUnsavedChanges(shared === null && !readOnly && anyHeld(held, phases));
  return shared ?? { held, setHeld };
}
