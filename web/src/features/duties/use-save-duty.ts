import { DUTY_CODE_ATTEMPTS, generateDutyCode, type Duty, type DutyUpdateInput } from '@backoffice/contract';
import { apiError } from '../../lib/api';
import { useCreateDutyMutation, useUpdateDutyMutation } from './duties-api';

export type SaveResult = { ok: true; duty: Duty } | { ok: false; errors?: Record<string, string> };

/**
 * Saves a duty. A new one gets a `#D` + 4 digit code made here (docs/product.md#entities); when the server says the
 * code is taken (409, docs/decisions/0005-packages-and-duties.md) another one is tried, up to DUTY_CODE_ATTEMPTS codes in all.
 */
export function useSaveDuty() {
  const [create, createState] = useCreateDutyMutation();
  const [update, updateState] = useUpdateDutyMutation();

  async function save(
    body: DutyUpdateInput,
    existing: Duty | undefined,
    knownCodes: Iterable<string>,
  ): Promise<SaveResult> {
    if (existing) {
      const result = await update({ id: existing._id, body });
      return 'error' in result ? { ok: false, errors: apiError(result.error).errors } : { ok: true, duty: result.data };
    }
    const tried = new Set(knownCodes);
    for (let attempt = 0; attempt < DUTY_CODE_ATTEMPTS; attempt++) {
      const code = generateDutyCode(Math.random, tried);
      tried.add(code);
      const result = await create({ id: code, ...body });
      if (!('error' in result)) return { ok: true, duty: result.data };
      if (apiError(result.error).status !== 409) return { ok: false, errors: apiError(result.error).errors };
    }
    return { ok: false };
  }

  return { save, saving: createState.isLoading || updateState.isLoading };
}
