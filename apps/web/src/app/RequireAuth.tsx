import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionEndReason } from '../api/session';
import { useSessionActive } from '../api/useSessionActive';
import { useSidePanelOwner } from '../features/side-panels/useSidePanelOwner';
import { useApplyUserLanguage } from '../features/user/useApplyUserLanguage';
import { loginPath } from './loginPath';

/** Guards the (auth) routes: without a live session, off to login with the way back in `from`. */
export function RequireAuth() {
  const active = useSessionActive();
  const location = useLocation();
  useApplyUserLanguage();
  useSidePanelOwner();
  if (!active) {
    const to = sessionEndReason() === 'logout' ? '/login' : loginPath(location.pathname + location.search);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
