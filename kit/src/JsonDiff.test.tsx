import { render, screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { AuditEntrySchema } from 'contracts/common';
import { AuditEntries } from './AuditEntries';
import { JsonDiff } from './JsonDiff';
import { diffLines, prettyJson, withContext } from './jsonDiff';

describe('diffLines', () => {
  it('keeps the common lines and marks the rest removed or added, in order', () => {
    expect(diffLines('a\nb\nc\nd', 'a\nc\nx\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'd' },
    ]);
  });

  it('gives every line added from nothing, and nothing for equal texts', () => {
    expect(diffLines('', 'a\nb')).toEqual([
      { kind: 'added', text: 'a' },
      { kind: 'added', text: 'b' },
    ]);
    expect(diffLines('a\nb', 'a\nb').every((line) => line.kind === 'same')).toBe(true);
  });

  it('reads JSON text as JSON, pretty-printed', () => {
    expect(prettyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson('not json')).toBe('not json');
    expect(prettyJson(null)).toBe('');
  });

  it('folds long runs of unchanged lines around the changes into a count', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const shown = withContext(diffLines(before, after), 2);
    expect(shown[0]).toEqual({ kind: 'gap', count: 8 });
    expect(shown.filter((line) => line.kind !== 'gap').map((line) => ('text' in line ? line.text : ''))).toEqual([
      'line 8',
      'line 9',
      'line 10',
      'line ten',
      'line 11',
      'line 12',
    ]);
    expect(shown.at(-1)).toEqual({ kind: 'gap', count: 7 });
  });
});

describe('JsonDiff', () => {
  it('marks each changed line with + or - and a word for screen readers, never colour alone, and counts them', () => {
    render(
      <JsonDiff before={{ min: 2, max: 4 }} after={{ min: 2, max: 5 }} beforeLabel="Default" afterLabel="This project" label="Compared with the default" />,
    );
    const diff = screen.getByRole('figure', { name: 'Compared with the default' });
    expect(diff).toHaveTextContent('- Default');
    expect(diff).toHaveTextContent('+ This project');
    expect(diff).toHaveTextContent('1 line added, 1 removed.');
    const removed = diff.querySelector('del')!;
    const added = diff.querySelector('ins')!;
    expect(removed).toHaveTextContent('- Removed: "max": 4');
    expect(added).toHaveTextContent('+ Added: "max": 5');
  });

  it('says when the two values are the same', () => {
    render(<JsonDiff before={{ a: 1 }} after={{ a: 1 }} />);
    expect(screen.getByRole('figure', { name: 'Differences' })).toHaveTextContent('No differences.');
  });
});

describe('AuditEntries with diffFields', () => {
  const entries = v.parse(v.array(AuditEntrySchema), [
    {
      auditId: 3,
      at: '2026-11-24T09:00:00Z',
      actorName: 'admin',
      actorUserId: 1,
      method: 'PUT',
      path: '/api/configs',
      status: 200,
      entity: 'config',
      entityId: '8',
      subject: 'config:8',
      licenseId: 2,
      changes: [
        {
          field: 'data',
          before: '{"configs":[{"property":"EnforceStorageLevels","parameters":[{"name":"MaximumLevels","value":4}]}]}',
          after: '{"configs":[{"property":"EnforceStorageLevels","parameters":[{"name":"MaximumLevels","value":5}]}]}',
        },
        { field: 'version', before: '1', after: '2' },
      ],
    },
  ]);

  it('shows a JSON field as a line diff and the other fields as before → after', async () => {
    render(<AuditEntries caption="History" entries={entries} total={1} page={0} onPageChange={() => {}} loading={false} pageSize={20} diffFields={['data']} />);
    const table = await screen.findByRole('table', { name: 'History' });
    const [, row] = within(table).getAllByRole('row');
    const diff = within(row!).getByRole('figure', { name: 'Changes of data' });
    expect(diff.querySelector('del')).toHaveTextContent('"value": 4');
    expect(diff.querySelector('ins')).toHaveTextContent('"value": 5');
    expect(row).toHaveTextContent('from 1 → to 2');
  });

  it('leaves every field as before → after without diffFields', async () => {
    render(<AuditEntries caption="History" entries={entries} total={1} page={0} onPageChange={() => {}} loading={false} pageSize={20} />);
    const table = await screen.findByRole('table', { name: 'History' });
    expect(within(table).queryByRole('figure')).toBeNull();
    expect(table).toHaveTextContent('from {"configs"');
  });
});
