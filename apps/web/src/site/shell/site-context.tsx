import { createContext, useContext, type ReactNode } from 'react';
import type { SiteServices } from './services.ts';

const SiteContext = createContext<SiteServices | null>(null);

export function SiteProvider({ services, children }: { services: SiteServices; children: ReactNode }) {
  return <SiteContext.Provider value={services}>{children}</SiteContext.Provider>;
}

/** The site's services (client, sink, page views); only inside SiteProvider. */
export function useSite(): SiteServices {
  const services = useContext(SiteContext);
  if (!services) throw new Error('useSite needs a SiteProvider');
  return services;
}
