import { fetchActivePlans } from '@promatch/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { planKeys } from './keys';

/** Active plans, cheapest first, as /pricing and the dashboard's plans page read them. */
export const useSubscriptionPlans = () =>
  useQuery({ queryKey: planKeys.active(), queryFn: fetchActivePlans });
