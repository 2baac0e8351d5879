import type { ItemPanelProps } from '../designer.types';

/** Placeholder until the item tabs land (replaced by the item-tabs work). */
export default function ItemPanel({ item }: ItemPanelProps) {
  return <section aria-label={`Item ${item.itemName}`} />;
}
