// The federated entry point: the shell loads this module with loadRemote('<remote>/App').
export { AppRoutes as default } from '../app/app-routes';
