import { Badge, Card, DataTable, Page, toast } from '@promatch/shared';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatWhen } from '../../../lib/format';
import { ReasonForm } from '../../../lib/reason-form';
import { ErrorText, SectionHeading, Stack } from '../../../lib/ui';
import { useUserDetail } from '../api/get-user-detail';
import { useUserAction, type UserAction } from '../api/run-user-action';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  gap: 1rem;
`;

const DONE: Record<UserAction['kind'], string> = {
  suspend: 'User suspended',
  reinstate: 'User reinstated',
  reset_mfa: 'Two-factor reset',
  verified: 'Verified badge updated',
};

export function UserDetailPage() {
  const { userId = '' } = useParams();
  const detail = useUserDetail(userId);
  const action = useUserAction(userId);
  const run = (kind: UserAction) => async (reason: string) => {
    await action.mutateAsync({ action: kind, reason });
    toast({ title: DONE[kind.kind] });
  };

  if (detail.isPending) {
    return (
      <Page heading="User">
        <p role="status">Loading the user…</p>
      </Page>
    );
  }
  if (detail.error) {
    return (
      <Page heading="User">
        <ErrorText role="alert">{detail.error.message}</ErrorText>
        <Link to="/management/users">Back to users</Link>
      </Page>
    );
  }
  const { profile, company, plan } = detail.data;
  const suspended = profile.suspended_at !== null;
  return (
    <Page heading={profile.name || detail.data.email} title={`User ${profile.name}`}>
      <p>
        <Link to="/management/users">Back to users</Link>
      </p>
      <p>
        {suspended ? (
          <Badge $tone="warning">Suspended since {formatWhen(profile.suspended_at)}</Badge>
        ) : (
          <Badge $tone="success">Active</Badge>
        )}{' '}
        {profile.verified ? <Badge $tone="primary">Verified badge</Badge> : null}
      </p>
      <Columns>
        <Card>
          <SectionHeading>Profile</SectionHeading>
          <Facts>
            <dt>E-mail</dt>
            <dd>{detail.data.email}</dd>
            <dt>Account type</dt>
            <dd>{profile.account_type === 'business' ? 'Business' : 'Professional'}</dd>
            <dt>Title</dt>
            <dd>{profile.title ?? '—'}</dd>
            <dt>Location</dt>
            <dd>{profile.location ?? '—'}</dd>
            <dt>Signed up</dt>
            <dd>{formatWhen(detail.data.signed_up_at)}</dd>
            <dt>Last sign-in</dt>
            <dd>{formatWhen(detail.data.last_sign_in_at)}</dd>
            <dt>Two-factor</dt>
            <dd>{detail.data.mfa_factors > 0 ? 'On' : 'Off'}</dd>
          </Facts>
        </Card>
        <Card>
          <SectionHeading>Company and plan</SectionHeading>
          <Facts>
            <dt>Company</dt>
            <dd>
              {company
                ? `${company.company_name} (${company.company_number}), ${company.verification_status}`
                : (profile.company ?? '—')}
            </dd>
            <dt>Plan</dt>
            <dd>{plan ? `${plan.plan_name} (platform fee ${plan.commission_rate}%)` : '—'}</dd>
          </Facts>
          <DataTable caption="Usage this month" columns={['Metric', 'Used']}>
            {detail.data.usage.length === 0 ? (
              <tr>
                <td colSpan={2}>No usage recorded this month.</td>
              </tr>
            ) : (
              detail.data.usage.map((u) => (
                <tr key={u.metric_name}>
                  <td>{u.metric_name.replace(/_/g, ' ')}</td>
                  <td>{u.current_usage}</td>
                </tr>
              ))
            )}
          </DataTable>
        </Card>
      </Columns>

      <SectionHeading>Actions</SectionHeading>
      <Columns>
        <Card>
          <Stack>
            {suspended ? (
              <ReasonForm action="Reinstate" onConfirm={run({ kind: 'reinstate' })} />
            ) : (
              <ReasonForm
                action="Suspend"
                variant="destructive"
                onConfirm={run({ kind: 'suspend' })}
              />
            )}
          </Stack>
        </Card>
        <Card>
          <Stack>
            <ReasonForm
              action="Reset two-factor"
              variant="outline"
              onConfirm={run({ kind: 'reset_mfa' })}
            />
          </Stack>
        </Card>
        <Card>
          <Stack>
            {profile.verified ? (
              <ReasonForm
                action="Remove verified badge"
                variant="outline"
                onConfirm={run({ kind: 'verified', verified: false })}
              />
            ) : (
              <ReasonForm
                action="Grant verified badge"
                onConfirm={run({ kind: 'verified', verified: true })}
              />
            )}
          </Stack>
        </Card>
      </Columns>

      <SectionHeading>Recent activity</SectionHeading>
      <DataTable caption="Latest 20 events" columns={['When', 'Event', 'Page']}>
        {detail.data.activity.length === 0 ? (
          <tr>
            <td colSpan={3}>No activity recorded.</td>
          </tr>
        ) : (
          detail.data.activity.map((e, index) => (
            <tr key={`${e.timestamp}-${index}`}>
              <td>{formatWhen(e.timestamp)}</td>
              <td>{[e.event_type, e.event_action].filter(Boolean).join(': ')}</td>
              <td>{e.page_path ?? '—'}</td>
            </tr>
          ))
        )}
      </DataTable>
      <DataTable caption="Admin actions on this user" columns={['When', 'Action', 'Reason']}>
        {detail.data.admin_actions.length === 0 ? (
          <tr>
            <td colSpan={3}>None.</td>
          </tr>
        ) : (
          detail.data.admin_actions.map((a, index) => (
            <tr key={`${a.occurred_at}-${index}`}>
              <td>{formatWhen(a.occurred_at)}</td>
              <td>{a.action.replace(/_/g, ' ')}</td>
              <td>{a.reason ?? '—'}</td>
            </tr>
          ))
        )}
      </DataTable>
    </Page>
  );
}
