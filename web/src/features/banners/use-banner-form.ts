import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_TYPES,
  bannerCreateFields,
  bannerMessages,
  type BannerAd,
  type BannerPlacement,
  type BannerStatus,
} from '@backoffice/contract';
import { apiError, serverMessage } from '../../lib/api';
import { checkResolver, firstErrors, showServerErrors } from '../../lib/form';
import { useCreateBannerMutation, useUpdateBannerMutation } from './banners-api';

export interface BannerFormValues {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  status: BannerStatus;
  placement: BannerPlacement;
}

export type BannerFormErrors = Partial<Record<keyof BannerFormValues | 'image', string>>;

/** New banners start Active (docs/product.md#states-and-transitions) on the home page (decision 0006). */
export const emptyBannerValues: BannerFormValues = {
  name: '',
  description: '',
  startDate: '',
  endDate: '',
  status: 'Active',
  placement: 'Home page',
};

export function bannerValues(banner: BannerAd): BannerFormValues {
  const { name, description, startDate, endDate, status, placement } = banner;
  return { name, description, startDate, endDate, status, placement };
}

/**
 * docs/product.md#validation-rules: name, description, start and end date required, the end not before the start (the
 * contract's rules, shared with the server); an image only when adding, and it must be a JPEG,
 * PNG, WebP or GIF of at most 5 MB (the server checks the bytes again, docs/decisions/0006-banner-ads.md).
 */
export function validateBanner(values: BannerFormValues, file: File | null, creating: boolean): BannerFormErrors {
  const errors: BannerFormErrors = {};
  const result = bannerCreateFields.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof BannerFormValues | undefined;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  const problem = file && imageProblem(file);
  if (problem) errors.image = problem;
  else if (!file && creating) {
    errors.image = bannerMessages.imageRequired;
  }
  return errors;
}

/** Why a picked file cannot be the banner's image, if it cannot. */
export function imageProblem(file: File): string | undefined {
  if (!(BANNER_IMAGE_TYPES as readonly string[]).includes(file.type)) return bannerMessages.imageNotImage;
  if (file.size > BANNER_IMAGE_MAX_BYTES) return bannerMessages.imageTooLarge;
  return undefined;
}

/** The multipart body of docs/product.md#calls (plus placement); the image only when one was chosen. */
export function bannerFormData(values: BannerFormValues, file: File | null): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) body.append(key, value.trim());
  if (file) body.append('image', file);
  return body;
}

/** The form's fields checked by validateBanner (the image is checked apart, as it is picked). */
const fieldsResolver = checkResolver<BannerFormValues>((values) => validateBanner(values, null, false));

const fieldNames = Object.keys(emptyBannerValues);

/**
 * State of the Add/Edit panel on react-hook-form: values, the chosen file with its live preview (an
 * object URL, revoked when replaced or when the panel goes), field errors that clear on edit, and saving.
 */
export function useBannerForm({ banner, onSaved }: { banner: BannerAd | null; onSaved: (saved: BannerAd) => void }) {
  const creating = banner === null;
  const form = useForm<BannerFormValues>({
    defaultValues: banner ? bannerValues(banner) : emptyBannerValues,
    resolver: fieldsResolver,
    mode: 'onSubmit',
    // A field's message goes as soon as it is edited, and comes back only on the next save.
    reValidateMode: 'onSubmit',
  });
  const { control, setValue, clearErrors, getValues, setError, trigger, formState } = form;
  const values = useWatch({ control }) as BannerFormValues;
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [imageError, setImageError] = useState<string | undefined>(undefined);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [create, createState] = useCreateBannerMutation();
  const [update, updateState] = useUpdateBannerMutation();
  const latestUrl = useRef<string | null>(null);
  useEffect(() => () => void (latestUrl.current && URL.revokeObjectURL(latestUrl.current)), []);

  const errors: BannerFormErrors = { ...firstErrors(formState.errors) };
  if (imageError) errors.image = imageError;

  function setField<K extends keyof BannerFormValues>(key: K, value: BannerFormValues[K]) {
    setValue(key, value as never);
    // docs/product.md#validation-rules (as for packages): a field's error clears on edit; the date order involves both dates.
    clearErrors(key === 'startDate' ? ['startDate', 'endDate'] : key);
  }

  function chooseFile(file: File | null) {
    if (latestUrl.current) URL.revokeObjectURL(latestUrl.current);
    // A file that is not an image (or is too large) is refused as it is picked, not on Save.
    const problem = file ? imageProblem(file) : undefined;
    const url = file && !problem ? URL.createObjectURL(file) : null;
    latestUrl.current = url;
    setPicked(file && url ? { file, url } : null);
    setImageError(problem);
  }

  async function submit(): Promise<void> {
    const file = picked?.file ?? null;
    setSaveError(null);
    const image = validateBanner(getValues(), file, creating).image;
    setImageError(image);
    const valid = await trigger();
    if (!valid || image) return;
    const body = bannerFormData(getValues(), file);
    const result = banner ? await update({ id: banner._id, body }) : await create(body);
    if ('error' in result) {
      const answer = apiError(result.error);
      showServerErrors(setError, answer.errors, fieldNames);
      setImageError(answer.errors.image);
      setSaveError(serverMessage(result.error, bannerMessages.saveFailed));
      return;
    }
    onSaved(result.data.bannerAd);
  }

  return {
    creating,
    values,
    setField,
    file: picked?.file ?? null,
    previewUrl: picked?.url ?? null,
    chooseFile,
    errors,
    saveError,
    saving: createState.isLoading || updateState.isLoading,
    submit,
  };
}
