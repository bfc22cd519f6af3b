import type { Queryable } from '../db/types.ts';
import type { MalformedAnswer } from '../http/input.ts';
import type { ApiHandler, ApiRequest, ApiResponse } from '../http/types.ts';
import { getOutboxMessage, listOutbox } from './outbox-store.ts';
import { renderOutboxList, renderOutboxMessage } from './outbox-page.ts';

const html = (body: string, status = 200): ApiResponse => ({
  status,
  headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  body,
});

const jsonBody = (body: unknown, status = 200): ApiResponse => ({
  status,
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  body,
});

const wantsJson = (request: ApiRequest) => request.query.get('format') === 'json';

/** The outbox's answer to malformed input, in its `{message}` shape. */
export const malformedOutbox: MalformedAnswer = (error) =>
  jsonBody({ message: error.message }, error.status);

/** GET /outbox (list, ?to= filter) and GET /outbox/<id>, as HTML or with ?format=json. */
export function createOutboxRoutes(db: Queryable): ApiHandler {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return jsonBody({ message: 'Method Not Allowed' }, 405);
    }
    const path = request.path.replace(/\/+$/, '');
    if (path === '') {
      const to = request.query.get('to') ?? undefined;
      const requested = Number.parseInt(request.query.get('limit') ?? '100', 10);
      const limit = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), 500) : 100;
      const messages = await listOutbox(db, { to, limit });
      return wantsJson(request) ? jsonBody(messages) : html(renderOutboxList(messages));
    }
    const id = /^\/(\d{1,9})$/.exec(path)?.[1];
    const message = id ? await getOutboxMessage(db, Number(id)) : undefined;
    if (!message)
      return wantsJson(request)
        ? jsonBody({ message: 'Not found' }, 404)
        : html('<h1>Not found</h1>', 404);
    return wantsJson(request) ? jsonBody(message) : html(renderOutboxMessage(message));
  };
}
