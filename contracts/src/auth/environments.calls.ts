/** Calls the host makes around sign-in: environments, the hand-off GUID, the deployed version. */
import * as v from 'valibot';
import { call, seg } from 'shared';
import { EnvironmentSchema } from './auth.entities';

/** The deployed console version, the console's environment (the test banner) and the product name. */
export const getDeployedVersion = () =>
  call(
    'get',
    'environment/1/vuejsVersion',
    v.looseObject({
      vueDeployedVersion: v.string(),
      appEnv: v.optional(v.picklist(['production', 'uat', 'development']), 'production'),
      productName: v.optional(v.string(), 'SiteSense'),
    }),
  );

export const getEnvironments = () => call('get', 'environments', v.array(EnvironmentSchema));

export const getLicenseEnvironments = (licenseId: number) => call('get', `license/${seg(licenseId)}/environments`, v.array(EnvironmentSchema));

export const getSessionGuid = () => call('post', 'license/getSessionGuid', v.looseObject({ sessionGuid: v.string() }));
