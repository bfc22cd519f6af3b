/**
 * The admin check as a react-query hook, a subpath entry: react-query stays out of the federated
 * `@promatch/shared` singleton the shell loads before its first render. Its state (session,
 * supabase client, query cache) comes from the singleton, so every app shares one answer.
 */
export { adminCheckOptions, useAdminCheck } from './use-admin-check';
