import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The issuer shown in authenticator apps beside the account's email. */
export const TOTP_ISSUER = 'Marketplace Admin';
/** RFC 6238's defaults, which every authenticator app uses: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpProvisioning(secret: string, email: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step of `code` when it is right at `now`: the current step or one either side (a
 * clock off by up to 30 seconds), and later than `lastStep` (a code is accepted once: a replay,
 * or an earlier code after a later one, is refused). Null when refused.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
