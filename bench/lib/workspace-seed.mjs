/**
 * The dashboard benches' data on top of the demo seed (10,000 professionals, 1,000 businesses):
 * 2,000 open projects with three proposals each, and for the first business two webhooks with
 * their deliveries and three automation rules with their runs. Written with the service role over
 * REST. Used by bench/dashboard-overview.mjs (in the browser) and bench/dashboard-requests.mjs
 * (the server alone).
 */
import { ids, insertInBatches } from './rest-seed.mjs';
export const PROFESSIONALS = 10_000;
const PROJECTS = 2_000;
const PROPOSALS_PER_PROJECT = 3;
const CATEGORIES = [
  'software-development',
  'devops-infrastructure',
  'ux-ui-design',
  'cybersecurity',
];
const SKILLS = ['React', 'TypeScript', 'Kubernetes', 'Python', 'Figma', 'AWS'];

/** 2,000 open projects across the businesses, three proposals each; returns the two accounts. */
export async function seedWorkspace(db) {
  const businesses = await ids(db, 'business', 1000);
  const professionals = await ids(db, 'professional', PROFESSIONALS);
  const [business] = businesses;
  const [professional] = professionals;
  const projects = Array.from({ length: PROJECTS }, (_, i) => ({
    // the chosen business owns every 200th project: ten of them
    owner_id: i % 200 === 0 ? business : businesses[1 + (i % (businesses.length - 1))],
    title: `Bench project ${i}: ${SKILLS[i % SKILLS.length]} work`,
    description: 'A project posted for the dashboard benchmark.',
    category: CATEGORIES[i % CATEGORIES.length],
    skills: [SKILLS[i % SKILLS.length], SKILLS[(i + 1) % SKILLS.length]],
    budget_min: 300,
    budget_max: 600,
    status: 'open',
    published_at: new Date(Date.now() - i * 60_000).toISOString(),
  }));
  const projectIds = (await insertInBatches(db, 'projects', projects)).map((row) => row.id);
  const proposals = projectIds.flatMap((projectId, i) =>
    Array.from({ length: PROPOSALS_PER_PROJECT }, (_, k) => ({
      project_id: projectId,
      // the chosen professional proposes on every 100th project: twenty proposals
      professional_id:
        k === 0 && i % 100 === 0
          ? professional
          : professionals[1 + ((i * PROPOSALS_PER_PROJECT + k) % (professionals.length - 1))],
      cover_letter: 'I would like to help with this project.',
      proposed_rate: 450,
      status: k === 1 ? 'shortlisted' : 'submitted',
    })),
  );
  await insertInBatches(db, 'project_applications', proposals);
  const emails = await Promise.all(
    [professional, business].map(async (id) => {
      const { data, error } = await db.auth.admin.getUserById(id);
      if (error) throw error;
      return data.user.email;
    }),
  );
  const count = async (table, filter) => {
    let query = db.from(table).select('id', { count: 'exact', head: true });
    if (filter) query = query.eq('account_type', filter);
    const { count: n, error } = await query;
    if (error) throw error;
    return n;
  };
  return {
    accounts: { professional: emails[0], business: emails[1] },
    counts: {
      professionals: await count('profiles', 'professional'),
      businesses: await count('profiles', 'business'),
      projects: await count('projects'),
      proposals: await count('project_applications'),
    },
  };
}

/** Two webhooks with 20 delivered events each, three rules with 10 runs each, for the business. */
export async function seedIntegrations(db, userId) {
  const endpoints = await insertInBatches(
    db,
    'webhook_endpoints',
    [1, 2].map((n) => ({
      user_id: userId,
      url: `https://hooks.example.com/promatch/${n}`,
      description: `Bench hook ${n}`,
      events: ['message.received', 'proposal.received'],
    })),
  );
  await insertInBatches(
    db,
    'webhook_deliveries',
    endpoints.flatMap((endpoint) =>
      Array.from({ length: 20 }, (_, i) => ({
        endpoint_id: endpoint.id,
        user_id: userId,
        event: 'message.received',
        body: '{}',
        status: 'succeeded',
        attempts: 1,
        last_status: 200,
        delivered_at: new Date(Date.now() - i * 60_000).toISOString(),
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
    ),
  );
  const rules = await insertInBatches(
    db,
    'automation_rules',
    [1, 2, 3].map((n) => ({
      user_id: userId,
      name: `Bench rule ${n}`,
      event: 'message.received',
      action: 'auto_reply',
      action_text: 'Thanks, I will answer within a day.',
    })),
  );
  await insertInBatches(
    db,
    'automation_runs',
    rules.flatMap((rule) =>
      Array.from({ length: 10 }, (_, i) => ({
        rule_id: rule.id,
        user_id: userId,
        event: 'message.received',
        outcome: 'succeeded',
        detail: 'Replied.',
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
      })),
    ),
  );
}
