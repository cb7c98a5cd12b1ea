import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { Providers } from './Providers';
import { UnsavedWorkGuard } from '../features/unsaved/UnsavedWorkGuard';

// A data router only for what needs one: useBlocker, which asks before a page with unsaved text is left. The
// routes themselves stay declarative (AppRoutes); the data comes from TanStack Query.
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <>
        <UnsavedWorkGuard />
        <AppRoutes />
      </>
    ),
  },
]);

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
