import { SiteMessages } from 'contracts/projects-sites';
import { addChild, changesOf, fromServer, hierarchyBody, keyMove, locate, moveNode, moveProblem, pathOf, rebase, rename } from './hierarchyDraft';
import { nodesOf, site } from './sites.testing';

const [yard] = nodesOf([site(10, 'Yard', [site(11, 'Rack A')])]);

describe('the hierarchy draft laid over the tree read again', () => {
  it('takes a new site the server now holds (found by name, any case) as saved, with its own new children still new', () => {
    let draft = addChild(fromServer(yard!), 's10', 'n1');
    draft = rename(draft, 'n1', 'bay 1');
    draft = addChild(draft, 'n1', 'n2');
    draft = rename(draft, 'n2', 'Shelf');
    const [server] = nodesOf([site(10, 'Yard', [site(11, 'Rack A'), site(12, 'Bay 1')])]);
    const after = rebase(draft, server!);
    const bay = after.children[1]!;
    expect(bay).toMatchObject({ key: 's12', name: 'Bay 1', site: { siteId: 12 } });
    expect(bay.children).toEqual([expect.objectContaining({ key: 'n2', site: null, name: 'Shelf' })]);
    expect(changesOf(after)).toEqual({ renamed: 0, moved: 0, added: 1 });
  });

  it('keeps a name typed for a site, and takes the server’s name of one not touched', () => {
    const draft = rename(fromServer(yard!), 's10', 'Main Yard');
    const [server] = nodesOf([site(10, 'Yard', [site(11, 'Rack 1')])]);
    const after = rebase(draft, server!);
    expect(after.name).toBe('Main Yard');
    expect(after.children[0]!.name).toBe('Rack 1');
    expect(changesOf(after)).toEqual({ renamed: 1, moved: 0, added: 0 });
  });
});

describe('moving a site in the draft', () => {
  const [tree] = nodesOf([
    site(10, 'Yard', [site(11, 'Row 1', [site(13, 'Bin 1', [site(14, 'Shelf')])]), site(12, 'Row 2', [site(15, 'bin 1')]), site(16, 'Row 3')]),
  ]);
  const start = () => fromServer(tree!);

  it('moves a site with everything under it, counts it as moved, and sends it under its new parent', () => {
    const moved = moveNode(start(), 's13', 's16');
    expect(locate(moved, 's13')!.parent!.key).toBe('s16');
    expect(locate(moved, 's14')!.parent!.key).toBe('s13');
    expect(changesOf(moved)).toEqual({ renamed: 0, moved: 1, added: 0 });
    const body = hierarchyBody(moved, 7);
    const row3 = body.children!.find((child) => child.site.siteId === 16)!;
    expect(row3.children).toEqual([
      {
        site: { siteId: 13, name: 'Bin 1', projectId: 7, parentId: 16 },
        children: [{ site: { siteId: 14, name: 'Shelf', projectId: 7, parentId: 13 }, children: [] }],
      },
    ]);
    // Back where it was: no change.
    expect(changesOf(moveNode(moved, 's13', 's11'))).toEqual({ renamed: 0, moved: 0, added: 0 });
  });

  it('refuses a move beside a sibling of the same name in any case, under itself or its own sites, and of the top site', () => {
    expect(moveProblem(start(), 's13', 's12')).toBe(SiteMessages.siblingsSameName);
    expect(moveProblem(start(), 's11', 's14')).toBe(SiteMessages.moveUnderItself);
    expect(moveProblem(start(), 's11', 's11')).toBe(SiteMessages.moveUnderItself);
    expect(moveProblem(start(), 's10', 's16')).toBe(SiteMessages.moveTop);
    expect(moveProblem(start(), 's13', 's16')).toBeNull();
  });

  it('finds the keyboard’s moves: right under the site above, left out beside the parent, up and down among siblings', () => {
    expect(keyMove(start(), 's12', 'in')).toEqual({ parentKey: 's11' });
    expect(keyMove(start(), 's11', 'in')).toEqual({ refused: SiteMessages.moveNoSiteAbove });
    expect(keyMove(start(), 's13', 'out')).toEqual({ parentKey: 's10', index: 1 });
    expect(keyMove(start(), 's11', 'out')).toEqual({ refused: SiteMessages.moveTopLevel });
    expect(keyMove(start(), 's12', 'down')).toEqual({ parentKey: 's10', index: 2 });
    expect(keyMove(start(), 's16', 'down')).toEqual({ refused: SiteMessages.moveLast });
    expect(keyMove(start(), 's11', 'up')).toEqual({ refused: SiteMessages.moveFirst });
    expect(keyMove(start(), 's10', 'in')).toEqual({ refused: SiteMessages.moveTop });
    expect(pathOf(start(), 's13', (node) => node.name)).toBe('Yard › Row 1 › Bin 1');
  });

  it('keeps a move the server does not hold yet (a failed save) when the tree is read again, and drops it once saved', () => {
    const moved = moveNode(start(), 's13', 's16');
    const again = rebase(moved, tree!);
    expect(locate(again, 's13')!.parent!.key).toBe('s16');
    expect(locate(again, 's14')!.parent!.key).toBe('s13');
    expect(changesOf(again).moved).toBe(1);
    const [saved] = nodesOf([
      site(10, 'Yard', [
        site(11, 'Row 1'),
        site(12, 'Row 2', [site(15, 'bin 1')]),
        site(16, 'Row 3', [{ ...site(13, 'Bin 1', [site(14, 'Shelf')]), parentId: 16 }]),
      ]),
    ]);
    const after = rebase(moved, saved!);
    expect(locate(after, 's13')!.parent!.key).toBe('s16');
    expect(changesOf(after)).toEqual({ renamed: 0, moved: 0, added: 0 });
  });
});
