import { Button, toast, TextField } from '@promatch/shared';
import type { LoginInput } from '@promatch/shared/validation';
import type { FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { PasswordField } from '../../../lib/password-field';
import { useHydrated } from '../../../lib/use-hydrated';

export interface LoginFormProps {
  submitLabel: string;
  onSubmit(input: LoginInput): Promise<void>;
}

/**
 * The form's rules, checked with zod. zod, its resolver and the schema (most of the sign-in
 * page's code) are fetched on the first check (typing, leaving a field, sending), not before the
 * page responds (decision 0124).
 */
const checkLogin: Resolver<LoginInput> = async (values, context, options) => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@promatch/shared/validation'),
  ]);
  return zodResolver(loginSchema)(values, context, options);
};

/**
 * E-mail and password with the shared form messages; errors show after blur or typing. The form
 * is rendered on the server too (decision 0124): its fields have fixed ids (a useId id would
 * differ once hydrated inside the shell), and it cannot be sent until hydrated.
 */
export function LoginForm({ submitLabel, onSubmit }: LoginFormProps) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: checkLogin,
    mode: 'all',
    defaultValues: { email: '', password: '' },
  });
  const hasErrors = Object.keys(errors).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { email, password } = getValues();
    if (!email.trim() || !password) {
      event.preventDefault();
      toast({
        title: 'Missing Information',
        description: 'Please enter both email and password.',
        variant: 'destructive',
      });
      void trigger();
      return;
    }
    void handleSubmit(onSubmit)(event);
  };

  return (
    // method="post": should the form ever be sent natively, nothing typed goes into the address.
    <form method="post" noValidate onSubmit={submit} aria-label="Sign in">
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" $variant="cta" disabled={!hydrated || hasErrors || isSubmitting}>
        {isSubmitting ? 'Signing in...' : submitLabel}
      </Button>
    </form>
  );
}
