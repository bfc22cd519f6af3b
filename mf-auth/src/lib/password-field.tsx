import { Button, TextField, type TextFieldProps } from '@promatch/shared';
import { forwardRef, useState } from 'react';

/** A password input with a show/hide toggle; the value never leaves the form's memory. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        adornment={
          <Button
            type="button"
            $variant="outline"
            $size="sm"
            aria-pressed={visible}
            aria-label={
              visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`
            }
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
          </Button>
        }
      />
    );
  },
);
