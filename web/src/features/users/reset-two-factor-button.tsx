import { ShieldOff } from 'lucide-react';
import { messages } from '@backoffice/contract';
import { Button } from '../../components/ui';
import { apiError, baseApi } from '../../lib/api';

const resetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resetTwoFactorOf: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}/reset-2fa`, method: 'POST' }),
    }),
  }),
});

/**
 * An administrator turns another admin's two-factor sign-in off (their phone and recovery codes are
 * lost): that admin's sessions end and they set it up again (docs/decisions/0032-two-factor.md).
 */
export function ResetTwoFactorButton({
  userId,
  onDone,
}: {
  userId: string;
  onDone: (tone: 'success' | 'error', text: string) => void;
}) {
  const [reset, { isLoading }] = resetApi.useResetTwoFactorOfMutation();
  async function run() {
    if (!window.confirm("Turn this admin's two-factor sign-in off? Their sessions will end.")) return;
    const result = await reset(userId);
    if ('error' in result) onDone('error', apiError(result.error).message ?? messages.signIn.somethingWentWrong);
    else onDone('success', 'Two-factor sign-in reset. Their sessions were ended.');
  }
  return (
    <Button
      variant="secondary"
      icon={<ShieldOff className="size-4" aria-hidden="true" />}
      loading={isLoading}
      onClick={() => void run()}
    >
      Reset two-factor sign-in
    </Button>
  );
}
