import type { RouteObject } from 'react-router-dom';
import type { ModuleScreen } from '@/lib/modules';
import { findingSlots } from './finding-slots';
import { MonitoringQueries } from './monitoring-queries';

/** A module's route: its screen (own chunk) with the findings, imports and auth slots composed here. */
export async function modulePage(module: ModuleScreen): Promise<Pick<RouteObject, 'Component'>> {
  const Screen = await module.load();
  return {
    Component: function ModulePage() {
      return (
        <MonitoringQueries>
          <Screen slots={findingSlots} />
        </MonitoringQueries>
      );
    },
  };
}
