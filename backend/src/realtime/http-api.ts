import { CallerError, identifyCaller } from '../http/caller.ts';
import { endedSessionMessage, tokenIsLive } from '../http/live-token.ts';
import { decodePathSegment, readJsonBody, type MalformedAnswer } from '../http/input.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { mayWrite } from './authorize.ts';
import type { Realm } from './handlers.ts';

interface Message {
  topic?: unknown;
  event?: unknown;
  payload?: unknown;
  private?: unknown;
}

const error = (status: number, message: string): ApiResponse => ({
  status,
  body: { error: message, message },
});

/** /realtime/v1/api's answer to malformed input, in its `{error, message}` shape. */
export const malformedRealtimeApi: MalformedAnswer = (malformed) =>
  error(malformed.status, malformed.message);

/**
 * /realtime/v1/api: POST /broadcast {messages:[{topic,event,payload,private}]} and
 * POST /broadcast/{topic}/events/{event}[?private=true] (the body is the payload), both 202.
 * A private message needs the caller's INSERT policy on realtime.messages for its topic.
 * Malformed JSON or escapes are thrown and answered by the mount (malformedRealtimeApi).
 */
export function createRealtimeApi(realm: Realm) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    if (request.method !== 'POST') return error(405, 'method not allowed');
    let caller;
    try {
      caller = await identifyCaller(realm.ctx.keys, request.headers);
      if (!(await tokenIsLive(realm.ctx.db, caller.claims)))
        throw new CallerError(endedSessionMessage);
    } catch (e) {
      if (e instanceof CallerError) return error(401, e.message);
      throw e;
    }
    const single = /^\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(request.path);
    let messages: Message[];
    if (single) {
      const binary = !String(request.headers['content-type'] ?? '').includes('json');
      messages = [
        {
          topic: decodePathSegment(single[1] ?? ''),
          event: decodePathSegment(single[2] ?? ''),
          payload: binary ? request.body : readJsonBody(request, { empty: null }),
          private: request.query.get('private') === 'true',
        },
      ];
    } else if (request.path === '/broadcast') {
      const list = (readJsonBody(request, { empty: null }) as { messages?: unknown } | null)
        ?.messages;
      if (!Array.isArray(list)) return error(400, 'messages must be an array');
      messages = list as Message[];
    } else return error(404, 'not found');
    for (const message of messages) {
      if (typeof message.topic !== 'string' || typeof message.event !== 'string')
        return error(400, 'every message needs a topic and an event');
      if (message.private === true && !(await mayWrite(realm.ctx.db, caller, message.topic)))
        return error(
          403,
          `Unauthorized: You do not have permissions to write to this Channel topic: ${message.topic}`,
        );
    }
    for (const message of messages) {
      const { payload } = message;
      await realm.bus.publish({
        kind: 'broadcast',
        topic: `realtime:${String(message.topic)}`,
        // A public message reaches public members only, never the private channel of that name.
        private: message.private === true,
        event: String(message.event),
        ...(Buffer.isBuffer(payload)
          ? { payload: null, binary: payload.toString('base64') }
          : { payload }),
      });
    }
    return { status: 202 };
  };
}
