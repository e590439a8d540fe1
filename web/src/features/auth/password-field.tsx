import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { IconButton, TextField } from '../../components/ui';

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** Password input with a show/hide toggle (docs/product.md#sign-in). */
export function PasswordField({ value, onChange, disabled }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label="Password"
      name="password"
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      placeholder="Enter your password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      trailing={
        <IconButton
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          className="size-8"
        >
          {visible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
        </IconButton>
      }
    />
  );
}
