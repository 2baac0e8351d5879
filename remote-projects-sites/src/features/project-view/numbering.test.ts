import { NumberingMessages, type DocumentNumbering, type DocumentNumberingResult } from 'contracts/projects-sites';
import { baseAfterSave, baseOf, draftOf, hasInvalidNumber, nextNumberError, numberingChanges, numberingConflicts } from './numbering';

const row = (property: string, label: string, value: number): DocumentNumbering => ({
  property,
  label,
  prefix: `${property.slice(0, 3).toUpperCase()}-`,
  value,
  parentProperty: null,
});
const rows = [row('Receipt', 'Receipt', 1042), row('PickNote', 'Pick Note', 88), row('Transfer', 'Transfer', 15)];

describe('numberingChanges', () => {
  it('sends only the rows whose number changed, each with the number it was read with', () => {
    const draft = { ...draftOf(rows), PickNote: '120', Transfer: ' 15 ' };
    expect(numberingChanges(rows, baseOf(rows), draft)).toEqual([{ resourceType: 'PickNote', expectedNextNumber: 88, newNextNumber: 120 }]);
  });

  it('sends nothing when every number is as read, and leaves out a number that is not one', () => {
    expect(numberingChanges(rows, baseOf(rows), draftOf(rows))).toEqual([]);
    expect(numberingChanges(rows, baseOf(rows), { ...draftOf(rows), Receipt: '-3', Transfer: '16' })).toEqual([
      { resourceType: 'Transfer', expectedNextNumber: 15, newNextNumber: 16 },
    ]);
  });

  it('expects the number learnt from a conflict, so the same edit saved again overwrites knowingly', () => {
    const base = { ...baseOf(rows), Receipt: 1100 };
    expect(numberingChanges(rows, base, { ...draftOf(rows), Receipt: '1200' })).toEqual([
      { resourceType: 'Receipt', expectedNextNumber: 1100, newNextNumber: 1200 },
    ]);
    // Typing the number the server holds now is no change.
    expect(numberingChanges(rows, base, { ...draftOf(rows), Receipt: '1100' })).toEqual([]);
  });
});

describe('nextNumberError', () => {
  it('accepts a whole number from 0 and refuses anything else with the API’s message', () => {
    expect(nextNumberError('0')).toBeUndefined();
    expect(nextNumberError('2147483647')).toBeUndefined();
    for (const text of ['', ' ', '-1', '1.5', 'abc', '2147483648', '1e3']) expect(nextNumberError(text)).toBe(NumberingMessages.nextNumber);
    expect(hasInvalidNumber({ a: '1', b: 'x' })).toBe(true);
    expect(hasInvalidNumber(draftOf(rows))).toBe(false);
  });
});

describe('numberingConflicts', () => {
  const sent = [
    { resourceType: 'Receipt', expectedNextNumber: 1042, newNextNumber: 2000 },
    { resourceType: 'PickNote', expectedNextNumber: 88, newNextNumber: 90 },
  ];
  const results: DocumentNumberingResult[] = [
    { resourceType: 'Receipt', expectedNextNumber: 1042, newNextNumber: 2000, actualNextNumber: 1500, success: false },
    { resourceType: 'PickNote', expectedNextNumber: 88, newNextNumber: 90, actualNextNumber: 90, success: true },
  ];

  it('lists the rows changed elsewhere: the document type and its label, the number sent and the number now', () => {
    expect(numberingConflicts(results, rows, sent)).toEqual([{ resourceType: 'Receipt', label: 'Receipt', newNextNumber: 2000, actualNextNumber: 1500 }]);
  });

  it('takes the number sent from the request when the answer leaves it out, and says nothing of a number it does not give', () => {
    const terse: DocumentNumberingResult[] = [{ resourceType: 'PickNote', success: false }];
    expect(numberingConflicts(terse, rows, sent)).toEqual([{ resourceType: 'PickNote', label: 'Pick Note', newNextNumber: 90, actualNextNumber: null }]);
  });

  it('is empty when every row was written', () => {
    expect(numberingConflicts([results[1]!], rows, sent)).toEqual([]);
  });

  it('moves each base on: a written row to what was written, a conflicting one to what the server holds', () => {
    expect(baseAfterSave(baseOf(rows), results)).toEqual({ Receipt: 1500, PickNote: 90, Transfer: 15 });
  });
});
