/** The home's one call: what needs attention, asked as soon as the page draws (the session is all it needs). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHomeAttention } from 'contracts/home';

export const homeKeys = {
  all: ['host', 'home'] as const,
  attention: (userName: string | null) => [...homeKeys.all, 'attention', userName] as const,
};

/** The cards' counts; a minute fresh, so coming back Home does not ask again at once. */
export const homeAttentionQuery = (userName: string | null) =>
  queryOptions({ queryKey: homeKeys.attention(userName), queryFn: getHomeAttention, staleTime: 60_000 });

export function useHomeAttention(userName: string | null) {
  return useQuery(homeAttentionQuery(userName));
}
