import { getSupabaseClient, toast, toAppError } from '@promatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from './keys';

/** One browser that receives push notifications (row security: only the user's own). */
export interface PushDevice {
  id: string;
  endpoint: string;
  label: string;
  user_agent: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** Whether this browser can receive push notifications at all (service worker + Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The shell's service worker (at the site root), when this page is under it. */
async function serviceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/** This browser's current push subscription endpoint, if it has one. */
export async function thisBrowserEndpoint(): Promise<string | null> {
  const registration = await serviceWorker();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** A name to recognise the device by in the list: "Chrome on Windows" and the like. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}

const base64UrlToBytes = (text: string) => {
  const padded = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
};

export async function listPushDevices(): Promise<PushDevice[]> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase
    .from('push_subscriptions')
    .select('id,endpoint,label,user_agent,created_at,last_used_at')
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  return data as PushDevice[];
}

/**
 * Asks the browser's permission, subscribes through the shell's service worker with the
 * server's VAPID public key, and stores the subscription (its endpoint and keys) for this user.
 */
export async function subscribeThisBrowser(): Promise<void> {
  const registration = await serviceWorker();
  if (!registration) {
    throw new Error('This browser cannot receive push notifications from this page.');
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error('Notifications are blocked for ProMatch in this browser’s settings.');
  }
  const supabase = await getSupabaseClient();
  const key = await supabase.rpc('web_push_public_key');
  if (key.error) throw toAppError(key.error);
  if (!key.data) throw new Error('Push notifications are not set up on this server yet.');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(key.data),
    }));
  const json = subscription.toJSON();
  const { error } = await supabase.rpc('save_push_subscription', {
    p_endpoint: subscription.endpoint,
    p_p256dh: json.keys?.p256dh ?? '',
    p_auth: json.keys?.auth ?? '',
    p_label: deviceLabel(navigator.userAgent),
    p_user_agent: navigator.userAgent.slice(0, 400),
  });
  if (error) throw toAppError(error);
}

/** Removes a device; when it is this browser, its push subscription is ended too. */
export async function removePushDevice(id: string, isThisBrowser: boolean): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.from('push_subscriptions').delete().eq('id', id);
  if (error) throw toAppError(error);
  if (isThisBrowser) {
    const registration = await serviceWorker();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  }
}

export const usePushDevices = () =>
  useQuery({ queryKey: settingsKeys.pushDevices, queryFn: listPushDevices });

export const useThisBrowserEndpoint = () =>
  useQuery({ queryKey: settingsKeys.thisBrowserPush, queryFn: thisBrowserEndpoint });

function useInvalidateDevices() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.pushDevices, exact: true }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.thisBrowserPush, exact: true }),
    ]);
}

export function useSubscribeThisBrowser() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: subscribeThisBrowser,
    onSuccess: async () => {
      await invalidate();
      toast({ title: 'Push notifications are on for this browser', variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Could not turn on push notifications',
        description: error.message,
        variant: 'destructive',
      }),
  });
}

export function useRemovePushDevice() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: ({ id, isThisBrowser }: { id: string; isThisBrowser: boolean }) =>
      removePushDevice(id, isThisBrowser),
    onSuccess: async () => {
      await invalidate();
      toast({ title: 'Device removed', description: 'It no longer receives push notifications.' });
    },
    onError: (error) =>
      toast({
        title: 'Could not remove the device',
        description: error.message,
        variant: 'destructive',
      }),
  });
}
