/** A licence's second-factor policy (ours, issue 40), derived from its endpoints. */
import { callOf } from '../common/call';
import { secondFactorEndpoints } from './second-factor.endpoints';

export const getSecondFactorPolicy = callOf(secondFactorEndpoints.getSecondFactorPolicy);
export const setSecondFactorPolicy = callOf(secondFactorEndpoints.setSecondFactorPolicy);
