// What the web app knows of a monitoring module: the module's folder exports one definition
// (`modules/<id>/<id>.module.ts`) and app/modules.ts registers it. Platform screens (the dashboard,
// the timeline) read the registered modules through this context and never import a module.
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { FindingSlots } from '@/components/data-table';
import type { ProtectedScreenId } from '@/config/paths';

export interface WebModule {
  /** The server's module id (a finding's and an event's `module`). */
  id: string;
  /** Its screen in the one route table (config/paths.ts), which it takes over from the placeholder. */
  screen: ProtectedScreenId;
  /** Loads the module's screen (its own chunk): a list built from the module's definition. */
  load: ModuleScreen['load'];
  /** Its other screens, if it has more than one (the assets module: supplier assets, suppliers). */
  moreScreens?: readonly ModuleScreen[];
  /** Its dashboard cards, in order: each a KPI the server's module computes, linked to its list. */
  kpis?: readonly ModuleKpiCard[];
}

/** One screen of a module: its route in the route table and the chunk that draws it. */
export interface ModuleScreen {
  screen: ProtectedScreenId;
  load: () => Promise<ComponentType<{ slots: FindingSlots }>>;
}

/** Every screen a module takes over from the placeholder: its own, then its others. */
export function screensOf(module: WebModule): readonly ModuleScreen[] {
  return [module, ...(module.moreScreens ?? [])];
}

export interface ModuleKpiCard {
  /** The server's KPI id (the dashboard's `kpis[].id` of this module). */
  id: string;
  /** The i18n key of the card's label. */
  label: string;
  /** The list that shows what the card counts, as a screen of the route table… */
  screen: ProtectedScreenId;
  /** …filtered by the URL parameters its table reads (`now` for periods). */
  filters: (now: Date) => Record<string, string | readonly string[]>;
  /** A value above zero is a problem (shown in the error colour). */
  alarming?: boolean;
}

const ModulesContext = createContext<readonly WebModule[]>([]);

export function ModulesProvider({ modules, children }: { modules: readonly WebModule[]; children: ReactNode }) {
  return <ModulesContext.Provider value={modules}>{children}</ModulesContext.Provider>;
}

export function useModules(): readonly WebModule[] {
  return useContext(ModulesContext);
}
