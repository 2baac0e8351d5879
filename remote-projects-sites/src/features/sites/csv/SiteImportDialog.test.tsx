import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteMessages, type SiteImportNode, type SiteImportReply, siteSearchCsvEndpoints } from 'contracts/projects-sites';
import { fakeApi, renderSignedIn, restoreApi, type FakeReply, isCall } from 'kit/testing';
import { PORTAL_ROLES } from 'shared';
import { SiteCsvActions } from './SiteCsvActions';

const PROJECT_ID = 3;
const node = (siteId: number | null, name: string, values: Partial<SiteImportNode> = {}, children: SiteImportNode[] = []): SiteImportNode => ({
  siteId,
  name,
  active: true,
  renamedFrom: null,
  movedFrom: null,
  line: null,
  children,
  ...values,
});

/** A file renaming Rack 1, moving Rack 2 under Office, adding Bin 9; Gate is not in it. */
const PREVIEW: SiteImportReply = {
  applied: false,
  tree: [
    node(5, 'Gate'),
    node(6, 'Office', { line: 2 }, [node(8, 'Rack 2', { line: 4, movedFrom: 'Yard' })]),
    node(7, 'Yard', { line: 3 }, [node(9, 'Rack One', { line: 5, renamedFrom: 'Rack 1' }, [node(null, 'Bin 9', { line: 6 })])]),
  ],
  counts: { rows: 5, created: 1, renamed: 1, moved: 1, unchanged: 2 },
  notInFile: 1,
  problems: [],
  notes: [{ line: 2, message: SiteMessages.csvStateNotImported }],
};
const FILE = 'siteId,parentId,path,name\r\n6,,Office,Office\r\n';

/** What each POST answered and the query it was sent with. */
let posts: { dryRun: string | null; body: unknown }[] = [];

function serve(answer: (dryRun: boolean) => FakeReply) {
  fakeApi((request) => {
    const { method, path, query, body } = request;
    if (isCall(request, siteSearchCsvEndpoints.importSites, { projectId: PROJECT_ID })) {
      const dryRun = query?.get('dryRun') ?? null;
      posts.push({ dryRun, body });
      return answer(dryRun === 'true');
    }
    return { status: 404, body: { Message: `Not served: ${method} ${path}` } };
  });
}

async function chooseFile(text = FILE) {
  renderSignedIn(<SiteCsvActions projectId={PROJECT_ID} includeArchived={false} />, PORTAL_ROLES);
  await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import sites from CSV' });
  await userEvent.upload(within(dialog).getByLabelText('Site file (CSV)'), new File([text], 'sites.csv', { type: 'text/csv' }));
  return dialog;
}

describe('SiteImportDialog', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
    posts = [];
  });

  it('previews the chosen file with a dry run — each site marked, what is not in the file kept — then applies it and closes', async () => {
    serve((dryRun) => ({ body: dryRun ? PREVIEW : { ...PREVIEW, applied: true, Message: SiteMessages.csvImported(1, 1, 1) } }));
    const dialog = await chooseFile();
    expect(await within(dialog).findByText('5 rows: 1 new, 1 renamed, 1 moved, 2 unchanged.')).toBeInTheDocument();
    expect(within(dialog).getByText(SiteMessages.csvNotInFile(1))).toBeInTheDocument();
    expect(within(dialog).getByText(`Line 2: ${SiteMessages.csvStateNotImported}`)).toBeInTheDocument();
    expect(posts).toEqual([{ dryRun: 'true', body: FILE }]);

    const tree = within(dialog).getByRole('tree', { name: 'Sites after the import' });
    // Only the branches holding a change, opened down to it.
    expect(within(tree).queryByText('Gate')).toBeNull();
    expect(within(tree).getByText('Moved from Yard')).toBeInTheDocument();
    expect(within(tree).getByText('Renamed from Rack 1')).toBeInTheDocument();
    expect(within(tree).getByText('New')).toBeInTheDocument();
    expect(within(tree).getAllByText('Unchanged')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Show every site' }));
    expect(within(within(dialog).getByRole('tree')).getByText('Not in file')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([
      { dryRun: 'true', body: FILE },
      { dryRun: 'false', body: FILE },
    ]);
  });

  it('lists the rows’ problems with their lines and offers no Apply', async () => {
    serve(() => ({
      body: {
        ...PREVIEW,
        problems: [
          { line: 4, message: SiteMessages.specialCharacters },
          { line: 7, message: SiteMessages.csvParentUnknown('Gate') },
        ],
      },
    }));
    const dialog = await chooseFile();
    const problems = await within(dialog).findByRole('alert');
    expect(problems).toHaveTextContent(SiteMessages.csvRowProblems);
    expect(within(problems).getByText(`Line 4: ${SiteMessages.specialCharacters}`)).toBeInTheDocument();
    expect(within(problems).getByText(`Line 7: ${SiteMessages.csvParentUnknown('Gate')}`)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('says why a file is not a site file, and offers no Apply for a file that changes nothing', async () => {
    serve(() => ({ status: 400, body: { Message: SiteMessages.csvUnknownColumn('colour') } }));
    const dialog = await chooseFile('colour\r\nred');
    expect(await within(dialog).findByText(SiteMessages.csvUnknownColumn('colour'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    cleanup();
    restoreApi();
    serve(() => ({
      body: { ...PREVIEW, tree: [node(5, 'Gate', { line: 2 })], counts: { rows: 1, created: 0, renamed: 0, moved: 0, unchanged: 1 }, notes: [] },
    }));
    const same = await chooseFile();
    expect(await within(same).findByText(SiteMessages.csvNothingToChange)).toBeInTheDocument();
    expect(within(same).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('shows the rows refused when applying (the sites changed since the preview), importing nothing', async () => {
    const refused = [{ line: 5, message: 'Site with name Rack One already exists' }];
    serve((dryRun) => (dryRun ? { body: PREVIEW } : { status: 400, body: { Message: SiteMessages.csvHasProblems, ...PREVIEW, problems: refused } }));
    const dialog = await chooseFile();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Line 5: Site with name Rack One already exists')).toBeInTheDocument();
    expect(within(dialog).getByText(SiteMessages.csvHasProblems)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
