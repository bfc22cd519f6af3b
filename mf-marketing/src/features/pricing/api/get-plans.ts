import { activePlansQuery } from '@promatch/shared/plans';
import { useQuery } from '@tanstack/react-query';

export const usePlans = () => useQuery(activePlansQuery());
