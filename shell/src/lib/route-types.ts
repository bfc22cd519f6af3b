/**
 * The words the route table, the access gate and the remote loader share. They live below the
 * features so that each feature can use them without importing another feature or the app.
 */
export type RemoteName = 'mf_marketing' | 'mf_auth' | 'mf_dashboard' | 'mf_messaging' | 'mf_admin';

/** Who may enter a route: anyone, signed-in users (or the gate's exceptions), or only visitors. */
export type Access = 'public' | 'protected' | 'guest-only';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  access: Access;
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}
