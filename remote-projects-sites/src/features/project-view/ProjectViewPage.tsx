import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { auditSubject } from 'contracts/common';
import type { ConfigOwner } from 'contracts/licensing';
import { ProjectMessages, type Project } from 'contracts/projects-sites';
import { ActionsMenu, Alert, Badge, Button, Card, EntityGate, HistoryTab, PageHeader, RemoteMount, Tabs } from 'kit';
import { ConfigsPanel, ResourcePropertiesPanel } from '../configs/configs.parts';
import { projectsRoute } from '../projects/projects.routes';
import { SitesTab } from '../sites/sites.parts';
import { DocumentNumberingTab } from './DocumentNumberingTab';
import { projectQuery } from './project.api';
import { ProjectCopyTab } from './ProjectCopyTab';
import { ProjectInfoTab } from './ProjectInfoTab';
import { useProjectActivation } from './useProjectActivation';

/** One project (/projects/:id/view, spec 1: ProjectView); another licence's answers 404, shown as not found. */
export default function ProjectViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id >= 0;
  const query = useQuery({ ...projectQuery(id), enabled: valid });
  return (
    <EntityGate query={query} noun="Project" valid={valid} failure={ProjectMessages.loadFailed}>
      {(project) => <ProjectView project={project} />}
    </EntityGate>
  );
}

/** The spec's tabs, in its order; their ids are the URL's hash. */
const TAB_IDS = ['sites', 'config', 'resource-properties', 'info', 'copy', 'workflows', 'preservations', 'numbering', 'history'] as const;

/**
 * The tab a visit opens on: the one the hash names, else Sites, the spec's first tab (issue 36).
 * A hash naming no tab (an old or mistyped link) is `unknown`: the view says so above Sites.
 */
function firstTab(): { tab: string; unknown: string | null } {
  const hash = decodeURIComponent(window.location.hash.slice(1));
  if ((TAB_IDS as readonly string[]).includes(hash)) return { tab: hash, unknown: null };
  return { tab: 'sites', unknown: hash || null };
}

/** The project's header (name, description, Inactive badge, the deactivate action) and its tabs. */
function ProjectView({ project }: { project: Project }) {
  const [start] = useState(firstTab);
  const [tab, setTab] = useState(start.tab);
  // The link's tab that is not here, said until another tab is chosen.
  const [unknownTab, setUnknownTab] = useState(start.unknown);
  const activation = useProjectActivation(project);
  const props = { projectId: project.projectId };
  const owner: ConfigOwner = { kind: 'project', projectId: project.projectId, licenseId: project.licenseId ?? null };
  return (
    <div className="space-y-4">
      <PageHeader
        title={project.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {project.isActive ? null : <Badge variant="neutral">Inactive</Badge>}
            <span className="min-w-0 break-words">{project.description}</span>
          </span>
        }
        back={{ to: projectsRoute.to({}), label: 'Projects' }}
        actions={
          activation.mayChange ? (
            project.isActive ? (
              // Deactivating removes every user and key and cannot be undone: a menu's item, asked again with the spec's warning.
              <ActionsMenu actions={[{ id: 'deactivate', label: 'Deactivate project', danger: true, onSelect: activation.askDeactivate }]} />
            ) : (
              <Button variant="secondary" onClick={activation.activate} loading={activation.activating}>
                Activate
              </Button>
            )
          ) : undefined
        }
      />
      {unknownTab !== null ? (
        <Alert variant="info" title={ProjectMessages.unknownTab(unknownTab)}>
          {ProjectMessages.unknownTabNothingLost}
        </Alert>
      ) : null}
      <Card>
        <Tabs
          hashSync
          value={tab}
          onValueChange={(id) => {
            setTab(id);
            setUnknownTab(null);
          }}
          tabs={[
            // The site screens (features/sites): the project's site trees, default storage location, add and bulk entry.
            { id: 'sites', label: 'Sites', content: <SitesTab projectId={project.projectId} projectActive={project.isActive} /> },
            // The config editors (features/configs) the licence settings mount from this remote too.
            { id: 'config', label: 'Project Config', content: <ConfigsPanel owner={owner} /> },
            { id: 'resource-properties', label: 'Resource Properties Config', content: <ResourcePropertiesPanel owner={owner} /> },
            { id: 'info', label: 'Info', content: <ProjectInfoTab project={project} activation={activation} /> },
            { id: 'copy', label: 'Copy', content: <ProjectCopyTab project={project} /> },
            // Owned by remote-workflows: mounted from it, failing alone (its reason and Retry) while the rest of the view works.
            {
              id: 'workflows',
              label: 'Resource Workflows Config',
              content: (
                <RemoteMount remote="workflows" exposed="./ProjectResourceTabs" label="the workflow configuration" props={{ ...props, kind: 'workflows' }} />
              ),
            },
            {
              id: 'preservations',
              label: 'Resource Preservation Config',
              content: (
                <RemoteMount
                  remote="workflows"
                  exposed="./ProjectResourceTabs"
                  label="the preservation configuration"
                  props={{ ...props, kind: 'preservations' }}
                />
              ),
            },
            { id: 'numbering', label: 'Document Numbering', content: <DocumentNumberingTab projectId={project.projectId} /> },
            // Ours: every change to the project, its numbering included (the API lets whoever may read the project read its history).
            { id: 'history', label: 'History', content: <HistoryTab subject={auditSubject('project', project.projectId)} /> },
          ]}
        />
      </Card>
      {activation.dialog}
    </div>
  );
}
