import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  USER_LANGUAGES,
  languageNames,
  roleMessages,
  userConfirmText,
  userMessages,
  validateUserEdit,
  type PublicUser,
  type UserUpdateInput,
} from '@backoffice/contract';
import { Banner, Button, Modal, TextField } from '../../components/ui';
import { apiError, isHttpError, serverMessage } from '../../lib/api';
import { checkResolver, firstErrors, showServerErrors } from '../../lib/form';
import { FormSelect } from './form-select';
import { useUpdateUserMutation } from './users-api';

type Form = {
  username: string;
  email: string;
  mobile: string;
  password: string;
  currentPassword: string;
  role: string;
  status: string;
  language: string;
  /** An admin's role and a moderator's categories, comma-separated (docs/decisions/0033-roles.md). */
  adminRole: string;
  categories: string;
};

const adminRoleOptions = ADMIN_ROLES.map((value) => ({ value, label: ADMIN_ROLE_LABELS[value] }));
const categoryList = (text: string) =>
  text
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

const roleOptions = [
  { value: 'admin', label: 'Admin' },
  { value: 'advertiser', label: 'Advertiser' },
];
const languageOptions = USER_LANGUAGES.map((value) => ({ value, label: languageNames[value] }));
const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export interface UserEditModalProps {
  user: PublicUser;
  /** The signed-in admin is editing their own record: the role cannot be lowered (docs/decisions/0004-users.md). */
  self: boolean;
  onClose: () => void;
  /** Saved: the user as the server now has it. */
  onSaved: (user: PublicUser) => void;
  /** docs/product.md#states-and-transitions update-user start/failure, for the signed-in admin's own record. */
  onStart?: () => void;
  onFailure?: (message: string) => void;
}

/**
 * Edit User (docs/product.md#user-detail, docs/product.md#validation-rules): Username, Email, Mobile, Password (left empty keeps the current one and
 * is then not sent), Role and Status. Checked with the server's rules before sending; the server's
 * field errors and message are shown when it refuses.
 */
export function UserEditModal({ user, self, onClose, onSaved, onStart, onFailure }: UserEditModalProps) {
  const formId = useId();
  const { control, setValue, clearErrors, setError, handleSubmit, formState } = useForm<Form>({
    defaultValues: {
      username: user.username,
      email: user.email,
      mobile: user.mobile ?? '',
      password: '',
      currentPassword: '',
      role: user.isAdmin ? 'admin' : 'advertiser',
      status: user.isVerified ? 'active' : 'inactive',
      language: user.language ?? 'en',
      adminRole: user.role ?? 'administrator',
      categories: (user.categories ?? []).join(', '),
    },
    resolver: useMemo(() => checkResolver<Form>((values) => validateUserEdit(values, self)), [self]),
    mode: 'onSubmit',
    // A field's message goes as soon as it is edited, and comes back only on the next save.
    reValidateMode: 'onSubmit',
  });
  const form = useWatch({ control }) as Form;
  const errors = firstErrors(formState.errors);
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { isLoading: saving }] = useUpdateUserMutation();
  // Admins setting their own new password confirm it with the current one; the server checks it.
  const askCurrent = self && form.password !== '';

  function set<K extends keyof Form>(key: K, value: Form[K]) {
    setValue(key, value as never);
    clearErrors(key);
  }

  // Promoting an advertiser to Admin hands over the whole back office: it asks first (issue 32.7).
  const [promoting, setPromoting] = useState<Form | null>(null);

  async function save(form: Form) {
    if (saving) return;
    if (form.role === 'admin' && !user.isAdmin && promoting === null) {
      setPromoting(form);
      return;
    }
    setPromoting(null);
    setFailure(null);
    const body: UserUpdateInput = {
      username: form.username.trim(),
      email: form.email.trim(),
      mobile: form.mobile.trim(),
      isAdmin: form.role === 'admin',
      isVerified: form.status === 'active',
      // Sent when changed: left out keeps it.
      ...(form.language !== (user.language ?? 'en') ? { language: form.language as UserUpdateInput['language'] } : {}),
      ...(form.role === 'admin'
        ? {
            role: form.adminRole as UserUpdateInput['role'],
            categories: form.adminRole === 'moderator' ? categoryList(form.categories) : null,
          }
        : {}),
      // docs/product.md#validation-rules: the password is sent only if entered.
      ...(form.password ? { password: form.password } : {}),
      ...(askCurrent ? { currentPassword: form.currentPassword } : {}),
    };
    onStart?.();
    const result = await update({ id: user._id, body });
    if ('error' in result) {
      const message = isHttpError(result.error)
        ? serverMessage(result.error, userMessages.updateFailed)
        : userMessages.updateFailed;
      showServerErrors(setError, apiError(result.error).errors, Object.keys(form));
      setFailure(message);
      onFailure?.(message);
      return;
    }
    onSaved(result.data);
  }

  if (promoting)
    return (
      <Modal
        title={userConfirmText.promoteTitle}
        onClose={() => setPromoting(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setPromoting(null)} disabled={saving}>
              Back
            </Button>
            <Button data-autofocus onClick={() => void save(promoting)} loading={saving} disabled={saving}>
              {userConfirmText.promoteConfirm}
            </Button>
          </>
        }
      >
        <p>{userConfirmText.promote(`${user.name?.trim() || user.username} (@${user.username})`)}</p>
      </Modal>
    );

  return (
    <Modal
      title="Edit User"
      onClose={onClose}
      className="max-w-lg"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="space-y-4">
        {failure && <Banner message={{ tone: 'error', text: failure }} />}
        <TextField
          data-autofocus
          label="Username"
          autoComplete="off"
          value={form.username}
          error={errors.username}
          onChange={(e) => set('username', e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={form.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
        />
        <TextField
          label="Mobile"
          type="tel"
          autoComplete="off"
          placeholder="07X XXX XXXX"
          value={form.mobile}
          error={errors.mobile}
          onChange={(e) => set('mobile', e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder={userMessages.passwordHint}
          value={form.password}
          error={errors.password}
          onChange={(e) => set('password', e.target.value)}
        />
        <p className="-mt-2 text-xs text-slate-400">Leave empty to keep the current password.</p>
        {askCurrent && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={form.currentPassword}
            error={errors.currentPassword}
            onChange={(e) => set('currentPassword', e.target.value)}
          />
        )}
        <div className="grid grid-cols-2 gap-4">
          <FormSelect
            label="Role"
            value={form.role}
            options={roleOptions}
            disabled={self}
            hint={self ? userMessages.cannotDemoteSelf : undefined}
            onChange={(v) => set('role', v)}
          />
          <FormSelect label="Status" value={form.status} options={statusOptions} onChange={(v) => set('status', v)} />
        </div>
        {form.role === 'admin' && (
          <FormSelect
            label={roleMessages.roleLabel}
            value={form.adminRole}
            options={adminRoleOptions}
            // Fixed on one's own record; the Role field beside it says why.
            disabled={self}
            onChange={(v) => set('adminRole', v)}
          />
        )}
        {form.role === 'admin' && form.adminRole === 'moderator' && (
          <TextField
            label={roleMessages.categoriesLabel}
            autoComplete="off"
            placeholder={roleMessages.categoriesHint}
            value={form.categories}
            error={errors.categories}
            onChange={(e) => set('categories', e.target.value)}
          />
        )}
        {!user.isAdmin && (
          <FormSelect
            label="Language of messages"
            value={form.language}
            options={languageOptions}
            onChange={(v) => set('language', v)}
          />
        )}
      </form>
    </Modal>
  );
}
