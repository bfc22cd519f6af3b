import { toast, type AccountType } from '@promatch/shared';
import {
  registerSchema,
  type RegisterInput,
  type SelectedCompany,
} from '@promatch/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { authErrorText } from '../../../lib/auth-error-text';
import { CAPTCHA_NEEDED, useCaptcha } from '../../../lib/captcha';
import { signUp } from '../api/sign-up';
import { REGISTRATION_SUCCESS, submitErrors } from '../utils/register-copy';

const planFromQuery = (plan: string | null) => (plan === 'pro' ? 'pro' : 'free');

/** The register form's state: fields, company, list check, sign-up and the success state. */
export function useRegister(options: { plan: string | null; onSuccess(type: AccountType): void }) {
  const [company, setCompanyState] = useState<SelectedCompany | null>(null);
  const [listErrors, setListErrors] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const captcha = useCaptcha();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    mode: 'all',
    defaultValues: {
      accountType: 'professional',
      name: '',
      email: '',
      password: '',
      company: '',
      selectedPlan: planFromQuery(options.plan),
      acceptTerms: false,
    },
  });
  const accountType = form.watch('accountType');

  const setCompany = (selected: SelectedCompany | null) => {
    setCompanyState(selected);
    form.setValue('company', selected?.record.company_name ?? '', {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const chooseAccountType = (type: AccountType) => {
    form.setValue('accountType', type);
    // Business accounts are always on the free plan (pro is for professionals), so reset it.
    if (type === 'business') form.setValue('selectedPlan', 'free');
  };

  const register = async (values: RegisterInput) => {
    setFailure(null);
    if (captcha.required && !captcha.token) {
      setFailure(CAPTCHA_NEEDED);
      return;
    }
    try {
      await signUp(
        { ...values, company_data: values.accountType === 'business' ? company : null },
        captcha.token ?? undefined,
      );
      toast({
        title: 'Registration successful!',
        description: REGISTRATION_SUCCESS,
        variant: 'success',
      });
      options.onSuccess(values.accountType);
    } catch (cause) {
      const message = authErrorText(cause);
      setFailure(message);
      toast({
        title: 'Registration Failed',
        description: message,
        variant: 'destructive',
      });
    } finally {
      if (captcha.required) captcha.reset();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const values = form.getValues();
    const errors = submitErrors({ ...values, hasCompany: company !== null });
    setListErrors(errors);
    if (errors.length > 0) {
      event.preventDefault();
      toast({
        title: 'Please fix the following errors:',
        description: errors.join(', '),
        variant: 'destructive',
      });
      void form.trigger();
      return;
    }
    void form.handleSubmit(register)(event);
  };

  const hasFieldErrors = Object.keys(form.formState.errors).length > 0;
  const blocked = hasFieldErrors || (accountType === 'business' && company === null);
  return {
    form,
    accountType,
    chooseAccountType,
    company,
    setCompany,
    listErrors,
    failure,
    submit,
    blocked,
    captcha,
  };
}
