import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, DataTable, FieldError, Page, toast } from '@promatch/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { z } from '@promatch/shared/validation';
import { formatWhen } from '../../../lib/format';
import { ErrorText, SectionHeading, Stack } from '../../../lib/ui';
import { useAnnouncements, type Announcement } from '../api/get-announcements';
import { usePublishAnnouncement } from '../api/publish-announcement';
import { useSetAnnouncementActive } from '../api/set-announcement-active';

const TARGETS = { all: 'Everyone', professional: 'Professionals', business: 'Businesses' };

const schema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  message: z.string().trim().min(1, 'Message is required').max(2000, 'At most 2,000 characters'),
  target_type: z.enum(['all', 'professional', 'business']),
  schedule: z
    .string()
    .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), 'Invalid date'),
});
type Values = z.infer<typeof schema>;

/** The banner as users will see it (same colours and layout as the shell's). */
const Preview = styled.section`
  background: ${({ theme }) => theme.colors.emphasis};
  color: ${({ theme }) => theme.colors.onEmphasis};
  padding: 0.6rem 1.25rem;
  border-radius: ${({ theme }) => theme.radius};
  p {
    margin: 0;
  }
`;

function status(a: Announcement, now: number) {
  if (!a.is_active) return <Badge>Inactive</Badge>;
  if (new Date(a.sent_at).getTime() > now) return <Badge $tone="warning">Scheduled</Badge>;
  return <Badge $tone="success">Showing</Badge>;
}

export function AnnouncementsPage() {
  const list = useAnnouncements();
  const publish = usePublishAnnouncement();
  const setActive = useSetAnnouncementActive();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { title: '', message: '', target_type: 'all', schedule: '' },
  });
  const [title, message] = watch(['title', 'message']);

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await publish.mutateAsync({
        title: values.title,
        message: values.message,
        target_type: values.target_type,
        ...(values.schedule ? { sent_at: new Date(values.schedule).toISOString() } : {}),
      });
      toast({ title: values.schedule ? 'Announcement scheduled' : 'Announcement published' });
      reset();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : 'Could not publish');
    }
  });
  const toggle = async (a: Announcement) => {
    try {
      await setActive.mutateAsync({ id: a.id, isActive: !a.is_active });
      toast({ title: a.is_active ? 'Announcement deactivated' : 'Announcement reactivated' });
    } catch (error) {
      toast({
        title: 'Could not change the announcement',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };
  const now = Date.now();

  return (
    <Page
      heading="Announcements"
      lead="Signed-in users see the newest active announcement for everyone or their account type in a banner, until they dismiss it."
    >
      <SectionHeading>Compose</SectionHeading>
      <form onSubmit={submit} noValidate aria-label="Compose announcement">
        <Stack>
          <label>
            Title
            <input
              aria-invalid={errors.title ? 'true' : 'false'}
              aria-describedby={errors.title ? 'announcement-title-error' : undefined}
              {...register('title')}
            />
          </label>
          {errors.title ? (
            <FieldError id="announcement-title-error">{errors.title.message}</FieldError>
          ) : null}
          <label>
            Message
            <textarea
              rows={3}
              aria-invalid={errors.message ? 'true' : 'false'}
              aria-describedby={errors.message ? 'announcement-message-error' : undefined}
              {...register('message')}
            />
          </label>
          {errors.message ? (
            <FieldError id="announcement-message-error">{errors.message.message}</FieldError>
          ) : null}
          <label>
            Audience
            <select {...register('target_type')}>
              <option value="all">Everyone</option>
              <option value="professional">Professionals</option>
              <option value="business">Businesses</option>
            </select>
          </label>
          <label>
            Show from (leave empty to publish now)
            <input type="datetime-local" {...register('schedule')} />
          </label>
          {errors.schedule ? <FieldError>{errors.schedule.message}</FieldError> : null}
          {title || message ? (
            <div>
              <p>Preview</p>
              <Preview aria-label="Preview">
                <p>
                  <strong>{title}</strong> {message}
                </p>
              </Preview>
            </div>
          ) : null}
          {serverError ? <ErrorText role="alert">{serverError}</ErrorText> : null}
          <div>
            <Button type="submit" disabled={isSubmitting}>
              Publish
            </Button>
          </div>
        </Stack>
      </form>

      <SectionHeading>History</SectionHeading>
      {list.error ? <ErrorText role="alert">{list.error.message}</ErrorText> : null}
      {list.data ? (
        <DataTable
          caption="All announcements, newest first"
          columns={['Title', 'Message', 'Audience', 'Shows from', 'Status', 'Action']}
        >
          {list.data.map((a) => (
            <tr key={a.id}>
              <td>{a.title}</td>
              <td>{a.message}</td>
              <td>{TARGETS[a.target_type as keyof typeof TARGETS] ?? a.target_type}</td>
              <td>{formatWhen(a.sent_at)}</td>
              <td>{status(a, now)}</td>
              <td>
                <Button
                  type="button"
                  $size="sm"
                  $variant="outline"
                  onClick={() => void toggle(a)}
                  aria-label={`${a.is_active ? 'Deactivate' : 'Reactivate'} ${a.title}`}
                >
                  {a.is_active ? 'Deactivate' : 'Reactivate'}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </Page>
  );
}
