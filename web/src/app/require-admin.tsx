import { useSelector } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { selectIsAdmin } from '../features/auth/user-slice';
import { paths } from '../lib/paths';

/** Guard of every /app route (docs/product.md#overview, docs/product.md#roles-and-permissions): signed-out or non-admin visitors go to /. */
export function RequireAdmin() {
  const isAdmin = useSelector(selectIsAdmin);
  return isAdmin ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}
