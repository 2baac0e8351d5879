/**
 * A workflow's History stores and shows what changed (issue 38): phases and items added,
 * removed, renamed, moved, fields changed — not the whole workflow before and after — so a
 * History page of a 20 × 25 workflow stays small; entries stored whole before still read.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { calls, newWorkflow, workflowWorld } from './workflows.fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A workflow of `phases` × `items`, weights summing to 100; `full` items carry e-mails and a requirement, to give them body. */
function bigPhases(phases: number, items: number, full = true) {
  return Array.from({ length: phases }, (_, p) => ({
    phaseId: randomUUID(),
    phaseName: `Phase ${p + 1}`,
    color: '#FCC400',
    phaseWeight: 100 / phases,
    items: Array.from({ length: items }, (_, i) => ({
      itemId: randomUUID(),
      itemName: `Item ${p + 1}.${i + 1}`,
      itemType: 2,
      itemWeight: 100 / items,
      ...(full
        ? {
            emails: [`crew${i}@example.test`],
            requirements: [{ name: `Check ${p + 1}.${i + 1}`, description: 'Inspect the work against the drawing and sign it off.', requirementType: 10 }],
          }
        : {}),
    })) as Record<string, unknown>[],
  }));
}

type Entry = { path: string; changes: { field: string; before: string | null; after: string | null }[]; changesShown: { field: string; json?: boolean }[] };
const history = async (token: string, workflowId: number) => {
  const answer = await app.request('GET', `/api/audit?subject=workflow:${workflowId}&pageSize=25`, { token });
  expect(answer.status).toBe(200);
  return { entries: answer.body.items as Entry[], bytes: answer.text.length };
};
const phasesIn = (entry: Entry, side: 'before' | 'after') => {
  const change = entry.changes.find((c) => c.field === 'workflowData');
  return change?.[side] ? (JSON.parse(change[side]!) as { phases: Record<string, unknown>[] }).phases : [];
};

describe('a workflow’s History', () => {
  it('stores of each save only the phases and items that changed, and shows them as the document’s diff', async () => {
    const w = await workflowWorld(app);
    const [saved] = (await calls(app).bulk(w.token, newWorkflow([w.projects.first.projectId], bigPhases(3, 4, false) as never))).body as {
      workflowId: number;
      workflowData: { phases: ReturnType<typeof bigPhases> };
    }[];
    const copy = structuredClone(saved!);
    const [one, two, three] = copy.workflowData.phases;
    one!.phaseName = 'Phase one';
    copy.workflowData.phases = [one!, three!, two!];
    two!.items[0]!.itemName = 'Item renamed';
    two!.items[1]!.itemWeight = 20;
    two!.items[2]!.itemWeight = 30;
    expect((await calls(app).bulk(w.token, [copy])).status).toBe(200);
    // Then an item taken off and one added.
    const removed = three!.items.pop()!;
    const added = { itemId: randomUUID(), itemName: 'Item added', itemType: 2, itemWeight: 25 };
    three!.items.push(added);
    expect((await calls(app).bulk(w.token, [copy])).status).toBe(200);

    const { entries } = await history(w.token, saved!.workflowId);
    const [swap, edit, created] = entries;
    // Created: the outline (phase and item names), not every item's fields.
    expect(phasesIn(created!, 'after').map((phase) => [phase.phaseName, phase.items])).toEqual([
      ['Phase 1', ['Item 1.1', 'Item 1.2', 'Item 1.3', 'Item 1.4']],
      ['Phase 2', ['Item 2.1', 'Item 2.2', 'Item 2.3', 'Item 2.4']],
      ['Phase 3', ['Item 3.1', 'Item 3.2', 'Item 3.3', 'Item 3.4']],
    ]);
    // Edited: the renamed phase, the two that moved (with their positions) and the changed items' changed fields.
    expect(phasesIn(edit!, 'after')).toEqual([
      { phaseId: one!.phaseId, phaseName: 'Phase one' },
      { phaseId: three!.phaseId, phaseName: 'Phase 3', position: 2 },
      {
        phaseId: two!.phaseId,
        phaseName: 'Phase 2',
        position: 3,
        items: [
          { itemId: two!.items[0]!.itemId, itemName: 'Item renamed' },
          { itemId: two!.items[1]!.itemId, itemName: 'Item 2.2', itemWeight: 20 },
          { itemId: two!.items[2]!.itemId, itemName: 'Item 2.3', itemWeight: 30 },
        ],
      },
    ]);
    expect(phasesIn(edit!, 'before')).toEqual([
      { phaseId: one!.phaseId, phaseName: 'Phase 1' },
      { phaseId: three!.phaseId, phaseName: 'Phase 3', position: 3 },
      {
        phaseId: two!.phaseId,
        phaseName: 'Phase 2',
        position: 2,
        items: [
          { itemId: two!.items[0]!.itemId, itemName: 'Item 2.1' },
          { itemId: two!.items[1]!.itemId, itemName: 'Item 2.2', itemWeight: 25 },
          { itemId: two!.items[2]!.itemId, itemName: 'Item 2.3', itemWeight: 25 },
        ],
      },
    ]);
    expect(edit!.changesShown.find((c) => c.field === 'workflowData')?.json).toBe(true);
    // Phase 2's untouched item is in neither.
    expect(JSON.stringify(edit!.changes)).not.toContain(two!.items[3]!.itemId);
    // The item taken off is in before whole, the one added in after.
    const [wasThree] = phasesIn(swap!, 'before');
    const [isThree] = phasesIn(swap!, 'after');
    expect(wasThree).toMatchObject({
      phaseName: 'Phase 3',
      items: [expect.objectContaining({ itemId: removed.itemId, itemName: 'Item 3.4', itemWeight: 25 })],
    });
    expect(isThree).toMatchObject({ phaseName: 'Phase 3', items: [expect.objectContaining(added)] });
  });

  it('keeps a History page of a 20 × 25 workflow under 100 KB: less detail as more changes, and no phases when none changed', async () => {
    const w = await workflowWorld(app);
    const [saved] = (await calls(app).bulk(w.token, newWorkflow([w.projects.first.projectId], bigPhases(20, 25) as never))).body as {
      workflowId: number;
      name: string;
      workflowData: { phases: ReturnType<typeof bigPhases> };
    }[];
    expect(JSON.stringify(saved!.workflowData).length).toBeGreaterThan(100_000);
    const save = async (change: (copy: typeof saved) => void) => {
      const copy = structuredClone(saved!);
      change(copy);
      expect((await calls(app).bulk(w.token, [copy])).status).toBe(200);
      saved!.workflowData = copy!.workflowData;
      saved!.name = copy!.name;
    };
    // 18 saves that each rename a phase and change the e-mails of its 25 items, one that changes every item, one that renames the workflow.
    for (let n = 0; n < 18; n++) {
      await save((copy) => {
        const phase = copy!.workflowData.phases[n]!;
        phase.phaseName = `Phase ${n + 1} (edit ${n})`;
        for (const item of phase.items) item.emails = [`edit${n}@example.test`];
      });
    }
    await save((copy) => copy!.workflowData.phases.forEach((phase) => phase.items.forEach((item) => (item.emails = ['all@example.test']))));
    await save((copy) => (copy!.name = `${copy!.name} renamed`));

    const answer = await app.request('GET', `/api/audit?subject=workflow:${saved!.workflowId}&pageSize=20`, { token: w.token });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(21);
    expect(answer.text.length).toBeLessThan(100_000);
    const [renamed, everything, lastPhase] = answer.body.items as Entry[];
    expect(renamed!.changes.map((c) => c.field)).toEqual(['name']);
    expect(JSON.parse(everything!.changes.find((c) => c.field === 'workflowData')!.after!)).toEqual({
      phases: { added: 0, removed: 0, changed: 20 },
      items: { added: 0, removed: 0, changed: 500 },
    });
    expect(phasesIn(lastPhase!, 'before')).toEqual([{ phaseName: 'Phase 18' }]);
    expect(phasesIn(lastPhase!, 'after')).toEqual([{ phaseName: 'Phase 18 (edit 17)', items: { added: 0, removed: 0, changed: 25 } }]);
    // The creation's outline: each phase with its items' count (the names would pass the size).
    const created = await app.request('GET', `/api/audit?subject=workflow:${saved!.workflowId}&pageSize=20&page=1`, { token: w.token });
    expect(phasesIn(created.body.items[0] as Entry, 'after')[0]).toEqual({ phaseName: 'Phase 1', items: 25 });
  }, 60_000);

  it('still shows an entry stored before, with the whole workflow before and after', async () => {
    const w = await workflowWorld(app);
    const [saved] = (await calls(app).bulk(w.token, newWorkflow([w.projects.first.projectId]))).body as {
      workflowId: number;
      workflowData: { phases: { phaseName: string }[] };
    }[];
    const [row] = await app.deps.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.subject, `workflow:${saved!.workflowId}`));
    const renamed = structuredClone(saved!.workflowData);
    renamed.phases[0]!.phaseName = 'Installation';
    const { auditId: _id, ...stored } = row!;
    await app.deps.db
      .insert(t.auditLog)
      .values({ ...stored, before: { name: 'Old', workflowData: saved!.workflowData }, after: { name: 'Old', workflowData: renamed } });
    const { entries } = await history(w.token, saved!.workflowId);
    const old = entries.find((entry) => entry.changes.some((c) => c.field === 'workflowData' && c.before?.includes('"Install"')));
    expect(old?.changes.map((c) => c.field)).toEqual(['workflowData']);
    expect(JSON.parse(old!.changes[0]!.after!).phases[0].phaseName).toBe('Installation');
    expect(old?.changesShown[0]).toMatchObject({ field: 'workflowData', json: true });
  });
});
