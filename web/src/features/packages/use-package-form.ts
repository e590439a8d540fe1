import { useState } from 'react';
import {
  PACKAGE_ICONS,
  validatePackage,
  type Package,
  type PackageField,
  type PackageFieldErrors,
  type PackagePopularity,
  type PackageStatus,
  type PackageType,
} from '@backoffice/contract';

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

/** Form state with behaviour in docs/product.md#validation-rules: errors from the shared rules, each cleared when its field is edited. */
export function usePackageForm(initial: () => PackageFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PackageFieldErrors>({});

  function clearError(field: PackageField) {
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _cleared, ...rest } = e;
      return rest;
    });
  }

  function setField<K extends Exclude<keyof PackageFormValues, 'features' | 'icon'>>(
    key: K,
    value: PackageFormValues[K],
  ) {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  }

  function setFeatures(update: (features: string[]) => string[]) {
    setValues((v) => ({ ...v, features: update(v.features) }));
    clearError('features');
  }

  return {
    values,
    errors,
    setField,
    setFeature: (index: number, text: string) => setFeatures((list) => list.map((f, i) => (i === index ? text : f))),
    addFeature: () => setFeatures((list) => [...list, '']),
    /** docs/product.md#packages: the last feature cannot be removed. */
    removeFeature: (index: number) =>
      setFeatures((list) => (list.length > 1 ? list.filter((_, i) => i !== index) : list)),
    /** Runs the shared rules; on failure shows every message and returns null. */
    validate() {
      const result = validatePackage(formToBody(values));
      if (result.success) return result.data;
      setErrors(result.errors);
      return null;
    },
    /** A 400's `errors` map (docs/decisions/0013-errors-and-validation.md) onto the fields (`features.2` belongs to features). */
    showServerErrors(serverErrors: Record<string, string>) {
      const mapped: PackageFieldErrors = {};
      for (const [path, message] of Object.entries(serverErrors)) {
        const field = path.split('.')[0] as PackageField;
        if (field in values) mapped[field] ??= message;
      }
      setErrors(mapped);
    },
  };
}
