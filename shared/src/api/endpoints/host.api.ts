/** Calls the host makes around sign-in: environments, the hand-off GUID, the deployed version. */
import * as v from 'valibot';
import { call, seg } from '../client';
import { EnvironmentSchema } from '../schemas';

export const getDeployedVersion = () => call('get', 'environment/1/vuejsVersion', v.looseObject({ vueDeployedVersion: v.string() }));

export const getEnvironments = () => call('get', 'environments', v.array(EnvironmentSchema));

export const getLicenseEnvironments = (licenseId: number) => call('get', `license/${seg(licenseId)}/environments`, v.array(EnvironmentSchema));

export const getSessionGuid = () => call('post', 'license/getSessionGuid', v.looseObject({ sessionGuid: v.string() }));
