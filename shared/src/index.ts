export {
  loadRuntimeConfig,
  provideRuntimeConfig,
  resetRuntimeConfig,
  type RuntimeConfig,
} from './config/runtime-config';
export { getSupabaseClient, type AppSupabaseClient } from './supabase/client';
export {
  CheckValues,
  type Database,
  type Json,
  type Tables,
  type TablesInsert,
  type TablesUpdate,
} from './db/database.types';
export { createSessionStore, type SessionState, type SessionStore } from './session/session-store';
export {
  getSessionStore,
  initSessionStore,
  resetSessionStore,
  useSession,
} from './session/session-registry';
export type {
  AccountType,
  AppUser,
  CookieConsent,
  PresenceStatus,
  ThemePreference,
  UserSubscription,
} from './session/session-types';
export { darkTheme, lightTheme, THEME_COLOUR, type AppTheme } from './theme/theme';
export { Button, type ButtonSize, type ButtonVariant } from './ui/button';
export { ComponentErrorScreen } from './ui/component-error-screen';
export { ComponentErrorBoundary, DEFAULT_COMPONENT_RETRIES } from './ui/component-error-boundary';
export { formatPageTitle, TITLE_SUFFIX, usePageTitle } from './routing/page-title';
export { Page, type PageProps } from './ui/page';
export { AppProviders, useResolvedTheme } from './providers/app-providers';
export { getAppQueryClient, QUERY_CLIENT_CONFIG, retryDelay } from './providers/query-client';
export { QueryProvider } from './providers/query-provider';
export {
  isLeadCaptureValid,
  LEAD_CAPTURE_DAYS,
  LEAD_CAPTURE_KEY,
  LEAD_CONSENT_VERSION,
  readLeadCapture,
  saveLeadCapture,
  type LeadCapture,
} from './lead-capture/lead-capture';
export { mountStandalone } from './standalone/mount-standalone';
export {
  dismissToast,
  removeToast,
  resetToasts,
  toast,
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast/toast-store';
export { useToasts } from './toast/use-toasts';
export { authErrorMessage } from './errors/auth-messages';
export { AppError, toAppError } from './errors/app-error';
export { FieldError, Input, Label, TextField, type TextFieldProps } from './ui/form/field';
export { Badge, Card, VisuallyHidden } from './ui/card';
export {
  findServiceCategory,
  SERVICE_CATEGORIES,
  type CategoryDomain,
  type ServiceCategory,
} from './constants/service-categories';
export {
  calculatePerformanceScore,
  metricPenalty,
  PERFORMANCE_MAX_SCORE,
  PERFORMANCE_THRESHOLDS,
  rateMetric,
  type PerformanceMetricName,
  type PerformanceMetrics,
  type PerformanceRating,
} from './performance/performance-score';
export { safeReturnTo } from './auth/return-to';
export { needsSecondFactor, tokenAssuranceLevel, type SessionLike } from './auth/assurance';
export {
  clearRecoveryStorage,
  createIsolatedAuthClient,
  createRecoveryClient,
  RECOVERY_STORAGE_KEY,
} from './auth/sign-in-client';
export {
  ACCESSIBILITY_STORAGE_KEY,
  applyAccessibilitySettings,
  DEFAULT_ACCESSIBILITY_SETTINGS,
  FONT_SIZES,
  type AccessibilitySettings,
  type FontSizeSetting,
} from './accessibility/accessibility-settings';
export {
  getAccessibilitySettings,
  updateAccessibilitySettings,
  useAccessibilitySettings,
} from './accessibility/use-accessibility-settings';
export {
  applySeo,
  JSON_LD_ID,
  SeoCollector,
  seoHeadTags,
  useSeo,
  type SeoInput,
} from './seo/use-seo';
export { PAGE_RENDERED_EVENT, SERVER_PAGE_ELEMENT_ID } from './ssr/server-rendered-page';
export { PageRendered } from './ssr/page-rendered';
