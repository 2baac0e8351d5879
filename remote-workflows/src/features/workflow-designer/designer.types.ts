/**
 * What the designer page and the item panel share: the draft's phases and items are the
 * contract's Phase and WorkflowItem (contracts/workflows), edited as React state by the page.
 */
import type { Phase, WorkflowItem } from 'contracts/workflows';

export type DraftPhase = Phase;
export type DraftItem = WorkflowItem;

/** The item panel (item-tabs/ItemPanel.tsx): the selected item's type and its seven tabs. */
export interface ItemPanelProps {
  /** The whole draft, in order: links, 'all before/after' and 'all previous' read it. */
  phases: readonly DraftPhase[];
  /** The phase that holds the item. */
  phaseId: string;
  item: DraftItem;
  /** The projects chosen in the designer: the Geo trigger's sites and the custom equipment statuses come from them. */
  projectIds: readonly number[];
  /** Replaces the item in the draft (held until the workflow is saved). */
  onChange: (item: DraftItem) => void;
  /** Without a role that may save (or while saving): everything shown, nothing editable. */
  readOnly: boolean;
}
