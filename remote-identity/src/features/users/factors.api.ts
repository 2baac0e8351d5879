/**
 * The signed-in user's second factors (issue 40): the query the profile's 'Sign-in security'
 * reads and its mutations. Set-up answers a secret and recovery codes are answered once: the
 * screens hold them in their own state, never in the cache.
 */
import { queryOptions } from '@tanstack/react-query';
import { confirmTotpSetup, FactorMessages, getMyFactors, regenerateRecoveryCodes, removeTotp } from 'contracts/auth';
import { useNotifyingMutation } from 'shared';

export const factorKeys = {
  all: ['identity', 'factors'] as const,
  mine: () => [...factorKeys.all, 'mine'] as const,
};

export const myFactorsQuery = () => queryOptions({ queryKey: factorKeys.mine(), queryFn: () => getMyFactors() });

/** Confirms the app with its first code; a wrong code shows on the set-up's form. */
export function useConfirmTotp() {
  return useNotifyingMutation({
    mutationFn: async (code: string) => (await confirmTotpSetup({ code })).recoveryCodes,
    invalidates: [factorKeys.mine()],
    success: FactorMessages.totpAdded,
    failure: FactorMessages.totpInvalid,
    shownByForm: () => true,
  });
}

/** Removes the app and its recovery codes, with the password again (shown on its form). */
export function useRemoveTotp() {
  return useNotifyingMutation({
    mutationFn: (password: string) => removeTotp({ password }),
    invalidates: [factorKeys.mine()],
    success: FactorMessages.totpRemoved,
    failure: FactorMessages.totpNotSetUp,
    shownByForm: () => true,
  });
}

/** Ten new recovery codes, with the password again; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  return useNotifyingMutation({
    mutationFn: async (password: string) => (await regenerateRecoveryCodes({ password })).recoveryCodes,
    invalidates: [factorKeys.mine()],
    success: FactorMessages.recoveryCodesNew,
    failure: FactorMessages.loadFailed,
    shownByForm: () => true,
  });
}
