// The federated entry point the shell's header loads with loadRemote('mf_messaging/UnreadBadge').
export { UnreadBadge as default } from '../features/unread/unread-badge';
