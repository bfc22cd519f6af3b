/** A row of auth.users as the server reads it (timestamps as Date, JSON columns parsed). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  is_super_admin: boolean | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  /** Passkeys only: when it last passed a sign-in (joined from auth.webauthn_credentials). */
  last_used_at?: Date | null;
}

/** Columns a service may change through updateUser: a fixed list, never taken from request text. */
export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'encrypted_password'
    | 'email_confirmed_at'
    | 'confirmation_token'
    | 'confirmation_sent_at'
    | 'recovery_token'
    | 'recovery_sent_at'
    | 'email_change_token_new'
    | 'email_change'
    | 'email_change_sent_at'
    | 'last_sign_in_at'
    | 'raw_app_meta_data'
    | 'raw_user_meta_data'
    | 'banned_until'
    | 'role'
    | 'invited_at'
    | 'phone'
    | 'deleted_at'
  >
>;
