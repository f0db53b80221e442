import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { clearVehicle } from '@/stores/garage-store';

/**
 * A vehicle the store's list no longer has (a stale browser garage: the API answers 400 naming `vehicle`) is
 * cleared, so listings show every part again instead of an error (issue 15).
 */
function forgetUnknownVehicle(error: Error) {
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.fieldErrors?.some((e) => e.field === 'vehicle')
  )
    clearVehicle();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: forgetUnknownVehicle }),
    defaultOptions: {
      queries: {
        staleTime: 60 * 1000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on its own; anything else gets one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (without retries); the app makes one. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient: given }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
