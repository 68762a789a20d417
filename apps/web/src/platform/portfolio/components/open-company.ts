import { createContext, useContext } from 'react';
import { filteredListHref, OPEN_STATUSES } from '@/components/data-table';
import { protectedScreens } from '@/config/paths';
import { useModules } from '@/lib/modules';

/** Opens a path of one of the user's companies, switching to it first (given by app/). */
export type OpenCompany = (company: number, to: string) => void;

export const OpenCompanyContext = createContext<OpenCompany>(() => undefined);

export const useOpenCompany = () => useContext(OpenCompanyContext);

/** A company's dashboard: where a click on the company leads. */
export const DASHBOARD_PATH = '/dashboard';

/** Each module's list of open findings (the screen its web module draws), or null without one. */
export function useModuleListHref(): (module: string) => string | null {
  const modules = useModules();
  return (module) => {
    const screen = modules.find((m) => m.id === module)?.screen;
    const path = protectedScreens.find((s) => s.id === screen)?.path;
    return path ? filteredListHref(path, { status: OPEN_STATUSES }) : null;
  };
}
