/**
 * Reviews of completed projects (mf-dashboard) and completed calls (mf-messaging), a subpath
 * entry: bundled into the apps that show them, not into the federated `@promatch/shared`
 * singleton. Its state (supabase client, toasts, the query cache) comes from the singleton.
 */
export { ReviewPanel, type ReviewPanelProps } from './review-panel';
export { reviewKeys, type Review, type ReviewSubject } from './reviews-api';
export { Stars } from './stars';
