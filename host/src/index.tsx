import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';
import { configureMounts } from 'shared/host';

// A section mounts another's exposed part through the host's loader (kernel RemoteMount), which
// comes with the signed-in frame: the login page does not carry it.
configureMounts((remoteId, exposed) => import('./federation/remotes.store').then((m) => m.loadMountedPart(remoteId, exposed)));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
