/** What the item panel gives each of its tabs. */
import type { ConditionalVisibility, EquipmentStatusMapping, Production, Trigger } from 'contracts/workflows';
import type { DraftItem, DraftPhase } from '../designer.types';

/** A tab that writes into the draft as the user edits (Requirements, Auto-Reset, Auto-Complete). */
export interface ItemTabProps {
  phases: readonly DraftPhase[];
  phaseId: string;
  item: DraftItem;
  readOnly: boolean;
  onChange: (item: DraftItem) => void;
}

/**
 * What the panel holds for an item outside the draft: Triggers, Production and Equipment
 * Status edits until Update (spec 2 §2), and conditional-visibility rows until the list is
 * complete. `undefined`: nothing held, the tab shows the item's own.
 */
export interface HeldEdits {
  triggers?: Trigger[];
  production?: Production;
  equipment?: EquipmentStatusMapping[];
  conditions?: ConditionalVisibility[];
}

/** A tab whose edits the panel holds: `held` is what it shows, `onHold` replaces it (undefined: drop it). */
export interface HeldTabProps<K extends keyof HeldEdits> extends ItemTabProps {
  held: HeldEdits[K];
  onHold: (value: HeldEdits[K]) => void;
}
