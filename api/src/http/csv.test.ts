import { csvCell, csvLine, CsvSyntaxError, parseCsv, readCell } from './csv';

describe('csvCell', () => {
  it('defuses cells a spreadsheet would run as formulas, and quotes what needs quoting', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('Tower, "north"')).toBe('"Tower, ""north"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2024-01-02T03:04:05Z'))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('defuses a formula after leading spaces, invisible or control characters, and leaves other text alone', () => {
    expect(csvCell('\u200b=HYPERLINK("http://x")')).toBe('"\'\u200b=HYPERLINK(""http://x"")"');
    expect(csvCell('\u202e\ufeff +1')).toBe("'\u202e\ufeff +1");
    expect(csvCell('\u00a0@SUM(A1)')).toBe("'\u00a0@SUM(A1)");
    expect(csvCell('\u0007-2')).toBe("'\u0007-2");
    expect(csvCell('\u200bCrew')).toBe('\u200bCrew');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvLine', () => {
  it('joins the cells with commas and ends the line with CRLF', () => {
    expect(csvLine(['ck_1', '\u200b=cmd', 3])).toBe("ck_1,'\u200b=cmd,3\r\n");
  });
});

describe('parseCsv', () => {
  it('reads what csvLine writes back: quotes, commas, line breaks in a cell, the byte-order mark, each record with its line', () => {
    const text = '\uFEFF' + csvLine(['siteId', 'name']) + csvLine([1, 'Tower, "north"']) + csvLine([2, 'two\r\nlines']) + csvLine([3, '']);
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['siteId', 'name'] },
      { line: 2, cells: ['1', 'Tower, "north"'] },
      { line: 3, cells: ['2', 'two\r\nlines'] },
      { line: 5, cells: ['3', ''] },
    ]);
  });

  it('takes LF or CR line ends, keeps blank lines as records, and reads a semicolon or tab file by its header', () => {
    expect(parseCsv('a,b\n\nc,d')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: [''] },
      { line: 3, cells: ['c', 'd'] },
    ]);
    expect(parseCsv('a;b\r1;2,5\r')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2,5'] },
    ]);
    expect(parseCsv('a\tb\n1\t2')[1]!.cells).toEqual(['1', '2']);
  });

  it('refuses a quoted cell that is not closed, naming the line its record starts on', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow('Line 2');
  });
});

describe('readCell', () => {
  it('trims and takes off the apostrophe an export put before a would-be formula, and nothing else', () => {
    expect(readCell(" '-Yard ")).toBe('-Yard');
    expect(readCell("'=1+1")).toBe('=1+1');
    expect(readCell("'quoted")).toBe("'quoted");
    expect(readCell(undefined)).toBe('');
  });
});
