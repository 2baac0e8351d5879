/** The home's call (ours, issue 41): what needs the signed-in administrator's attention. */
import { endpoint, endpointGroup, signedIn } from '../common/endpoint';
import { HomeAttentionSchema } from './home.entities';

export const homeEndpoints = endpointGroup('host', {
  getHomeAttention: endpoint({
    method: 'GET',
    path: 'home/attention',
    summary:
      'What needs the signed-in administrator’s attention: for each home card whose screen the caller may ' +
      'open, how many things in their licence scope and the five most urgent.',
    access: signedIn,
    reply: HomeAttentionSchema,
  }),
});
