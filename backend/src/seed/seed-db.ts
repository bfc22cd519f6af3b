import bcrypt from 'bcryptjs';
import type { Db, Transaction } from '../db/types.ts';
import type { DemoData, DemoUser } from './generate.ts';

/** Every demo account signs in with this password (documented in the README). */
export const DEMO_PASSWORD = 'promatch-demo';

export interface SeedReport {
  professionals: number;
  businesses: number;
  reviews: number;
  ms: number;
  /** milliseconds per step, in the order run (the scale bench prints them) */
  phases: Record<string, number>;
}

// Demo accounts carry app_metadata.demo = true: the public pages count them (marketplace_stats)
// to say the listings are demo data, and users cannot set app_metadata themselves.
// One bulk statement per table, rows passed as one jsonb parameter: 10,000 people in seconds,
// and one bcrypt hash shared by all demo accounts instead of thousands computed one by one.
const insertUsersSql = `
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at)
  select '00000000-0000-0000-0000-000000000000', d.id, 'authenticated', 'authenticated', d.email, $2,
    now(), '{"provider":"email","providers":["email"],"demo":true}'::jsonb,
    jsonb_build_object('name', d.name, 'account_type', d.account_type, 'company', d.company),
    false, now(), now()
  from jsonb_to_recordset($1::jsonb) as d(id uuid, email text, name text, account_type text, company text)
  on conflict do nothing`;

const insertIdentitiesSql = `
  insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
  select u.id::text, u.id, jsonb_build_object('sub', u.id, 'email', u.email, 'email_verified', true,
    'phone_verified', false), 'email', null, now(), now()
  from auth.users u join jsonb_to_recordset($1::jsonb) as d(id uuid) on d.id = u.id
  where not exists (select 1 from auth.identities i where i.user_id = u.id)`;

// A professional's profile is written once after sign-up, with everything at once: the details,
// the rating of the reviews written before it (what refresh_professional_rating computes) and the
// perks of the plan subscribed before it (what refresh_plan_perks computes). Every profile
// update rewrites the row in all of its indexes (three GIN ones among them): at 100,000 people
// the separate rating and perks updates cost more than the details themselves.
const updateProfessionalsSql = `
  update public.profiles p set title = d.title, description = d.description, location = d.location, works_remotely = d.works_remotely,
    skills = d.skills, categories = d.categories, hourly_rate_min = d.rate_min,
    hourly_rate_max = d.rate_max, verified = d.verified, response_time = d.response_time,
    completion_rate = d.completion_rate, availability = d.availability,
    rating = coalesce(r.avg_rating, 0), review_count = coalesce(r.n, 0),
    featured = p.account_type = 'professional' and public.feature_access_of(p.id, 'featured_profile'),
    pro_badge = p.account_type = 'professional' and public.feature_access_of(p.id, 'profile_verification_badge')
  from jsonb_to_recordset($1::jsonb) as d(id uuid, title text, description text, location text, works_remotely boolean,
    skills text[], categories text[], rate_min int, rate_max int, verified boolean,
    response_time text, completion_rate int, availability text)
  left join (select professional_id, round(avg(rating)::numeric, 2) as avg_rating, count(*) as n
             from public.reviews group by professional_id) r on r.professional_id = d.id
  where p.id = d.id`;

const updateBusinessesSql = `
  update public.profiles p set industry = d.industry
  from jsonb_to_recordset($1::jsonb) as d(id uuid, industry text) where p.id = d.id`;

// A business needs a verified company to publish projects, message first and request calls
// (decision 0167): each demo business gets a company record approved as staff would approve it,
// numbered DM000001 onwards and noted as demo data.
const verifyDemoBusinessesSql = `
  insert into public.companies (owner_id, company_number, company_name, company_status, company_type,
    verification_source, verification_status, verified_at, verification_note, reviewed_at)
  select p.id, 'DM' || lpad((row_number() over (order by u.email))::text, 6, '0'),
    left(coalesce(nullif(trim(p.company), ''), p.name), 300), 'active', 'manual_entry',
    'manual_entry', 'verified', now(), 'Demo data: approved so the demo can be tried.', now()
  from public.profiles p join auth.users u on u.id = p.id
  join jsonb_to_recordset($1::jsonb) as d(id uuid) on d.id = p.id
  where p.account_type = 'business' and p.company_id is null
  on conflict (owner_id, company_number) do nothing`;

const linkDemoCompaniesSql = `
  update public.profiles p set company_id = c.id
  from public.companies c join jsonb_to_recordset($1::jsonb) as d(id uuid) on d.id = c.owner_id
  where c.owner_id = p.id and p.company_id is null`;

const insertReviewsSql = `
  insert into public.reviews (professional_id, reviewer_id, rating, comment, created_at, updated_at)
  select d.professional_id, d.reviewer_id, d.rating, d.comment,
    now() - make_interval(days => d.days_ago), now() - make_interval(days => d.days_ago)
  from jsonb_to_recordset($1::jsonb) as d(professional_id uuid, reviewer_id uuid, rating int,
    comment text, days_ago int)
  where exists (select 1 from public.profiles p where p.id = d.professional_id)
    and exists (select 1 from public.profiles p where p.id = d.reviewer_id)
  on conflict do nothing`;

// One demo professional in six is on Pro (every sixth in generation order, so the same people
// each time): featured placement and the Pro badge then show in search and on the home page.
// The professionals' update then sets profiles.featured and pro_badge from the plan's flags.
const insertProSubscriptionsSql = `
  insert into public.user_subscriptions (user_id, plan_type, status, started_at)
  select d.id, 'pro', 'active', now() from jsonb_to_recordset($1::jsonb) as d(id uuid)
  on conflict (user_id) do update set plan_type = 'pro', status = 'active'`;

export const DEMO_PRO_EVERY = 6;

// Triggers that keep copies derived from profiles and subscriptions. During the bulk load each
// would fire once per person: handle_new_user inserts profiles one row at a time, so the
// statement triggers on profiles ran about twice per person (about 1 ms each), and each
// subscription re-read the plan and rewrote its profile. Measured with track_functions at 10,000
// people, that was 43 of the seed's 58 s (bench/scale-100k.ts). They are switched off inside the
// seed's transaction only (a rollback switches them back on) and their state is rebuilt for the
// seeded people afterwards, set-based, by the same rules: see rebuildSearchCardsSql.
const DEFERRED_TRIGGERS: [table: string, triggers: string[]][] = [
  [
    'public.profiles',
    [
      'profiles_search_cards_insert',
      'profiles_search_cards_update',
      'profiles_search_words_insert',
      'profiles_search_words_update',
      'profiles_match_postings_insert',
      'profiles_match_postings_update',
    ],
  ],
  ['public.user_subscriptions', ['user_subscriptions_refresh_perks']],
];

/**
 * Each professional's profile is inserted by the sign-up trigger and then updated with its
 * details: both add the row to every index, and the four GIN indexes of profiles (search vector,
 * typo trigrams, skills, categories) take most of that time. When the seed at least doubles the
 * table, the GIN indexes are dropped inside the seed's transaction and built again from their own
 * definitions once the rows are written (a build sorts all entries at once, far cheaper than
 * 200,000 row insertions): 30,000 people 50 s -> 36 s at load 11-14. Readers of profiles wait for
 * the transaction (drop index takes its table's exclusive lock), which for a seed this large is
 * the empty database of `npm start` or of a bench. Answers the statements that rebuild them.
 */
async function dropGinIndexesForBulkLoad(tx: Transaction, people: number): Promise<string[]> {
  const existing = await tx.query<{ count: string }>('select count(*) from public.profiles');
  if (people < Number(existing.rows[0].count)) return [];
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `select c.oid::regclass::text as name, pg_get_indexdef(c.oid) as definition
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
     where i.indrelid = 'public.profiles'::regclass and a.amname = 'gin'
       and obj_description(c.oid, 'pg_class') is null`,
  );
  for (const row of rows) await tx.query(`drop index ${row.name}`);
  return rows.map((row) => row.definition);
}

/**
 * People per bulk statement. Each statement takes its rows as one jsonb parameter, and one value
 * has limits: a JavaScript string holds at most 2^29 - 24 characters (about 512 MB) and a jsonb
 * value at most 256 MB. The professionals' details and the reviews take about 780 bytes of JSON
 * a person, so a million people in one statement cannot be sent (bench/scale-100k.ts at
 * 1,000,000): seeds larger than this are written in chunks of it, inside the same transaction.
 */
const CHUNK = 100_000;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await write(rows.slice(start, start + CHUNK));
}

const idsOf = (rows: { id: string }[]) => JSON.stringify(rows.map(({ id }) => ({ id })));

async function setDeferredTriggers(tx: Transaction, enabled: boolean): Promise<void> {
  for (const [table, triggers] of DEFERRED_TRIGGERS)
    await tx.query(
      `alter table ${table} ${triggers
        .map((trigger) => `${enabled ? 'enable' : 'disable'} trigger ${trigger}`)
        .join(', ')}`,
    );
}

// What the deferred triggers would have left, for the seeded people: featured placement and the
// Pro badge from the plan (set with the professionals' details, see updateProfessionalsSql), the
// search_cards copy of each listed professional (profiles_sync_search_cards' rule), the typo
// vocabulary of their search texts (add_search_words, as profiles_add_search_words calls it) and
// matching's skill postings.

const rebuildSearchCardsSql = `
  with seeded as (select d.id from jsonb_to_recordset($1::jsonb) as d(id uuid)),
  unlisted as (
    delete from public.search_cards c using public.profiles p, seeded s
    where c.id = s.id and p.id = s.id
      and (p.account_type <> 'professional' or p.suspended_at is not null)
  )
  insert into public.search_cards as c (id, search_vector, categories, location, hourly_rate_min,
    hourly_rate_max, rating, review_count, verified, availability, featured)
  select p.id, p.search_vector, p.categories, p.location, p.hourly_rate_min, p.hourly_rate_max,
    p.rating, p.review_count, p.verified, p.availability, p.featured
  from public.profiles p join seeded s on s.id = p.id
  where p.account_type = 'professional' and p.suspended_at is null
  on conflict (id) do update set
    search_vector = excluded.search_vector, categories = excluded.categories,
    location = excluded.location, hourly_rate_min = excluded.hourly_rate_min,
    hourly_rate_max = excluded.hourly_rate_max, rating = excluded.rating,
    review_count = excluded.review_count, verified = excluded.verified,
    availability = excluded.availability, featured = excluded.featured`;

// matching's skill and category postings of the seeded professionals, by the function the trigger
// on profiles calls
const rebuildMatchPostingsSql = `select public.match_postings_refresh(array(
  select d.id from jsonb_to_recordset($1::jsonb) as d(id uuid)))`;

const rebuildSearchWordsSql = `
  select public.add_search_words(array(
    select p.search_text from public.profiles p
    join jsonb_to_recordset($1::jsonb) as d(id uuid) on d.id = p.id
    where p.account_type = 'professional' and p.search_text is not null))`;

const userRow = (user: DemoUser & { company?: string }) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  account_type: user.accountType,
  company: user.company ?? null,
});

async function writeReviews(tx: Transaction, data: DemoData): Promise<void> {
  const reviews = data.reviews.map((review) => ({
    professional_id: review.professionalId,
    reviewer_id: review.reviewerId,
    rating: review.rating,
    comment: review.comment,
    days_ago: review.daysAgo,
  }));
  // the per-row rating trigger would rewrite a profile per review: the professionals' one update
  // (updateProfessionalsSql) sets the rating instead.
  // Invented reviews tell nobody: no "new review" notification (and digest e-mail) per demo row.
  await tx.query('alter table public.reviews disable trigger reviews_refresh_rating');
  await tx.query('alter table public.reviews disable trigger reviews_notify');
  await inChunks(reviews, (chunk) => tx.query(insertReviewsSql, [JSON.stringify(chunk)]));
  await tx.query('alter table public.reviews enable trigger reviews_notify');
  await tx.query('alter table public.reviews enable trigger reviews_refresh_rating');
}

/** Writes the demo data in one transaction. Re-running with the same data changes nothing. */
export async function writeDemoData(db: Db, data: DemoData): Promise<SeedReport> {
  const started = Date.now();
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);
  phase('password hash');
  const users = [...data.businesses.map(userRow), ...data.professionals.map(userRow)];
  await db.transaction(async (tx) => {
    await setDeferredTriggers(tx, false);
    // GIN indexes (search vector, typo trigrams, skills, categories) take new entries into a
    // pending list and merge it when it is full, in work_mem: fewer, larger merges for a bulk load
    // (30,000 people at load 11-14: 48 s -> 41 s). Local to this transaction.
    await tx.query(`set local work_mem = '64MB'`);
    await tx.query(`set local gin_pending_list_limit = '64MB'`);
    const ginIndexes = await dropGinIndexesForBulkLoad(tx, users.length);
    await inChunks(users, (chunk) =>
      tx.query(insertUsersSql, [JSON.stringify(chunk), passwordHash]),
    );
    phase('users (with the sign-up trigger)');
    // fresh statistics, or the planner joins the new rows by scanning profiles once per row
    await tx.query('analyze auth.users, public.profiles');
    await inChunks(users, (chunk) => tx.query(insertIdentitiesSql, [idsOf(chunk)]));
    phase('identities');
    await writeReviews(tx, data);
    phase('reviews');
    const onPro = data.professionals.filter((_, i) => i % DEMO_PRO_EVERY === 0);
    await inChunks(onPro, (chunk) => tx.query(insertProSubscriptionsSql, [idsOf(chunk)]));
    phase('pro subscriptions');
    const pros = data.professionals.map((pro) => ({
      id: pro.id,
      title: pro.title,
      description: pro.description,
      location: pro.location,
      works_remotely: pro.worksRemotely,
      skills: pro.skills,
      categories: pro.categories,
      rate_min: pro.rateMin,
      rate_max: pro.rateMax,
      verified: pro.verified,
      response_time: pro.responseTime,
      completion_rate: pro.completionRate,
      availability: pro.availability,
    }));
    await inChunks(pros, (chunk) => tx.query(updateProfessionalsSql, [JSON.stringify(chunk)]));
    phase('professional details, ratings and perks');
    const businesses = data.businesses.map(({ id, industry }) => ({ id, industry }));
    await tx.query(updateBusinessesSql, [JSON.stringify(businesses)]);
    // one statement for all businesses: the companies are numbered over all of them
    const businessIds = idsOf(businesses);
    await tx.query(verifyDemoBusinessesSql, [businessIds]);
    await tx.query(linkDemoCompaniesSql, [businessIds]);
    phase('businesses and companies');
    await tx.query(`set local maintenance_work_mem = '128MB'`);
    for (const definition of ginIndexes) await tx.query(definition);
    phase('GIN indexes built again');
    await setDeferredTriggers(tx, true);
    await inChunks(users, (chunk) => tx.query(rebuildSearchCardsSql, [idsOf(chunk)]));
    phase('search cards (rebuilt)');
    await inChunks(users, (chunk) => tx.query(rebuildSearchWordsSql, [idsOf(chunk)]));
    phase('search vocabulary (rebuilt)');
    await inChunks(users, (chunk) => tx.query(rebuildMatchPostingsSql, [idsOf(chunk)]));
    phase('match skill postings (rebuilt)');
  });
  phase('commit');
  // every profile was written twice (sign-up trigger, details): reclaim and re-plan
  await db.query('vacuum analyze public.profiles');
  await db.query('analyze public.reviews');
  phase('vacuum analyze');
  return {
    professionals: data.professionals.length,
    businesses: data.businesses.length,
    reviews: data.reviews.length,
    ms: Date.now() - started,
    phases,
  };
}
