import { startCompaniesHouseStandIn, STAND_IN_API_KEY } from './companies-house-stand-in.ts';

/** A fixed port, so a developer can point a manually started backend at the same stand-in. */
export const COMPANIES_HOUSE_STAND_IN_PORT = 54399;

/** Starts the Companies House stand-in for the e2e run and the backend variables that use it. */
export async function startAuthStandIn() {
  const standIn = await startCompaniesHouseStandIn({
    port: COMPANIES_HOUSE_STAND_IN_PORT,
    slowMs: 10_000,
  });
  return {
    env: {
      COMPANIES_HOUSE_API_KEY: STAND_IN_API_KEY,
      COMPANIES_HOUSE_API_URL: standIn.url,
      COMPANIES_HOUSE_TIMEOUT_MS: '3000',
    },
    close: () => standIn.close(),
  };
}
