import { Badge, Button, Card, Cluster } from '@promatch/shared';
import styled from 'styled-components';
import { findServiceCategory } from '@promatch/shared/categories';
import { format } from 'date-fns';
import { useRuleActions, useRuns, type AutomationRule } from '../api/rules';
import { ACTIONS, RULE_EVENTS, labelOf } from '../utils/rule-options';

const tone = { succeeded: 'success', skipped: 'neutral', failed: 'warning' } as const;
const outcomeText = { succeeded: 'Done', skipped: 'Skipped', failed: 'Failed' } as const;

/** "A new project matches me" -> "a new project matches me"; "I receive…" stays capitalised. */
const inSentence = (label: string) =>
  label.startsWith('I ') ? label : label.charAt(0).toLowerCase() + label.slice(1);

function describeRule(rule: AutomationRule): string {
  const when = inSentence(labelOf(RULE_EVENTS, rule.event));
  let condition = '';
  if (rule.condition_kind === 'message_contains')
    condition = ` and the message contains "${rule.condition_value ?? ''}"`;
  if (rule.condition_kind === 'sender_not_favourite')
    condition = ' and they are not in my favourites';
  if (rule.condition_kind === 'project_category') {
    condition = ` and the project is in ${findServiceCategory(rule.condition_value ?? '')?.name ?? rule.condition_value}`;
  }
  const then = inSentence(labelOf(ACTIONS, rule.action));
  return `When ${when}${condition}, ${then}.`;
}

const RuleActions = styled(Cluster)`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

function RunHistory({ rule }: { rule: AutomationRule }) {
  const runs = useRuns(rule.id);
  if (runs.isPending) return <p role="status">Loading runs…</p>;
  if (runs.isError) return <p role="alert">Runs could not be loaded: {runs.error.message}</p>;
  if (runs.data.length === 0) return <p>This rule has not run yet.</p>;
  return (
    <table>
      <caption>Latest runs of {rule.name}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Outcome</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {runs.data.map((run) => (
          <tr key={run.id} data-testid="automation-run">
            <td>{format(new Date(run.created_at), 'd MMM HH:mm:ss')}</td>
            <td>
              <Badge $tone={tone[run.outcome]}>{outcomeText[run.outcome]}</Badge>
            </td>
            <td>{run.detail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RuleCard({ rule }: { rule: AutomationRule }) {
  const { setPaused, remove } = useRuleActions();
  return (
    <Card as="article" aria-label={`Rule ${rule.name}`}>
      <h3>
        {rule.name}{' '}
        <Badge $tone={rule.paused ? 'warning' : 'success'}>
          {rule.paused ? 'Paused' : 'Active'}
        </Badge>
      </h3>
      <p>{describeRule(rule)}</p>
      {rule.action_text ? (
        <p>
          Text: <q>{rule.action_text}</q>
        </p>
      ) : null}
      <RuleActions>
        <Button
          type="button"
          $size="sm"
          $variant="secondary"
          disabled={setPaused.isPending}
          onClick={() => setPaused.mutate({ id: rule.id, paused: !rule.paused })}
        >
          {rule.paused ? 'Resume rule' : 'Pause rule'}
        </Button>
        <Button
          type="button"
          $size="sm"
          $variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(rule.id)}
        >
          Remove rule
        </Button>
      </RuleActions>
      <RunHistory rule={rule} />
    </Card>
  );
}
