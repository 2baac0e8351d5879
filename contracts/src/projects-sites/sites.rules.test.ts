import { SiteMessages } from './projects-sites.messages';
import { newSiteTrees, parseBulkSites, repeatedSiblingNames, siteNameProblem } from './sites.rules';

describe('site names (spec 1 §5)', () => {
  it('answer the spec’s message for each rule', () => {
    expect(siteNameProblem('  ')).toBe(SiteMessages.nameBlank);
    expect(siteNameProblem('Bay 3/4')).toBe(SiteMessages.specialCharacters);
    expect(siteNameProblem('x'.repeat(51))).toBe(SiteMessages.tooLong);
    expect(siteNameProblem(' Bay 3 ')).toBeNull();
  });

  it('treat siblings named alike in any case as the same', () => {
    expect(repeatedSiblingNames(['Yard', 'Rack', ' yard'])).toEqual(['Yard']);
    expect(repeatedSiblingNames(['Yard', 'Rack'])).toEqual([]);
  });
});

describe('bulk entry (spec 1 §2, §5)', () => {
  const existing = [{ site: { siteId: 7, name: 'Site 1' }, children: [{ site: { siteId: 8, name: 'Area A' }, children: [] }] }];

  it('asks for some sites when the text is empty', () => {
    expect(parseBulkSites(' \n ', '>').problems).toEqual([{ line: 0, message: SiteMessages.bulkEmpty }]);
  });

  it('merges each path into the project’s tree, marking what is new, levels found in any case', () => {
    const result = parseBulkSites('Site 1>Area A>Zone F>Bin 1\nsite 1>area a>Zone F>Bin 2\nSite 2', '>', existing);
    expect(result.problems).toEqual([]);
    expect(result.newCount).toBe(4);
    expect(result.tree[0]).toMatchObject({
      siteId: 7,
      children: [{ siteId: 8, children: [{ name: 'Zone F', siteId: null, children: [{ name: 'Bin 1' }, { name: 'Bin 2' }] }] }],
    });
    expect(newSiteTrees(result.tree, 3)).toEqual([
      {
        site: { name: 'Zone F', parentId: 8, projectId: 3 },
        children: [
          { site: { name: 'Bin 1', parentId: null, projectId: 3 }, children: [] },
          { site: { name: 'Bin 2', parentId: null, projectId: 3 }, children: [] },
        ],
      },
      { site: { name: 'Site 2', parentId: null, projectId: 3 }, children: [] },
    ]);
  });

  it('reports a bad name with its line and adds nothing of that line', () => {
    const result = parseBulkSites('Yard\tRack\nYard\tBin$\n', '\t');
    expect(result.problems).toEqual([{ line: 2, message: SiteMessages.specialCharacters }]);
    expect(result.newCount).toBe(2);
  });
});
