import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { ProjectMessages, type Project } from 'contracts/projects-sites';
import { Alert, FormField, Select, SELECT_PLACEHOLDER, Spinner } from 'kit';
import { errorMessage } from 'shared';
import { licenseProjectsQuery } from '../projects/projects.api';
import { CopyConfigs } from './CopyConfigs';
import { CopyImportSystems } from './CopyImportSystems';
import { CopySites } from './CopySites';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-md border border-slate-200 p-4">
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The Copy tab (spec 1 §2): choose a source project of the same licence, then copy its configs,
 * its active sites or its active import systems into this project.
 */
export function ProjectCopyTab({ project }: { project: Project }) {
  const licenseId = project.licenseId;
  const projects = useQuery({ ...licenseProjectsQuery(licenseId ?? 0), enabled: licenseId !== null });
  const [sourceId, setSourceId] = useState('');
  if (licenseId === null) return <p className="text-slate-600">This project belongs to no license: there is nothing to copy from.</p>;
  if (projects.isPending) return <Spinner label="Loading projects" />;
  if (projects.isError) return <Alert variant="danger">{errorMessage(projects.error, ProjectMessages.fetchFailed)}</Alert>;
  const sources = projects.data.filter((other) => other.projectId !== project.projectId);
  const source = sources.find((other) => String(other.projectId) === sourceId);

  return (
    <div className="space-y-4">
      <FormField
        label="Copy from project"
        hint={sources.length === 0 ? 'The license has no other project to copy from.' : undefined}
        className="max-w-md space-y-1"
      >
        <Select
          value={sourceId}
          placeholder={SELECT_PLACEHOLDER}
          onChange={(event) => setSourceId(event.target.value)}
          options={sources.map((other) => ({ value: other.projectId, label: other.isActive ? other.name : `${other.name} (inactive)` }))}
        />
      </FormField>
      {source ? (
        <div className="space-y-4">
          <Section title="Configs">
            <Alert variant="warning">{ProjectMessages.copyConfigWarning}</Alert>
            <CopyConfigs key={source.projectId} source={source} target={project} />
          </Section>
          <Section title="Active sites">
            <CopySites key={source.projectId} source={source} target={project} />
          </Section>
          <Section title="Active import systems">
            <CopyImportSystems source={source} target={project} />
          </Section>
        </div>
      ) : (
        <p className="text-slate-600">Choose the project to copy from.</p>
      )}
    </div>
  );
}
