import { Button, Card, FieldError, Label, TextField, toast } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  contactMessageSchema,
  useSendContactMessage,
  type ContactMessageInput,
} from '../api/send-contact-message';

const TextArea = styled.textarea`
  width: 100%;
  min-height: 9rem;
  padding: 0.6rem 0.75rem;
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

type Errors = Partial<Record<keyof ContactMessageInput, string>>;

function validate(form: HTMLFormElement): { data?: ContactMessageInput; errors: Errors } {
  const parsed = contactMessageSchema.safeParse(Object.fromEntries(new FormData(form)));
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ContactMessageInput;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The contact form: validated in the browser with the table's limits, stored in the database. */
export function ContactForm() {
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendContactMessage();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors: found } = validate(event.currentTarget);
    setErrors(found);
    if (!data) return;
    send.mutate(data, {
      onError: (error) =>
        toast({ title: 'Message not sent', description: error.message, variant: 'destructive' }),
    });
  };
  if (send.isSuccess) {
    return (
      <Card role="status">
        <h2 style={{ marginTop: 0 }}>Thank you, your message has been sent</h2>
        <p style={{ marginBottom: 0 }}>
          We reply within one working day (Monday to Friday, 9am to 5pm UK time).
        </p>
      </Card>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Contact form" style={{ maxWidth: '36rem' }}>
      {/* Fixed ids, not useId: see "no useId" in src/ssr/render-page.test.tsx. */}
      <TextField
        id="contact-name"
        label="Your name"
        name="name"
        autoComplete="name"
        error={errors.name}
      />
      <TextField
        id="contact-email"
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        error={errors.email}
      />
      <TextField id="contact-subject" label="Subject" name="subject" error={errors.subject} />
      <div style={{ marginBottom: '1rem' }}>
        <Label htmlFor="contact-message">Message</Label>
        <TextArea
          id="contact-message"
          name="message"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
        />
        {errors.message ? (
          <FieldError id="contact-message-error" role="alert">
            {errors.message}
          </FieldError>
        ) : null}
      </div>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
