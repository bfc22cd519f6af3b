import { Button, Card, Icon, Page, useSession } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import styled from 'styled-components';
import { DataTable } from '../../../lib/charts/chart-figure';
import { appsCheck, backendCheck } from '../api/probes-on-navigation';
import { runSelfCheck, SELF_CHECKS, type SelfCheck } from '../api/self-checks';
import type { CheckResult } from '../api/timed';
import { useAdminCheck } from '@promatch/shared/admin';
import { testingPortalKeys } from '../api/keys';

const Section = styled.section`
  margin-bottom: 2.5rem;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  margin-bottom: 1rem;
`;

const TableWrap = styled.div`
  overflow-x: auto;
  td {
    text-align: left;
  }
`;

const Verdict = styled.span<{ $ok: boolean }>`
  font-weight: 600;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

const Small = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
  word-break: break-all;
`;

const ms = (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`;
const when = (iso: string | null) => (iso ? format(new Date(iso), 'd MMM yyyy, HH:mm:ss') : '—');

function Result({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <Verdict $ok={ok}>
      <Icon name={ok ? 'check' : 'close'} /> {ok ? yes : no}
    </Verdict>
  );
}

function Apps() {
  const apps = useQuery({
    queryKey: testingPortalKeys.apps(),
    queryFn: appsCheck,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <Section aria-labelledby="portal-apps">
      <h2 id="portal-apps">Apps</h2>
      <p>
        Each app is fetched now from the address the shell loads it from: its manifest and entry
        script, timed in this browser. Version and build time come from the build-info stamp written
        when the app was built.
      </p>
      <Bar>
        <Button
          type="button"
          $variant="outline"
          onClick={() => void apps.refetch()}
          disabled={apps.isFetching}
        >
          Check the apps again
        </Button>
        {apps.isFetching ? <span role="status">Checking the apps…</span> : null}
      </Bar>
      {apps.error ? <p role="alert">The app list could not be read: {apps.error.message}</p> : null}
      {apps.data ? (
        <TableWrap>
          <DataTable>
            <caption>Deployed apps</caption>
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">Status</th>
                <th scope="col">Load time</th>
                <th scope="col">Version</th>
                <th scope="col">Built</th>
                <th scope="col">URL</th>
              </tr>
            </thead>
            <tbody>
              {apps.data.map((app) => (
                <tr key={app.name}>
                  <th scope="row">{app.name}</th>
                  <td>
                    <Result ok={app.ok} yes="Loaded" no="Failed" />
                    {app.problem ? (
                      <>
                        <br />
                        <Small>{app.problem}</Small>
                      </>
                    ) : null}
                  </td>
                  <td>{ms(app.loadMs)}</td>
                  <td>
                    {app.version ?? '—'}
                    {app.commit ? <Small> ({app.commit})</Small> : null}
                  </td>
                  <td>{when(app.builtAt)}</td>
                  <td>
                    <Small>{app.url}</Small>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableWrap>
      ) : null}
    </Section>
  );
}

function Backend() {
  const backend = useQuery({
    queryKey: testingPortalKeys.backend(),
    queryFn: backendCheck,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <Section aria-labelledby="portal-backend">
      <h2 id="portal-backend">Backend</h2>
      <Bar>
        <Button
          type="button"
          $variant="outline"
          onClick={() => void backend.refetch()}
          disabled={backend.isFetching}
        >
          Check the backend again
        </Button>
        {backend.isFetching ? <span role="status">Checking the backend…</span> : null}
      </Bar>
      {backend.error ? (
        <p role="alert">The backend could not be checked: {backend.error.message}</p>
      ) : null}
      {backend.data ? (
        <TableWrap>
          <DataTable>
            <caption>Backend components</caption>
            <thead>
              <tr>
                <th scope="col">Component</th>
                <th scope="col">Status</th>
                <th scope="col">Time</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {backend.data.map((component) => (
                <tr key={component.name}>
                  <th scope="row">{component.name}</th>
                  <td>
                    <Result ok={component.ok} yes="Healthy" no="Failing" />
                  </td>
                  <td>{ms(component.ms)}</td>
                  <td>
                    {component.detail}
                    <br />
                    <Small>{component.url}</Small>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableWrap>
      ) : null}
    </Section>
  );
}

type Outcome = { state: 'running' } | ({ state: 'done' } & CheckResult);

function SelfChecks() {
  const userId = useSession((state) => state.user?.id ?? '');
  const [outcomes, setOutcomes] = useState<Partial<Record<SelfCheck['id'], Outcome>>>({});
  const [running, setRunning] = useState(false);
  const runAll = async () => {
    setRunning(true);
    setOutcomes(Object.fromEntries(SELF_CHECKS.map((c) => [c.id, { state: 'running' }])));
    // one after another, so each time is that check's alone
    for (const check of SELF_CHECKS) {
      const result = await runSelfCheck(check, userId);
      setOutcomes((current) => ({ ...current, [check.id]: { state: 'done', ...result } }));
    }
    setRunning(false);
  };
  const done = SELF_CHECKS.map((c) => outcomes[c.id]).filter(
    (o): o is Extract<Outcome, { state: 'done' }> => o?.state === 'done',
  );
  const passed = done.filter((o) => o.ok).length;
  return (
    <Section aria-labelledby="portal-self-checks">
      <h2 id="portal-self-checks">Self-checks</h2>
      <p>
        Each check uses one part of ProMatch as you, the way the product does, and reports how long
        it took.
      </p>
      <Bar>
        <Button type="button" onClick={() => void runAll()} disabled={running}>
          Run all self-checks
        </Button>
        <span role="status">
          {running
            ? 'Running the self-checks…'
            : done.length === SELF_CHECKS.length
              ? `${passed} of ${SELF_CHECKS.length} self-checks passed.`
              : ''}
        </span>
      </Bar>
      <TableWrap>
        <DataTable>
          <caption>Self-checks</caption>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Result</th>
              <th scope="col">Time</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {SELF_CHECKS.map((check) => {
              const outcome = outcomes[check.id];
              return (
                <tr key={check.id}>
                  <th scope="row">{check.name}</th>
                  <td>
                    {outcome?.state === 'done' ? (
                      <Result ok={outcome.ok} yes="Passed" no="Failed" />
                    ) : outcome?.state === 'running' ? (
                      'Running…'
                    ) : (
                      'Not run'
                    )}
                  </td>
                  <td>{outcome?.state === 'done' ? ms(outcome.ms) : '—'}</td>
                  <td>{outcome?.state === 'done' ? outcome.detail : check.description}</td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </TableWrap>
    </Section>
  );
}

/** /testing-portal: for admins, whether every app and backend part is up, and self-checks to run. */
export function TestingPortalPage() {
  const admin = useAdminCheck();
  const heading = 'Testing Portal';
  const lead = 'Check that every part of ProMatch is deployed, reachable and working.';
  if (admin.isLoading) {
    return (
      <Page heading={heading} lead={lead}>
        <p role="status">Checking your admin access…</p>
      </Page>
    );
  }
  if (!admin.data?.isAdmin) {
    return (
      <Page heading={heading} lead={lead}>
        <Card role="note">
          <p>The testing portal is for ProMatch administrators.</p>
        </Card>
      </Page>
    );
  }
  return (
    <Page heading={heading} lead={lead}>
      <Apps />
      <Backend />
      <SelfChecks />
    </Page>
  );
}
