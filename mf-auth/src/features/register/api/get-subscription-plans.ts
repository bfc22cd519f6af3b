import { activePlansQuery } from '@promatch/shared/plans';
import { useQuery } from '@tanstack/react-query';

/** Active plans, cheapest first, as /pricing and the dashboard's plans page read them. */
export const useSubscriptionPlans = () => useQuery(activePlansQuery());
