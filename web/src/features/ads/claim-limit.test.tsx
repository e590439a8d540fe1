import { screen, waitFor } from '@testing-library/react';
import { adMessages, liveText } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { ClaimNotice } from './claim-notice';
import { useAdClaim } from './use-ad-claim';

const AD = '22222222-2222-4222-8222-222222222222';

function Panel() {
  const claim = useAdClaim(AD, true);
  return <ClaimNotice state={claim.state} onTakeOver={claim.takeOver} />;
}
const routes = [{ path: '/', Component: Panel }];

/** Issue 38.9: a claim over the admin's cap is refused with a 409 the panel shows as it is. */
describe('a claim over the admin’s cap', () => {
  it('shows the server’s message, with nothing to take over', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: false, message: liveText.claimLimit(5) }, 409));
    renderApp({ path: '/', user: makeUser(), routes });
    expect(await screen.findByRole('status')).toHaveTextContent(liveText.claimLimit(5));
    expect(screen.queryByRole('button', { name: liveText.takeOver })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the ad was decided meanwhile', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: false, message: adMessages.notPending }, 409));
    renderApp({ path: '/', user: makeUser(), routes });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
