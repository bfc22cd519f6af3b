// The federated entry point the shell's header loads with loadRemote('mf_messaging/UnreadBadge'):
// the badge together with the page-wide runners (see src/app/header-badge.tsx).
export { HeaderBadge as default } from '../app/header-badge';
