import { Button, toast, TextField, useHydrated } from '@promatch/shared';
import type { LoginInput } from '@promatch/shared/validation';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from '../../../lib/password-field';

export interface LoginFormProps {
  submitLabel: string;
  onSubmit(input: LoginInput): Promise<void>;
  /** Repeated failures in this browser: the form waits before it may be sent again. */
  waiting?: boolean;
  /** Shown above the button (the captcha, when the site has one). */
  children?: ReactNode;
}

type Field = keyof LoginInput;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['email', 'password'];

/**
 * The form's rules, checked with zod: each field's first message. zod and the schema (most of
 * the sign-in page's code) are fetched on the first check (typing, leaving a field, sending),
 * not before the page responds (decision 0124).
 */
async function checkLogin(values: LoginInput): Promise<Errors> {
  const { loginSchema } = await import('@promatch/shared/validation');
  const result = loginSchema.safeParse(values);
  const errors: Errors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * E-mail and password with the shared form messages; errors show after blur or typing. The form
 * is rendered on the server too (decision 0124): its fields have fixed ids (a useId id would
 * differ once hydrated inside the shell), and it cannot be sent until hydrated. Its two fields
 * keep their text in the page, not in React state (decision 0136): what was typed before the
 * form hydrated stays, and the sign-in page needs no form library before it responds.
 */
export function LoginForm({ submitLabel, onSubmit, waiting = false, children }: LoginFormProps) {
  const hydrated = useHydrated();
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const hasErrors = Object.keys(errors).length > 0;

  const values = (): LoginInput => ({
    email: email.current?.value ?? '',
    password: password.current?.value ?? '',
  });

  /** Checks the whole form and shows (or clears) the messages of `fields` only. */
  const check = async (fields: readonly Field[]): Promise<Errors> => {
    const found = await checkLogin(values());
    setErrors((shown) => {
      const next = { ...shown };
      for (const field of fields) {
        if (found[field]) next[field] = found[field];
        else delete next[field];
      }
      return next;
    });
    return found;
  };

  const send = async (input: LoginInput) => {
    setSubmitting(true);
    try {
      const found = await check(FIELDS);
      const invalid = FIELDS.find((field) => found[field]);
      if (invalid) {
        (invalid === 'email' ? email : password).current?.focus();
        return;
      }
      await onSubmit(input);
    } finally {
      setSubmitting(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = values();
    if (!input.email.trim() || !input.password) {
      toast({
        title: 'Missing Information',
        description: 'Please enter both email and password.',
        variant: 'destructive',
      });
      void check(FIELDS);
      return;
    }
    void send(input);
  };

  const checked = (field: Field) => () => void check([field]);

  return (
    // method="post": should the form ever be sent natively, nothing typed goes into the address.
    <form method="post" noValidate onSubmit={submit} aria-label="Sign in">
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        name="email"
        ref={email}
        error={errors.email}
        onChange={checked('email')}
        onBlur={checked('email')}
      />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        name="password"
        ref={password}
        error={errors.password}
        onChange={checked('password')}
        onBlur={checked('password')}
      />
      {children}
      <Button
        type="submit"
        $variant="cta"
        disabled={!hydrated || hasErrors || isSubmitting || waiting}
      >
        {isSubmitting ? 'Signing in...' : submitLabel}
      </Button>
    </form>
  );
}
