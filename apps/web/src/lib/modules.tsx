// What the web app knows of a monitoring module: the feature folder exports one definition
// (`features/<f>/<f>.module.ts`) and app/modules.ts registers it. Shared screens (the dashboard,
// the timeline) read the registered modules through this context and never import a feature.
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { FindingSlots } from '@/components/data-table';
import type { ProtectedScreenId } from '@/config/paths';

export interface WebModule {
  /** The server's module id (a finding's and an event's `module`). */
  id: string;
  /** Its screen in the one route table (config/paths.ts), which it takes over from the placeholder. */
  screen: ProtectedScreenId;
  /** Loads the module's screen (its own chunk): a list built from the module's definition. */
  load: () => Promise<ComponentType<{ slots: FindingSlots }>>;
}

const ModulesContext = createContext<readonly WebModule[]>([]);

export function ModulesProvider({ modules, children }: { modules: readonly WebModule[]; children: ReactNode }) {
  return <ModulesContext.Provider value={modules}>{children}</ModulesContext.Provider>;
}

export function useModules(): readonly WebModule[] {
  return useContext(ModulesContext);
}
