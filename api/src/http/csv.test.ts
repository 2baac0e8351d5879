import { csvCell, csvLine } from './csv';

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
