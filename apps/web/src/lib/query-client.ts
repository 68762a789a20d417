import { QueryClient } from '@tanstack/react-query';

/** The signed-in screens' query cache: a short stale time, no retry of 4xx answers. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => {
          const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : 0;
          return typeof status === 'number' && status >= 400 && status < 500 ? false : count < 2;
        },
      },
    },
  });
}
