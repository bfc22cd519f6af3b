import { fetchActivePlans } from '@promatch/shared/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { planKeys } from './keys';

export const plansQueryOptions = () =>
  queryOptions({ queryKey: planKeys.active(), queryFn: fetchActivePlans });
export const usePlans = () => useQuery(plansQueryOptions());
