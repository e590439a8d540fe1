import { useId, type FormEvent } from 'react';
import {
  BANNER_IMAGE_ACCEPT,
  BANNER_PLACEMENTS,
  bannerImageUrl,
  type BannerAd,
  type BannerPlacement,
} from '@backoffice/contract';
import {
  Banner,
  FieldError,
  SidePanel,
  TextAreaField,
  TextField,
  Thumbnail,
  Toggle,
  cx,
  selectClass,
  FormPanelFooter,
} from '../../components/ui';
import { useBannerForm } from './use-banner-form';

export interface BannerFormPanelProps {
  /** null: Add; a banner: Edit. */
  banner: BannerAd | null;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: BannerAd, created: boolean) => void;
}

const fileInputClass =
  'block w-full text-sm text-slate-300 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 ' +
  'file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-100 ' +
  'hover:file:bg-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 rounded-lg';

/**
 * Add/Edit panel (docs/product.md#banner-ads): Name, Status toggle, Description, Start and End Date (date only),
 * Placement (decision 0006), and Image (images only; required when adding; left empty on edit it
 * keeps the current one) with a live preview of the chosen file.
 */
export function BannerFormPanel({ banner, open, onClose, onSaved }: BannerFormPanelProps) {
  const form = useBannerForm({ banner, onSaved: (saved) => onSaved(saved, banner === null) });
  const { values, errors, setField } = form;
  const formId = useId();
  const imageId = useId();
  const placementId = useId();
  const imageHelpId = useId();
  const previewSrc = form.previewUrl ?? (banner ? bannerImageUrl(banner.image) : null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void form.submit();
  }

  return (
    <SidePanel
      title={banner ? 'Edit Banner Ad' : 'Add Banner Ad'}
      open={open}
      onRequestClose={onClose}
      footer={
        <FormPanelFooter formId={formId} onCancel={onClose} saving={form.saving} lockCancel>
          {form.saving ? 'Saving...' : 'Save'}
        </FormPanelFooter>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-5">
        {form.saveError && <Banner message={{ tone: 'error', text: form.saveError }} />}
        <TextField
          label="Name"
          value={values.name}
          maxLength={120}
          error={errors.name}
          onChange={(e) => setField('name', e.target.value)}
          data-autofocus
        />
        <Toggle
          label="Status"
          checked={values.status === 'Active'}
          onChange={(on) => setField('status', on ? 'Active' : 'Inactive')}
          onText="Active"
          offText="Inactive"
        />
        <TextAreaField
          label="Description"
          rows={4}
          value={values.description}
          maxLength={2000}
          error={errors.description}
          onChange={(e) => setField('description', e.target.value)}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Start Date"
            type="date"
            value={values.startDate}
            error={errors.startDate}
            onChange={(e) => setField('startDate', e.target.value)}
            className="[&_input]:[color-scheme:dark]"
          />
          <TextField
            label="End Date"
            type="date"
            value={values.endDate}
            min={values.startDate || undefined}
            error={errors.endDate}
            onChange={(e) => setField('endDate', e.target.value)}
            className="[&_input]:[color-scheme:dark]"
          />
        </div>
        <div>
          <label htmlFor={placementId} className="mb-1.5 block text-sm font-medium text-slate-300">
            Placement
          </label>
          <select
            id={placementId}
            value={values.placement}
            onChange={(e) => setField('placement', e.target.value as BannerPlacement)}
            className={cx(selectClass, 'w-full')}
          >
            {BANNER_PLACEMENTS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={imageId} className="mb-1.5 block text-sm font-medium text-slate-300">
            Image
          </label>
          <input
            id={imageId}
            type="file"
            accept={BANNER_IMAGE_ACCEPT}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={cx(imageHelpId, errors.image && `${imageId}-error`)}
            onChange={(e) => form.chooseFile(e.target.files?.[0] ?? null)}
            className={fileInputClass}
          />
          <p id={imageHelpId} className="mt-1 text-xs text-slate-400">
            JPEG, PNG, WebP or GIF, up to 5 MB.
            {banner && ' Leave empty to keep the current image.'}
          </p>
          <FieldError id={`${imageId}-error`} message={errors.image} />
          <figure className="mt-3">
            <Thumbnail
              src={previewSrc}
              alt={form.previewUrl ? 'Preview of the chosen image' : banner ? `Current image of ${banner.name}` : ''}
              loading="eager"
              fit="contain"
              className="aspect-[3/1] w-full rounded-lg border border-slate-800"
            />
            <figcaption className="mt-1 text-xs text-slate-400">
              {form.file ? `Preview: ${form.file.name}` : banner ? 'Current image' : 'No image chosen'}
            </figcaption>
          </figure>
        </div>
      </form>
    </SidePanel>
  );
}
