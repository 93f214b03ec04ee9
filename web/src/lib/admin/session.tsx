/**
 * The guard of every admin screen but the login, and the signed-in session it provides: who is
 * signed in, the authenticated API, and sign-out. While the session resolves it shows the loading
 * text; on an authentication error, an error with a retry; signed out (never signed in, token expired
 * and not refreshable, or the API answered 401), it redirects to the login and comes back afterwards.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, type Location } from '#web/lib/router.tsx';
import { adminTexts, apiTexts } from '#shared/messages/index.ts';
import { ApiError, apiCall } from '#web/lib/api.ts';
import { adminApi, type AdminApi, type AdminRequest } from './admin-api.ts';
import { inTurn } from './route-turns.ts';
import { adminPaths } from './admin-paths.ts';
import { texts } from './admin-texts.ts';
import { apiToken, currentUser, signOutAdmin, type AdminUser } from './auth.ts';

/** What the login route receives when the guard sends someone there. */
export interface LoginRedirectState {
  readonly from?: Pick<Location, 'pathname' | 'search'>;
  readonly reason?: 'expired' | 'signed-out';
}

interface AdminSession {
  readonly user: AdminUser;
  readonly api: AdminApi;
  signOut(): Promise<void>;
}

const SessionContext = createContext<AdminSession | null>(null);

/** The signed-in session; only inside `RequireAdmin`. */
export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAdminSession outside RequireAdmin');
  return session;
}

/** The authenticated admin API of the current session. */
export function useAdminApi(): AdminApi {
  return useAdminSession().api;
}

type GuardState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'signed-out'; readonly reason: LoginRedirectState['reason'] }
  | { readonly status: 'signed-in'; readonly user: AdminUser };

/** Why the session could not be checked, in Portuguese: the technical reason (network, configuration) goes to the console. */
function authErrorText(error: unknown): string {
  console.error('admin session check failed', error);
  return adminTexts.sessionCheckFailed;
}

/**
 * The session check: loading at first, then signed in, signed out (and why) or an error; checked again
 * silently on every navigation (`pathname`), acting only when the session is gone.
 */
function useSessionCheck(pathname: string) {
  const [state, setState] = useState<GuardState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const endSession = useCallback(async (reason: 'expired' | 'signed-out') => {
    await signOutAdmin().catch(() => undefined);
    setState({ status: 'signed-out', reason });
  }, []);

  useEffect(() => {
    let active = true;
    currentUser()
      .then((user) => {
        if (!active) return;
        setState((previous) => {
          if (!user) return { status: 'signed-out', reason: previous.status === 'signed-in' ? 'expired' : undefined };
          return previous.status === 'signed-in' && previous.user.email === user.email ? previous : { status: 'signed-in', user };
        });
      })
      .catch((error: unknown) => {
        if (!active) return;
        setState((previous) => (previous.status === 'signed-in' ? previous : { status: 'error', message: authErrorText(error) }));
      });
    return () => {
      active = false;
    };
  }, [pathname, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, endSession, retry };
}

/**
 * The admin API with the session's access token on every call; a token that cannot be refreshed, or a
 * 401 from the API, ends the session (`endSession`).
 */
function useAuthenticatedApi(endSession: (reason: 'expired') => Promise<void>): AdminApi {
  return useMemo(() => {
    // One route's calls take turns (`route-turns.ts`): its executions in the cloud are reserved and few.
    const request: AdminRequest = (key, call) =>
      inTurn(key, async () => {
        // A refused refresh answers null (signed out); a network failure throws, and the session stays.
        const token = await apiToken().catch(() => {
          throw new ApiError(0, 'network', apiTexts.unavailable);
        });
        if (!token) {
          void endSession('expired');
          throw new ApiError(401, 'unauthorized', adminTexts.sessionExpired);
        }
        try {
          return await apiCall(key, call, { headers: { authorization: `Bearer ${token}` } });
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) void endSession('expired');
          throw error;
        }
      });
    return adminApi(request);
  }, [endSession]);
}

export function RequireAdmin({ children }: { readonly children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { state, endSession, retry } = useSessionCheck(location.pathname);
  const api = useAuthenticatedApi(endSession);

  const user = state.status === 'signed-in' ? state.user : undefined;
  const session = useMemo<AdminSession | null>(
    () =>
      user
        ? {
            user,
            api,
            signOut: async () => {
              await signOutAdmin().catch(() => undefined);
              navigate(adminPaths.login, { replace: true, state: { reason: 'signed-out' } satisfies LoginRedirectState });
            },
          }
        : null,
    [user, api, navigate],
  );

  if (state.status === 'loading') {
    return (
      <div className="adm-center" role="status">
        <p>{adminTexts.authLoading}</p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="adm-center" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button" onClick={retry}>
          {texts.retry}
        </button>
      </div>
    );
  }
  if (state.status === 'signed-out') {
    const redirect: LoginRedirectState = { from: { pathname: location.pathname, search: location.search }, reason: state.reason };
    return <Navigate to={adminPaths.login} replace state={redirect} />;
  }
  if (!state.user.isAdmin) {
    return (
      <div className="adm-center" role="alert">
        <p>{apiTexts.forbidden}</p>
        <button type="button" className="button" onClick={() => void endSession('signed-out')}>
          {texts.nav.logout}
        </button>
      </div>
    );
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
