/**
 * CORS headers on every actual (non-preflight) response: the browser reads only these there
 * (Fetch standard, "CORS check"), as Kong's cors plugin sends them on Supabase.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': [
    'content-range',
    'x-supabase-api-version',
    'x-relay-error',
    'content-location',
    'location',
    'preference-applied',
    'range-unit',
    'retry-after',
    // TUS resumable uploads (/storage/v1/upload/resumable)
    'tus-resumable',
    'tus-version',
    'tus-max-size',
    'tus-extension',
    'upload-offset',
    'upload-length',
    'upload-expires',
  ].join(', '),
};

/**
 * The preflight (OPTIONS) answer adds what the browser may send: the headers supabase-js sends
 * and reads (notes: "CORS must allow … expose …").
 */
export const corsPreflightHeaders: Record<string, string> = {
  ...corsHeaders,
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': [
    'authorization',
    'apikey',
    'x-client-info',
    'content-type',
    'x-supabase-api-version',
    'prefer',
    'accept-profile',
    'content-profile',
    'x-upsert',
    'cache-control',
    'x-metadata',
    'x-retry-count',
    'x-region',
    'traceparent',
    'tracestate',
    'baggage',
    'range',
    'accept',
    'tus-resumable',
    'upload-length',
    'upload-defer-length',
    'upload-metadata',
    'upload-offset',
    'x-requested-with',
  ].join(', '),
  'Access-Control-Max-Age': '86400',
};
