import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  PACKAGE_ICONS,
  packageBody,
  type Package,
  type PackageBody,
  type PackagePopularity,
  type PackageStatus,
  type PackageType,
} from '@backoffice/contract';
import { firstErrors, showServerErrors } from '../../lib/form';

/** What the inputs hold: text as typed, so a bad price can be shown back with its message. */
export type PackageFormValues = {
  name: string;
  type: '' | PackageType;
  price: string;
  duration: string;
  maxAds: string;
  popularity: PackagePopularity;
  status: PackageStatus;
  description: string;
  features: string[];
  /** The icon sent back: null (the type's default) unless the package was given the other one. */
  icon: string | null;
};

export function emptyPackageForm(): PackageFormValues {
  // docs/product.md#states-and-transitions: new items default to Active.
  return {
    name: '',
    type: '',
    price: '',
    duration: '',
    maxAds: '',
    popularity: 'None',
    status: 'Active',
    description: '',
    features: [''],
    icon: null,
  };
}

export function packageToForm(pkg: Package): PackageFormValues {
  return {
    name: pkg.name,
    type: pkg.type,
    price: String(pkg.price),
    duration: pkg.duration,
    maxAds: String(pkg.maxAds),
    popularity: pkg.popularity,
    status: pkg.status,
    description: pkg.description,
    features: pkg.features.length ? [...pkg.features] : [''],
    icon: pkg.icon === PACKAGE_ICONS[pkg.type] ? null : pkg.icon,
  };
}

/** Text → number as typed ("4,500" is 4500); blank is not a number. */
function toNumber(text: string): number {
  const compact = text.trim().replace(/,/g, '');
  return compact === '' ? Number.NaN : Number(compact);
}

/** The request body the form stands for (fields in docs/product.md#calls); the shared rules then check it. */
export function formToBody(values: PackageFormValues): Record<string, unknown> {
  return {
    name: values.name,
    type: values.type === '' ? undefined : values.type,
    description: values.description,
    price: toNumber(values.price),
    duration: values.duration,
    maxAds: toNumber(values.maxAds),
    features: values.features,
    status: values.status,
    popularity: values.popularity,
    icon: values.icon,
  };
}

/** The form's rules: the body it stands for must pass the contract's package schema (the server's check). */
const packageFormSchema = z.custom<PackageFormValues>().transform(formToBody).pipe(packageBody);

/**
 * The package form on react-hook-form: the contract's rules run on submit, each field's message
 * clears when that field is edited, and a 400's per-field messages show under their fields.
 */
export function usePackageForm(initial: () => PackageFormValues) {
  const form = useForm<PackageFormValues, unknown, PackageBody>({
    defaultValues: initial(),
    resolver: zodResolver(packageFormSchema),
    mode: 'onSubmit',
    // A field's message goes as soon as it is edited, and comes back only on the next save.
    reValidateMode: 'onSubmit',
  });
  const { control, setValue, clearErrors, getValues, setError, formState } = form;
  const values = useWatch({ control }) as PackageFormValues;
  const errors = firstErrors(formState.errors);

  function setField<K extends Exclude<keyof PackageFormValues, 'features' | 'icon'>>(
    key: K,
    value: PackageFormValues[K],
  ) {
    setValue(key, value as never);
    clearErrors(key);
  }

  function setFeatures(update: (features: string[]) => string[]) {
    setValue('features', update(getValues('features')));
    clearErrors('features');
  }

  return {
    values,
    errors,
    handleSubmit: form.handleSubmit,
    setField,
    setFeature: (index: number, text: string) => setFeatures((list) => list.map((f, i) => (i === index ? text : f))),
    addFeature: () => setFeatures((list) => [...list, '']),
    /** docs/product.md#packages: the last feature cannot be removed. */
    removeFeature: (index: number) =>
      setFeatures((list) => (list.length > 1 ? list.filter((_, i) => i !== index) : list)),
    showServerErrors: (serverErrors: Record<string, string>) =>
      showServerErrors(setError, serverErrors, Object.keys(getValues())),
  };
}
