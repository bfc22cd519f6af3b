import { Button, DataTable, Text } from '@promatch/shared';
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

/** A captioned table; the caption reads as a heading, as the sections around it do. */
function Table({
  id,
  caption,
  head,
  rows,
}: {
  /** A fixed caption id: the page is rendered on the server too, so no generated id. */
  id: string;
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <DataTable
      caption={
        <Text as="span" $size="lg">
          {caption}
        </Text>
      }
      columns={head}
      id={id}
    >
      {rows.map((row) => (
        <tr key={row[0]}>
          {row.map((cell) => (
            <td key={cell}>{cell}</td>
          ))}
        </tr>
      ))}
    </DataTable>
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
    <Table
      id="retention-table"
      caption="Retention"
      head={['Data', 'How long we keep it', 'Lawful basis']}
      rows={rows}
    />
  );
}

/** Lawful bases, retention and cookie categories (the shell's banner uses the same two). */
export function GdprTables() {
  return (
    <>
      <Table
        id="lawful-bases-table"
        caption="Lawful bases"
        head={['What we do', 'Lawful basis']}
        rows={LAWFUL_BASES}
      />
      <RetentionTable />
      <Table
        id="cookie-categories-table"
        caption="Cookie categories"
        head={['Category', 'What for', 'When']}
        rows={COOKIES}
      />
    </>
  );
}
