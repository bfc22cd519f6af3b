import { Button, Card, LabelledField, Stack, TextArea, TextField, toast } from '@promatch/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import {
  contactMessageSchema,
  useSendContactMessage,
  type ContactMessageInput,
} from '../api/send-contact-message';

const MessageBox = styled(TextArea)`
  min-height: 9rem;
`;

const Form = styled.form`
  max-width: 36rem;
`;

/** The contact form: validated in the browser with the table's limits, stored in the database. */
export function ContactForm() {
  const send = useSendContactMessage();
  // The fields are uncontrolled and start as the server drew them: react-hook-form keeps what a
  // visitor typed before the page came alive (a field edited before the form is ready).
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageSchema) });
  const submit = handleSubmit((data) =>
    send.mutate(data, {
      onError: (error) =>
        toast({ title: 'Message not sent', description: error.message, variant: 'destructive' }),
    }),
  );
  if (send.isSuccess) {
    return (
      <Card role="status">
        <Stack $gap="sm">
          <h2>Thank you, your message has been sent</h2>
          <p>We reply within one working day (Monday to Friday, 9am to 5pm UK time).</p>
        </Stack>
      </Card>
    );
  }
  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Contact form">
      {/* Fixed ids, not useId: see "no useId" in src/ssr/render-page.test.tsx. */}
      <TextField
        id="contact-name"
        label="Your name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="contact-email"
        label="Email address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="contact-subject"
        label="Subject"
        error={errors.subject?.message}
        {...register('subject')}
      />
      <LabelledField id="contact-message" label="Message" error={errors.message?.message}>
        {(control) => <MessageBox {...control} {...register('message')} />}
      </LabelledField>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send message'}
      </Button>
    </Form>
  );
}
