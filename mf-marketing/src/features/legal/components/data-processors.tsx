import type { DataProcessor } from '@promatch/shared';
import { useDataProcessors } from '../hooks/use-data-processors';

const at = (host: string | undefined) => (host ? ` (${host})` : '');

/** What each kind of processor receives, in one sentence. */
const DESCRIBE: Record<DataProcessor['kind'], (host?: string, providers?: string[]) => string> = {
  email: (host) =>
    `Our e-mail delivery provider${at(host)} sends account, notification and newsletter e-mails, so it receives your e-mail address and the message.`,
  twilio: () =>
    'Twilio carries video calls: it receives your account’s id, your device’s network address and the call’s audio and video while you are in it.',
  turn: (host) =>
    `A relay server${at(host)} carries the audio and video of calls that cannot connect directly, and sees the addresses of both devices.`,
  'companies-house': () =>
    'Companies House (the UK company register) receives the company number or name you enter to verify a business account.',
  embeddings: (host) =>
    `An embeddings service${at(host)} receives the text of professional profiles, open projects and the descriptions you type into matching, to compare their meaning.`,
  'file-storage': (host) =>
    `An object storage provider${at(host)} stores the files you upload, such as profile photos, message attachments and verification documents.`,
  sms: () =>
    'Twilio sends the sign-in codes of a phone you add for two-factor authentication, so it receives that phone number and the code.',
  captcha: (host) =>
    `A bot-protection service${at(host)} checks sign-up, sign-in and password-reset forms are sent by a person: it receives your device’s network address and how the check was completed.`,
  push: (host) =>
    `When you turn on push notifications, your browser’s push service${
      host
        ? ` (${host})`
        : ' (Google Firebase Cloud Messaging for Chrome, Mozilla for Firefox, Apple for Safari, Microsoft for Edge)'
    } carries each notification to your device: it receives the notification encrypted, so it cannot read it, with your browser’s push address and when it was sent.`,
  'sign-in': (_host, providers) =>
    `If you choose to sign in with ${(providers ?? []).join(' or ') || 'another account'}, that provider tells us your name, e-mail address and whether it has verified it, and learns that you use ProMatch.`,
};

/** The configured data processors, each with what it receives; the hosting provider always. */
export function DataProcessors() {
  const { data, isError } = useDataProcessors();
  return (
    <ul>
      <li>
        Our hosting provider runs the service and its database, so it holds all the data above.
      </li>
      {(data ?? []).map((processor) => (
        <li key={processor.kind}>
          {DESCRIBE[processor.kind](processor.host, processor.providers)}
        </li>
      ))}
      {isError ? (
        <li>The list of other providers could not be loaded; reload the page to see it.</li>
      ) : null}
    </ul>
  );
}
