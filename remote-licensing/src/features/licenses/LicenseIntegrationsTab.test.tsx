import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeApi, renderSignedIn, restoreApi } from 'kit/testing';
import { Role } from 'shared';
import { LicenseIntegrationsTab } from './LicenseIntegrationsTab';

const integrations = [
  { integrationId: 4, integrationName: 'Microsoft Power BI', imgUrl: '/integrations/powerbi.svg', description: 'Report datasets.' },
  { integrationId: 1, integrationName: 'Procore', imgUrl: '', description: 'Projects, RFIs and submittals.' },
];

async function renderTab(roles: string[]) {
  fakeApi(() => ({ body: integrations }));
  renderSignedIn(
    <MemoryRouter>
      <LicenseIntegrationsTab licenseId={7} />
    </MemoryRouter>,
    roles,
  );
  return screen.findAllByRole('listitem');
}

describe('LicenseIntegrationsTab', () => {
  afterEach(() => {
    cleanup();
    restoreApi();
  });

  it('shows each integration’s image with its name as alt text, the initials only without one, and a Setup per card at that integration', async () => {
    const [powerBi, procore] = await renderTab([Role.ACCESS_ALL_CUSTOMER_LICENCES]);
    expect(within(powerBi!).getByRole('img', { name: 'Microsoft Power BI logo' })).toHaveAttribute('src', '/integrations/powerbi.svg');
    // No image: the initials, hidden from screen readers (the name is beside them).
    expect(within(procore!).queryByRole('img')).toBeNull();
    expect(within(procore!).getByText('P')).toHaveAttribute('aria-hidden', 'true');
    expect(within(powerBi!).getByRole('link', { name: 'Setup Microsoft Power BI' })).toHaveAttribute('href', '/license/7/edit#integration-4');
    expect(within(procore!).getByRole('link', { name: 'Setup Procore' })).toHaveAttribute('href', '/license/7/edit#integration-1');
  });

  it('offers no Setup to who may not change the licence’s integrations', async () => {
    await renderTab([Role.ACCESS_MY_CUSTOMER_LICENCE]);
    expect(screen.queryByRole('link', { name: /Setup/ })).toBeNull();
  });
});
