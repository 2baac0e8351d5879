import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getLicenseEnvironments, getSessionGuid, type RemoteMapEntry } from 'contracts/auth';
import { notify, type SessionReply, useSession } from 'shared';
import { consoleInfoKey } from '../app/useConsoleInfo';
import { continueAfterLogin, safeReturnTo, type FlowOptions } from './login-flow';

/** Keeps the session of a successful login and sends the user where the flow says. */
export function useContinueAfterLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (reply: (SessionReply & { remotes?: RemoteMapEntry[] }) | null, options: FlowOptions) => {
      if (reply) useSession.getState().signIn(reply);
      const session = useSession.getState();
      // With the session's answer, beside the signed-in frame's first draw: the user's remote map,
      // then the landing screen's code and first calls (issue 38). The store came with the login
      // form's prefetch.
      const landing = safeReturnTo(options.returnTo);
      if (reply && !session.mustUpdatePassword && !session.mustSetUpFactor) {
        void import('../federation/remotes.store')
          .then((remotes) => {
            void remotes.syncUserMap(reply.remotes);
            if (landing) void remotes.startLanding(landing);
          })
          .catch(() => undefined);
      }
      const info = queryClient.getQueryData<{ productName?: string }>(consoleInfoKey);
      await continueAfterLogin(
        {
          mustUpdatePassword: session.mustUpdatePassword,
          mustSetUpFactor: session.mustSetUpFactor,
          userHasNoProjects: session.userHasNoProjects,
          licenseId: session.licenseId ?? 0,
        },
        options,
        {
          navigate: (to) => navigate(to, { replace: true }),
          leave: (url) => window.location.assign(url),
          environmentsOf: getLicenseEnvironments,
          sessionGuid: async () => (await getSessionGuid()).sessionGuid,
          info: notify.info,
          error: notify.error,
          productName: info?.productName ?? 'SiteSense',
        },
      );
    },
    [navigate, queryClient],
  );
}
