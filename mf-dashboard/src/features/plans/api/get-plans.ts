import { fetchActivePlans } from '@promatch/shared/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { planKeys } from '../../../lib/plan-usage';

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.available(), queryFn: fetchActivePlans });
export const usePlans = () => useQuery(plansQueryOptions());
