import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadMountedPart } from './federation/remotes.store';
import './styles.css';
import { configureMounts } from 'shared/host';

// A section mounts another's exposed part through the host's loader (kernel RemoteMount).
configureMounts(loadMountedPart);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
