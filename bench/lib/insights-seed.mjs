/**
 * A year of activity on top of the demo seed, for the workspace insights benches: for one demo
 * professional 366 days of profile figures, 100 conversations with 2,000 messages, 300 proposals
 * and 100 appointments; 3,000 projects of which 2,400 hired over the year, 300 of them by one
 * demo business, which is also made an admin. Written with the service role over REST.
 */
import { ids, insertInBatches } from './rest-seed.mjs';
const DAY = 86_400_000;
const CATEGORIES = ['software-development', 'cloud-services', 'cybersecurity', 'ux-ui-design'];

export const ago = (days, extraMs = 0) => new Date(Date.now() - days * DAY + extraMs).toISOString();

export async function seedActivity(db) {
  const businesses = await ids(db, 'business', 1000);
  const professionals = await ids(db, 'professional', 2000);
  const [business] = businesses;
  const [professional] = professionals;

  // the professional's profile figures: every day of the last year
  await insertInBatches(
    db,
    'profile_stats_daily',
    Array.from({ length: 366 }, (_, i) => ({
      professional_id: professional,
      day: ago(i).slice(0, 10),
      views: 5 + (i % 7),
      search_appearances: 40 + (i % 13),
    })),
    'professional_id',
  );

  // 100 conversations, 20 messages each, alternating, spread over the year
  const conversations = await insertInBatches(
    db,
    'conversations',
    businesses
      .slice(1, 101)
      .map((other) => ({ participant_1: other, participant_2: professional })),
  );
  const messages = conversations.flatMap((conversation, c) =>
    Array.from({ length: 20 }, (_, m) => ({
      conversation_id: conversation.id,
      sender_id: m % 2 === 0 ? businesses[1 + c] : professional,
      content: `Bench message ${m}`,
      created_at: ago((c * 3 + Math.floor(m / 2)) % 365, m * 600_000),
    })),
  );
  await insertInBatches(db, 'messages', messages);

  // 3,000 projects over the year; 2,400 hired (the business owns every 10th), with accepted rates
  const projects = Array.from({ length: 3000 }, (_, i) => {
    const hired = i % 5 !== 4;
    const postedDaysAgo = 5 + (i % 355);
    return {
      owner_id: i % 10 === 0 ? business : businesses[1 + (i % (businesses.length - 1))],
      title: `Bench hire ${i}`,
      category: CATEGORIES[i % CATEGORIES.length],
      budget_type: i % 3 === 0 ? 'fixed' : 'day',
      budget_min: 400,
      budget_max: 700,
      status: hired ? 'in_progress' : 'open',
      published_at: ago(postedDaysAgo),
      hired_professional_id: hired ? professionals[1 + (i % (professionals.length - 1))] : null,
      hired_at: hired ? ago(postedDaysAgo - 1 - (i % 4)) : null,
    };
  });
  const projectRows = await insertInBatches(
    db,
    'projects',
    projects,
    'id, hired_professional_id, budget_type',
  );
  const accepted = projectRows
    .filter((p) => p.hired_professional_id)
    .map((p, i) => ({
      project_id: p.id,
      professional_id: p.hired_professional_id,
      cover_letter: 'Bench proposal',
      proposed_rate: p.budget_type === 'fixed' ? 8000 + (i % 20) * 250 : 400 + (i % 13) * 25,
      status: 'accepted',
    }));
  await insertInBatches(db, 'project_applications', accepted);
  // 300 proposals from the professional, a third declined
  const open = projectRows.filter((p) => !p.hired_professional_id).slice(0, 300);
  await insertInBatches(
    db,
    'project_applications',
    open.map((p, i) => ({
      project_id: p.id,
      professional_id: professional,
      cover_letter: 'Bench proposal',
      proposed_rate: 500,
      status: i % 3 === 0 ? 'declined' : 'submitted',
      created_at: ago(i % 365),
    })),
  );
  await insertInBatches(
    db,
    'appointments',
    Array.from({ length: 100 }, (_, i) => ({
      business_id: businesses[1 + i],
      professional_id: professional,
      created_by: businesses[1 + i],
      title: `Bench meeting ${i}`,
      starts_at: ago(i * 3 - 2),
      ends_at: ago(i * 3 - 2, 3_600_000),
      status: 'completed',
      created_at: ago(i * 3),
    })),
  );
  // the business is also an admin, for the testing portal
  const admin = await db
    .from('admin_users')
    .insert({ user_id: business, role: 'admin', is_active: true, permissions: {} });
  if (admin.error) throw admin.error;

  const emails = await Promise.all(
    [professional, business].map(async (id) => {
      const { data, error } = await db.auth.admin.getUserById(id);
      if (error) throw error;
      return data.user.email;
    }),
  );
  return { professional: emails[0], business: emails[1], messages: messages.length };
}
