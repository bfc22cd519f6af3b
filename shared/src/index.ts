export {
  loadRuntimeConfig,
  provideRuntimeConfig,
  type DataProcessor,
  type PlatformDetails,
  type RuntimeConfig,
} from './config/runtime-config';
export {
  getSupabaseClient,
  whenSupabaseClientLoads,
  type AppSupabaseClient,
} from './supabase/client';
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
export { darkTheme, lightTheme, type AppTheme, type Space } from './theme/theme';
export { Button, type ButtonSize, type ButtonVariant } from './ui/button';
export { ComponentErrorScreen } from './ui/component-error-screen';
export { ComponentErrorBoundary } from './ui/component-error-boundary';
export { formatPageTitle, usePageTitle } from './routing/page-title';
export { Page, type PageProps } from './ui/page';
export { AppProviders } from './providers/app-providers';
export { getAppQueryClient } from './providers/query-client';
export { loadQueryProvider, QueryProvider } from './providers/query-provider';
export {
  LEAD_CAPTURE_KEY,
  readLeadCapture,
  saveLeadCapture,
  type LeadCapture,
} from './lead-capture/lead-capture';
export { mountStandalone } from './standalone/mount-standalone';
export {
  dismissToast,
  resetToasts,
  toast,
  type ToastInput,
  type ToastItem,
  type ToastVariant,
} from './toast/toast-store';
export { useToasts } from './toast/use-toasts';
export {
  authErrorMessage,
  COMMON_PASSWORD_MESSAGE,
  SUSPENDED_ACCOUNT_MESSAGE,
} from './errors/auth-messages';
export {
  ADMIN_AREAS,
  ADMIN_CHECK_RETRY,
  ADMIN_CHECK_STALE_TIME,
  adminCheckKey,
  fetchAdminCheck,
  type AdminArea,
  type AdminCheck,
} from './admin/admin-check';
export { AppError, toAppError } from './errors/app-error';
export {
  fieldControl,
  FieldError,
  Input,
  Label,
  LabelledField,
  TextArea,
  TextField,
  type FieldControlProps,
  type LabelledFieldProps,
  type TextFieldProps,
} from './ui/form/field';
export { Badge, Card, VisuallyHidden } from './ui/card';
export {
  Cluster,
  FieldGroup,
  Grid,
  InlineList,
  PlainList,
  Spacer,
  Stack,
  TermList,
  Text,
  type ClusterProps,
  type FieldGroupProps,
  type GridProps,
  type StackProps,
  type TextProps,
} from './ui/layout';
export {
  DataTable,
  Table,
  type CellAlign,
  type DataTableProps,
  type TableColumn,
} from './ui/table';
export { Icon, type IconName, type IconProps } from './ui/icon';
export { RatingSummary, StarRating, type StarRatingProps } from './ui/star-rating';
export { renderWhenNearViewport } from './ui/render-when-near';
export { PRESENCE_STYLES } from './constants/presence';
export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './constants/tooltip';
export { Tooltip, type TooltipAlign, type TooltipProps } from './ui/tooltip';
export { safeReturnTo } from './auth/return-to';
export { needsSecondFactor, type SessionLike } from './auth/assurance';
export {
  clearRecoveryStorage,
  createIsolatedAuthClient,
  createRecoveryClient,
} from './auth/sign-in-client';
export {
  applyAccessibilitySettings,
  FONT_SIZES,
  type AccessibilitySettings,
  type FontSizeSetting,
} from './accessibility/accessibility-settings';
export {
  getAccessibilitySettings,
  updateAccessibilitySettings,
  useAccessibilitySettings,
} from './accessibility/use-accessibility-settings';
export { JSON_LD_ID, SeoCollector, seoHeadTags, useSeo, type SeoInput } from './seo/use-seo';
export { PAGE_RENDERED_EVENT, SERVER_RENDERED_ATTRIBUTE } from './ssr/server-rendered-page';
export { useHydrated } from './ssr/use-hydrated';
export { trackSettled, type Tracked } from './lib/track-settled';
export { useDebouncedValue } from './lib/use-debounced-value';
export { PageRendered } from './ssr/page-rendered';
export { MemoryStorage } from './ssr/memory-storage';
export { avatarInitials, ProfileAvatar, type ProfileAvatarProps } from './ui/profile-avatar';
export { FAVOURITES_QUERY_ROOT, PROFESSIONALS_QUERY_ROOT } from './query/query-roots';
export { afterPageData, pageDataSettled, resetPageDataGate } from './query/page-data-first';
