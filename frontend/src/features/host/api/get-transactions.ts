import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/query-client';

export type TransactionHistory = Awaited<ReturnType<typeof getTransactions>>;
export type Transaction = TransactionHistory['data'][number];

/** `GET /transaction/getTransactionHistory?year`: the year's charges, refunds, earnings and payouts, with totals. */
export function getTransactions(year: number) {
  return api.get('/v1/transaction/getTransactionHistory', { params: { year } });
}

export const transactionsQueryOptions = (year: number) =>
  queryOptions({ queryKey: queryKeys.hostCars.transactions(year), queryFn: () => getTransactions(year), placeholderData: keepPreviousData });

export function useTransactions(year: number, config?: QueryConfig<typeof transactionsQueryOptions>) {
  return useQuery({ ...transactionsQueryOptions(year), ...config });
}
