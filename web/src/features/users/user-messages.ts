import { userMessages } from '@backoffice/contract';
import { apiError, isHttpError, serverMessage } from '../../lib/api';

/**
 * docs/product.md#error-catalogue gives two texts for each users failure. The first is shown when the server answered
 * with an error, the second when the call itself failed (network, no answer).
 */
export function loadFailureText(error: unknown): string {
  return isHttpError(error) ? userMessages.fetchFailed : userMessages.loadFailed;
}

/** Delete failures: the spec's text, with the server's reason (its `message`, docs/decisions/0013-errors-and-validation.md) on a second line. */
export function deleteFailureText(error: unknown): string {
  if (!isHttpError(error)) return userMessages.deleteFailedRetry;
  const reason = serverMessage(error, '');
  return reason ? `${userMessages.deleteFailed}\n${reason}` : userMessages.deleteFailed;
}

/** User detail load failures: no such user (404, or a malformed id: 400) is "User not found.", anything else "Failed to fetch user data". */
export function detailFailureText(error: unknown): string {
  const { status } = apiError(error);
  return status === 404 || status === 400 ? userMessages.notFoundScreen : userMessages.fetchUserFailed;
}
