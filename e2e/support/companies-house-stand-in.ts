import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the Companies House Public Data API that answers in the API's own shapes
 * (GET /search/companies, GET /company/{number}) and on cue with its failures: 401 for a wrong
 * key, 404 company-profile-not-found, 429 with X-Ratelimit headers, 500, and answers too slow for
 * any sensible timeout. Used by the backend tests and the e2e global setup.
 */
export const STAND_IN_API_KEY = 'stand-in-key';

export interface StandInCompany {
  company_number: string;
  title: string;
  company_status: string;
  company_type: string;
  date_of_creation: string;
  address: {
    premises?: string;
    address_line_1: string;
    locality: string;
    postal_code: string;
    country: string;
  };
}

const address = (line: string, locality: string, postal_code: string) => ({
  premises: '1',
  address_line_1: line,
  locality,
  postal_code,
  country: 'United Kingdom',
});

export const STAND_IN_COMPANIES: StandInCompany[] = [
  {
    company_number: '12345678',
    title: 'PROMATCH TEST SOLUTIONS LIMITED',
    company_status: 'active',
    company_type: 'ltd',
    date_of_creation: '2019-04-01',
    address: address('High Street', 'London', 'EC1A 1BB'),
  },
  {
    company_number: 'SC123456',
    title: 'PROMATCH TEST SCOTLAND LTD',
    company_status: 'active',
    company_type: 'ltd',
    date_of_creation: '2015-06-12',
    address: address('Princes Street', 'Edinburgh', 'EH2 2ER'),
  },
  {
    company_number: '01234567',
    title: 'PROMATCH TEST HISTORIC LIMITED',
    company_status: 'dissolved',
    company_type: 'ltd',
    date_of_creation: '1990-01-01',
    address: address('Old Road', 'Leeds', 'LS1 1AA'),
  },
  {
    company_number: '07654321',
    title: 'ACME WIDGETS UK LIMITED',
    company_status: 'active',
    company_type: 'ltd',
    date_of_creation: '2011-09-30',
    address: address('Mill Lane', 'Manchester', 'M1 1AE'),
  },
];

/** Search words and company numbers that make the stand-in misbehave. */
export const CUES = {
  rateLimitedQuery: 'ratelimited',
  slowQuery: 'slowcompany',
  brokenQuery: 'brokencompany',
  rateLimitedNumber: '00000429',
  slowNumber: '00000408',
  missingNumber: '99999999',
} as const;

export interface StandIn {
  url: string;
  /** Every request path the stand-in answered, for asserting caching and normalisation. */
  requests: string[];
  close(): Promise<void>;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const rateLimitHeaders = () => ({
  'X-Ratelimit-Limit': '600',
  'X-Ratelimit-Remain': '0',
  'X-Ratelimit-Reset': String(Math.floor(Date.now() / 1000) + 2),
  'X-Ratelimit-Window': '5m',
});

function profileOf(company: StandInCompany) {
  return {
    company_name: company.title,
    company_number: company.company_number,
    company_status: company.company_status,
    type: company.company_type,
    date_of_creation: company.date_of_creation,
    jurisdiction: company.company_number.startsWith('SC') ? 'scotland' : 'england-wales',
    registered_office_address: company.address,
    sic_codes: ['62020'],
    has_insolvency_history: false,
    accounts: { overdue: false },
  };
}

function searchItem(company: StandInCompany) {
  const { address: where } = company;
  return {
    ...company,
    kind: 'searchresults#company',
    address_snippet: `${where.premises} ${where.address_line_1}, ${where.locality}, ${where.postal_code}`,
    description: `${company.company_number} - Incorporated on ${company.date_of_creation}`,
  };
}

function search(url: URL, response: ServerResponse, slowMs: number) {
  const query = (url.searchParams.get('q') ?? '').toLowerCase();
  if (query.includes(CUES.rateLimitedQuery)) return send(response, 429, {}, rateLimitHeaders());
  if (query.includes(CUES.brokenQuery))
    return send(response, 500, { errors: [{ error: 'internal' }] });
  if (query.includes(CUES.slowQuery)) {
    setTimeout(() => send(response, 200, { items: [], total_results: 0 }), slowMs);
    return;
  }
  const items = STAND_IN_COMPANIES.filter(
    (company) =>
      company.title.toLowerCase().includes(query) || company.company_number.toLowerCase() === query,
  ).map(searchItem);
  send(response, 200, {
    items,
    total_results: items.length,
    items_per_page: 20,
    start_index: 0,
    kind: 'search#companies',
  });
}

function company(number: string, response: ServerResponse, slowMs: number) {
  if (number.length !== 8) return send(response, 500, { errors: [{ error: 'internal' }] });
  if (number === CUES.rateLimitedNumber) return send(response, 429, {}, rateLimitHeaders());
  if (number === CUES.slowNumber) {
    setTimeout(() => send(response, 404, {}), slowMs);
    return;
  }
  const found = STAND_IN_COMPANIES.find((candidate) => candidate.company_number === number);
  if (!found) {
    return send(response, 404, {
      errors: [{ error: 'company-profile-not-found', type: 'ch:service' }],
    });
  }
  send(response, 200, profileOf(found));
}

function authorised(request: IncomingMessage, apiKey: string): boolean {
  const expected = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
  return request.headers.authorization === expected;
}

/** Starts the stand-in on `port` (0 = any free port). */
export function startCompaniesHouseStandIn(
  options: { port?: number; apiKey?: string; slowMs?: number } = {},
): Promise<StandIn> {
  const apiKey = options.apiKey ?? STAND_IN_API_KEY;
  const slowMs = options.slowMs ?? 15_000;
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    if (!authorised(request, apiKey))
      return send(response, 401, { error: 'Invalid Authorization', type: 'ch:service' });
    if (request.method === 'GET' && url.pathname === '/search/companies')
      return search(url, response, slowMs);
    const match = /^\/company\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match)
      return company(decodeURIComponent(match[1]), response, slowMs);
    send(response, 404, { errors: [{ error: 'not-found' }] });
  });
  return new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
