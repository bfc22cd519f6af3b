import type { Queryable } from '../db/types.ts';
import type { Mailer } from './mailer.ts';

export interface OutboxMessage {
  id: number;
  created_at: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
  headers: Record<string, string>;
}

interface OutboxRow {
  id: number;
  created_at: Date;
  mail_from: string;
  mail_to: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: { label: string; url: string }[];
  headers: Record<string, string> | null;
}

// id::int4: PGlite and pg disagree on how int8 comes back; the outbox never nears 2^31 rows.
const COLUMNS =
  'id::int4 as id, created_at, mail_from, mail_to, subject, text_body, html_body, links, headers';

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  created_at: new Date(row.created_at).toISOString(),
  from: row.mail_from,
  to: row.mail_to,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  links: row.links,
  headers: row.headers ?? {},
});

/** Keeps e-mail in auth.outbox instead of sending it (local development, tests). */
export function createOutboxMailer(db: Queryable, from: string): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.query(
        `insert into auth.outbox (mail_from, mail_to, subject, text_body, html_body, links, headers)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
        [
          from,
          message.to,
          message.subject,
          message.text,
          message.html,
          JSON.stringify(message.links),
          JSON.stringify(message.headers ?? {}),
        ],
      );
    },
  };
}

/** Newest first, optionally for one recipient. */
export async function listOutbox(
  db: Queryable,
  options: { to?: string; limit?: number },
): Promise<OutboxMessage[]> {
  const { rows } = await db.query<OutboxRow>(
    `select ${COLUMNS} from auth.outbox where ($1::text is null or mail_to = lower($1::text))
     order by id desc limit $2`,
    [options.to ?? null, options.limit ?? 100],
  );
  return rows.map(toMessage);
}

export async function getOutboxMessage(
  db: Queryable,
  id: number,
): Promise<OutboxMessage | undefined> {
  const { rows } = await db.query<OutboxRow>(`select ${COLUMNS} from auth.outbox where id = $1`, [
    id,
  ]);
  return rows[0] ? toMessage(rows[0]) : undefined;
}
