import { Button } from '@promatch/shared';
import { useRetentionPolicies } from '../api/get-retention';
import { retentionPeriodText } from '../utils/retention-period';

const LAWFUL_BASES = [
  ['Your account, profile, messages and appointments', 'Contract (Art. 6(1)(b))'],
  ['Security, fraud prevention, rate limits', 'Legitimate interests (Art. 6(1)(f))'],
  ['Business verification against Companies House', 'Legitimate interests (Art. 6(1)(f))'],
  ['Analytics cookies and usage events', 'Consent (Art. 6(1)(a))'],
  ['Newsletter', 'Consent (Art. 6(1)(a))'],
  ['Invoices and tax records', 'Legal obligation (Art. 6(1)(c))'],
] as const;

const COOKIES = [
  [
    'Essential',
    'Keeps you signed in (Supabase session), remembers your cookie and theme choices',
    'Always on: the site cannot work without them',
  ],
  [
    'Analytics',
    'Page views and actions to improve ProMatch',
    'Only after you choose “Accept analytics”',
  ],
] as const;

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', marginBottom: '1.5rem' }}>
      <caption
        style={{ textAlign: 'left', fontWeight: 700, fontSize: '1.25rem', marginBottom: '0.5rem' }}
      >
        {caption}
      </caption>
      <thead>
        <tr>
          {head.map((cell) => (
            <th
              key={cell}
              scope="col"
              style={{ textAlign: 'left', borderBottom: '2px solid #cbd5e1', padding: '0.4rem' }}
            >
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]}>
            {row.map((cell) => (
              <td
                key={cell}
                style={{
                  borderBottom: '1px solid #e2e8f0',
                  padding: '0.4rem',
                  verticalAlign: 'top',
                }}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Retention as public.retention_policies holds it: the retention job deletes by the same rows,
 * so what this table says is what happens.
 */
function RetentionTable() {
  const { data, isPending, isError, refetch } = useRetentionPolicies();
  if (isPending) return <p role="status">Loading retention periods…</p>;
  if (isError) {
    return (
      <p role="alert">
        Retention periods could not be loaded.{' '}
        <Button type="button" onClick={() => void refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const rows = data.map((policy) => [
    policy.label,
    retentionPeriodText(policy),
    policy.legal_basis,
  ]);
  return (
    <Table caption="Retention" head={['Data', 'How long we keep it', 'Lawful basis']} rows={rows} />
  );
}

/** Lawful bases, retention and cookie categories (the shell's banner uses the same two). */
export function GdprTables() {
  return (
    <>
      <Table caption="Lawful bases" head={['What we do', 'Lawful basis']} rows={LAWFUL_BASES} />
      <RetentionTable />
      <Table caption="Cookie categories" head={['Category', 'What for', 'When']} rows={COOKIES} />
    </>
  );
}
