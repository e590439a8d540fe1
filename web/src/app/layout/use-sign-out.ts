import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/user-slice';
import { baseApi } from '../../lib/api';
import { paths } from '../../lib/paths';

/** GET /api/user/signout; failures are ignored (docs/product.md#calls, docs/product.md#error-catalogue). */
async function requestSignOut() {
  try {
    await fetch('/api/user/signout', { credentials: 'include' });
  } catch {
    // Logout errors are ignored: the session is cleared locally either way.
  }
}

/** Signing out, from the sidebar's Logout and the header's user menu alike. */
export function useSignOut(): () => Promise<void> {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return async () => {
    await requestSignOut();
    dispatch(signOut());
    // Forget cached admin data so nothing of this session is shown to the next user.
    dispatch(baseApi.util.resetApiState());
    navigate(paths.signIn, { replace: true });
  };
}
