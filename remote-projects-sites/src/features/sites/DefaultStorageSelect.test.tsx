import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { projectsSitesEndpoints } from 'contracts/projects-sites';
import { fakeApi, isCall, restoreApi } from 'kit/testing';
import { DefaultStorageSelect, STORAGE_OPTIONS_ON_USE } from './DefaultStorageSelect';
import { PROJECT_ID, renderAt, site } from './sites.testing';

/** A site with `racks` racks of ten bins each (1 + 11 × racks sites). */
const yard = (racks: number) =>
  site(
    1,
    'Yard',
    Array.from({ length: racks }, (_, r) =>
      site(
        100 + r,
        `Rack ${r + 1}`,
        Array.from({ length: 10 }, (_, b) => site(10_000 + r * 10 + b, `Bin ${r + 1}.${b + 1}`)),
      ),
    ),
  );

function serve() {
  fakeApi((request) => {
    if (isCall(request, projectsSitesEndpoints.getDefaultStorage, { projectId: PROJECT_ID }))
      return { body: { siteId: 10_021, siteHierarchy: 'Yard > Rack 3 > Bin 3.2' } };
    return { status: 404, body: { Message: 'Not served' } };
  });
}

const storage = () => screen.getByRole('combobox', { name: 'Default storage location' });
const optionNames = () =>
  within(storage())
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('DefaultStorageSelect', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('offers every site of a project of a few hundred at once', async () => {
    serve();
    renderAt(<DefaultStorageSelect projectId={PROJECT_ID} sites={[yard(20)]} />, '/', '/');
    await waitFor(() => expect(storage()).toHaveValue('10021'));
    expect(optionNames()).toHaveLength(1 + 1 + 20 * 11);
  });

  it('makes the options of a project of thousands of sites once the select is used, the saved choice shown before', async () => {
    serve();
    const racks = Math.ceil(STORAGE_OPTIONS_ON_USE / 11) + 1;
    renderAt(<DefaultStorageSelect projectId={PROJECT_ID} sites={[yard(racks)]} />, '/', '/');
    await screen.findByRole('option', { name: 'Yard > Rack 3 > Bin 3.2' });
    expect(optionNames()).toEqual(['None', 'Yard > Rack 3 > Bin 3.2']);
    expect(storage()).toHaveValue('10021');
    fireEvent.focus(storage());
    expect(optionNames()).toHaveLength(1 + 1 + racks * 11);
    expect(optionNames()[2]).toBe('Yard > Rack 1');
    expect(storage()).toHaveValue('10021');
  });
});
