// The federated entry point the shell's header loads with loadRemote('mf_dashboard/NotificationBell').
export { NotificationBell as default } from '../features/notifications/components/notification-bell';
