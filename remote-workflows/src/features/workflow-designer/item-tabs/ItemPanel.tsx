import {
  contentOfDisabledTabs,
  disabledTabs,
  ITEM_TABS,
  ITEM_TYPE_LABELS,
  ItemType,
  typeChangeBlocked,
  WorkflowMessages as M,
  type ItemTab,
} from 'contracts/workflows';
import { Alert, FormField, Select, Tabs, type TabItem } from 'kit';
import { useId, useState, type ReactNode } from 'react';
import type { DraftItem, ItemPanelProps } from '../designer.types';
import { AutoCompleteTab } from './AutoCompleteTab';
import { AutoResetTab } from './AutoResetTab';
import { ConditionalTab } from './ConditionalTab';
import { EquipmentStatusTab } from './EquipmentStatusTab';
import { heldTabs, useHeldEdits } from './heldEdits';
import type { HeldEdits } from './itemTabs.types';
import { ProductionTab } from './ProductionTab';
import { RequirementsTab } from './RequirementsTab';
import { TriggersTab } from './TriggersTab';

const TYPE_OPTIONS = Object.entries(ITEM_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }));

/** The tab ids (also the panels' element ids, so without spaces). */
const tabId = (tab: ItemTab) => tab.toLowerCase().replace(/\s+/g, '-');

const HELD_KEY: Partial<Record<ItemTab, keyof HeldEdits>> = {
  Conditional: 'conditions',
  Triggers: 'triggers',
  'Equipment Status': 'equipment',
  Production: 'production',
};

/** The item with what its type's disabled tabs held emptied. */
function withoutTabs(item: DraftItem, tabs: readonly ItemTab[]): DraftItem {
  const has = (tab: ItemTab) => tabs.includes(tab);
  return {
    ...item,
    ...(has('Requirements') ? { requirements: [] } : {}),
    ...(has('Conditional') ? { conditionalVisibility: [] } : {}),
    ...(has('Triggers') ? { triggers: [] } : {}),
    ...(has('Auto-Reset') ? { reset: [] } : {}),
    ...(has('Auto-Complete') ? { complete: [] } : {}),
    ...(has('Equipment Status') ? { itemStateFromEquipmentStatus: [] } : {}),
    ...(has('Production') ? { production: null } : {}),
  };
}

/**
 * The selected item's panel in the designer (spec 2 §2–§5): its name, its type (1
 * Incremental, 2 Progress, 3 Production; not while it has conditions, requirements, triggers or
 * equipment statuses) and seven tabs, those its type has no use for disabled (DISABLED_TABS).
 * Requirements, Auto-Reset and Auto-Complete write into the draft as the user edits;
 * Triggers, Production and Equipment Status hold their edits here until Update, and the
 * Conditional tab until its list is complete. Held edits are kept per item — for the whole
 * designer inside a HeldEditsProvider, else while the panel is mounted — so choosing another
 * tab or item loses nothing; while any are held the page counts as unsaved.
 */
export default function ItemPanel({ phases, phaseId, item, projectIds, onChange, readOnly }: ItemPanelProps) {
  const headingId = useId();
  const { held, setHeld } = useHeldEdits(phases, readOnly);
  const [tab, setTab] = useState<string>(tabId('Requirements'));
  const [cleared, setCleared] = useState<{ itemId: string; text: string } | null>(null);

  const mine = held[item.itemId] ?? {};
  const hold = <K extends keyof HeldEdits>(key: K, value: HeldEdits[K]) =>
    setHeld((before) => {
      const edits = { ...before[item.itemId] };
      if (value === undefined) delete edits[key];
      else edits[key] = value;
      return { ...before, [item.itemId]: edits };
    });

  const itemType = item.itemType ?? ItemType.Progress;
  const typeLabel = ITEM_TYPE_LABELS[itemType] ?? String(itemType);
  const disabled = disabledTabs(itemType);
  // What the tabs show, held edits included, decides whether the type may change.
  const shown: DraftItem = {
    ...item,
    conditionalVisibility: mine.conditions ?? item.conditionalVisibility,
    triggers: mine.triggers ?? item.triggers,
    itemStateFromEquipmentStatus: mine.equipment ?? item.itemStateFromEquipmentStatus,
  };
  const blocked = typeChangeBlocked(shown);

  const changeType = (next: number) => {
    if (next === itemType) return;
    const nextLabel = ITEM_TYPE_LABELS[next] ?? String(next);
    const off = disabledTabs(next);
    // What the new type's disabled tabs held goes, in the draft and held here (spec: a type disables tabs).
    const emptied = [...new Set([...contentOfDisabledTabs({ ...item, itemType: next }), ...heldTabs(mine, item).filter((one) => off.includes(one))])];
    setHeld((before) => {
      const edits = { ...before[item.itemId] };
      for (const one of off) {
        const key = HELD_KEY[one];
        if (key) delete edits[key];
      }
      return { ...before, [item.itemId]: edits };
    });
    onChange(withoutTabs({ ...item, itemType: next }, off));
    setCleared(
      emptied.length > 0
        ? {
            itemId: item.itemId,
            text: M.typeChangeCleared(
              nextLabel,
              ITEM_TABS.filter((one) => emptied.includes(one)),
            ),
          }
        : null,
    );
  };

  const tabProps = { phases, phaseId, item, readOnly, onChange };
  const content: Record<ItemTab, ReactNode> = {
    Requirements: <RequirementsTab {...tabProps} />,
    Conditional: <ConditionalTab {...tabProps} held={mine.conditions} onHold={(value) => hold('conditions', value)} />,
    Triggers: <TriggersTab {...tabProps} projectIds={projectIds} held={mine.triggers} onHold={(value) => hold('triggers', value)} />,
    'Auto-Reset': <AutoResetTab {...tabProps} />,
    'Auto-Complete': <AutoCompleteTab {...tabProps} />,
    'Equipment Status': <EquipmentStatusTab {...tabProps} projectIds={projectIds} held={mine.equipment} onHold={(value) => hold('equipment', value)} />,
    Production: <ProductionTab {...tabProps} held={mine.production} onHold={(value) => hold('production', value)} />,
  };
  const tabs: TabItem[] = ITEM_TABS.map((one) => {
    const off = disabled.includes(one);
    return {
      id: tabId(one),
      label: off ? <span title={M.typeHasNoTabs(typeLabel, [one])}>{one}</span> : one,
      disabled: off,
      content: content[one],
    };
  });

  return (
    <section aria-labelledby={headingId} className="@container min-w-0 space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold break-all text-slate-900">
          {item.itemName.trim() || 'Unnamed item'}
        </h2>
        <FormField label="Item type" hint={blocked && !readOnly ? M.typeChangeBlocked : undefined} className="w-full space-y-1 @md:w-64">
          <Select options={TYPE_OPTIONS} value={itemType} disabled={readOnly || blocked} onChange={(event) => changeType(Number(event.target.value))} />
        </FormField>
      </div>
      {cleared?.itemId === item.itemId ? (
        <Alert variant="info" onClose={() => setCleared(null)}>
          {cleared.text}
        </Alert>
      ) : null}
      {disabled.length > 0 ? <p className="text-xs text-slate-600">{M.typeHasNoTabs(typeLabel, disabled)}</p> : null}
      {/* Held edits live here, above the tabs: a switch loses nothing, so it never asks. */}
      <Tabs tabs={tabs} value={tab} onValueChange={setTab} guardUnsaved={false} />
    </section>
  );
}
