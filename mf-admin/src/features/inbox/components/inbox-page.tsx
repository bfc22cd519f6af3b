import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Card, FieldError, Page, toast } from '@promatch/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { z } from '@promatch/shared/validation';
import { formatWhen } from '../../../lib/format';
import { ErrorText, Muted, Stack, Toolbar } from '../../../lib/ui';
import { useInbox, type InboxItem, type InboxKind, type InboxStatus } from '../api/get-inbox';
import { useStaff, type StaffMember } from '../api/get-staff-names';
import { useReply } from '../api/reply-by-email';
import { useTriage } from '../api/triage-item';

const KINDS: { kind: InboxKind; label: string }[] = [
  { kind: 'contact_message', label: 'Contact messages' },
  { kind: 'lead', label: 'Leads' },
  { kind: 'newsletter_subscriber', label: 'Newsletter subscribers' },
];

const STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  answered: 'Answered',
  archived: 'Archived',
};

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

const replySchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'At most 200 characters'),
  body: z.string().trim().min(1, 'Message is required').max(10000, 'At most 10,000 characters'),
});
type ReplyValues = z.infer<typeof replySchema>;

function ReplyForm({ item }: { item: InboxItem }) {
  const id = useId();
  const reply = useReply();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReplyValues>({
    resolver: zodResolver(replySchema),
    defaultValues: { subject: item.subject ? `Re: ${item.subject}` : 'ProMatch', body: '' },
  });
  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await reply.mutateAsync({ item, ...values });
      toast({ title: 'Reply sent', description: `E-mailed to ${item.email}` });
      reset({ subject: values.subject, body: '' });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : 'Could not send');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`Reply to ${item.email}`}>
      <Stack>
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input id={`${id}-subject`} {...register('subject')} />
        {errors.subject ? <FieldError>{errors.subject.message}</FieldError> : null}
        <label htmlFor={`${id}-body`}>Reply</label>
        <textarea id={`${id}-body`} rows={4} {...register('body')} />
        {errors.body ? <FieldError>{errors.body.message}</FieldError> : null}
        {serverError ? <ErrorText role="alert">{serverError}</ErrorText> : null}
        <div>
          <Button type="submit" $size="sm" disabled={isSubmitting}>
            Send reply by e-mail
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function Item({ item, staff }: { item: InboxItem; staff: StaffMember[] }) {
  const triage = useTriage();
  const id = useId();
  const change = async (patch: { status?: InboxStatus; assigned_to?: string | null }) => {
    try {
      await triage.mutateAsync({ item, patch });
      toast({ title: 'Saved' });
    } catch (error) {
      toast({
        title: 'Could not save',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };
  return (
    <li>
      <Card>
        <h2>
          {item.subject ?? item.email} <Badge>{STATUS_LABELS[item.status]}</Badge>
        </h2>
        <p>
          {item.from ? `${item.from} ` : ''}&lt;{item.email}&gt;, {formatWhen(item.created_at)}
        </p>
        {item.body ? <p>{item.body}</p> : null}
        <Toolbar>
          <label htmlFor={`${id}-status`}>
            Status
            <select
              id={`${id}-status`}
              value={item.status}
              onChange={(e) => void change({ status: e.target.value as InboxStatus })}
            >
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-assignee`}>
            Assigned to
            <select
              id={`${id}-assignee`}
              value={item.assigned_to ?? ''}
              onChange={(e) => void change({ assigned_to: e.target.value || null })}
            >
              <option value="">Nobody</option>
              {staff.map((s) => (
                <option key={s.user_id} value={s.user_id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        </Toolbar>
        <ReplyForm item={item} />
      </Card>
    </li>
  );
}

export function InboxPage() {
  const [kind, setKind] = useState<InboxKind>('contact_message');
  const [status, setStatus] = useState('');
  const items = useInbox(kind, status);
  const staff = useStaff();
  return (
    <Page
      heading="Inbox"
      lead="What visitors send us. Replies go out by e-mail and mark the item answered."
    >
      <Toolbar>
        <label>
          Inbox
          <select value={kind} onChange={(e) => setKind(e.target.value as InboxKind)}>
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </Toolbar>
      {items.error ? <ErrorText role="alert">{items.error.message}</ErrorText> : null}
      {items.data && items.data.length === 0 ? <Muted>Nothing here.</Muted> : null}
      {items.data ? (
        <List>
          {items.data.map((item) => (
            <Item key={item.id} item={item} staff={staff.data ?? []} />
          ))}
        </List>
      ) : null}
    </Page>
  );
}
