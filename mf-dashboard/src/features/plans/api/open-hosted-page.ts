/** Opens the payment provider's hosted page (checkout or billing portal) the function answered. */
export const openHostedPage = (url: string): void => window.location.assign(url);
