import { isTurnedOff, readSafeMode, writeSafeMode } from './safe-mode';

describe('safe mode', () => {
  beforeEach(() => sessionStorage.clear());

  it('turns every remote off with a bare ?safe-mode, and some with a list', () => {
    expect(readSafeMode('?safe-mode')).toBe('all');
    expect(isTurnedOff('all', 'identity')).toBe(true);
    const some = readSafeMode('?safe-mode=identity,workflows');
    expect(some).toEqual(['identity', 'workflows']);
    expect(isTurnedOff(some, 'workflows')).toBe(true);
    expect(isTurnedOff(some, 'licensing')).toBe(false);
  });

  it('holds for the tab until ?safe-mode=off', () => {
    readSafeMode('?safe-mode=workflows');
    expect(readSafeMode('')).toEqual(['workflows']);
    expect(readSafeMode('?other=1')).toEqual(['workflows']);
    expect(readSafeMode('?safe-mode=off')).toBeNull();
    expect(readSafeMode('')).toBeNull();
  });

  it('ignores ids that cannot be remote ids', () => {
    expect(readSafeMode('?safe-mode=<script>,,identity')).toEqual(['identity']);
    expect(readSafeMode('?safe-mode=%3Cx%3E')).toBeNull();
  });

  it('is off by default and after writing null', () => {
    expect(readSafeMode('')).toBeNull();
    writeSafeMode(['identity']);
    expect(readSafeMode('')).toEqual(['identity']);
    writeSafeMode(null);
    expect(readSafeMode('')).toBeNull();
    expect(isTurnedOff(null, 'identity')).toBe(false);
  });
});
