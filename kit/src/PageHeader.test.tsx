import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Card } from './Card';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('shows the title as the page heading, with actions and a back link', () => {
    render(
      <MemoryRouter>
        <PageHeader title="Users" description="People who can sign in." actions={<button type="button">Add user</button>} back={{ to: '/identity' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('People who can sign in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/identity');
  });
});

describe('Card and EmptyState', () => {
  it('give their content a heading', () => {
    render(
      <>
        <Card title="Licence">Body</Card>
        <EmptyState title="No projects yet" action={<button type="button">Create project</button>}>
          Create one to start.
        </EmptyState>
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Licence' })).toBeInTheDocument();
    expect(screen.getByText('No projects yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeInTheDocument();
  });
});
