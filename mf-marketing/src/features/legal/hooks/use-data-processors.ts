import { loadRuntimeConfig, type DataProcessor } from '@promatch/shared';
import { useQuery } from '@tanstack/react-query';

/**
 * The outside services this deployment sends personal data to, from /config.json (written from
 * the same settings the backend reads). Also fetched by the server renderer, so the policy's
 * HTML already names them.
 */
export function useDataProcessors() {
  return useQuery({
    queryKey: ['runtime-config', 'processors'],
    queryFn: async (): Promise<DataProcessor[]> => (await loadRuntimeConfig()).processors ?? [],
    staleTime: Infinity,
  });
}
