import { addChild, changesOf, fromServer, rebase, rename } from './hierarchyDraft';
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
    expect(changesOf(after)).toEqual({ renamed: 0, added: 1 });
  });

  it('keeps a name typed for a site, and takes the server’s name of one not touched', () => {
    const draft = rename(fromServer(yard!), 's10', 'Main Yard');
    const [server] = nodesOf([site(10, 'Yard', [site(11, 'Rack 1')])]);
    const after = rebase(draft, server!);
    expect(after.name).toBe('Main Yard');
    expect(after.children[0]!.name).toBe('Rack 1');
    expect(changesOf(after)).toEqual({ renamed: 1, added: 0 });
  });
});
