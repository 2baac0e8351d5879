/** The home's call, derived from its endpoint. */
import { callOf } from '../common/call';
import { homeEndpoints } from './home.endpoints';

export const getHomeAttention = callOf(homeEndpoints.getHomeAttention);
