import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, DataTable, FieldError, Page, toast } from '@promatch/shared';
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX } from '@promatch/shared/newsletter';
import { z } from '@promatch/shared/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatWhen } from '../../../lib/format';
import { ErrorText, SectionHeading, Stack } from '../../../lib/ui';
import {
  useNewsletterIssues,
  useSaveNewsletterDraft,
  useSendNewsletterIssue,
  type NewsletterIssue,
} from '../api/newsletter-issues';
import { NewsletterPreview } from './newsletter-preview';
import { SendIssueButton } from './send-issue-button';

const schema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(NEWSLETTER_SUBJECT_MAX, `At most ${NEWSLETTER_SUBJECT_MAX} characters`),
  body: z
    .string()
    .trim()
    .min(1, 'The newsletter needs some text')
    .max(NEWSLETTER_BODY_MAX, 'At most 50,000 characters'),
});
type Values = z.infer<typeof schema>;

function statusBadge(issue: NewsletterIssue) {
  if (issue.status === 'sent') return <Badge $tone="success">Sent</Badge>;
  if (issue.status === 'sending') return <Badge $tone="warning">Sending</Badge>;
  return <Badge>Draft</Badge>;
}

/** "12 of 12 sent", and failures when there are any; a dash for drafts. */
export function sentSummary(issue: NewsletterIssue): string {
  if (issue.status === 'draft') return '—';
  const failed = issue.failed_count > 0 ? `, ${issue.failed_count} failed` : '';
  return `${issue.sent_count} of ${issue.recipient_count} sent${failed}`;
}

export function NewsletterPage() {
  const list = useNewsletterIssues();
  const save = useSaveNewsletterDraft();
  const send = useSendNewsletterIssue();
  const [draftId, setDraftId] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { subject: '', body: '' } });
  const [subject, body] = watch(['subject', 'body']);

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      setDraftId(await save.mutateAsync({ ...values, id: draftId }));
      reset(values);
      toast({ title: 'Draft saved' });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : 'Could not save the draft');
    }
  });

  const sendDraft = async () => {
    if (!draftId) return;
    setServerError(null);
    try {
      const issue = await send.mutateAsync(draftId);
      toast({
        title: 'Newsletter sending',
        description: `Going to ${issue.recipient_count} confirmed subscriber${issue.recipient_count === 1 ? '' : 's'}.`,
      });
      setDraftId(undefined);
      reset({ subject: '', body: '' });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : 'Could not send');
    }
  };

  const edit = (issue: NewsletterIssue) => {
    setDraftId(issue.id);
    reset({ subject: issue.subject, body: issue.body });
  };

  return (
    <Page
      heading="Newsletter"
      lead="Write an issue, preview it, then send it to the confirmed newsletter subscribers. Every e-mail ends with that subscriber's own unsubscribe link."
    >
      <SectionHeading>{draftId ? 'Edit draft' : 'Write'}</SectionHeading>
      <form onSubmit={submit} noValidate aria-label="Write newsletter">
        <Stack>
          <label>
            Subject
            <input
              aria-invalid={errors.subject ? 'true' : 'false'}
              aria-describedby={errors.subject ? 'newsletter-subject-error' : undefined}
              {...register('subject')}
            />
          </label>
          {errors.subject ? (
            <FieldError id="newsletter-subject-error">{errors.subject.message}</FieldError>
          ) : null}
          <label>
            Newsletter text
            <textarea
              rows={12}
              aria-invalid={errors.body ? 'true' : 'false'}
              aria-describedby={
                errors.body ? 'newsletter-body-error newsletter-body-help' : 'newsletter-body-help'
              }
              {...register('body')}
            />
          </label>
          <p id="newsletter-body-help">
            Plain text. A blank line starts a new paragraph, a line starting with “- ” is a list
            item, and **two asterisks** make text bold.
          </p>
          {errors.body ? (
            <FieldError id="newsletter-body-error">{errors.body.message}</FieldError>
          ) : null}
          {subject || body ? (
            <div>
              <SectionHeading as="h3">Preview</SectionHeading>
              <NewsletterPreview subject={subject} body={body} />
            </div>
          ) : null}
          {serverError ? <ErrorText role="alert">{serverError}</ErrorText> : null}
          <div>
            <Button type="submit" $variant="outline" disabled={isSubmitting}>
              Save draft
            </Button>
          </div>
          {draftId ? (
            isDirty ? (
              <p>Save the draft to send it as it is now.</p>
            ) : (
              <SendIssueButton subject={subject} disabled={send.isPending} onSend={sendDraft} />
            )
          ) : null}
        </Stack>
      </form>

      <SectionHeading>Issues</SectionHeading>
      {list.error ? <ErrorText role="alert">{list.error.message}</ErrorText> : null}
      {list.data ? (
        list.data.length === 0 ? (
          <p>No issues yet.</p>
        ) : (
          <DataTable
            caption="All newsletter issues, newest first"
            columns={['Subject', 'Status', 'Sent', 'Written', 'Finished', 'Action']}
          >
            {list.data.map((issue) => (
              <tr key={issue.id}>
                <td>{issue.subject}</td>
                <td>{statusBadge(issue)}</td>
                <td>{sentSummary(issue)}</td>
                <td>{formatWhen(issue.created_at)}</td>
                <td>{issue.sent_at ? formatWhen(issue.sent_at) : '—'}</td>
                <td>
                  {issue.status === 'draft' ? (
                    <Button
                      type="button"
                      $size="sm"
                      $variant="outline"
                      onClick={() => edit(issue)}
                      aria-label={`Edit ${issue.subject}`}
                    >
                      Edit
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )
      ) : null}
    </Page>
  );
}
