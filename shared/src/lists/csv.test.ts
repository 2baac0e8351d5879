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

  it('starts with a byte-order mark and ends each line with CRLF', () => {
    expect(csvText(['Id', 'Name'], [[1, 'A']])).toBe('\uFEFFId,Name\r\n1,A\r\n');
  });
});
