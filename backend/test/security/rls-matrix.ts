/**
 * THE ACCESS MATRIX: every table, view, function and storage bucket the API exposes, and who may
 * do what with it, for every kind of caller: anon (a visitor), professional, business, admin
 * ("admin" stands for staff with no area and with every area: the test signs in as both), one
 * admin per portal area holding only that area (users_admin, inbox_admin, ...), and super_admin.
 * So every table is checked for every admin area and select, update and delete: an area's
 * admin must not reach another area's rows. backend/test/security/rls-matrix.test.ts lists everything in the catalog
 * (tables, views and functions of the public schema, and storage.buckets) on PGlite and on
 * PostgreSQL, fails when anything is missing here, and checks each entry through the REST
 * gateway and the storage API.
 *
 * ADDING A TABLE, VIEW, FUNCTION OR BUCKET (the test tells you which one is missing):
 *   tables     `name: { select, insert, update, delete }`, each the roles that may do it to at least
 *              one row, their own included (EVERYONE, SIGNED_IN, NOBODY or a list). Also add the
 *              table's row-level spec (which rows, for which user) to a
 *              backend/test/support/fixtures-rls-matrix-*.ts file and allSpecs. Every role the spec
 *              allows must be listed here; through the gateway, a role not listed must read,
 *              change and delete no row at all. The table must have RLS enabled.
 *   views      `name: { select }`, the roles that see at least one row.
 *   functions  `name: PUBLIC | SIGNED_IN_ONLY | SERVER_ONLY`: who may EXECUTE it (visitors and
 *              signed-in users / signed-in users / only the service role and other functions).
 *              Checks inside the body (is_admin() and the like) are the function's own tests' job.
 *   buckets    `name: { public, uploadOwnFolder, probe }`: whether objects are readable without a
 *              token, which roles may upload into `<their user id>/…`, and a content type the
 *              bucket accepts for the probe upload.
 * Keep entries in alphabetical order. Other branches' tables are added here when they merge.
 */

/** One role per admin area: an admin holding that area's permission and no other. */
export const AREA_ROLES = [
  'users_admin',
  'verification_admin',
  'announcements_admin',
  'inbox_admin',
  'audit_admin',
  'analytics_admin',
  'moderation_admin',
  'payments_admin',
] as const;
export type AreaRole = (typeof AREA_ROLES)[number];
export const ROLES = [
  'anon',
  'professional',
  'business',
  'admin',
  ...AREA_ROLES,
  'super_admin',
] as const;
export type Role = (typeof ROLES)[number];

const EVERYONE: readonly Role[] = ROLES;
const SIGNED_IN: readonly Role[] = ROLES.filter((role) => role !== 'anon');
const NOBODY: readonly Role[] = [];
/** Every staff member, whatever their areas. */
const STAFF: readonly Role[] = ['admin', ...AREA_ROLES, 'super_admin'];
/** Staff holding one area: its admin, the admins standing for every area, and super admins. */
const area = (role: AreaRole): Role[] => ['admin', role, 'super_admin'];
/** Staff accounts are professional accounts: they do what a professional does with their own rows. */
const PROFESSIONALS: readonly Role[] = ['professional', ...STAFF];

export interface TableAccess {
  select: readonly Role[];
  insert: readonly Role[];
  update: readonly Role[];
  delete: readonly Role[];
}

export type FunctionAccess = 'public' | 'signed-in' | 'server';
const PUBLIC: FunctionAccess = 'public';
const SIGNED_IN_ONLY: FunctionAccess = 'signed-in';
const SERVER_ONLY: FunctionAccess = 'server';

export interface BucketAccess {
  public: boolean;
  uploadOwnFolder: readonly Role[];
  probe: { contentType: string; extension: string };
}

export const tables: Record<string, TableAccess> = {
  admin_audit_log: {
    select: area('audit_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  admin_users: {
    // every staff member reads the staff list (the inbox assigns messages to colleagues)
    select: STAFF,
    insert: ['super_admin'],
    update: ['super_admin'],
    delete: ['super_admin'],
  },
  analytics_events: {
    select: area('analytics_admin'),
    insert: EVERYONE,
    update: NOBODY,
    delete: NOBODY,
  },
  appointments: {
    select: ['professional', 'business'],
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  automation_rules: { select: SIGNED_IN, insert: SIGNED_IN, update: SIGNED_IN, delete: SIGNED_IN },
  automation_runs: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  calendar_feeds: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  companies: {
    select: ['business', ...area('verification_admin'), 'users_admin'],
    insert: NOBODY,
    update: area('verification_admin'),
    delete: ['super_admin'],
  },
  contact_messages: {
    select: area('inbox_admin'),
    insert: EVERYONE,
    update: area('inbox_admin'),
    delete: area('inbox_admin'),
  },
  company_verification_tickets: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  conversations: {
    select: ['professional', 'business'],
    insert: SIGNED_IN,
    update: NOBODY,
    delete: NOBODY,
  },
  data_exports: {
    select: SIGNED_IN,
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  favorites: {
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: SIGNED_IN,
    delete: SIGNED_IN,
  },
  files: {
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: SIGNED_IN,
    delete: SIGNED_IN,
  },
  integration_events: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  leads: {
    select: area('inbox_admin'),
    insert: EVERYONE,
    update: area('inbox_admin'),
    delete: area('inbox_admin'),
  },
  ledger_entries: {
    // the two parties of the milestone (or the professional paid out) and payments staff
    select: ['professional', 'business', ...area('payments_admin')],
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  // matching's skill postings, kept by triggers on profiles, read only by match_professionals
  match_skill_postings: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  match_category_postings: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  messages: {
    select: ['professional', 'business'],
    insert: ['professional', 'business'],
    update: ['professional'],
    delete: ['business'],
  },
  milestones: {
    select: ['professional', 'business', ...area('payments_admin')],
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  moderation_warnings: {
    select: ['business', ...area('moderation_admin')],
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  newsletter_deliveries: {
    select: area('announcements_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  newsletter_issues: {
    select: area('announcements_admin'),
    insert: area('announcements_admin'),
    update: area('announcements_admin'),
    delete: area('announcements_admin'),
  },
  newsletter_subscribers: {
    select: area('inbox_admin'),
    insert: NOBODY,
    update: area('inbox_admin'),
    delete: area('inbox_admin'),
  },
  notification_digests: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  notification_emails: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  notification_preferences: {
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: SIGNED_IN,
    delete: SIGNED_IN,
  },
  notification_settings: {
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: SIGNED_IN,
    delete: SIGNED_IN,
  },
  notifications: {
    select: SIGNED_IN,
    insert: NOBODY,
    update: SIGNED_IN,
    delete: SIGNED_IN,
  },
  outbound_emails: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  payment_drifts: {
    select: area('payments_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  payment_events: {
    select: area('payments_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  payment_reconciliation_runs: {
    select: area('payments_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  payout_accounts: {
    select: ['professional', ...area('payments_admin')],
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  pending_match_notifications: {
    select: area('analytics_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  profile_embeddings: {
    select: area('analytics_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  profile_stats_daily: {
    select: ['professional', ...area('analytics_admin')],
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  profiles: {
    select: EVERYONE,
    insert: NOBODY,
    update: SIGNED_IN,
    delete: NOBODY,
  },
  profile_stat_marks: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  project_applications: {
    select: ['professional', 'business', ...area('moderation_admin')],
    insert: PROFESSIONALS,
    update: ['professional', 'business'],
    delete: NOBODY,
  },
  // "projects for you"'s skill postings, kept by triggers on projects, read only by
  // dashboard_matching_projects
  project_skill_postings: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  project_embeddings: {
    select: area('analytics_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  projects: {
    select: SIGNED_IN,
    insert: ['business'],
    update: ['business', ...area('moderation_admin')],
    delete: ['business', ...area('moderation_admin')],
  },
  // the push sender's queue: nobody reads or writes it through the api
  push_deliveries: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  // added through save_push_subscription only; the owner lists and removes their own
  push_subscriptions: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: SIGNED_IN },
  rate_limit_hits: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  // the GDPR page reads every period; only migrations and the service role write them
  retention_policies: { select: EVERYONE, insert: NOBODY, update: NOBODY, delete: NOBODY },
  // what the retention job deleted (counts): the audit area reads, the job alone writes
  retention_runs: {
    select: area('audit_admin'),
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  reviews: {
    select: EVERYONE,
    insert: ['business'],
    update: ['professional', 'business'],
    delete: ['business', ...area('moderation_admin')],
  },
  search_cards: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  search_word_trigrams: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  search_words: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  subscription_plans: {
    select: EVERYONE,
    insert: ['super_admin'],
    update: ['super_admin'],
    delete: ['super_admin'],
  },
  subscription_usage: {
    select: ['professional', ...area('users_admin')],
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  system_notifications: {
    select: SIGNED_IN,
    insert: area('announcements_admin'),
    update: area('announcements_admin'),
    delete: ['super_admin'],
  },
  system_settings: {
    select: EVERYONE,
    insert: ['super_admin'],
    update: ['super_admin'],
    delete: ['super_admin'],
  },
  team_favorites: { select: SIGNED_IN, insert: SIGNED_IN, update: SIGNED_IN, delete: SIGNED_IN },
  team_invitation_tokens: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  team_invitations: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  // membership changes go through the team functions (invite, accept, leave, remove, roles)
  team_members: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  team_projects: { select: SIGNED_IN, insert: ['business'], update: NOBODY, delete: SIGNED_IN },
  teams: {
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: SIGNED_IN,
    delete: SIGNED_IN,
  },
  user_analytics: {
    select: ['professional', ...area('analytics_admin')],
    insert: SIGNED_IN,
    update: NOBODY,
    delete: NOBODY,
  },
  user_blocks: { select: SIGNED_IN, insert: SIGNED_IN, update: NOBODY, delete: SIGNED_IN },
  user_presence: {
    select: SIGNED_IN,
    insert: SIGNED_IN,
    update: SIGNED_IN,
    delete: SIGNED_IN,
  },
  user_reports: {
    select: ['professional', ...area('moderation_admin')],
    insert: SIGNED_IN,
    update: NOBODY,
    delete: NOBODY,
  },
  user_subscriptions: {
    select: SIGNED_IN,
    // a user's plan is changed by super admins only (users change theirs through change_my_plan)
    insert: ['super_admin'],
    update: ['super_admin'],
    delete: ['super_admin'],
  },
  verification_requests: {
    select: ['professional', ...area('verification_admin')],
    insert: PROFESSIONALS,
    update: NOBODY,
    delete: NOBODY,
  },
  // the VAPID key pair (browsers read the public key through web_push_public_key)
  web_push_keys: { select: NOBODY, insert: NOBODY, update: NOBODY, delete: NOBODY },
  webhook_deliveries: { select: SIGNED_IN, insert: NOBODY, update: NOBODY, delete: NOBODY },
  webhook_endpoints: { select: SIGNED_IN, insert: SIGNED_IN, update: SIGNED_IN, delete: SIGNED_IN },
};

export const views: Record<string, { select: readonly Role[] }> = {};

export const functions: Record<string, FunctionAccess> = {
  accept_appointment: SIGNED_IN_ONLY,
  accept_team_invitation: SIGNED_IN_ONLY,
  account_type_of: SIGNED_IN_ONLY,
  add_milestone: SIGNED_IN_ONLY,
  add_search_words: SERVER_ONLY,
  admin_clean_reason: SERVER_ONLY,
  admin_decide_company: SIGNED_IN_ONLY,
  admin_decide_verification_request: SIGNED_IN_ONLY,
  admin_do_suspend: SERVER_ONLY,
  admin_has_permission: PUBLIC,
  admin_list_users: SIGNED_IN_ONLY,
  admin_moderation_queue: SIGNED_IN_ONLY,
  admin_payment_disputes: SIGNED_IN_ONLY,
  admin_platform_analytics: SIGNED_IN_ONLY,
  admin_platform_fee_income: SIGNED_IN_ONLY,
  admin_professional_verification_queue: SIGNED_IN_ONLY,
  admin_reinstate_user: SIGNED_IN_ONLY,
  admin_reply_by_email: SIGNED_IN_ONLY,
  admin_report_context: SIGNED_IN_ONLY,
  admin_require: SERVER_ONLY,
  admin_reset_mfa: SIGNED_IN_ONLY,
  admin_resolve_report: SIGNED_IN_ONLY,
  admin_set_verified: SIGNED_IN_ONLY,
  admin_suspend_user: SIGNED_IN_ONLY,
  admin_user_detail: SIGNED_IN_ONLY,
  admin_verification_queue: SIGNED_IN_ONLY,
  agree_to_refund_milestone: SIGNED_IN_ONLY,
  analytics_figures: SERVER_ONLY,
  appointments_tick: SERVER_ONLY,
  approve_milestone: SIGNED_IN_ONLY,
  assert_business_may: SERVER_ONLY,
  assert_can_answer: SERVER_ONLY,
  assert_may_send_message: SERVER_ONLY,
  attachment_limits: SIGNED_IN_ONLY,
  business_insights: SIGNED_IN_ONLY,
  business_verification_state: SERVER_ONLY,
  business_verifications: SIGNED_IN_ONLY,
  calendar_feed_appointments: SERVER_ONLY,
  can_apply_to_project: SIGNED_IN_ONLY,
  can_review: SIGNED_IN_ONLY,
  cancel_appointment: SIGNED_IN_ONLY,
  cancel_milestone: SIGNED_IN_ONLY,
  change_my_plan: SIGNED_IN_ONLY,
  checked_appointment_note: SERVER_ONLY,
  checked_appointment_times: SERVER_ONLY,
  claim_notification_digests: SERVER_ONLY,
  claim_push_deliveries: SERVER_ONLY,
  claim_newsletter_deliveries: SERVER_ONLY,
  claim_notification_emails: SERVER_ONLY,
  claim_team_invitation_emails: SERVER_ONLY,
  claim_webhook_deliveries: SERVER_ONLY,
  dashboard_business_projects: SIGNED_IN_ONLY,
  dashboard_matching_projects: SIGNED_IN_ONLY,
  dashboard_shortlist: SIGNED_IN_ONLY,
  decline_appointment: SIGNED_IN_ONLY,
  drop_team_shares: SERVER_ONLY,
  early_access_hours: SIGNED_IN_ONLY,
  embedding_backlog: SERVER_ONLY,
  embedding_cosine: PUBLIC,
  emit_integration_event: SERVER_ONLY,
  evidence_paths_are_own: SIGNED_IN_ONLY,
  export_my_identity: SIGNED_IN_ONLY,
  export_my_rows: SIGNED_IN_ONLY,
  feature_access_of: SERVER_ONLY,
  finish_newsletter_delivery: SERVER_ONLY,
  finish_notification_email: SERVER_ONLY,
  get_user_subscription_plan: SIGNED_IN_ONLY,
  has_applied: SIGNED_IN_ONLY,
  has_completed_appointment: SIGNED_IN_ONLY,
  has_feature_access: SIGNED_IN_ONLY,
  in_quiet_hours: PUBLIC,
  in_user_quiet_hours: SERVER_ONLY,
  invite_team_member: SIGNED_IN_ONLY,
  is_admin: PUBLIC,
  is_appointment_party: SIGNED_IN_ONLY,
  is_blocked_between: SERVER_ONLY,
  is_contact: SIGNED_IN_ONLY,
  is_conversation_folder: SIGNED_IN_ONLY,
  is_conversation_participant: SIGNED_IN_ONLY,
  is_conversation_partner: SIGNED_IN_ONLY,
  is_open_project: SIGNED_IN_ONLY,
  is_own_object_path: SIGNED_IN_ONLY,
  is_project_owner: SIGNED_IN_ONLY,
  is_super_admin: PUBLIC,
  is_team_member: SIGNED_IN_ONLY,
  is_team_owner: SIGNED_IN_ONLY,
  leave_team: SIGNED_IN_ONLY,
  list_conversations: SIGNED_IN_ONLY,
  mark_conversation_read: SIGNED_IN_ONLY,
  mark_milestone_delivered: SIGNED_IN_ONLY,
  marketplace_private_counts: PUBLIC,
  marketplace_stats: PUBLIC,
  marketplace_success_rate: PUBLIC,
  match_explanation: SERVER_ONLY,
  match_prior: SERVER_ONLY,
  match_wide_holders: SERVER_ONLY,
  match_postings_refresh: SERVER_ONLY,
  match_place_wide_holders: SERVER_ONLY,
  match_text_retrieval_below: SERVER_ONLY,
  search_total_cap: SERVER_ONLY,
  match_professionals: PUBLIC,
  match_weights: PUBLIC,
  may_use_realtime_topic: SIGNED_IN_ONLY,
  milestone_approval_window: PUBLIC,
  milestone_checkout_terms: SIGNED_IN_ONLY,
  milestone_fee_pence: SIGNED_IN_ONLY,
  milestone_for_party: SERVER_ONLY,
  milestone_receipt: SIGNED_IN_ONLY,
  my_analytics: SIGNED_IN_ONLY,
  my_appointment_for_update: SERVER_ONLY,
  my_conversation_ids: SIGNED_IN_ONLY,
  my_profile_activity: SIGNED_IN_ONLY,
  my_storage_usage: SIGNED_IN_ONLY,
  name_of: SERVER_ONLY,
  normalise_company_number: PUBLIC,
  notification_email_immediate_default: PUBLIC,
  notification_group: PUBLIC,
  notification_wanted: SERVER_ONLY,
  notify_project_matches: SERVER_ONLY,
  open_milestone_dispute: SIGNED_IN_ONLY,
  owns_project: SIGNED_IN_ONLY,
  payments_apply_event: SERVER_ONLY,
  payments_apply_subscription_event: SERVER_ONLY,
  payments_claim_auto_refunds: SERVER_ONLY,
  payments_claim_reconciliation: SERVER_ONLY,
  payments_finish_reconciliation: SERVER_ONLY,
  payments_provider_records: SERVER_ONLY,
  payments_record_checkout: SERVER_ONLY,
  payments_record_refund: SERVER_ONLY,
  payments_record_release: SERVER_ONLY,
  payments_save_account: SERVER_ONLY,
  plan_checkout_terms: SIGNED_IN_ONLY,
  plan_of: SERVER_ONLY,
  pounds_words: SERVER_ONLY,
  process_integration_events: SERVER_ONLY,
  profile_embedding_text: SERVER_ONLY,
  project_embedding_text: SERVER_ONLY,
  project_shared_with_me: SIGNED_IN_ONLY,
  project_visible_to_professionals: SIGNED_IN_ONLY,
  propose_appointment: SIGNED_IN_ONLY,
  propose_other_times: SIGNED_IN_ONLY,
  proposal_price_words: SERVER_ONLY,
  push_due_at: SERVER_ONLY,
  queue_admin_email: SERVER_ONLY,
  random_token: SIGNED_IN_ONLY,
  record_call: SIGNED_IN_ONLY,
  record_missed_call: SIGNED_IN_ONLY,
  record_company_for_account: SERVER_ONLY,
  record_profile_view: PUBLIC,
  record_search_appearances: PUBLIC,
  record_push_attempt: SERVER_ONLY,
  record_webhook_attempt: SERVER_ONLY,
  refresh_plan_perks: SERVER_ONLY,
  regenerate_calendar_feed: SIGNED_IN_ONLY,
  release_project_match_notifications: SERVER_ONLY,
  remove_team_member: SIGNED_IN_ONLY,
  render_automation_text: SERVER_ONLY,
  request_caller: SERVER_ONLY,
  request_ip: SERVER_ONLY,
  require_team_role: SERVER_ONLY,
  resolve_milestone_dispute: SIGNED_IN_ONLY,
  retention_cutoff: SERVER_ONLY,
  revoke_calendar_feed: SIGNED_IN_ONLY,
  revoke_team_invitation: SIGNED_IN_ONLY,
  run_retention: SERVER_ONLY,
  save_embeddings: SERVER_ONLY,
  save_push_subscription: SIGNED_IN_ONLY,
  search_professionals: PUBLIC,
  send_message: SIGNED_IN_ONLY,
  send_newsletter_issue: SIGNED_IN_ONLY,
  send_test_webhook: SIGNED_IN_ONLY,
  set_team_member_role: SIGNED_IN_ONLY,
  take_rate_limit: SERVER_ONLY,
  team_invitation_by_token: PUBLIC,
  team_role: SIGNED_IN_ONLY,
  track_usage: SIGNED_IN_ONLY,
  transfer_team_ownership: SIGNED_IN_ONLY,
  unsubscribe_notification_email: SERVER_ONLY,
  update_user_presence: SIGNED_IN_ONLY,
  usage_this_month: SERVER_ONLY,
  web_push_public_key: PUBLIC,
  webhook_body: SERVER_ONLY,
  with_semantic: SERVER_ONLY,
  word_trigrams: SERVER_ONLY,
  write_admin_audit: SERVER_ONLY,
};

const png = { contentType: 'image/png', extension: 'png' };

export const buckets: Record<string, BucketAccess> = {
  avatars: { public: true, uploadOwnFolder: SIGNED_IN, probe: png },
  // Recordings live under <appointment or conversation id>/, never a user's own folder.
  'call-recordings': {
    public: false,
    uploadOwnFolder: NOBODY,
    probe: { contentType: 'audio/webm', extension: 'webm' },
  },
  // Written by the export-my-data function with the service role only.
  exports: {
    public: false,
    uploadOwnFolder: NOBODY,
    probe: { contentType: 'application/json', extension: 'json' },
  },
  files: { public: false, uploadOwnFolder: SIGNED_IN, probe: png },
  // Attachments live under <conversation id>/<sender id>/, never a user's own folder.
  'message-attachments': { public: false, uploadOwnFolder: NOBODY, probe: png },
  'verification-evidence': { public: false, uploadOwnFolder: SIGNED_IN, probe: png },
};
