/** What the item tabs' tests share: a draft workflow, a page that holds it like the designer does, and a fake API. */
import { fakeApi, renderSignedIn, type SentRequest } from 'kit/testing';
import { useState } from 'react';
import { Role } from 'shared';
import type { DraftItem, DraftPhase } from '../designer.types';
import { HeldEditsProvider } from './heldEdits';
import ItemPanel from './ItemPanel';

/** A GUID numbered `n`. */
export const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An item as the designer makes a new one (spec 2 §9), numbered `n`. */
export const item = (n: number, itemName: string, extra: Partial<DraftItem> = {}): DraftItem => ({
  itemId: guid(n),
  itemName,
  itemType: 2,
  itemWeight: 0,
  preRequisite: null,
  conditionalVisibility: [],
  triggers: [],
  complete: [],
  reset: [],
  requirements: [],
  itemStateFromEquipmentStatus: [],
  equipmentStatus: null,
  production: null,
  emails: [],
  ...extra,
});

export const phase = (n: number, phaseName: string, items: DraftItem[]): DraftPhase => ({
  phaseId: guid(n),
  phaseName,
  color: '#FCC400',
  phaseWeight: 0,
  items,
  new: false,
});

/** Two phases: Foundations (Excavate, Pour) and Frame (Erect, Inspect). */
export const workflow = (): DraftPhase[] => [
  phase(100, 'Foundations', [item(1, 'Excavate'), item(2, 'Pour')]),
  phase(200, 'Frame', [item(3, 'Erect'), item(4, 'Inspect')]),
];

/** The ref of item `n` in `phases`. */
export const refOf = (phases: readonly DraftPhase[], n: number) => {
  const owner = phases.find((p) => p.items.some((i) => i.itemId === guid(n)))!;
  return { phaseId: owner.phaseId, itemId: guid(n) };
};

/** The item numbered `n` in `phases`. */
export const itemOf = (phases: readonly DraftPhase[], n: number): DraftItem => phases.flatMap((p) => p.items).find((i) => i.itemId === guid(n))!;

interface DesignerProps {
  initial: DraftPhase[];
  /** The item shown first (its number). */
  selected: number;
  projectIds?: number[];
  readOnly?: boolean;
  /** Every draft the panel's onChange makes. */
  onDraft?: (phases: DraftPhase[]) => void;
  /** As the designer page draws it: inside a HeldEditsProvider, the panel keyed on its item and closable. */
  asPage?: boolean;
}

/** The designer's part in a test: the draft as state, the panel for the selected item, a button per item to select it. */
function Designer({ initial, selected: first, projectIds = [7], readOnly = false, onDraft, asPage = false }: DesignerProps) {
  const [phases, setPhases] = useState(initial);
  const [selected, setSelected] = useState<string | null>(guid(first));
  const owner = phases.find((p) => p.items.some((i) => i.itemId === selected));
  const current = owner?.items.find((i) => i.itemId === selected);
  const change = (next: DraftItem) => {
    const draft = phases.map((p) => ({ ...p, items: p.items.map((i) => (i.itemId === next.itemId ? next : i)) }));
    setPhases(draft);
    onDraft?.(draft);
  };
  const panel =
    owner && current ? (
      <ItemPanel
        key={asPage ? current.itemId : undefined}
        phases={phases}
        phaseId={owner.phaseId}
        item={current}
        projectIds={projectIds}
        onChange={change}
        readOnly={readOnly}
      />
    ) : null;
  return (
    <>
      <nav aria-label="Items">
        {phases.flatMap((p) =>
          p.items.map((i) => (
            <button key={i.itemId} type="button" onClick={() => setSelected(i.itemId)}>
              {`Select ${i.itemName}`}
            </button>
          )),
        )}
        <button type="button" onClick={() => setSelected(null)}>
          Close the item
        </button>
      </nav>
      {asPage ? (
        <HeldEditsProvider phases={phases} readOnly={readOnly}>
          {panel}
        </HeldEditsProvider>
      ) : (
        panel
      )}
    </>
  );
}

/** What the fake API answers: each project's sites and CustomEquipmentStatus lists. */
export interface Served {
  sites?: Record<number, unknown[]>;
  statuses?: Record<number, string[]>;
}

/** A site as GET project/{projectId}/sites answers it. */
export const site = (siteId: number, name: string, children: unknown[] = [], active = true) => ({
  siteId,
  name,
  active,
  projectId: 7,
  parentId: null,
  children,
});

/** Answers the sites and custom-status configs calls from `served`. */
export function serve(served: Served = {}): SentRequest[] {
  return fakeApi((request) => {
    const sites = /^project\/(\d+)\/sites$/.exec(request.path);
    if (sites) return { body: served.sites?.[Number(sites[1])] ?? [] };
    if (request.path === 'project/CustomEquipmentStatus/get-configs') {
      const ids = request.body as number[];
      return {
        body: ids
          .filter((projectId) => served.statuses?.[projectId] !== undefined)
          .map((projectId) => ({
            id: projectId * 10,
            name: 'CustomEquipmentStatus',
            projectId,
            data: {
              configs: [{ property: 'CustomEquipmentStatus', parameters: [{ name: 'Statuses', value: served.statuses![projectId], inputType: 'list' }] }],
            },
          })),
      };
    }
    return { status: 404, body: { Message: `Not served: ${request.path}` } };
  });
}

/** Renders the panel in a designer holding `initial`; returns the drafts it made and the requests sent. */
export function openPanel(props: DesignerProps & { served?: Served }) {
  const { served, ...rest } = props;
  const sent = serve(served);
  const drafts: DraftPhase[][] = [];
  const result = renderSignedIn(<Designer {...rest} onDraft={(draft) => drafts.push(draft)} />, [Role.ADMINISTER_WORKFLOW]);
  return { ...result, sent, drafts, last: () => drafts[drafts.length - 1]! };
}
