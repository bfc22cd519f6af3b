/**
 * Which file of supabase/schemas/ each database object is described in. Names are public
 * objects (tables, views, types, sequences, functions: overloads share their name); `schema.*`
 * takes a whole schema. Roles, schemas, extensions, default privileges and publications always
 * go to `platform`. A new object that is in no list fails the schema check: add its name here.
 */
export const domains = {
  platform: {
    about:
      'roles, schemas, extensions, default privileges, the realtime publication, shared helpers',
    objects: [
      'set_updated_at',
      'random_token',
      'extensions.*',
      'rate_limit_hits',
      'take_rate_limit',
      'request_caller',
      'request_ip',
    ],
  },
  auth: {
    about:
      'the auth schema (users, sessions, MFA factors): created locally by backend/sql/bootstrap, provided by hosted Supabase; and the private schema (MFA checks the API does not expose)',
    objects: ['auth.*', 'private.*'],
  },
  profiles: {
    about: 'profiles, companies and what a sign-up creates',
    objects: [
      'profiles',
      'companies',
      'handle_new_user',
      'sync_profile_role',
      'guard_profile_update',
      'name_of',
      'account_type_of',
      'normalise_company_number',
      'companies_sync_verification',
      'company_verification_tickets',
      'record_company_for_account',
      'business_verification_state',
      'assert_business_may',
      'business_verifications',
      'projects_require_verified_business',
      'conversations_require_verified_business',
      'messages_require_verified_business',
      'appointments_require_verified_business',
      'profiles_require_profile_creation',
    ],
  },
  billing: {
    about: 'subscription plans, usage limits and the perks a plan gives',
    objects: [
      'subscription_plans',
      'subscription_usage',
      'user_subscriptions',
      'change_my_plan',
      'count_against_plan',
      'feature_access_of',
      'get_user_subscription_plan',
      'has_feature_access',
      'plan_of',
      'refresh_plan_perks',
      'subscription_plans_refresh_perks',
      'user_subscriptions_refresh_perks',
      'profiles_initial_perks',
      'guard_profile_perks',
      'track_usage',
      'usage_this_month',
    ],
  },
  messaging: {
    about: 'conversations, messages, attachments, presence and blocking',
    objects: [
      'conversations',
      'messages',
      'assert_may_send_message',
      'messages_send_rules',
      'user_presence',
      'user_blocks',
      'send_message',
      'list_conversations',
      'mark_conversation_read',
      'touch_conversation',
      'is_conversation_participant',
      'is_conversation_partner',
      'is_conversation_folder',
      'is_contact',
      'is_blocked_between',
      'my_conversation_ids',
      'guard_message_update',
      'guard_message_automated',
      'attachment_limits',
      'update_user_presence',
    ],
  },
  appointments: {
    about: 'appointment booking, video calls and calendar feeds',
    objects: [
      'appointments',
      'calendar_feeds',
      'accept_appointment',
      'assert_can_answer',
      'appointments_tick',
      'calendar_feed_appointments',
      'cancel_appointment',
      'checked_appointment_note',
      'checked_appointment_times',
      'decline_appointment',
      'fill_appointment_defaults',
      'guard_appointment_update',
      'has_completed_appointment',
      'is_appointment_party',
      'my_appointment_for_update',
      'propose_appointment',
      'propose_other_times',
      'record_call',
      'regenerate_calendar_feed',
      'revoke_calendar_feed',
    ],
  },
  projects: {
    about: 'projects, applications (proposals), hiring and reviews',
    objects: [
      'projects',
      'project_applications',
      'reviews',
      'can_apply_to_project',
      'can_review',
      'count_application',
      'guard_application_update',
      'guard_project_lifecycle',
      'guard_review_insert',
      'guard_review_update',
      'has_applied',
      'hire_on_acceptance',
      'is_open_project',
      'is_project_owner',
      'owns_project',
      'project_visible_to_professionals',
      'stamp_project_hired_at',
      'refresh_professional_rating',
      'dashboard_business_projects',
      'dashboard_shortlist',
    ],
  },
  matching: {
    about: 'AI matching: embeddings, match_professionals and match notifications',
    objects: [
      'profile_embeddings',
      'project_embeddings',
      'pending_match_notifications',
      'match_professionals',
      'match_explanation',
      'match_weights',
      'embedding_backlog',
      'embedding_cosine',
      'profile_embedding_text',
      'project_embedding_text',
      'save_embeddings',
      'with_semantic',
      'notify_project_matches',
      'notify_project_matches_on_publish',
      'release_project_match_notifications',
      'early_access_hours',
      'dashboard_matching_projects',
    ],
  },
  search: {
    about: 'marketplace search (search_professionals, its cards and vocabulary) and public figures',
    objects: [
      'search_cards',
      'search_words',
      'search_word_trigrams',
      'search_professionals',
      'add_search_words',
      'profiles_add_search_words',
      'profiles_search_fields',
      'profiles_sync_search_cards',
      'word_trigrams',
      'record_search_appearances',
      'marketplace_stats',
      'marketplace_success_rate',
      'marketplace_private_counts',
    ],
  },
  notifications: {
    about: 'in-app notifications, preferences, digests and queued e-mail',
    objects: [
      'notifications',
      'notification_preferences',
      'notification_settings',
      'notification_digests',
      'system_notifications',
      'outbound_emails',
      'claim_notification_digests',
      'in_quiet_hours',
      'notification_group',
      'notification_wanted',
      'notifications_apply_preferences',
      'notification_emails',
      'claim_notification_emails',
      'finish_notification_email',
      'in_user_quiet_hours',
      'message_queue_email',
      'notification_email_immediate_default',
      'notification_queue_email',
      'notification_settings_check_zone',
      'unsubscribe_notification_email',
      'notify_appointment_change',
      'notify_hire',
    ],
  },
  push: {
    about: 'web push: VAPID keys, browser subscriptions and queued pushes',
    objects: [
      'web_push_keys',
      'push_subscriptions',
      'push_deliveries',
      'web_push_public_key',
      'save_push_subscription',
      'push_due_at',
      'notifications_enqueue_push',
      'claim_push_deliveries',
      'record_push_attempt',
    ],
  },
  teams: {
    about: 'teams, members, invitations and what a team shares',
    objects: [
      'teams',
      'team_members',
      'team_invitations',
      'team_invitation_tokens',
      'team_favorites',
      'team_projects',
      'accept_team_invitation',
      'claim_team_invitation_emails',
      'drop_team_shares',
      'invite_team_member',
      'is_team_member',
      'is_team_owner',
      'leave_team',
      'remove_team_member',
      'require_team_role',
      'revoke_team_invitation',
      'set_team_member_role',
      'team_invitation_by_token',
      'team_role',
      'transfer_team_ownership',
      'project_shared_with_me',
      'hand_over_teams_of_deleted_profile',
    ],
  },
  integrations: {
    about: 'webhooks, integration events and automation rules',
    objects: [
      'webhook_endpoints',
      'webhook_deliveries',
      'integration_events',
      'automation_rules',
      'automation_runs',
      'claim_webhook_deliveries',
      'emit_integration_event',
      'guard_automation_rule',
      'guard_webhook_endpoint',
      'integration_on_application',
      'integration_on_appointment',
      'integration_on_hire',
      'integration_on_match',
      'integration_on_message',
      'process_integration_events',
      'record_webhook_attempt',
      'render_automation_text',
      'send_test_webhook',
      'webhook_body',
    ],
  },
  analytics: {
    about: 'events, profile statistics and the dashboards built on them',
    objects: [
      'analytics_events',
      'user_analytics',
      'profile_stats_daily',
      'profile_stat_marks',
      'business_insights',
      'my_analytics',
      'analytics_figures',
      'my_profile_activity',
      'record_profile_view',
    ],
  },
  workspace: {
    about: 'files, favorites and data exports',
    objects: [
      'files',
      'favorites',
      'data_exports',
      'guard_file_sharing',
      'export_my_rows',
      'export_my_identity',
      'is_own_object_path',
      'my_storage_usage',
      'enforce_file_storage_limit',
    ],
  },
  intake: {
    about: 'public forms: leads, contact messages, newsletter',
    objects: ['leads', 'contact_messages', 'newsletter_subscribers', 'limit_contact_messages'],
  },
  retention: {
    about: 'how long personal data is kept (the GDPR page lists it) and the job that deletes by it',
    objects: [
      'retention_policies',
      'retention_runs',
      'retention_cutoff',
      'run_retention',
      'stamp_arrival',
    ],
  },
  admin: {
    about: 'the management portal: admins, permissions, audit, moderation, verification, settings',
    objects: [
      'admin_users',
      'admin_audit_log',
      'system_settings',
      'moderation_warnings',
      'user_reports',
      'verification_requests',
      'admin_audit_log_refuse_change',
      'admin_clean_reason',
      'admin_decide_company',
      'admin_decide_verification_request',
      'admin_do_suspend',
      'admin_has_permission',
      'admin_list_users',
      'admin_moderation_queue',
      'admin_platform_analytics',
      'admin_professional_verification_queue',
      'admin_reinstate_user',
      'admin_reply_by_email',
      'admin_report_context',
      'admin_require',
      'admin_reset_mfa',
      'admin_resolve_report',
      'admin_set_verified',
      'admin_suspend_user',
      'admin_user_detail',
      'admin_verification_queue',
      'audit_admin_write',
      'is_admin',
      'is_super_admin',
      'write_admin_audit',
      'queue_admin_email',
      'guard_inbox_assignment',
      'evidence_paths_are_own',
    ],
  },
  payments: {
    about:
      'payout accounts, milestones of a hire and their state machine, the append-only ledger, provider webhook events',
    objects: [
      'payout_accounts',
      'milestones',
      'ledger_entries',
      'payment_events',
      'ledger_entries_append_only',
      'milestone_fee_pence',
      'milestone_for_party',
      'milestones_on_hire',
      'add_milestone',
      'cancel_milestone',
      'mark_milestone_delivered',
      'approve_milestone',
      'open_milestone_dispute',
      'agree_to_refund_milestone',
      'resolve_milestone_dispute',
      'milestone_checkout_terms',
      'milestone_receipt',
      'payments_save_account',
      'payments_record_checkout',
      'payments_record_release',
      'payments_record_refund',
      'payments_apply_event',
      'admin_payment_disputes',
      'admin_platform_fee_income',
    ],
  },
  storage: {
    about:
      'buckets, objects and their policies: the storage schema is created locally by backend/sql/bootstrap (hosted Supabase provides it); policies and buckets come from migrations',
    objects: ['storage.*'],
  },
  realtime: {
    about:
      'the realtime schema (created locally by backend/sql/bootstrap) and the policies on private channels',
    objects: ['realtime.*', 'may_use_realtime_topic'],
  },
} as const satisfies Record<string, { about: string; objects: readonly string[] }>;

export type Domain = keyof typeof domains;

/** Kinds that are not one domain's: they always go to `platform`. */
const platformKinds = new Set([
  'role',
  'schema',
  'extension',
  'default privileges',
  'publication',
  'event trigger',
]);

function domainIndex(): Map<string, Domain> {
  const index = new Map<string, Domain>();
  for (const [domain, { objects }] of Object.entries(domains) as [
    Domain,
    { objects: readonly string[] },
  ][]) {
    for (const name of objects) {
      const key = name.includes('.') ? name : `public.${name}`;
      const earlier = index.get(key);
      if (earlier) throw new Error(`${key} is listed in two domains: ${earlier} and ${domain}`);
      index.set(key, domain);
    }
  }
  return index;
}

/** The domain of a block (by kind, then `schema.name`, then `schema.*`), or undefined. */
export function domainResolver(): (kind: string, key: string) => Domain | undefined {
  const index = domainIndex();
  return (kind, key) => {
    if (platformKinds.has(kind)) return 'platform';
    return index.get(key) ?? index.get(`${key.slice(0, key.indexOf('.'))}.*`);
  };
}

/** Listed names that no longer exist: stale entries make the map lie, so the check reports them. */
export function unusedNames(seenKeys: ReadonlySet<string>): string[] {
  return [...domainIndex().keys()].filter((key) => {
    if (key.endsWith('.*')) return false;
    return !seenKeys.has(key);
  });
}
