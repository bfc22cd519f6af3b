import { Page, Stack } from '@promatch/shared';
import { useWebhooks } from '../../../lib/webhooks/get-webhooks';
import { useRuleActions, useRules } from '../api/rules';
import { RuleCard } from './rule-card';
import { RuleForm } from './rule-form';

/** /automation-hub: "when EVENT, if CONDITION, then ACTION" rules with their run history. */
export function AutomationHubPage() {
  const rules = useRules();
  const webhooks = useWebhooks();
  const { create } = useRuleActions();
  return (
    <Page heading="Automation Hub" lead="Let ProMatch answer, remind and file things for you.">
      <p>
        Rules run on ProMatch&apos;s servers within seconds of the event, even while you are signed
        out. An automatic reply never sets off another rule, yours or the other person&apos;s.
      </p>
      <Stack $gap="xl">
        <section aria-labelledby="rules-heading">
          <h2 id="rules-heading">Your rules</h2>
          {rules.isPending ? <p role="status">Loading your rules…</p> : null}
          {rules.isError ? (
            <p role="alert">We could not load your rules: {rules.error.message}</p>
          ) : null}
          {rules.data && rules.data.length === 0 ? <p>You have no rules yet.</p> : null}
          <Stack $gap="lg">
            {rules.data?.map((rule) => (
              <RuleCard key={rule.id} rule={rule} />
            ))}
          </Stack>
        </section>
        <RuleForm
          pending={create.isPending}
          webhooks={(webhooks.data ?? []).map((w) => ({ id: w.id, label: w.description || w.url }))}
          onSubmit={(rule) => create.mutate(rule)}
        />
      </Stack>
    </Page>
  );
}
