import { Button, FieldError, Page, safeReturnTo, TextField, toast } from '@promatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CheckboxField, FormCard } from '../../../lib/form-layout';
import { leadCaptureSchema, useCreateLead, type LeadCaptureInput } from '../api/create-lead';

/** Where a visitor with a lead capture goes by default (decision 0011). */
export const LEAD_DEFAULT_DESTINATION = '/ai-matching';

/** /get-access: a visitor leaves an e-mail with explicit consent (lead capture, decision 0011). */
export function GetAccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const createLead = useCreateLead();
  const { register, handleSubmit, formState } = useForm<LeadCaptureInput>({
    resolver: zodResolver(leadCaptureSchema),
    mode: 'onTouched',
    defaultValues: { email: '', name: '', company: '', consent: false },
  });
  const { errors } = formState;
  const submit = (input: LeadCaptureInput) =>
    createLead.mutateAsync(input).then(
      () => {
        toast({
          title: 'Access granted',
          description: 'Thanks! You can look around for 30 days.',
          variant: 'success',
        });
        navigate(safeReturnTo(params.get('returnTo'), LEAD_DEFAULT_DESTINATION), { replace: true });
      },
      () =>
        toast({
          title: 'Something went wrong',
          description: 'Please try again later.',
          variant: 'destructive',
        }),
    );
  return (
    <Page
      heading="Try ProMatch without an account"
      lead="Leave your e-mail address to try AI matching. No password needed."
    >
      <FormCard>
        <form noValidate aria-label="Get access" onSubmit={handleSubmit(submit)}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField label="Name (optional)" autoComplete="name" {...register('name')} />
          <TextField
            label="Company (optional)"
            autoComplete="organization"
            {...register('company')}
          />
          <CheckboxField>
            <label>
              <input
                type="checkbox"
                aria-describedby={errors.consent ? 'consent-error' : undefined}
                {...register('consent')}
              />{' '}
              I agree that ProMatch may store these details and contact me about my search for 30
              days, as described in the <Link to="/privacy">Privacy Policy</Link> (consent version
              1.0).
            </label>
            {errors.consent ? (
              <FieldError id="consent-error" role="alert">
                {errors.consent.message}
              </FieldError>
            ) : null}
          </CheckboxField>
          <Button type="submit" $variant="cta" disabled={formState.isSubmitting}>
            Get access
          </Button>
        </form>
        <p>
          Prefer a full account? <Link to="/register">Sign up here</Link>
        </p>
      </FormCard>
    </Page>
  );
}
