import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './AppLayout';
import { projectScreens } from './project/projectScreens';
import { lazyScreen } from './lazyScreen';
import { RequireAuth } from './RequireAuth';

const LoginScreen = lazyScreen(() => import('../features/auth/LoginScreen'), 'LoginScreen');
const RegisterScreen = lazyScreen(() => import('../features/auth/RegisterScreen'), 'RegisterScreen');
const ConfirmScreen = lazyScreen(() => import('../features/auth/ConfirmScreen'), 'ConfirmScreen');
const ForgotPasswordScreen = lazyScreen(() => import('../features/auth/ForgotPasswordScreen'), 'ForgotPasswordScreen');
const ResetPasswordScreen = lazyScreen(() => import('../features/auth/ResetPasswordScreen'), 'ResetPasswordScreen');
const ForbiddenScreen = lazyScreen(() => import('../features/errors/ForbiddenScreen'), 'ForbiddenScreen');
const DashboardScreen = lazyScreen(() => import('../features/dashboard/DashboardScreen'), 'DashboardScreen');
const UserSettingsLayout = lazyScreen(() => import('../features/user/UserSettingsLayout'), 'UserSettingsLayout');
const ProfileScreen = lazyScreen(() => import('../features/user/ProfileScreen'), 'ProfileScreen');
const PreferencesScreen = lazyScreen(() => import('../features/user/PreferencesScreen'), 'PreferencesScreen');
const ApplicationsScreen = lazyScreen(() => import('../features/user/ApplicationsScreen'), 'ApplicationsScreen');
const NewGroupScreen = lazyScreen(() => import('../features/groups/NewGroupScreen'), 'NewGroupScreen');
const JoinGroupScreen = lazyScreen(() => import('../features/groups/JoinGroupScreen'), 'JoinGroupScreen');
const NewProjectScreen = lazyScreen(() => import('../features/projects/NewProjectScreen'), 'NewProjectScreen');
const JoinProjectScreen = lazyScreen(() => import('../features/projects/JoinProjectScreen'), 'JoinProjectScreen');
const ProjectShell = projectScreens.shell;

/**
 * The routes of spec 1 §2, declared as elements under App's one data route (kept only for useBlocker): the app
 * loads its data with TanStack Query, not with route loaders.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="login" element={<LoginScreen />} />
        <Route path="register" element={<RegisterScreen />} />
        <Route path="confirm/:username/:token" element={<ConfirmScreen />} />
        <Route path="forgotpassword" element={<ForgotPasswordScreen />} />
        <Route path="resetpassword/:token" element={<ResetPasswordScreen />} />
        <Route path="forbidden" element={<ForbiddenScreen />} />
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardScreen />} />
          <Route path="user" element={<UserSettingsLayout />}>
            <Route index element={<Navigate to="/user/profile" replace />} />
            <Route path="profile" element={<ProfileScreen />} />
            <Route path="preferences" element={<PreferencesScreen />} />
            <Route path="applications" element={<ApplicationsScreen />} />
          </Route>
          <Route path="groups/new" element={<NewGroupScreen />} />
          <Route path="groups/join/:namespace?/:slug/:joinToken" element={<JoinGroupScreen />} />
          <Route path="projects/new" element={<NewProjectScreen />} />
          <Route path="projects/join/:namespace/:slug/:joinToken" element={<JoinProjectScreen />} />
          {/* The project shell has its own routes: overview, detailed, settings, playtest, synaeptic. */}
          <Route path="project/:projectNamespace/:projectSlug/*" element={<ProjectShell />} />
        </Route>
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
