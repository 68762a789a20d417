import type { WebModule } from '@/lib/modules';

/**
 * The attack surface (`/companyassets`, module `assets`): the company's assets with relations,
 * history, probe runs and scope; the same for its suppliers (`/supplierassets`), and the supplier
 * portfolio (`/suppliers`). Its findings open on `/companyassets?open=<finding id>`.
 */
export const assetsModule: WebModule = {
  id: 'assets',
  screen: 'company-assets',
  load: () => import('./components/assets-screen').then((m) => m.CompanyAssetsScreen),
  moreScreens: [
    {
      screen: 'supplier-assets',
      load: () => import('./components/assets-screen').then((m) => m.SupplierAssetsScreen),
    },
    { screen: 'suppliers', load: () => import('./components/suppliers-screen').then((m) => m.SuppliersScreen) },
  ],
};
