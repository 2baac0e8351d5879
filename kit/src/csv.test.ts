import { csvCell, csvText } from './csv';

describe('csv', () => {
  it('defuses cells a spreadsheet would run as formulas, and quotes what needs quoting', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Tower, "north"')).toBe('"Tower, ""north"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(['Field Pro', 'Vendor'])).toBe('Field Pro; Vendor');
  });

  it('defuses a formula after leading spaces, invisible or control characters, and leaves other text alone', () => {
    expect(csvCell('\u200b=HYPERLINK("http://x")')).toBe('"\'\u200b=HYPERLINK(""http://x"")"');
    expect(csvCell('\u202e\ufeff +1')).toBe("'\u202e\ufeff +1");
    expect(csvCell('\u00a0@SUM(A1)')).toBe("'\u00a0@SUM(A1)");
    expect(csvCell('\u0007-2')).toBe("'\u0007-2");
    expect(csvCell('\tanything')).toBe("'\tanything");
    expect(csvCell('\u200bCrew')).toBe('\u200bCrew');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('starts with a byte-order mark and ends each line with CRLF', () => {
    expect(csvText(['Id', 'Name'], [[1, 'A']])).toBe('\uFEFFId,Name\r\n1,A\r\n');
  });
});
