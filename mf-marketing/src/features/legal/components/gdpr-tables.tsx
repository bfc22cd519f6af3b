const LAWFUL_BASES = [
  ['Your account, profile, messages and appointments', 'Contract (Art. 6(1)(b))'],
  ['Security, fraud prevention, rate limits', 'Legitimate interests (Art. 6(1)(f))'],
  ['Business verification against Companies House', 'Legitimate interests (Art. 6(1)(f))'],
  ['Analytics cookies and usage events', 'Consent (Art. 6(1)(a))'],
  ['Newsletter', 'Consent (Art. 6(1)(a))'],
  ['Invoices and tax records', 'Legal obligation (Art. 6(1)(c))'],
] as const;

const RETENTION = [
  ['Account and profile', 'While your account is open; erased at once when you delete it'],
  ['Messages and appointments', 'While either party’s account is open'],
  ['Contact form messages', '24 months, then deleted'],
  ['Lead-capture consent', '30 days (consent version 1.0)'],
  ['Analytics events', '13 months, only with consent'],
  ['Invoices', '6 years (HMRC requirement)'],
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

/** Lawful bases, retention and cookie categories (the shell's banner uses the same two). */
export function GdprTables() {
  return (
    <>
      <Table caption="Lawful bases" head={['What we do', 'Lawful basis']} rows={LAWFUL_BASES} />
      <Table caption="Retention" head={['Data', 'How long we keep it']} rows={RETENTION} />
      <Table caption="Cookie categories" head={['Category', 'What for', 'When']} rows={COOKIES} />
    </>
  );
}
